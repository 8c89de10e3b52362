"""Code written against crown's type hints, as a user's program would be.

The python-mypy test checks it with `mypy --strict` (with numpy and without),
and test_crown.py runs it, so the hints are both accepted and true.
"""

import random
from typing import List, Optional, Tuple

import crown
import crown.discovery
import crown.errors
import crown.game
from crown.env import ActionMask, CrownEnv


def first_move(name: str, seed: int) -> int:
    """A return inside a `with` block: Game.__exit__ returns None, so mypy
    knows the block does not swallow exceptions."""
    with crown.Game(name, seed=seed) as g:
        return g.legal_moves()[0]


def random_game(name: str, seed: int) -> Tuple[List[float], List[int], str]:
    """A uniformly random game: each seat's returns, the moves, the spectator's
    last view."""
    rng = random.Random(seed)
    with crown.Game(name, seed=seed) as g:
        while not g.is_terminal():
            seat: int = g.current_player()
            if seat == crown.CHANCE:
                moves, probabilities = zip(*g.chance_outcomes())
                g.apply(rng.choices(moves, probabilities)[0])
                continue
            view: str = g.observation(seat)
            assert view
            g.apply(rng.choice(g.legal_moves()))
        returns: List[float] = g.returns()
        return returns, g.history(), g.observation(crown.SPECTATOR)


def legal_indices(mask: crown.LegalMask) -> List[int]:
    """The indices a mask allows, whether it is a numpy array or a list."""
    return [i for i, ok in enumerate(mask) if ok]


def tensor_sum(tensor: crown.ObservationTensor) -> float:
    """The sum of a tensor's entries, numpy array or list."""
    if isinstance(tensor, list):
        return sum(tensor)
    return float(tensor.sum())


def masked_game(name: str, seed: int) -> Optional[float]:
    """A game played through the dense action index, as a policy network
    plays; the first seat's return."""
    rng = random.Random(seed)
    with crown.Game(name, seed=seed) as g:
        while not g.is_terminal():
            tensor_sum(g.observation_tensor(g.current_player()))
            g.apply(g.index_move(rng.choice(legal_indices(g.legal_mask()))))
        return g.returns()[0]


def allowed_actions(mask: ActionMask) -> List[int]:
    """The actions crown.env's int8 mask allows, numpy array or list."""
    return [i for i, ok in enumerate(mask) if ok]


def env_episode(name: str, seed: int) -> int:
    """An episode of crown.env with random legal actions; how many steps it
    took."""
    env = CrownEnv(name)
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action: Optional[int] = None
        if not (termination or truncation):
            assert observation is not None
            action = rng.choice(allowed_actions(observation["action_mask"]))
        env.step(action)
        steps += 1
    env.close()
    return steps


def error_status(name: str) -> Optional[int]:
    """The status code of the error an unknown game raises."""
    try:
        crown.Game(name)
    except crown.CrownError as e:
        return e.status
    return None


def versions() -> Tuple[str, str]:
    """This package's version and the library's (they are equal)."""
    return crown.__version__, crown.version()


def seats(name: str, seed: int) -> int:
    """A game's number of seats, through the modules that hold crown's names."""
    if name not in crown.discovery.games():
        raise crown.errors.UnknownGameError("no game %s" % name)
    with crown.game.Game(name, seed=seed) as g:
        return g.num_players


def policy_total(policy: crown.ActionPolicy) -> float:
    """The sum of a policy over the action indices, numpy array or list."""
    if isinstance(policy, list):
        return sum(policy)
    return float(policy.sum())


def searched_game(name: str, seed: int) -> Tuple[List[int], float]:
    """A game played by the library's search, one search a seat (its tree
    kept from the seat's move to the next): the moves, and the sum of the
    last policy target over the action indices."""
    with crown.Game(name, seed=seed) as g:
        searches = [crown.Search(iterations=20, threads=1) for _ in range(g.num_players)]
        total = 0.0
        moves: List[int] = []
        while not g.is_terminal():
            result: crown.SearchResult = searches[g.current_player()].run(g, seed=len(moves))
            policy: List[float] = result.policy
            assert len(policy) == len(result.moves)
            total = policy_total(result.action_policy(g))
            moves.append(result.move)
            g.apply(result.move)
        for s in searches:
            s.close()
        return moves, total
