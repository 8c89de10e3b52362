"""The check of a Dask cluster's workers, before any game is sent: each must
import crown (the package and its library) of the version this process
has, or the tournament stops with a line for each worker that cannot play.

Without it a worker without crown (Debian's dask-worker runs on
/usr/bin/python3, which may not have it) fails every task with a raw
ModuleNotFoundError, and one of another version could play other games."""

import asyncio
from typing import Any, Callable, Dict, List, Mapping

import crown

WORKER_TIMEOUT = 60.0  # seconds to wait for a cluster's first worker


class WorkerSetupError(RuntimeError):
    """A Dask worker cannot play the arena's games: it cannot import crown,
    or it imports another version of it (or the cluster has no worker)."""


def probe_function() -> Callable[[], Dict[str, Any]]:
    """The function each worker runs (Client.run).  It is made here, as a
    local function, so that Dask sends its code rather than its name: a
    worker that cannot import crown can still run it and say why."""

    def crown_probe() -> Dict[str, Any]:
        import platform
        import sys
        answer: Dict[str, Any] = {"executable": sys.executable,
                                  "python": platform.python_version()}
        try:
            import crown
            import crown.arena.play  # what a task unpickles
            answer.update(package=crown.__version__, library=crown.version(),
                          library_path=crown.library_path)
        except Exception as e:
            answer["error"] = "%s: %s" % (type(e).__name__, e)
        return answer

    return crown_probe


def expected() -> Dict[str, str]:
    """What a worker must answer: this process's package and library versions."""
    return {"package": crown.__version__, "library": crown.version()}


def problems(answers: Mapping[str, Any], want: Mapping[str, str]) -> List[str]:
    """A line for each worker (by address) whose answer to the probe is not
    `want`: it could not run the probe (an exception), could not import
    crown, or imports other versions."""
    out = []
    for address in sorted(answers):
        a = answers[address]
        if not isinstance(a, dict):
            out.append("%s: the check could not run there (%s: %s): is it a worker of a "
                       "Python 3 with Dask's cloudpickle?" % (address, type(a).__name__, a))
            continue
        who = "%s (Python %s)" % (a.get("executable") or "its python", a.get("python", "?"))
        if "error" in a:
            out.append("%s: %s cannot import crown (%s): install crown %s for that "
                       "interpreter on that machine (meson install; pip install ./python with "
                       "libcrown installed), or start the worker with a python3 that imports "
                       "it" % (address, who, a["error"], want["package"]))
        elif a.get("package") != want["package"] or a.get("library") != want["library"]:
            out.append("%s: %s imports crown %s with libcrown %s (%s), not %s with libcrown %s "
                       "as here: install crown %s on that machine" % (
                           address, who, a.get("package"), a.get("library"),
                           a.get("library_path"), want["package"], want["library"],
                           want["package"]))
    return out


def check(client: Any, worker_timeout: float = WORKER_TIMEOUT) -> None:
    """Raises WorkerSetupError unless the cluster of `client` has a worker
    (within `worker_timeout` seconds) and every worker passes the probe."""
    try:
        client.wait_for_workers(1, timeout=worker_timeout)
    except (TimeoutError, asyncio.TimeoutError):
        raise WorkerSetupError(
            "the Dask scheduler at %s has no worker after %g s: start one (dask-worker "
            "ADDRESS; docs/arena.md); no game was sent"
            % (client.scheduler.address, worker_timeout)) from None
    answers = client.run(probe_function(), on_error="return")
    bad = problems(answers, expected())
    if bad:
        raise WorkerSetupError(
            "%d of %d Dask workers cannot play crown.arena's games; no game was sent "
            "(docs/arena.md, \"Giving the workers crown\"):\n  %s"
            % (len(bad), len(answers), "\n  ".join(bad)))

