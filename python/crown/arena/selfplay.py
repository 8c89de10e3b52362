"""Self-play data: the games of a tournament as compressed numpy shards
(numpy.savez_compressed), one shard per task, for training.

A shard holds G games and T decisions (steps), in game order:

- `deal`, `seating`, `seed` (G): which game of the tournament, its seed;
- `returns` (G x players, float32): each seat's return (NaN for a game a
  bot forfeited);
- `game` (T, int32): the game (0..G-1) each step belongs to;
- `seat` (T, int8): the seat that decided; `move` (T, int32): the move;
  `action` (T, int32): its index (crown.Game.move_index);
- `observation` (T x S, float32): the seat's observation tensor before the
  move; `mask` (T x N, uint8): the legal moves' indices.
"""

import os
from typing import Any, Dict, List

from ._deps import require
from .play import Record


def write_shard(directory: str, records: List[Record]) -> str:
    """Writes the records' steps (play_game with steps=True) as one shard,
    named after its first game, and removes them from the records; the
    shard's path."""
    np: Any = require("numpy", "crown.arena self-play")
    os.makedirs(directory, exist_ok=True)
    game: List[int] = []
    seat: List[int] = []
    move: List[int] = []
    action: List[int] = []
    obs: List[Any] = []
    mask: List[Any] = []
    for i, rec in enumerate(records):
        for s, m, a, o, k in rec.pop("steps"):
            game.append(i)
            seat.append(s)
            move.append(m)
            action.append(a)
            obs.append(o)
            mask.append(k)
    players = len(records[0]["seats"])
    nan = [float("nan")] * players
    arrays: Dict[str, Any] = {
        "deal": np.array([r["deal"] for r in records], np.int64),
        "seating": np.array([r["seating"] for r in records], np.int64),
        "seed": np.array([r["seed"] for r in records], np.uint64),
        "returns": np.array([r["returns"] or nan for r in records], np.float32),
        "game": np.array(game, np.int32), "seat": np.array(seat, np.int8),
        "move": np.array(move, np.int32), "action": np.array(action, np.int32),
        "observation": np.array(obs, np.float32) if obs else np.zeros((0, 0), np.float32),
        "mask": np.array(mask, np.uint8) if mask else np.zeros((0, 0), np.uint8),
    }
    path = os.path.join(directory, "shard-%08d-%04d.npz"
                        % (records[0]["deal"], records[0]["seating"]))
    tmp = path + ".tmp.npz"
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, path)
    return path
