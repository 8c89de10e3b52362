"""A tournament's results for people and programs: a table, JSON, a plot."""

import json
import os
from typing import Any, Dict, List, Optional, Tuple

from ._deps import require


def number(x: float, fmt: str) -> str:
    """`x` written with `fmt`, but a value that rounds to zero has no minus
    sign ("-0", "-0.000"): "+0" with a format of signs ("%+.0f"), else "0"."""
    text = fmt % x
    if text.startswith("-") and not any(c in "123456789" for c in text):
        text = ("+" if "%+" in fmt else "") + text[1:]
    return text


def _num(x: Optional[float], fmt: str = "%.3f") -> str:
    return "-" if x is None else number(x, fmt)


def _ci(ci: Tuple[Optional[float], Optional[float]], fmt: str = "%.3f") -> str:
    lo, hi = ci
    return "" if lo is None or hi is None else "[%s, %s]" % (number(lo, fmt), number(hi, fmt))


def table(summary: Dict[str, Any]) -> str:
    """The per-bot results and the pairwise matrix as text."""
    bots = summary["bots"]
    head = ["bot", "games"]
    one_seat = "wins" not in bots[0]
    if not one_seat:
        head += ["won", "drawn", "lost", "win rate [95% CI]"]
    head += ["forfeits", "mean score [95% CI]", "mean return [95% CI]", "rating [95% CI]"]
    rows = []
    for b in bots:
        row = [b["bot"], str(b["games"])]
        if not one_seat:
            row += [str(b["wins"]), str(b["draws"]), str(b["losses"]),
                    "%s %s" % (_num(b["win_rate"]), _ci(b["win_rate_ci"]))]
        row += [str(b["forfeits"]),
                "%s %s" % (_num(b["mean_score"], "%.2f"), _ci(b["score_ci"], "%.2f")),
                "%s %s" % (_num(b["mean_return"]), _ci(b["return_ci"])),
                "%s %s" % (_num(b["rating"], "%+.0f"), _ci(b["rating_ci"], "%+.0f"))]
        rows.append(row)
    out = [_format(head, rows), "",
           "%d game%s, %d deal%s; pairwise (row's wins over column, a draw a half):"
           % (summary["games"], "s"[:summary["games"] != 1], summary["deals"],
              "s"[:summary["deals"] != 1])]
    names = [b["bot"] for b in bots]
    out.append(_format([""] + names,
                       [[names[a]] + ["-" if a == c else "%g" % summary["pairwise"][a][c]
                                      for c in range(len(names))]
                        for a in range(len(names))]))
    return "\n".join(out)


def _format(head: List[str], rows: List[List[str]]) -> str:
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                       for i, (c, w) in enumerate(zip(r, widths))).rstrip()
             for r in [head] + rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def to_json(summary: Dict[str, Any], **extra: Any) -> str:
    return json.dumps(dict(summary, **extra), indent=2, sort_keys=True)


def plot_path_problem(path: str) -> Optional[str]:
    """Why the plot cannot be written to `path` (a missing directory, a
    format matplotlib does not write), or None: checked before the games."""
    require("matplotlib", "crown.arena's plot")
    backend_bases: Any = require("matplotlib.backend_bases", "crown.arena's plot")
    directory = os.path.dirname(path) or "."
    if not os.path.isdir(directory):
        return "no directory %r for the plot" % directory
    extension = os.path.splitext(path)[1][1:].lower()
    formats = backend_bases.FigureCanvasBase.get_supported_filetypes()
    if extension and extension not in formats:
        return "cannot plot to %r: not a format matplotlib writes (%s)" % (
            path, ", ".join(sorted(formats)))
    return None


def plot_title(game: str, options: str, seed: int, summary: Dict[str, Any]) -> str:
    """What a plot names: the game, its options, the seed and the games."""
    games, deals = summary["games"], summary["deals"]
    return "%s %s, seed %d: %d game%s (%d deal%s)" % (
        game, options or "(defaults)", seed, games, "s"[:games != 1], deals, "s"[:deals != 1])


def plot(summary: Dict[str, Any], path: str, title: str = "") -> None:
    """The bots' ratings with their 95% intervals, to an image file (its
    format from the name's extension, as matplotlib's savefig), 1200 pixels
    wide at 150 dots an inch (8 inches), with `title` above."""
    matplotlib: Any = require("matplotlib", "crown.arena's plot")
    matplotlib.use("Agg")
    plt: Any = require("matplotlib.pyplot", "crown.arena's plot")
    bots = summary["bots"]
    y = list(range(len(bots)))
    x = [b["rating"] for b in bots]
    lo = [b["rating"] - (b["rating_ci"][0] if b["rating_ci"][0] is not None else b["rating"])
          for b in bots]
    hi = [(b["rating_ci"][1] if b["rating_ci"][1] is not None else b["rating"]) - b["rating"]
          for b in bots]
    fig, ax = plt.subplots(figsize=(8, 2.5 + 0.5 * len(bots)), dpi=150)
    ax.errorbar(x, y, xerr=[lo, hi], fmt="o", capsize=4)
    ax.set_yticks(y)
    ax.set_yticklabels([b["bot"] for b in bots])
    ax.invert_yaxis()
    ax.axvline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("rating (Bradley-Terry, Elo scale) with 95% interval")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)
