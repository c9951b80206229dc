"""The frontier engine meeting in the middle on disk (the C is ``csrc/meet.c``).

A board its half turn maps onto itself is run to its middle layer only; each layer the
lookups read is copied as it is processed into ``keeps-`` files, with only the states a
lookup may ask for; then each shard of the middle's layers gives its lookups, written as
``query-`` files by the kept layer and shard they read, and each such file is read
against its kept shard. The join runs as tasks on the workers (each gathers the cells of
the kept states once, then joins some of the middle's shards; the dot products are tasks
too) and is redone whole after a stop. ``frontier.disk`` tries it in memory first within
the same share of the cap (not saved where stopped there); ``frontier.cluster`` runs the
same steps on the owners' workers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from cpuzzler.engines import _dlx
from cpuzzler.engines.frontier.files import (
    Appender,
    one_write_a_file,
    packed,
    read_ahead,
    read_records,
)
from cpuzzler.engines.frontier.workers import (
    SHAPED,
    batches,
    before,
    opened,
    run_tasks,
    share,
)

# what the engine's other modules use (the rest are this module's own)
__all__ = ["query_name", "looked_up", "in_middle", "read_by", "meet_of", "meeting",
           "shapes_of", "lookups_of", "meet_dots", "joined"]

def query_name(layer: int, shard: int) -> str:
    """The file of a meeting's lookups in a shard of a kept layer."""
    return f"query-{layer:06d}.{shard:04d}"


def looked_up(name: str, plan: list[int]) -> bool:
    """Whether the file ``name`` holds states a meeting's lookups read (``plan`` a
    state's ``"meet"``): a kept layer's copy, or a kept layer's own file from the middle
    on.

    >>> [looked_up(name, [30, 6, 31, 60]) for name in
    ...  ("keeps-000007.0001", "layer-000031.0002", "layer-000032.0002", "layer-000029.0000")]
    [True, True, False, False]
    """
    middle, first, last = plan[:3]
    return name.startswith("keeps-") or first <= int(name[6:12]) <= last and int(
        name[6:12]) >= middle


def in_middle(name: str, middle: int) -> bool:
    """Whether the file ``name`` is of a layer the join of a count meeting at layer
    ``middle`` starts from (the middle's or past it).

    >>> in_middle("layer-000030.0001", 30), in_middle("keeps-000031.0001", 30)
    (True, False)
    """
    return name.startswith("layer-") and int(name[6:12]) >= middle


def read_by(query: str, middle: int) -> str:
    """The file a meeting's lookup file ``query`` is read against.

    >>> read_by("query-000007.0001", 30), read_by("query-000031.0001", 30)
    ('keeps-000007.0001', 'layer-000031.0001')
    """
    return ("layer-" if int(query[6:12]) >= middle else "keeps-") + query[6:]


def meet_of(handle: Any, cells: int) -> list[int] | None:
    """The plan a state keeps of a count meeting in the middle of its first ``cells``
    places (``sweep.meet_places``): [middle, first kept, last kept, cells]; None where it
    does not meet (``cells`` 0, or not of the kind)."""
    plan = _dlx.frontier_meet_plan(handle, cells) if cells else None
    return None if plan is None else [*plan, cells]


def meeting(digest: str, arguments: tuple[Any, ...], memory: float, plan: list[int],
            gather: Callable[[Any], None] | None = None) -> Any:
    """This process's handle of the problem (``opened``), set to meet by ``plan`` (a
    state's ``"meet"``); ``gather(handle)`` run first where given, once in each process:
    the cells of the kept states, which a join's lookups need."""
    handle, _ = opened(digest, arguments, memory)
    _dlx.frontier_meet_plan(handle, plan[3])
    if gather is not None and (digest, memory) not in SHAPED:
        gather(handle)
        SHAPED.add((digest, memory))
    return handle


def meet_lookups(digest: str, arguments: tuple[Any, ...], memory: float, plan: list[int],
                 folder: str, shapes: list[str], names: list[str], shards: int, head: int,
                 packing: str | None, deadline: float | None
                 ) -> tuple[int, list[tuple[int, int, bytes]]]:
    """A task of a join: the lookups of the middle's files ``names`` in ``folder``, as
    (kept layer, its shard, lookups packed), one entry each; the cells of the kept files
    ``shapes`` gathered first, once in each process. (reason, []) past ``deadline``."""
    work = Path(folder)
    handle = meeting(digest, arguments, memory, plan,
                     lambda handle: shapes_of(handle, work, shapes, head, packing))
    return lookups_of(handle, work, names, shards, head, packing, deadline)


