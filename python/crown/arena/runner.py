"""Running a tournament's games: in this process, on a pool of local
processes, or on a Dask.distributed cluster.  Games go out in batches (one
task each) and come back as records; every game's result depends only on
the tournament and its (deal, seating), never on where it was played."""

import concurrent.futures
import gc
import multiprocessing
import os
import signal
import socket
import uuid
from typing import Any, Callable, List, Optional, Sequence, Tuple

from . import workers
from ._deps import require
from .config import Tournament
from .play import Record, play_batch
from .schedule import Key

Done = Callable[[List[Record]], None]
# Told of each game as it is played, wherever it is (a task's games go on
# coming back together, to `done`): the progress bar's per-game moves.
Played = Callable[[Key], None]

CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler given by address


class SchedulerUnreachable(ConnectionError):
    """The Dask scheduler at the address given did not answer in time."""


def tcp_endpoint(address: str) -> Optional[Tuple[str, int]]:
    """The (host, port) of a TCP scheduler address (tcp://host:port, or
    host:port), None for any other (another protocol, no port)."""
    rest = address[len("tcp://"):] if address.startswith("tcp://") else address
    host, sep, port = rest.rpartition(":")
    if "://" in rest or not sep or not host or not port.isdigit():
        return None
    return host.strip("[]"), int(port)


def connect(distributed: Any, address: Any, timeout: float) -> Any:
    """A distributed.Client of the scheduler at `address`, or
    SchedulerUnreachable.  A TCP address is first reached with a plain
    socket, so that a closed port or an unknown host fails at once without
    a Client; a Client whose making failed is finalized here, not later:
    distributed (2022.12) deadlocks when a new Client's start collects an
    old half-made one (its __del__ stops the loop the new one is starting)."""
    unreachable = ("cannot reach the Dask scheduler at %r within %g s (%%s): is it running "
                   "(dask scheduler), and is the address its own (tcp://host:8786)?"
                   % (address, timeout))
    endpoint = tcp_endpoint(address) if isinstance(address, str) else None
    if endpoint is not None:
        try:
            socket.create_connection(endpoint, timeout=timeout).close()
        except OSError as e:
            raise SchedulerUnreachable(unreachable % ("%s: %s" % (type(e).__name__, e))) from None
    try:
        return distributed.Client(address, timeout=timeout)
    except (OSError, ValueError, TypeError) as e:
        why = "%s: %s" % (type(e).__name__, e)
    gc.collect()
    raise SchedulerUnreachable(unreachable % why)


def batches(keys: Sequence[Key], size: int) -> List[List[Key]]:
    return [list(keys[i:i + size]) for i in range(0, len(keys), size)]


