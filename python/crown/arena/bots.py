"""Bots: their specifications, the view of the game a bot gets, and the
built-in bots.

A bot is a callable taking a SeatView and returning a move (one of
`view.legal_moves`), or an object with such an `act` method.  A
specification names one:

- `random`: a uniformly random legal move;
- `search[:key=value,...]`: the library's search (crown.Search), with its
  parameters (iterations, time, threads, exploration, determinizations,
  playout, reuse, nodes), such as `search:time=0.05,threads=1` or
  `search:iterations=1000`;
- `ismcts[:iterations=200,exploration=0.7]`: information-set MCTS in
  Python (crown.arena.ismcts);
- `MODULE:NAME[:key=value,...]`: NAME in the importable MODULE.  A class is
  instantiated for each game with the parameters as keyword arguments and
  its `act` is called; any other callable is called as `NAME(view, **params)`.

A bot never gets the real game.  Its view holds its seat's observation, its
legal moves and a random generator; a bot that searches says so with a true
attribute `resamples` (on the function, the class or the object), and its
view's `game()` then gives a game resampled for its seat: everything hidden
from the seat dealt again at random.
"""

import importlib
import inspect
import operator
import random
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import crown

from .ismcts import ismcts_move

Params = Dict[str, Union[int, float, str, bool]]


class SpecError(ValueError):
    """A bot specification that names no bot, or parameters it refuses."""


class SeatView:
    """What the seat to move may know: `seat`, `legal_moves`, `observation`
    (the seat's text view), `rng` (the bot's own random.Random, seeded from
    the tournament seed), `game_name`, `options`, `num_players` and `ply`
    (the number of moves in the game's history so far); for a bot with
    `resamples`, also `game()`, `observation_tensor()` and `legal_mask()`.
    It holds no reference to the real game: what it needs of it beyond the
    seat's view comes from a game resampled for the seat."""

    __slots__ = ("seat", "legal_moves", "observation", "rng", "game_name", "options",
                 "num_players", "ply", "_det")

    def __init__(self, seat: int, legal_moves: List[int], observation: str,
                 rng: random.Random, game_name: str, options: str, num_players: int,
                 ply: int, det: Optional[crown.Game]) -> None:
        self.seat = seat
        self.legal_moves = legal_moves
        self.observation = observation
        self.rng = rng
        self.game_name = game_name
        self.options = options
        self.num_players = num_players
        self.ply = ply
        self._det = det

    def _resampled(self) -> crown.Game:
        if self._det is None:
            raise RuntimeError("this view is for a bot with a true attribute `resamples`")
        return self._det

    def observation_tensor(self) -> Any:
        """The seat's observation tensor (crown.Game.observation_tensor)."""
        return self._resampled().observation_tensor(self.seat)

    def legal_mask(self) -> Any:
        """The legal moves as a mask over the game's move indices
        (crown.Game.legal_mask)."""
        return self._resampled().legal_mask()

    def game(self, seed: Optional[int] = None) -> crown.Game:
        """A new game resampled for this seat from `seed` (default: drawn
        from `rng`): the same public history and the same view for the
        seat, everything hidden from it dealt again at random.  The caller
        owns it (close it, or use `with`)."""
        det = self._resampled()
        if seed is None:
            seed = self.rng.getrandbits(64)
        return det.resample(self.seat, seed)

    def close(self) -> None:
        if self._det is not None:
            self._det.close()
            self._det = None


Bot = Callable[[SeatView], Any]


def random_bot(view: SeatView) -> int:
    """A uniformly random legal move."""
    return view.rng.choice(view.legal_moves)


class IsmctsBot:
    """Information-set MCTS (crown.arena.ismcts) with `iterations` a move."""

    resamples = True

    def __init__(self, iterations: int = 200, exploration: float = 0.7) -> None:
        if int(iterations) < 1:
            raise SpecError("ismcts: iterations must be at least 1")
        self.iterations = int(iterations)
        self.exploration = float(exploration)

    def act(self, view: SeatView) -> int:
        if len(view.legal_moves) == 1:
            return view.legal_moves[0]
        with view.game() as det:
            return ismcts_move(det, self.iterations, view.rng, self.exploration)


