"""``cpuzzler solve --count``: counts of tilings and exact covers, in parts or whole,
and the notes that say how they were counted (a helper of the solve command, no command
itself).

    cpuzzler solve pentominoes-6x10 --count              # 2339 up to symmetry; 9356 in all
    cpuzzler solve bedlam-cube --count --jobs 2 --checkpoint bedlam.json   # resumable
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Any

from cpuzzler.cli.common import clear_line, count_status, note, progress_line
from cpuzzler.errors import UsageError
from cpuzzler.render import jsonl
from cpuzzler.results import COUNTING_ENGINES, DONE, LIMIT, Count, n_solutions, unique_method

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover
    from cpuzzler.models import Tiling
    from cpuzzler.results import SymmetryResult
    from cpuzzler.symmetry.burnside import Fixed


def in_parts(args: argparse.Namespace) -> bool:
    """Whether to count in parts (``--jobs``, ``--checkpoint``, ``--cluster``); checks they
    fit the rest."""
    if (args.jobs or 1) == 1 and args.checkpoint is None and args.cluster is None:
        return False
    if not args.count:
        if args.checkpoint is None and args.cluster is None and one_solution(args):
            return False  # a portfolio of seeded searches (the native engine's)
        raise UsageError("--jobs goes with --count, or with one solution (-n 1) by the dlx "
                         "engine; --checkpoint and --cluster go with --count")
    if args.cluster is not None and (args.jobs or 1) != 1:
        raise UsageError("--jobs is for processes on this machine; with --cluster the "
                         "workers are the cluster's (local:N for N of them here)")
    if getattr(args, "work_dir", None) is not None and args.checkpoint is None:
        return False  # the frontier engine's shards run on the workers (engine_options)
    if args.method not in (None, "reduce"):
        raise UsageError("counting in parts uses the reduce method (no --method)")
    if getattr(args, "work_dir", None) is not None:
        raise UsageError("--work-dir holds the layers of one count, and counting in parts "
                         "(--checkpoint) makes many: leave one out")
    return True


def one_solution(args: argparse.Namespace) -> bool:
    """Whether the run asks the native engine for one solution and nothing more."""
    return (not args.all and (args.n or 1) == 1 and not args.sample and not args.marginals
            and not args.diagram and args.engine in (None, "dlx"))


def count_by_parts(problem: ExactCover | Tiling, args: argparse.Namespace,
                   options: dict[str, Any]) -> tuple[Count, Count]:
    from cpuzzler.engines.processes import cores
    from cpuzzler.parts import count_in_parts

    if args.jobs > cores() and not args.jobs_beyond_cores and args.cluster is None:
        print(f"cpuzzler: note: {cores()} processes, one per core, not {args.jobs} "
              "(--jobs-beyond-cores to have more)", file=sys.stderr)
    line = progress_line(args, "counting in parts")

    def report(done: int, total: int) -> None:
        if line is not None:
            line.update(done / total, note=f"{done} of {total} parts")

    try:
        counts = count_in_parts(problem, symmetry=args.symmetry, engine=args.engine,
                                jobs=args.jobs, checkpoint=args.checkpoint,
                                time_limit=args.clock.left(),
                                progress=None if line is None else report,
                                jobs_beyond_cores=args.jobs_beyond_cores,
                                backend="processes" if args.cluster is None else "dask",
                                address=args.cluster, options=options)
    finally:
        if line is not None:
            line.close()
    if not counts[0].complete and args.checkpoint:
        print(f"stopped ({counts[0].reason}); run again with --checkpoint {args.checkpoint} "
              "to go on", file=sys.stderr)
    return counts


def count_tiling(tiling: Tiling, args: argparse.Namespace, start: float,
                 options: dict[str, Any]) -> int:
    method = args.method if args.engine in COUNTING_ENGINES \
        else unique_method(args.method, args.engine)  # a counter's: Tiling.count_both's
    if in_parts(args):
        asked, raw = count_by_parts(tiling, args, options)
    else:
        asked, raw = tiling.count_both(symmetry=args.symmetry, engine=args.engine,
                                       time_limit=args.clock.left(), method=method,
                                       **options)
    clear_line()
    fixed = tiling.exact_cover.stats.fixed
    if args.format == "jsonl":
        unique = None if args.symmetry == "raw" else asked
        stats = tiling.exact_cover.stats
        print(jsonl.line(jsonl.count(args.problem, raw, unique, time.perf_counter() - start,
                                     args.engine or "dlx", fixed, stats.answered_by,
                                     stats.rounds)))
    elif args.symmetry == "raw":
        print(asked.describe())
    else:
        words = tiling.group(args.symmetry).describe()
        if asked.complete:
            print(f"{n_solutions(asked)} up to {words}; {raw} in all")
        else:
            print(f"at least {n_solutions(asked)} up to {words}, at least {raw} in all "
                  f"({asked.reason})")
    note_fixed(args, fixed)
    note_answered(args, tiling.exact_cover)
    return count_status(asked)


def note_answered(args: argparse.Namespace, xc: ExactCover) -> None:
    """The auto engine: what ran, what it chose from the measurements and which engine
    answered (the raw count's, where there are several counts)."""
    if args.engine != "auto" or args.format == "jsonl":
        return
    for entry in trail(xc.stats.rounds):
        note(args, f"auto: {entry}")
    if xc.stats.answered_by and xc.stats.reason in (DONE, LIMIT):
        note(args, f"auto: answered by the {xc.stats.answered_by} engine")


def trail(rounds: list[dict[str, Any]]) -> list[str]:
    """The auto engine's rounds for people: the engines' runs on a line, each choice on
    its own.

    >>> trail([{"engine": "dlx", "seconds": 0.5, "outcome": "time-out",
    ...          "projected seconds": 298.4}, {"choice": "the frontier engine alone"}])
    ['dlx 0.5 s (time-out; projects 298 s)', 'the frontier engine alone']
    """
    lines: list[str] = []
    runs: list[str] = []
    for entry in rounds:
        if "choice" in entry:
            lines += ["; ".join(runs), entry["choice"]] if runs else [entry["choice"]]
            runs = []
            continue
        took = entry.get("seconds")
        said = entry["outcome"] + (f"; projects {entry['projected seconds']:.3g} s"
                                   if entry.get("projected seconds") and
                                   entry["outcome"] == "time-out" else "")
        runs.append(f"{entry['engine']}{f' {took:.3g} s' if took is not None else ''} "
                    f"({said})")
    return lines + (["; ".join(runs)] if runs else [])


def note_fixed(args: argparse.Namespace, fixed: list[Fixed]) -> None:
    """Say how many solutions each kind of symmetry fixes, where the count found out."""
    if fixed and args.format != "jsonl":
        from cpuzzler.symmetry.burnside import describe  # here: `--version` stays light

        note(args, f"solutions each symmetry maps onto themselves: {describe(fixed)}")


def problem_symmetries(xc: ExactCover, args: argparse.Namespace) -> SymmetryResult | None:
    """The group a count or listing of an exact cover is taken up to: its symmetries
    (found by nauty, within a share of the time limit; the identity alone where it has
    none) unless --symmetry raw; ``None`` where none is looked for (counts in parts) or
    the search did not finish, with a note saying why."""
    if args.symmetry == "rotations":
        raise UsageError("--symmetry rotations: rotations are for tilings; an exact cover "
                         "is counted up to all its symmetries (unique) or raw")
    if args.symmetry == "raw":
        return None
    if args.count and (args.jobs > 1 or args.checkpoint or args.cluster):
        note(args, "note: counts in parts are raw: the parts do not take the problem's "
                    "symmetry yet")
        return None
    from cpuzzler.symmetry.automorphisms import budget_for  # here: `--version` stays light

    group = xc.symmetries(budget=budget_for(args.clock.left()))
    if group.note:
        note(args, f"note: {group.note}; counted raw")
        return None
    return group


def count_exact_cover(xc: ExactCover, group: SymmetryResult | None, args: argparse.Namespace,
                      start: float, options: dict[str, Any]) -> int:
    """``solve --count`` of an exact cover: raw, or up to ``group`` where it has more
    than the identity; in parts where asked."""
    clock = args.clock
    symmetric = group is not None and group.order > 1
    unique = None
    if in_parts(args):
        total = count_by_parts(xc, args, options)[0]
    elif symmetric:
        unique, total = xc.count_both(engine=args.engine, time_limit=clock.left(),
                                      method=args.method, **options)
    else:
        total = xc.count(engine=args.engine, time_limit=clock.left(), symmetry="raw",
                         **options)
        if group is not None:  # no symmetry: each solution its own class
            unique = total
    clear_line()
    if args.format == "jsonl":
        print(jsonl.line(jsonl.count(args.problem, total, unique,
                                     time.perf_counter() - start, xc.stats.engine,
                                     xc.stats.fixed, xc.stats.answered_by,
                                     xc.stats.rounds)))
    elif unique is None or group is None or not symmetric:
        print(total.describe())
        if group is not None:
            note(args, "the problem has no symmetry: each solution is a class of "
                       "its own, so this is the count up to symmetry too")
    elif total.complete:
        print(f"{n_solutions(unique)} up to {group.describe()} of the problem; "
              f"{total} in all")
    else:
        print(f"at least {n_solutions(unique)} up to {group.describe()} of the "
              f"problem, at least {total} in all ({total.reason})")
    if unique is not None:
        note_fixed(args, xc.stats.fixed)
    note_answered(args, xc)
    note(args, f"{time.perf_counter() - start:.3f} s")
    return count_status(total)
