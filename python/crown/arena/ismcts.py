"""Information-set Monte Carlo tree search (single observer): the search of
the arena's `ismcts` bot and of examples/python/ismcts.py.

The searching seat builds one tree over its own information: each iteration
determinizes the game (`Game.resample`: everything hidden from the seat is
dealt again at random, consistently with what it has seen), walks down the
tree choosing among the moves legal in that determinization by UCB (a move's
"availability" counts how often it could have been chosen), adds one node,
finishes the game with a random playout played inside the library
(`Game.playout`), and credits every node on the way with the return of the
seat that chose it.  The move played is the root's most visited one.

The game searched may itself be a determinization for the seat (what the
arena gives a bot): resampling it again for the same seat deals the hidden
cards anew from the same information.
"""

import math
import random
from typing import Dict

import crown


class Node:
    """A node of the tree: the moves tried from it, by move id."""

    __slots__ = ("seat", "visits", "total", "available", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat        # who chooses at this node (or CHANCE)
        self.visits = 0
        self.total = 0.0        # the returns of the seat that chose the move into it
        self.available = 0      # how many times it could have been chosen
        self.children: Dict[int, "Node"] = {}


def _ucb(child: Node, exploration: float) -> float:
    if child.visits == 0:
        return math.inf
    return (child.total / child.visits
            + exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits))


def ismcts_move(game: crown.Game, iterations: int, rng: random.Random,
                exploration: float = 0.7) -> int:
    """The move ISMCTS chooses for the seat to move in `game` (unchanged).
    The game must resolve its own chance events (chance=auto): the tree has
    no chance nodes."""
    me = game.current_player()
    if me < 0:
        raise ValueError("ISMCTS chooses for a seat: the game is at a chance node or over")
    if "chance=explicit" in game.game_string:
        raise ValueError("ISMCTS here needs chance=auto (the library draws the cards)")
    legal = game.legal_moves()
    if len(legal) == 1:
        return legal[0]
    root = Node(me)
    for _ in range(iterations):
        scratch = game.resample(me, rng.getrandbits(64))  # a determinization
        node, path = root, [root]
        # Selection and expansion.
        while not scratch.is_terminal():
            seat = scratch.current_player()
            moves = scratch.legal_moves()
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            untried = [m for m in moves if m not in node.children]
            if untried:
                m = rng.choice(untried)
                child = Node(seat)
                child.available = 1
                node.children[m] = child
                scratch.apply(m)
                path.append(child)
                break
            m = max(moves, key=lambda mv: _ucb(node.children[mv], exploration))
            node = node.children[m]
            scratch.apply(m)
            path.append(node)
        # Simulation, in the library.
        returns = scratch.returns() if scratch.is_terminal() else \
            scratch.playout(rng.getrandbits(64))
        # Backpropagation: each node gets the return of the seat that chose it.
        for i, n in enumerate(path):
            n.visits += 1
            if i > 0:
                n.total += returns[n.seat]
        scratch.close()
    return max(legal, key=lambda m: root.children[m].visits if m in root.children else -1)
