"""Running a tournament's games: in this process, on a pool of local
processes, or on a Dask.distributed cluster.  Games go out in batches (one
task each) and come back as records; every game's result depends only on
the tournament and its (deal, seating), never on where it was played."""

import concurrent.futures
import multiprocessing
import os
import signal
import uuid
from typing import Any, Callable, List, Optional, Sequence

from . import workers
from ._deps import require
from .config import Tournament
from .play import Record, play_batch
from .schedule import Key

Done = Callable[[List[Record]], None]

CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler given by address


class SchedulerUnreachable(ConnectionError):
    """The Dask scheduler at the address given did not answer in time."""


def batches(keys: Sequence[Key], size: int) -> List[List[Key]]:
    return [list(keys[i:i + size]) for i in range(0, len(keys), size)]


def default_batch(n: int, workers: int) -> int:
    """About eight tasks a worker, at most 64 games a task."""
    return max(1, min(64, -(-n // (8 * max(1, workers)))))


def run_here(t: Tournament, tasks: List[List[Key]], steps: bool, done: Done) -> None:
    for task in tasks:
        done(play_batch(t, task, steps))


def run_pool(t: Tournament, tasks: List[List[Key]], steps: bool, done: Done,
             workers: int, retries: int = 3) -> None:
    """On `workers` local processes (started with spawn, so a bot is found
    by its name as on a cluster).  When a worker dies the pool breaks: the
    tasks not finished are run again on a new pool, `retries` times."""
    pending = {i: task for i, task in enumerate(tasks)}
    ctx = multiprocessing.get_context("spawn")
    for attempt in range(retries + 1):
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx,
                                                    initializer=pool_worker_start) as pool:
            futures = {pool.submit(play_batch, t, task, steps): i
                       for i, task in pending.items()}
            try:
                for f in concurrent.futures.as_completed(futures):
                    records = f.result()
                    del pending[futures[f]]
                    done(records)
            except concurrent.futures.process.BrokenProcessPool:
                if attempt == retries:
                    raise
                continue
            except BaseException:  # Ctrl-C, or `done` failed: stop now, not
                # after every queued task (the pool's exit would wait for them)
                stop(pool)
                raise
        return


def pool_worker_start() -> None:
    """A pool's worker process leaves Ctrl-C to the tournament's process,
    which ends the workers: a terminal sends SIGINT to every process of
    its foreground group, and each worker's traceback would say nothing."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancels a pool's queued tasks and ends its workers' running ones."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)  # forgets its processes
    for process in processes:
        process.terminate()


def run_dask(t: Tournament, tasks: List[List[Key]], steps: bool, done: Done,
             scheduler: Any, retries: int = 3,
             connect_timeout: float = CONNECT_TIMEOUT,
             worker_timeout: float = workers.WORKER_TIMEOUT) -> None:
    """On the Dask.distributed cluster of `scheduler` (an address such as
    tcp://host:8786, or a distributed.Client).  First every worker is
    checked (crown.arena.workers: it imports crown of this version), and a
    cluster that fails the check raises WorkerSetupError before any game is
    sent.  A worker lost mid-task costs that task, which the scheduler runs
    again elsewhere (Dask's distributed.scheduler.allowed-failures bounds
    how often); `retries` reruns a task that raised.  A task's results are
    released from the cluster as soon as they are here."""
    distributed = require("distributed", "crown.arena with a scheduler")
    if isinstance(scheduler, distributed.Client):
        client = scheduler
    else:
        try:
            client = distributed.Client(scheduler, timeout=connect_timeout)
        except (OSError, ValueError, TypeError) as e:
            raise SchedulerUnreachable(
                "cannot reach the Dask scheduler at %r within %g s (%s: %s): is it "
                "running (dask scheduler), and is the address its own (tcp://host:8786)?"
                % (scheduler, connect_timeout, type(e).__name__, e)) from e
    try:
        workers.check(client, worker_timeout)
        run_id = uuid.uuid4().hex
        pending = distributed.as_completed(
            [client.submit(play_batch, t, task, steps, pure=False, retries=retries,
                           key="crown-arena-%s-%d-%d" % (run_id, task[0][0], task[0][1]))
             for task in tasks])
        for f in pending:
            records = f.result()
            # Forgotten once fetched: the cluster keeps no finished task's
            # results, so a worker lost later costs only the tasks it runs.
            f.release()
            done(records)
    finally:
        if client is not scheduler:
            client.close()


def run(t: Tournament, keys: Sequence[Key], done: Done, workers: Optional[int] = None,
        scheduler: Any = None, batch: Optional[int] = None, steps: bool = False,
        retries: int = 3) -> None:
    """Plays the games `keys`, calling `done` with each task's records as
    they come (in this process, in completion order)."""
    if scheduler is not None and workers is not None:
        raise ValueError("give workers (a local pool) or scheduler (Dask), not both")
    n = workers if workers is not None else (os.cpu_count() or 1)
    if n < 1:
        raise ValueError("workers must be at least 1")
    tasks = batches(keys, batch or default_batch(len(keys), n))
    if not tasks:
        return
    if scheduler is not None:
        run_dask(t, tasks, steps, done, scheduler, retries)
    elif n == 1:
        run_here(t, tasks, steps, done)
    else:
        run_pool(t, tasks, steps, done, n, retries)
