"""A tournament's identity: what decides its games."""

import json
from typing import Any, Dict, List, NamedTuple, Tuple

import crown

FORMAT = 1  # of the records and of the database; a change makes old ones refuse to resume


class Tournament(NamedTuple):
    """The game, its options, the bots' specifications and the seed: the
    same four always give the same games."""

    game: str
    options: str
    bots: Tuple[str, ...]
    seed: int

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "game": self.game, "options": self.options,
                           "bots": list(self.bots), "seed": self.seed}, sort_keys=True)

    def game_string(self) -> str:
        """The game with its options in canonical form (crown_game_string:
        every option, defaults included), the same for every way of writing
        the same options ("" and "players=4" in Game of Kingdoms)."""
        with crown.Game(self.game, self.options, seed=0) as g:
            return g.game_string

    def plays_as(self, other: "Tournament") -> bool:
        """True when `other` plays the same games: the same game, bots and
        seed, and options that are the same game string."""
        if (self.game, self.bots, self.seed) != (other.game, other.bots, other.seed):
            return False
        return self.options == other.options or self.game_string() == other.game_string()

    @staticmethod
    def from_json(text: str) -> "Tournament":
        """The tournament of a to_json text (ValueError if it is not one of
        this FORMAT)."""
        try:
            d = json.loads(text)
            if d["format"] != FORMAT:
                raise ValueError("format %r, not %d" % (d["format"], FORMAT))
            return Tournament(str(d["game"]), str(d["options"]), tuple(map(str, d["bots"])),
                              int(d["seed"]))
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError("not a tournament: %s: %s" % (type(e).__name__, e)) from e

    def num_players(self) -> int:
        with crown.Game(self.game, self.options, seed=0) as g:
            return g.num_players

    def labels(self) -> List[str]:
        """A name for each bot: its specification, with #2, #3... on a
        repeated one."""
        seen: Dict[str, int] = {}
        out = []
        for spec in self.bots:
            seen[spec] = seen.get(spec, 0) + 1
            out.append(spec if seen[spec] == 1 else "%s#%d" % (spec, seen[spec]))
        return out


def describe(t: Tournament) -> Dict[str, Any]:
    return dict(json.loads(t.to_json()))
