"""Statistics of a tournament's records: per bot results with 95% confidence
intervals, pairwise results, and Bradley-Terry ratings on the Elo scale with
bootstrap intervals over deals."""

import math
import random
from typing import Any, Dict, List, Optional, Sequence, Tuple

Z95 = 1.959963984540054
Matrix = List[List[float]]


def wilson(successes: float, n: int) -> Tuple[float, float]:
    """The 95% Wilson score interval of a proportion (draws may count a half)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


Interval = Tuple[Optional[float], Optional[float]]


def mean_ci(values: Sequence[float]) -> Tuple[Optional[float], Interval]:
    """The mean and its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return None, (None, None)
    m = sum(values) / n
    if n == 1:
        return m, (None, None)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return m, (m - half, m + half)


def seat_results(record: Dict[str, Any]) -> List[float]:
    """Each seat's result in a game: 1 won, 0.5 drawn, 0 lost."""
    n = len(record["seats"])
    if record["draw"]:
        return [0.5] * n
    return [1.0 if s in record["winners"] else 0.0 for s in range(n)]


def pairwise_by_deal(records: Sequence[Dict[str, Any]], num_bots: int) -> Dict[int, Matrix]:
    """For each deal, wins[a][b]: how often bot a beat bot b (a draw counts
    a half each way).  In a game of several seats two bots meet in every
    game that seats both; the better mean return of their seats wins, and a
    bot that forfeited loses to every other.  In a one-seat game bots meet
    across the seatings of a deal: the same deal, the better return wins."""
    out: Dict[int, Matrix] = {}
    by_deal: Dict[int, List[Dict[str, Any]]] = {}
    for rec in records:
        by_deal.setdefault(rec["deal"], []).append(rec)
    for deal, recs in by_deal.items():
        w = [[0.0] * num_bots for _ in range(num_bots)]
        if len(recs[0]["seats"]) == 1:
            value = {rec["seats"][0]: (-math.inf if rec["errors"] else rec["returns"][0])
                     for rec in recs}
            groups = [value]
        else:
            groups = []
            for rec in recs:
                bad = {e["seat"] for e in rec["errors"]}
                sums: Dict[int, List[float]] = {}
                for s, b in enumerate(rec["seats"]):
                    r = -math.inf if s in bad else (rec["returns"][s] if rec["returns"] else 0.0)
                    sums.setdefault(b, []).append(r)
                groups.append({b: sum(v) / len(v) if -math.inf not in v else -math.inf
                               for b, v in sums.items()})
        for value in groups:
            for a in value:
                for b in value:
                    if a < b:
                        if value[a] > value[b]:
                            w[a][b] += 1
                        elif value[b] > value[a]:
                            w[b][a] += 1
                        else:
                            w[a][b] += 0.5
                            w[b][a] += 0.5
        out[deal] = w
    return out


def add(matrices: Sequence[Matrix], n: int) -> Matrix:
    total = [[0.0] * n for _ in range(n)]
    for m in matrices:
        for a in range(n):
            for b in range(n):
                total[a][b] += m[a][b]
    return total


def bradley_terry(wins: Matrix, prior: float = 1.0) -> List[float]:
    """Bradley-Terry ratings on the Elo scale (400 log10 of the strength;
    a difference of d means an expected score of 1 / (1 + 10**(-d/400))),
    centred on 0, fitted by maximum likelihood (Hunter's MM algorithm) to
    wins[a][b], plus `prior` virtual games drawn between every pair (which
    keeps a bot that never lost finite).  A bot that never met another
    stays at 0."""
    n = len(wins)
    w = [[wins[a][b] + (prior / 2 if a != b else 0.0) for b in range(n)] for a in range(n)]
    games = [[w[a][b] + w[b][a] for b in range(n)] for a in range(n)]
    p = [1.0] * n
    for _ in range(100000):
        new = []
        for a in range(n):
            won = sum(w[a])
            denom = sum(games[a][b] / (p[a] + p[b]) for b in range(n) if b != a)
            new.append(won / denom if denom > 0 and won > 0 else (p[a] if denom == 0 else 1e-300))
        g = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / g for x in new]
        done = max(abs(math.log(x) - math.log(y)) for x, y in zip(new, p)) < 1e-12
        p = new
        if done:
            break
    elo = [400 * math.log10(x) for x in p]
    mean = sum(elo) / n
    return [e - mean for e in elo]


