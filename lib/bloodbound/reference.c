/*
 * reference.c - the reference card of Blood Bound and its supply, as data.
 */
#include "bloodbound.h"

/* rank, name, affiliation icons, clue shows the rival clan */
const bb_role bb_roles[10] = {
    {1, "Elder", {BB_ICON_CLAN, BB_ICON_CLAN}, 0},
    {2, "Assassin", {BB_ICON_UNKNOWN, BB_ICON_UNKNOWN}, 0},
    {3, "Harlequin", {BB_ICON_UNKNOWN, BB_ICON_UNKNOWN}, 1},
    {4, "Alchemist", {BB_ICON_UNKNOWN, BB_ICON_UNKNOWN}, 0},
    {5, "Mentalist", {BB_ICON_CLAN, BB_ICON_CLAN}, 0},
    {6, "Guardian", {BB_ICON_CLAN, BB_ICON_CLAN}, 0},
    {7, "Berserker", {BB_ICON_CLAN, BB_ICON_UNKNOWN}, 0},
    {8, "Mage", {BB_ICON_CLAN, BB_ICON_UNKNOWN}, 0},
    {9, "Courtesan", {BB_ICON_CLAN, BB_ICON_UNKNOWN}, 0},
    {CROWN_BB_INQUISITOR_RANK, "Inquisitor", {BB_ICON_WILD, BB_ICON_WILD}, 0},
};

/* 13 rose, 13 beast, 20 unknown affiliation tokens; 2 rank tokens of each
 * number; 2 Quill, 2 Sword, 4 Shield (2 per colour), 4 Fan, 6 Staff. */
const bb_supply bb_supply_counts = {13, 13, 20, 2, 2, 2, 4, 4, 6, 2};

int bb_false_curses(int players)
{
    /* 7 players: 1 True + 1 False; 9: 1 + 2; 11: 1 + 3. */
    return players % 2 ? (players - 5) / 2 : 0;
}

const bb_role *bb_role_of(int character)
{
    return character >= 18 ? &bb_roles[9] : &bb_roles[character % 9];
}

int bb_clan_of(int character)
{
    return character >= 18 ? 2 : character / 9;
}

int bb_clue_of(int character)
{
    if (character >= 18)
        return character == CROWN_BB_INQUISITOR_ROSE ? CROWN_BB_ROSE : CROWN_BB_BEAST;
    int clan = character / 9;
    return bb_role_of(character)->clue_rival ? 1 - clan : clan;
}
