"""The schedule of a tournament: duplicate deals, seatings and seeds.

With k bots and a game of P seats there are k seatings, r = 0..k-1: seating
r puts bot (s + r) mod k in seat s.  Over the k seatings of a deal each bot
sits in every seat exactly once (and, when k > P, sits out k - P of them).
Every deal is played once with each seating, all from the same game seed,
so the luck of the deal falls on every bot alike (duplicate play).

Every seed is derived from the tournament seed by hashing, so a game depends
only on the tournament seed, its deal and its seating, never on which
process or machine plays it, nor in what order.
"""

import hashlib
from typing import List, Tuple, Union

Key = Tuple[int, int]  # (deal, seating)


def derive_seed(*parts: Union[int, str]) -> int:
    """A 64-bit seed from the parts (SHA-256 of their text)."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "little")


def seatings(num_bots: int, num_players: int) -> List[List[int]]:
    """The seatings: for each, the bot (an index) in each seat."""
    if num_bots < 1 or num_players < 1:
        raise ValueError("a tournament needs at least one bot and one seat")
    return [[(s + r) % num_bots for s in range(num_players)] for r in range(num_bots)]


def num_deals(games: int, num_bots: int) -> int:
    """How many deals make at least `games` games (every deal with every
    seating: the number of games is rounded up to a multiple of num_bots)."""
    if games < 1:
        raise ValueError("games must be at least 1, not %d" % games)
    return -(-games // num_bots)


def schedule(games: int, num_bots: int) -> List[Key]:
    """The games of a tournament of at least `games` games, in order."""
    return [(d, r) for d in range(num_deals(games, num_bots)) for r in range(num_bots)]


def game_seed(seed: int, deal: int) -> int:
    """The seed of every game of a deal."""
    return derive_seed(seed, "deal", deal)


def bot_seed(seed: int, deal: int, seating: int, seat: int) -> int:
    """The seed of the random generator of the bot in `seat`."""
    return derive_seed(seed, "deal", deal, "seating", seating, "seat", seat)


def chance_seed(seed: int, deal: int) -> int:
    """The seed that draws the chance events of a deal's games when the game
    has chance=explicit (with chance=auto the library draws them from the
    game seed)."""
    return derive_seed(seed, "deal", deal, "chance")