def percentile(values: Sequence[float], q: float) -> float:
    v = sorted(values)
    k = (len(v) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def ratings(records: Sequence[Dict[str, Any]], num_bots: int, bootstrap: int = 200,
            seed: int = 0, prior: float = 1.0) -> List[Dict[str, Any]]:
    """Each bot's rating and its 95% interval: the percentiles of the
    ratings fitted to `bootstrap` resamplings of the deals (with
    replacement; random.Random(seed), so the same records give the same
    intervals)."""
    per_deal = pairwise_by_deal(records, num_bots)
    deals = sorted(per_deal)
    fit = bradley_terry(add([per_deal[d] for d in deals], num_bots), prior)
    samples: List[List[float]] = [[] for _ in range(num_bots)]
    rng = random.Random(seed)
    for _ in range(bootstrap if deals else 0):
        pick = [per_deal[deals[rng.randrange(len(deals))]] for _ in deals]
        for b, r in enumerate(bradley_terry(add(pick, num_bots), prior)):
            samples[b].append(r)
    return [{"rating": fit[b],
             "rating_ci": ((percentile(samples[b], 0.025), percentile(samples[b], 0.975))
                           if samples[b] else (None, None))}
            for b in range(num_bots)]


def summarize(records: Sequence[Dict[str, Any]], labels: Sequence[str],
              bootstrap: int = 200, seed: int = 0, prior: float = 1.0) -> Dict[str, Any]:
    """Per bot: games (seats played), wins, draws, losses, forfeits, the
    win rate (a draw a half) with its Wilson interval, mean score and mean
    return with their intervals (over the games that finished), rating;
    and the pairwise matrix `pairwise[a][b]` (wins of a over b)."""
    n = len(labels)
    res: List[List[float]] = [[] for _ in range(n)]
    scores: List[List[float]] = [[] for _ in range(n)]
    returns: List[List[float]] = [[] for _ in range(n)]
    forfeits = [0] * n
    one_seat = bool(records) and len(records[0]["seats"]) == 1
    for rec in records:
        outcome = seat_results(rec)
        for s, b in enumerate(rec["seats"]):
            res[b].append(outcome[s])
            if rec["returns"] is not None:
                scores[b].append(rec["scores"][s])
                returns[b].append(rec["returns"][s])
        for e in rec["errors"]:
            forfeits[rec["seats"][e["seat"]]] += 1
    rate = ratings(records, n, bootstrap, seed, prior)
    pair = add(list(pairwise_by_deal(records, n).values()), n)
    bots = []
    for b in range(n):
        wins = sum(1 for x in res[b] if x == 1.0)
        draws = sum(1 for x in res[b] if x == 0.5)
        ms, ms_ci = mean_ci(scores[b])
        mr, mr_ci = mean_ci(returns[b])
        entry: Dict[str, Any] = {
            "bot": labels[b], "games": len(res[b]), "forfeits": forfeits[b],
            "mean_score": ms, "score_ci": ms_ci, "mean_return": mr, "return_ci": mr_ci}
        if not one_seat:
            entry.update({"wins": wins, "draws": draws, "losses": len(res[b]) - wins - draws,
                          "win_rate": sum(res[b]) / len(res[b]) if res[b] else None,
                          "win_rate_ci": wilson(sum(res[b]), len(res[b]))})
        entry.update(rate[b])
        bots.append(entry)
    return {"bots": bots, "pairwise": pair, "games": len(records),
            "deals": len({r["deal"] for r in records})}