class SearchBot:
    """The library's search (crown.Search) with its parameters, one search
    for the bot's seat in one game, so that its tree is kept from one of
    the seat's moves to the next (reuse=1, the default).  It searches the
    view's game(), a determinization, never the real game, with a seed
    drawn from the view's rng.  A parameter the library refuses raises
    SpecError with the library's message."""

    resamples = True

    def __init__(self, **params: Union[int, float, str, bool]) -> None:
        try:
            self.search = crown.Search(**params)
        except (crown.OptionError, crown.InvalidArgumentError, TypeError) as e:
            raise SpecError("search: %s" % e) from e

    def act(self, view: SeatView) -> int:
        if len(view.legal_moves) == 1:
            return view.legal_moves[0]
        with view.game() as det:
            return self.search.run(det, seed=view.rng.getrandbits(64)).move


BUILTIN: Dict[str, Any] = {"random": random_bot, "search": SearchBot, "ismcts": IsmctsBot}


def _value(text: str) -> Union[int, float, str, bool]:
    for kind in (int, float):
        try:
            return kind(text)  # type: ignore[no-any-return]
        except ValueError:
            pass
    if text.lower() in ("true", "on", "yes"):
        return True
    if text.lower() in ("false", "off", "no"):
        return False
    return text


def parse_params(text: str, spec: str) -> Params:
    params: Params = {}
    for item in filter(None, text.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key.strip().isidentifier():
            raise SpecError("bot %r: %r is not key=value" % (spec, item))
        params[key.strip()] = _value(value.strip())
    return params


def parse_spec(spec: str) -> Tuple[Any, Params]:
    """The bot object a specification names and its parameters."""
    name, _, rest = spec.strip().partition(":")
    if name in BUILTIN:
        return BUILTIN[name], parse_params(rest, spec)
    if not rest:
        raise SpecError("bot %r: not %s, nor MODULE:NAME" % (spec, ", ".join(sorted(BUILTIN))))
    attr, _, params = rest.partition(":")
    try:
        module = importlib.import_module(name)
    except ImportError as e:
        raise SpecError("bot %r: cannot import module %r: %s" % (spec, name, e)) from e
    obj = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise SpecError("bot %r: module %r has no %r" % (spec, name, attr))
        obj = getattr(obj, part)
    if not callable(obj):
        raise SpecError("bot %r: %r is not callable" % (spec, attr))
    return obj, parse_params(params, spec)


def split_specs(text: str) -> List[str]:
    """The specifications of a comma-separated list: a piece with "=" and
    no ":" continues the previous one's parameters, so that
    "random,ismcts:iterations=50,exploration=1" is two bots."""
    specs: List[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if specs and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        elif piece:
            specs.append(piece)
    return specs


class Factory:
    """Makes a fresh bot for each game from a specification."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.obj, self.params = parse_spec(spec)
        self.resamples = bool(getattr(self.obj, "resamples", False))
        if not isinstance(self.obj, type) and self.params and self.obj is random_bot:
            raise SpecError("bot %r: random takes no parameters" % spec)
        if not isinstance(self.obj, type):  # a function: check its parameters now
            try:
                signature = inspect.signature(self.obj)
            except (TypeError, ValueError):  # no signature to check (a builtin)
                return
            try:
                signature.bind(None, **self.params)
            except TypeError as e:
                raise SpecError("bot %r: cannot be called as NAME(view%s): %s"
                                % (spec, "".join(", %s=..." % k for k in self.params), e))

    def make(self) -> Tuple[Bot, bool]:
        """A bot for one game and whether it resamples."""
        if isinstance(self.obj, type):
            bot = self.obj(**self.params)
            act: Bot = bot.act
            return act, bool(getattr(bot, "resamples", self.resamples))
        if self.params:
            fn, params = self.obj, self.params
            return (lambda view: fn(view, **params)), self.resamples
        return self.obj, self.resamples


def as_move(value: Any) -> int:
    """A bot's answer as a move, or TypeError."""
    if isinstance(value, bool):
        raise TypeError("a bool")
    return operator.index(value)
