#!/usr/bin/env python3
"""Information-set Monte Carlo tree search (single observer) with crown.

The search is crown.arena.ismcts.ismcts_move (also the crown.arena bot
`ismcts`, docs/arena.md): each iteration determinizes the game for the
searching seat (`Game.resample`), walks a tree over that seat's information
by UCB, adds one node, finishes with a playout inside the library and
credits each node with the return of the seat that chose it; the move
played is the root's most visited one.

Run as a program, it plays ISMCTS in each seat in turn against uniformly
random opponents and prints the results; in a one-player game (King's
Family) it compares ISMCTS's mean return (the score) with a uniformly random
player's on the same deals:

    python3 examples/python/ismcts.py --game game_of_kingdoms \\
        --options players=2 --games 100 --iterations 200

Without --options a game is played with DEFAULT_OPTIONS: two players in Game
of Kingdoms and King's Blood, the game's own defaults (crown.options) in the
others.

Inside the source tree, set PYTHONPATH=python and
CROWN_LIBRARY=build/lib/libcrown.so.1 first.
"""

import argparse
import random
import sys
from typing import List, Optional, TextIO

import crown
from crown.arena.ismcts import ismcts_move

# The options each game is played with when --options is not given: two
# players where the game allows it (one ISMCTS seat against one random seat);
# a game not listed here is played with its own defaults ("").
DEFAULT_OPTIONS = {"game_of_kingdoms": "players=2", "kings_blood": "players=2"}

__all__ = ["DEFAULT_OPTIONS", "ismcts_move", "play_match", "random_returns", "main"]


def play_match(name: str, options: str, games: int, iterations: int, seed: int,
               out: Optional[TextIO] = sys.stdout) -> List[float]:
    """ISMCTS in every seat in turn against random players; the ISMCTS
    seat's return in each game."""
    rng = random.Random(seed)
    results = []
    for k in range(games):
        with crown.Game(name, options, seed=seed + k) as g:
            smart = k % g.num_players
            while not g.is_terminal():
                if g.current_player() == smart:
                    g.apply(ismcts_move(g, iterations, rng))
                else:
                    g.apply(rng.choice(g.legal_moves()))
            results.append(g.returns()[smart])
        if out:
            print("game %d: seat %d (ISMCTS) returned %+.2f" % (k + 1, smart, results[-1]),
                  file=out)
    return results


def random_returns(name: str, options: str, games: int, seed: int) -> List[float]:
    """A uniformly random player's return in the games of play_match (the
    same seeds, so the same deals), for a one-player game (seat 0): each
    game is finished by a playout inside the library."""
    rng = random.Random(seed)
    results = []
    for k in range(games):
        with crown.Game(name, options, seed=seed + k) as g:
            results.append(g.playout(rng.getrandbits(64))[0])
    return results


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("%r is not a positive integer" % text)
    return value


def main(argv: Optional[List[str]] = None) -> int:
    """The program: parses `argv`, plays, prints the results; 0, or 2 for a
    bad command line (an unknown game, options it refuses)."""
    defaults = ", ".join("%s for %s" % (o, g) for g, o in sorted(DEFAULT_OPTIONS.items()))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="game_of_kingdoms", choices=crown.games(),
                   help="the game (default: %(default)s)")
    p.add_argument("--options", metavar="KEY=VALUE,...",
                   help="the game's options (default: %s; the game's own defaults "
                        "for the others)" % defaults)
    p.add_argument("--games", type=_positive, default=20,
                   help="how many games to play (default: %(default)s)")
    p.add_argument("--iterations", type=_positive, default=200,
                   help="ISMCTS iterations a move (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1,
                   help="the first game's seed; game k has seed + k (default: %(default)s)")
    a = p.parse_args(argv)
    options = a.options if a.options is not None else DEFAULT_OPTIONS.get(a.game, "")
    try:
        with crown.Game(a.game, options, seed=a.seed) as probe:
            game_string, players = probe.game_string, probe.num_players
    except crown.CrownError as e:
        p.error(str(e))
    results = play_match(a.game, options, a.games, a.iterations, a.seed)
    mean = sum(results) / len(results)
    print("game: %s" % game_string)
    if players == 1:  # no opponent: compare with a random player's results
        baseline = random_returns(a.game, options, a.games, a.seed)
        print("ISMCTS (%d iterations) alone: mean return %+.3f over %d games; a uniformly "
              "random player on the same deals: mean return %+.3f"
              % (a.iterations, mean, len(results), sum(baseline) / len(baseline)))
        return 0
    wins = sum(r > 0 for r in results)
    losses = sum(r < 0 for r in results)
    print("ISMCTS (%d iterations) against random: %d won, %d lost, %d other of %d; "
          "mean return %+.3f"
          % (a.iterations, wins, losses, len(results) - wins - losses, len(results), mean))
    return 0


if __name__ == "__main__":
    sys.exit(main())
