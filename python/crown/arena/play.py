"""One game of a tournament, played to a record."""

import random
import traceback
from typing import Any, Callable, Dict, List, Optional, Tuple

import crown

from . import schedule
from .bots import Factory, SeatView, as_move
from .config import Tournament

Record = Dict[str, Any]

# Per process: the factories of the bots of the tournaments played here.
_FACTORIES: Dict[Tuple[str, ...], List[Factory]] = {}


def factories(bots: Tuple[str, ...]) -> List[Factory]:
    if bots not in _FACTORIES:
        _FACTORIES[bots] = [Factory(spec) for spec in bots]
    return _FACTORIES[bots]


def _reason(e: BaseException) -> str:
    frames = traceback.extract_tb(e.__traceback__)
    where = " (%s:%s)" % (frames[-1].filename, frames[-1].lineno) if frames else ""
    return "raised %s: %s%s" % (type(e).__name__, e, where)


def outcome(returns: Optional[List[float]], errors: List[Dict[str, Any]],
            players: int) -> Tuple[List[int], bool]:
    """The winners (seats) and whether the game is a draw.  A seat that
    forfeited loses and every other seat wins; otherwise the seats of the
    highest return win, unless every seat has it (a draw).  A one-seat game
    has neither winners nor draws."""
    if errors:
        losers = {e["seat"] for e in errors}
        return [s for s in range(players) if s not in losers], False
    if players < 2 or returns is None:
        return [], False
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    if len(winners) == players:
        return [], True
    return winners, False


def play_game(t: Tournament, deal: int, seating: int, steps: bool = False) -> Record:
    """Plays game (deal, seating) of `t`.  With `steps`, the record also
    has "steps": for each decision the seat, the move, its index, the
    seat's observation tensor and the legal mask (for self-play)."""
    facts = factories(t.bots)
    seed = schedule.game_seed(t.seed, deal)
    labels = t.labels()
    chance_rng = random.Random(schedule.chance_seed(t.seed, deal))
    errors: List[Dict[str, Any]] = []
    trace: List[Tuple[int, int, int, Any, Any]] = []
    with crown.Game(t.game, t.options, seed=seed) as g:
        players = g.num_players
        seats = schedule.seatings(len(t.bots), players)[seating]
        bots = []
        for s, b in enumerate(seats):
            try:
                bots.append(facts[b].make())
            except Exception as e:
                errors.append({"seat": s, "bot": labels[b], "ply": 0,
                               "reason": "could not be made: " + _reason(e)})
                bots.append((lambda view: None, False))
        rngs = [random.Random(schedule.bot_seed(t.seed, deal, seating, s))
                for s in range(players)]
        while not errors and not g.is_terminal():
            seat = g.current_player()
            if seat == crown.CHANCE:
                outcomes = g.chance_outcomes()
                pick = chance_rng.choices([o for o, _ in outcomes],
                                          [p for _, p in outcomes])[0]
                g.apply(pick)
                continue
            legal = g.legal_moves()
            bot, resamples = bots[seat]
            ply = len(g.history())
            det = g.resample(seat, rngs[seat].getrandbits(64)) if resamples else None
            view = SeatView(seat, legal, g.observation(seat), rngs[seat], t.game, t.options,
                            players, ply, det)
            try:
                answer = bot(view)
            except Exception as e:
                answer, reason = None, _reason(e)
            else:
                try:
                    move = as_move(answer)
                except TypeError:
                    reason = "returned %r (%s), not a move" % (answer, type(answer).__name__)
                else:
                    reason = "" if move in legal else \
                        "returned %d, not one of the %d legal moves" % (move, len(legal))
            finally:
                view.close()
            if reason:
                errors.append({"seat": seat, "bot": labels[seats[seat]], "ply": ply,
                               "reason": reason})
                break
            if steps:
                trace.append((seat, move, g.move_index(move), g.observation_tensor(seat),
                              g.legal_mask()))
            g.apply(move)
        finished = g.is_terminal() and not errors
        returns = g.returns() if finished else None
        scores = g.scores() if finished else None
        winners, draw = outcome(returns, errors, players)
        record: Record = {
            "deal": deal, "seating": seating, "seed": seed, "seats": list(seats),
            "bots": [labels[b] for b in seats], "returns": returns, "scores": scores,
            "winners": winners, "draw": draw, "errors": errors,
            "plies": len(g.history()), "game": g.serialize()}
    if steps:
        record["steps"] = trace
    return record


def play_batch(t: Tournament, keys: List[Tuple[int, int]], steps: bool = False,
               played: Optional[Callable[[Tuple[int, int]], None]] = None) -> List[Record]:
    """The games `keys` of `t`, in order: one task of a runner.  `played`
    is told each game's key as soon as it is played (the progress bar)."""
    records = []
    for d, r in keys:
        records.append(play_game(t, d, r, steps))
        if played is not None:
            played((d, r))
    return records
