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