def shapes_of(handle: Any, work: Path, names: list[str], head: int, packing: str | None
              ) -> None:
    """The cells of the states of the kept files ``names`` in ``work`` gathered by the
    meeting of ``handle``."""
    for name in names:
        _dlx.frontier_meet_shapes(handle, int(name[6:12]), read_records(work / name, packing), head)


def lookups_of(handle: Any, work: Path, names: list[str], shards: int, head: int,
               packing: str | None, deadline: float | None
               ) -> tuple[int, list[tuple[int, int, bytes]]]:
    """``meet_lookups`` once the cells are gathered: the lookups of the middle's files
    ``names`` in ``work``."""
    outputs: list[tuple[int, int, bytes]] = []
    for name in read_ahead(names, lambda name: [work / name]):
        if not before(deadline):
            return _dlx.TIMEOUT, []
        outputs += packed(_dlx.frontier_meet_queries(
            handle, int(name[6:12]), read_records(work / name, packing), shards, head), packing)
    return _dlx.DONE, one_write_a_file(outputs)


def meet_dots(digest: str, arguments: tuple[Any, ...], memory: float, plan: list[int],
              folder: str, pairs: list[tuple[str, str]], head: int, packing: str | None,
              deadline: float | None) -> tuple[int, int]:
    """A task of a join: each lookup file of ``pairs`` (lookups, the kept shard they
    read) read against its shard and deleted; the sum of their counts. (reason, 0) past
    ``deadline``."""
    handle = meeting(digest, arguments, memory, plan)
    work, total = Path(folder), 0
    for query, read in read_ahead(pairs, lambda pair: [work / name for name in pair]):
        if not before(deadline):
            return _dlx.TIMEOUT, 0
        total += _dlx.frontier_meet_dot(handle, int(query[6:12]),
                                        read_records(work / read, packing), head,
                                        read_records(work / query, packing))
    for query, _ in pairs:
        (work / query).unlink()
    return _dlx.DONE, total


def joined(work: Path, state: dict[str, Any], deadline: float | None, backend: Any,
            digest: str, shared: Any, memory: float) -> tuple[int, int]:
    """A count met in the middle on disk, its layers run to the middle, joined by tasks of
    ``backend``: each task gathers the cells of the kept layers' states (once in each
    process), then joins the states of some of the middle's files into lookups, sent back
    and written into files by the kept layer and shard they read (records as the layers'
    and packed alike); then each lookup file is read against its shard by a task
    (``csrc/meet.c``). Returns the solutions (those of the layers run before not counted)
    and the reason; a stop leaves nothing (run again: the join is redone)."""
    middle = (plan := state["meet"])[0]
    shards, head, packing = state["shards"], state.get("record_head", 16), state.get("packing")
    for path in work.glob("query-*"):  # from a join stopped before
        path.unlink()
    sizes = state["sizes"]
    shapes = sorted(name for name in sizes if looked_up(name, plan))
    middles = [(name, sizes[name]) for name in sorted(sizes) if in_middle(name, middle)]
    most = share(len(middles), 4 * backend.workers)
    queries = Appender(work, query_name)
    try:
        reason = run_tasks(backend, [(meet_lookups, digest, shared, memory, plan, str(work),
                                      shapes, names, shards, head, packing, deadline)
                                     for names in batches(middles, memory / 16, most)],
                           queries.append)
    finally:
        queries.close()
    if reason != _dlx.DONE:
        return 0, reason
    pairs = []
    for path in sorted(work.glob("query-*")):
        read = read_by(path.name, middle)
        if read in sizes:
            pairs.append((path.name, read))
        else:  # no state of that shard: nothing to look up there
            path.unlink()
    most = share(len(pairs), 4 * backend.workers)
    found: list[int] = []
    reason = run_tasks(backend, [(meet_dots, digest, shared, memory, plan, str(work),
                                  pairs[at:at + most], head, packing, deadline)
                                 for at in range(0, len(pairs), most)], found.append)
    return sum(found), reason