def default_batch(n: int, workers: int) -> int:
    """About eight tasks a worker, at most 64 games a task."""
    return max(1, min(64, -(-n // (8 * max(1, workers)))))


def run_here(t: Tournament, tasks: List[List[Key]], steps: bool, done: Done,
             played: Optional[Played] = None) -> None:
    for task in tasks:
        done(play_batch(t, task, steps, played))


POLL = 0.2  # seconds between two looks at a pool's games played, with `played`


def run_pool(t: Tournament, tasks: List[List[Key]], steps: bool, done: Done,
             workers: int, retries: int = 3, played: Optional[Played] = None) -> None:
    """On `workers` local processes (started with spawn, so a bot is found
    by its name as on a cluster).  When a worker dies the pool breaks: the
    tasks not finished are run again on a new pool, `retries` times.  With
    `played`, each worker puts each game it finished on a queue, which this
    process reads while it waits (and before it takes a task's records)."""
    pending = {i: task for i, task in enumerate(tasks)}
    ctx = multiprocessing.get_context("spawn")
    for attempt in range(retries + 1):
        # A queue for each pool: a worker killed while writing would leave
        # it locked.
        queue = ctx.SimpleQueue() if played is not None else None
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx,
                                                    initializer=pool_worker_start,
                                                    initargs=(queue,)) as pool:
            futures = {pool.submit(play_batch, t, task, steps,
                                   pool_played if queue is not None else None): i
                       for i, task in pending.items()}
            try:
                waiting = set(futures)
                while waiting:
                    finished, waiting = concurrent.futures.wait(
                        waiting, None if queue is None else POLL,
                        concurrent.futures.FIRST_COMPLETED)
                    while queue is not None and played is not None and not queue.empty():
                        played(queue.get())
                    for f in sorted(finished, key=futures.__getitem__):
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


# In a pool's worker process: the queue of the games it played (set once,
# when the process starts; None without a progress bar).
_POOL_QUEUE: Any = None


def pool_worker_start(queue: Any = None) -> None:
    """A pool's worker process leaves Ctrl-C to the tournament's process,
    which ends the workers: a terminal sends SIGINT to every process of
    its foreground group, and each worker's traceback would say nothing.
    It keeps the queue it puts the games it plays on."""
    global _POOL_QUEUE
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _POOL_QUEUE = queue


def pool_played(key: Key) -> None:
    """A game played in a pool's worker, to the tournament's process (the
    put is written before the task's result is)."""
    _POOL_QUEUE.put(key)


class DaskPlayed:
    """A game played on a Dask worker, to the tournament's process: an event
    of the run's topic (Worker.log_event), which goes to the scheduler in
    the stream the task's result follows."""

    def __init__(self, topic: str) -> None:
        self.topic = topic

    def __call__(self, key: Key) -> None:
        distributed = require("distributed", "crown.arena with a scheduler")
        distributed.get_worker().log_event(self.topic, list(key))


def stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancels a pool's queued tasks and ends its workers' running ones."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)  # forgets its processes
    for process in processes:
        process.terminate()


def run_dask(t: Tournament, tasks: List[List[Key]], steps: bool, done: Done,
             scheduler: Any, retries: int = 3,
             connect_timeout: float = CONNECT_TIMEOUT,
             worker_timeout: float = workers.WORKER_TIMEOUT,
             played: Optional[Played] = None) -> None:
    """On the Dask.distributed cluster of `scheduler` (an address such as
    tcp://host:8786, or a distributed.Client).  First every worker is
    checked (crown.arena.workers: it imports crown of this version), and a
    cluster that fails the check raises WorkerSetupError before any game is
    sent.  A worker lost mid-task costs that task, which the scheduler runs
    again elsewhere (Dask's distributed.scheduler.allowed-failures bounds
    how often); `retries` reruns a task that raised.  A task's results are
    released from the cluster as soon as they are here.  With `played`,
    each game is told as its worker finishes it (an event of the run's
    topic, handled in the client's thread)."""
    distributed = require("distributed", "crown.arena with a scheduler")
    if isinstance(scheduler, distributed.Client):
        client = scheduler
    else:
        client = connect(distributed, scheduler, connect_timeout)
    topic = None
    try:
        workers.check(client, worker_timeout)
        run_id = uuid.uuid4().hex
        reporter = None
        if played is not None:
            topic = "crown-arena-%s" % run_id
            tell = played  # an event is (time, [deal, seating])
            client.subscribe_topic(topic, lambda event: tell((event[1][0], event[1][1])))
            reporter = DaskPlayed(topic)
        pending = distributed.as_completed(
            [client.submit(play_batch, t, task, steps, reporter, pure=False, retries=retries,
                           key="crown-arena-%s-%d-%d" % (run_id, task[0][0], task[0][1]))
             for task in tasks])
        for f in pending:
            records = f.result()
            # Forgotten once fetched: the cluster keeps no finished task's
            # results, so a worker lost later costs only the tasks it runs.
            f.release()
            done(records)
    finally:
        if topic is not None:
            client.unsubscribe_topic(topic)
        if client is not scheduler:
            client.close()


def run(t: Tournament, keys: Sequence[Key], done: Done, workers: Optional[int] = None,
        scheduler: Any = None, batch: Optional[int] = None, steps: bool = False,
        retries: int = 3, played: Optional[Played] = None) -> None:
    """Plays the games `keys`, calling `done` with each task's records as
    they come (in this process, in completion order), and `played` (if
    given) with each game's key as soon as it is played, before its task's
    records; on Dask from another thread, and a game played twice (its
    worker lost) may be told twice."""
    if scheduler is not None and workers is not None:
        raise ValueError("give workers (a local pool) or scheduler (Dask), not both")
    n = workers if workers is not None else (os.cpu_count() or 1)
    if n < 1:
        raise ValueError("workers must be at least 1")
    tasks = batches(keys, batch or default_batch(len(keys), n))
    if not tasks:
        return
    if scheduler is not None:
        run_dask(t, tasks, steps, done, scheduler, retries, played=played)
    elif n == 1:
        run_here(t, tasks, steps, done, played)
    else:
        run_pool(t, tasks, steps, done, n, retries, played)
