"""``cpuzzler solve``: one, several or all solutions, a count, or uniform samples.

    cpuzzler solve pentominoes-6x10                # the first solution, as a record
    cpuzzler solve pentominoes-6x10 --count        # 2339 up to symmetry; 9356 in all
    cpuzzler solve examples/queens8.dlx --all      # every solution up to symmetry
    cpuzzler solve bedlam-cube --count --jobs 2 --checkpoint bedlam.json   # resumable
    cpuzzler solve soma -n 3 --svg soma.svg --x3d soma.x3d   # soma.svg, soma-2.svg, ...
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from typing import TYPE_CHECKING, Any, cast

from cpuzzler import progress
from cpuzzler.automorphisms import budget_for
from cpuzzler.burnside import describe
from cpuzzler.cli import where
from cpuzzler.cli.common import (
    EXIT_UNDECIDED,
    PROBLEM_HELP,
    check_pictures,
    check_work_dir,
    clear_line,
    count_status,
    draw,
    engine_options,
    exact_cover_of,
    load_problem,
    note,
    positive,
    progress_line,
    seconds,
    set_sweep,
    size,
    status,
)
from cpuzzler.engines import available_engines
from cpuzzler.errors import InputFormatError, TimeUp, UsageError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.render import jsonl
from cpuzzler.results import (
    COUNTING_ENGINES,
    DONE,
    LIMIT,
    METHODS,
    SYMMETRY_MODES,
    Count,
    n_solutions,
    unique_method,
)

if TYPE_CHECKING:
    from cpuzzler.automorphisms import Symmetries
    from cpuzzler.burnside import Fixed
    from cpuzzler.models import Problem, Tiling

NAME = "solve"
HELP = "find one, several or all solutions, or count"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--all", action="store_true", help="print every solution as found")
    mode.add_argument("-n", type=positive, metavar="N", help="print at most N solutions")
    mode.add_argument("--count", action="store_true", help="print the number of solutions")
    parser.add_argument("--marginals", action="store_true",
                        help="with --count: also each option (placement) with the number "
                             "of solutions holding it, most first, and those in none (every "
                             "solution counted; from the decision diagram); a tiling's "
                             "placements one line per class its symmetries make (--symmetry "
                             "raw: every one); --svg FILE draws where each piece lies")
    parser.add_argument("--diagram", metavar="FILE", default=None,
                        help="with --count: also write the decision diagram (ZDD) of all "
                             "solutions to FILE (cpuzzler.diagram's text format)")
    mode.add_argument("--sample", type=positive, metavar="K",
                      help="print K solutions drawn uniformly at random among all of them "
                           "(every solution, not up to symmetry; by the memo engine), with "
                           "replacement: one may come twice (--distinct: K different ones)")
    parser.add_argument("--distinct", action="store_true",
                        help="with --sample: K different solutions (all, where there are "
                             "fewer), from the decision diagram")
    parser.add_argument("--format", choices=("text", "jsonl", "svg", "x3d"), default="text",
                        help="text records (default); JSON Lines: one object per solution, "
                             "streamed, or one for a count; svg or x3d (polycubes): a picture "
                             "of each solution, in -o FILE, FILE-2, ... (one solution may go "
                             "to standard output)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the solutions or the count to FILE, not standard output")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no timing or summary lines on standard error")
    parser.add_argument("--seed", type=int, default=None,
                        help="with --sample: the random seed (the same seed, the same "
                             "draws); finding solutions (dlx): break the choice's ties at "
                             "random from it and, for one solution, restart on Luby's "
                             "schedule (the same seed, the same search; one solution: "
                             "seed 0 by default)")
    parser.add_argument("--engine", choices=available_engines(), default=None,
                        help="the solver (default: dlx, the native engine; for --count, "
                             "auto, or the engine a named puzzle's catalog entry names)")
    parser.add_argument("--symmetry", choices=SYMMETRY_MODES, default="unique",
                        help="count each solution once up to the puzzle's symmetries "
                             "(default; for an exact cover without geometry, the symmetries "
                             "of its matrix, found by nauty), up to rotations only (tilings: "
                             "mirror images count apart), or every one (raw)")
    parser.add_argument("--method", choices=METHODS, default=None,
                        help="how unique solutions are counted: reduce (one piece's "
                             "placements cut by the symmetry; default), dedup (list all, keep "
                             "one per class), lex (lex-leader constraints; default for the "
                             "cpsat and sat engines), burnside (count the solutions each "
                             "symmetry fixes; default for the memo, frontier and auto "
                             "engines)")
    parser.add_argument("--time-limit", type=seconds, metavar="SECONDS",
                        help="stop after this many seconds, reading and set-up included; a "
                             "count is then a lower bound")
    parser.add_argument("--jobs", type=positive, default=None, metavar="N",
                        help="with --count: count in parts over N processes (at most one "
                             "per part and, unless --jobs-beyond-cores, one per core); with "
                             "--engine frontier --work-dir: process each layer's shards in N "
                             "processes; for one solution: N seeded searches side by side, "
                             "the first to find one wins (default: one per free core)")
    parser.add_argument("--jobs-beyond-cores", action="store_true",
                        help="allow more processes than the machine has cores")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="with --count: count in parts on the workers of the Dask "
                             "scheduler at ADDRESS (tcp://host:8786), or on N worker "
                             "processes started here for local:N (pip install "
                             "'cpuzzler[cluster]'); with --engine frontier --work-dir: "
                             "process each layer's shards there")
    parser.add_argument("--checkpoint", metavar="FILE",
                        help="with --count: record finished parts in FILE; a run stopped "
                             "(Ctrl-C, --time-limit) and started again with it goes on where "
                             "it stopped")
    parser.add_argument("--svg", metavar="FILE",
                        help="tilings: also draw each solution printed as SVG in FILE "
                             "(FILE-2.svg, ... for the second and later ones)")
    parser.add_argument("--x3d", metavar="FILE",
                        help="polycube tilings: also write each solution printed as an X3D "
                             "3-D scene, named as for --svg")
    parser.add_argument("--memory", type=size, metavar="SIZE",
                        help="memo engine: the cap of its table, like 512M or 2G (default a "
                             "quarter of the machine's memory); past it, the least useful "
                             "entries are dropped and the count stays exact. frontier "
                             "engine: the cap of the layers held at once. auto: both "
                             "counters' cap. In parts (--jobs), each process's cap")
    parser.add_argument("--work-dir", metavar="DIR",
                        help="frontier engine: keep the layers on disk in DIR (counts past "
                             "memory); run again with the same DIR to resume a stopped count")
    parser.add_argument("--shards", type=positive, metavar="N",
                        help="frontier engine with --work-dir: files per layer (default 64)")
    parser.add_argument("--sweep", metavar="ORDER",
                        help="memo and frontier engines: the order in which they cover the "
                             "items: a tiling's columns read the other way (flipped), cut "
                             "across two axes (skewed) or both (skewed-flipped): other "
                             "states, the same count, a check of a long count; or a file of "
                             "item names (those not named follow)")
    parser.add_argument("--choice", choices=("sweep", "fewest"),
                        help="memo engine: branch on the first open item of the sweep across "
                             "the region (default), or on the item with fewest options")
    where.add_arguments(parser)
    parser.add_argument("--sat-solver", default=None, metavar="NAME",
                        help="sat engine: the python-sat solver (default cadical195; a wrong "
                             "name lists those that work here)")
    parser.add_argument("--encoding", default=None, metavar="NAME",
                        help="sat engine: the cardinality encoding (default seqcounter)")


def run(args: argparse.Namespace) -> int:
    """``solve``, its output to ``-o FILE`` if given."""
    if args.format in ("svg", "x3d"):
        _pictures_only(args)
    if args.output is None:
        return _solve_to_stdout(args)
    try:
        out = open(args.output, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as e:
        raise InputFormatError(f"cannot write: {e.strerror or e}", path=args.output) from None
    with out, contextlib.redirect_stdout(out):
        if args.format == "text" and not args.count:  # render and verify read it back
            print(f"| puzzle {args.problem}")
        return _solve_to_stdout(args)


def _solve_to_stdout(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    if args.seed is not None and not args.sample:
        if args.count:
            raise UsageError("--seed is for --sample and for finding solutions, not --count "
                             "(a count is the same whatever the order)")
        if args.engine not in (None, "dlx"):
            raise UsageError("--seed finds solutions with the dlx engine (or draws --sample)")
        if args.seed < 0:
            raise UsageError(f"--seed {args.seed}: a seed is a whole number >= 0")
    if args.distinct and not args.sample:
        raise UsageError("--distinct is for --sample")
    jobs, args.jobs = args.jobs, args.jobs or 1  # None: not given
    _in_parts(args)  # checks the options fit together before anything is read
    _default_engine(args)
    options = engine_options(args)  # and the engine's, once
    if args.seed is not None and not args.sample:
        options["seed"] = args.seed
    if jobs is not None and not args.count and _one_solution(args):  # a portfolio
        options["jobs"] = jobs
    problem = where.apply(load_problem(args.problem, args.clock), args)
    set_sweep(problem, args.sweep, args.engine)
    check_work_dir(problem, args)
    check_pictures(problem, args)
    if where.wanted(args):
        return where.best(cast("Tiling", problem), args, start, options)
    if args.sample:
        return _sample(problem, args, start)
    if args.marginals or args.diagram:
        return _from_diagram(problem, args, start)
    parts = args.count and _in_parts(args)  # those show the parts done instead
    label = "counting" if args.count else "searching"
    with progress.reporting(None if parts else progress_line(args, label)):
        return _search(problem, args, start, options)


def _default_engine(args: argparse.Namespace) -> None:
    """Unless --engine says otherwise, a count runs on the auto engine, which finds out
    (enumeration, a counter, CP-SAT in turns) and says in the end which answered; a named
    puzzle whose catalog entry names an engine (the one that counts it fastest) runs on
    that one; the options of one engine choose it (--work-dir: frontier; --choice:
    memo); counts in parts keep the native engine."""
    from cpuzzler import catalog

    args.engine_given = args.engine is not None
    if not args.count or args.engine is not None or args.marginals or args.diagram:
        return  # (marginals and the diagram are counted by the decision diagram)
    if getattr(args, "work_dir", None) is not None:
        args.engine = "frontier"
        return
    if args.choice is not None:
        args.engine = "memo"
        return
    if _in_parts(args):
        return
    named = not (args.problem == "-" or os.path.exists(args.problem))
    entry = catalog.find(args.problem) if named else None
    args.engine = entry.engine if entry is not None and entry.engine != "dlx" else "auto"
    if entry is not None and entry.engine != "dlx":
        note(args, f"counting with the {entry.engine} engine, this puzzle's fastest "
                   "(--engine to choose another)")


def _pictures_only(args: argparse.Namespace) -> None:
    """``--format svg|x3d``: the pictures are the output, in ``-o FILE`` (then FILE-2,
    ...) or, for one solution, on standard output (``-``)."""
    if args.count:
        raise UsageError(f"--format {args.format}: pictures are drawn of solutions, not "
                         "with --count")
    if getattr(args, args.format) is not None:
        raise UsageError(f"--format {args.format} and --{args.format}: give one of them")
    if args.output is None and (args.all or (args.n or 1) > 1 or (args.sample or 1) > 1):
        raise UsageError(f"--format {args.format}: standard output takes one picture; "
                         "-o FILE writes FILE, FILE-2, ... for more")
    setattr(args, args.format, "-" if args.output is None else args.output)
    args.output = None


def _in_parts(args: argparse.Namespace) -> bool:
    """Whether to count in parts (``--jobs``, ``--checkpoint``, ``--cluster``); checks they
    fit the rest."""
    if (args.jobs or 1) == 1 and args.checkpoint is None and args.cluster is None:
        return False
    if not args.count:
        if args.checkpoint is None and args.cluster is None and _one_solution(args):
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


def _one_solution(args: argparse.Namespace) -> bool:
    """Whether the run asks the native engine for one solution and nothing more."""
    return (not args.all and (args.n or 1) == 1 and not args.sample and not args.marginals
            and not args.diagram and args.engine in (None, "dlx"))


def _count_in_parts(problem: ExactCover | Tiling, args: argparse.Namespace,
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


def _count_tiling(tiling: Tiling, args: argparse.Namespace, start: float,
                  options: dict[str, Any]) -> int:
    method = args.method if args.engine in COUNTING_ENGINES \
        else unique_method(args.method, args.engine)  # a counter's: Tiling.count_both's
    if _in_parts(args):
        asked, raw = _count_in_parts(tiling, args, options)
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
    _note_fixed(args, fixed)
    _note_answered(args, tiling.exact_cover)
    return count_status(asked)


def _note_answered(args: argparse.Namespace, xc: ExactCover) -> None:
    """The auto engine: what ran, what it chose from the measurements and which engine
    answered (the raw count's, where there are several counts)."""
    if args.engine != "auto" or args.format == "jsonl":
        return
    for entry in _trail(xc.stats.rounds):
        note(args, f"auto: {entry}")
    if xc.stats.answered_by and xc.stats.reason in (DONE, LIMIT):
        note(args, f"auto: answered by the {xc.stats.answered_by} engine")


def _trail(rounds: list[dict[str, Any]]) -> list[str]:
    """The auto engine's rounds for people: the engines' runs on a line, each choice on
    its own.

    >>> _trail([{"engine": "dlx", "seconds": 0.5, "outcome": "time-out",
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


def _note_fixed(args: argparse.Namespace, fixed: list[Fixed]) -> None:
    """Say how many solutions each kind of symmetry fixes, where the count found out."""
    if fixed and args.format != "jsonl":
        note(args, f"solutions each symmetry maps onto themselves: {describe(fixed)}")


def _problem_symmetries(xc: ExactCover, args: argparse.Namespace) -> Symmetries | None:
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
    group = xc.symmetries(budget=budget_for(args.clock.left()))
    if group.note:
        note(args, f"note: {group.note}; counted raw")
        return None
    return group


def _search(problem: Problem, args: argparse.Namespace, start: float,
            options: dict[str, Any]) -> int:
    """``solve``'s search once the problem is read: the count or the solutions."""
    from cpuzzler.models import Tiling

    clock = args.clock
    limit = None if args.all else (args.n if args.n is not None else 1)
    if isinstance(problem, Tiling):
        if args.count:
            counted = _count_tiling(problem, args, start, options)
            note(args, f"{time.perf_counter() - start:.3f} s")
            return counted
        found = 0
        for found, solution in enumerate(problem.solve(
                limit, symmetry=args.symmetry, engine=args.engine, time_limit=clock.left(),
                **options), start=1):
            clear_line()
            if args.format == "jsonl":
                print(jsonl.line(jsonl.tiling_solution(solution, args.problem, found)),
                      flush=True)
            elif args.format == "text":
                print(("\n" if found > 1 else "") + f"solution {found}:\n{solution.record()}",
                      end="", flush=True)
            draw(solution, found, args)
        reason = problem.exact_cover.stats.reason
    else:
        xc = exact_cover_of(problem)
        group = _problem_symmetries(xc, args)
        symmetric = group is not None and group.order > 1
        if args.count:
            unique = None
            if _in_parts(args):
                total = _count_in_parts(xc, args, options)[0]
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
                _note_fixed(args, xc.stats.fixed)
            _note_answered(args, xc)
            note(args, f"{time.perf_counter() - start:.3f} s")
            return count_status(total)
        found = 0
        symmetry = "unique" if symmetric else "raw"
        for found, chosen in enumerate(
            xc.solve(limit, engine=args.engine, time_limit=clock.left(), symmetry=symmetry,
                     **options), start=1
        ):
            clear_line()
            if args.format == "jsonl":
                print(jsonl.line(jsonl.options_solution(xc, chosen, args.problem, found)),
                      flush=True)
            else:
                _print(problem, xc, chosen, found)
        reason = xc.stats.reason
    tail = "" if reason in (DONE, LIMIT) else f" (stopped: {reason})"
    note(args, f"{found} solution(s) in {time.perf_counter() - start:.3f} s{tail}")
    return status(found, reason)


def _from_diagram(problem: Problem, args: argparse.Namespace, start: float) -> int:
    """``--count --marginals`` / ``--diagram FILE``: every solution counted through the
    decision diagram of all of them, the options ranked by the solutions holding them."""
    if not args.count:
        raise UsageError("--marginals and --diagram go with --count")
    if args.engine_given or _in_parts(args):
        raise UsageError("--marginals and --diagram count every solution through the "
                         "decision diagram: leave out --engine and parts")
    if args.svg is not None and not args.marginals:
        raise UsageError("--svg with --count goes with --marginals (where each piece lies)")
    xc = exact_cover_of(problem)
    try:
        diagram = xc.diagram(memory=args.memory, time_limit=args.clock.left())
    except TimeUp as e:
        print(f"cpuzzler: {e}", file=sys.stderr)
        return EXIT_UNDECIDED
    if args.diagram:
        try:
            diagram.save(args.diagram)
        except OSError as e:
            raise InputFormatError(f"cannot write: {e.strerror or e}",
                                   path=args.diagram) from None
    total = diagram.count()
    print(f"{n_solutions(total)} in all (every solution, not up to symmetry); the "
          f"decision diagram has {len(diagram):,} nodes")
    if args.marginals:
        through = diagram.marginals()
        _print_marginals(problem, xc, through, args.symmetry)
        if args.svg is not None:
            _draw_coverage(problem, through, total, args.svg)
    note(args, f"{time.perf_counter() - start:.3f} s")
    return count_status(Count(total))


def _print_marginals(problem: Problem, xc: ExactCover, through: list[int],
                     symmetry: str) -> None:
    """The options ranked by the solutions holding them, those in none last. A tiling's
    symmetries map solutions onto solutions, so the placements of one class (orbit) are
    each in as many: one line a class, its size first, unless ``symmetry`` is raw."""
    from cpuzzler.burnside import option_orbits
    from cpuzzler.models import Tiling

    classes = [[o] for o in range(xc.num_options)]
    if isinstance(problem, Tiling) and symmetry != "raw":
        classes = option_orbits(problem.option_symmetries(symmetry), xc.num_options)
    grouped = any(len(c) > 1 for c in classes)
    used = sorted((c for c in classes if through[c[0]]), key=lambda c: (-through[c[0]], c))
    unused = [c for c in classes if not through[c[0]]]
    if grouped:
        which = "symmetries" if symmetry == "unique" else "rotations"
        print("| solutions holding each placement, most first; one line per class of "
              f"placements the puzzle's {which} map onto each other (how many, one)")
    else:
        print("| solutions holding each option, most first")


    def show(c: list[int]) -> None:
        size = f"{len(c):>3}x " if grouped else ""
        print(f"{through[c[0]]:>12}  {size}{' '.join(xc.option(c[0]))}")

    for c in used:
        show(c)
    print(f"| in no solution: {sum(map(len, unused))} of {xc.num_options} options"
          + (f" ({len(unused)} classes)" if grouped else ""))
    for c in unused:
        show(c)


def _draw_coverage(problem: Problem, through: list[int], total: int, path: str) -> None:
    """``--count --marginals --svg FILE``: where each piece lies across the solutions."""
    from cpuzzler.models import Tiling
    from cpuzzler.render.svg import coverage_svg

    assert isinstance(problem, Tiling)  # check_pictures refused the others
    picture = coverage_svg(problem.region, problem.coverage(through, total))
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(picture)
    except OSError as e:
        raise InputFormatError(f"cannot write: {e.strerror or e}", path=path) from None


def _sample(problem: Problem, args: argparse.Namespace, start: float) -> int:
    """Print ``--sample K`` solutions drawn uniformly (by the memo engine)."""
    from cpuzzler.models import Tiling

    if args.engine not in (None, "memo"):
        raise UsageError("--sample draws by the memo engine; leave out --engine")
    xc = exact_cover_of(problem)
    options: dict[str, Any] = {"memory": args.memory} if args.memory is not None else {}
    if args.choice is not None:
        options["choice"] = args.choice
    if args.distinct and args.choice is not None:
        raise UsageError("--distinct draws from the decision diagram: leave out --choice")
    draws = xc.sample(args.sample, seed=args.seed or 0, time_limit=args.clock.left(),
                      distinct=args.distinct, **options)
    for number, solution in enumerate(draws, start=1):
        if args.format == "jsonl":
            record = (jsonl.tiling_solution(problem.solution(solution), args.problem, number)
                      if isinstance(problem, Tiling)
                      else jsonl.options_solution(xc, solution, args.problem, number))
            print(jsonl.line(record), flush=True)
        elif isinstance(problem, Tiling):
            tiling = problem.solution(solution)
            if args.format == "text":
                print(("\n" if number > 1 else "") + f"sample {number}:\n{tiling.record()}",
                      end="", flush=True)
            draw(tiling, number, args)
        else:
            _print(problem, xc, solution, number)
    reason = xc.stats.reason
    tail = "" if reason == DONE else f" (stopped: {reason})"
    note(args, f"{len(draws)} sample(s) in {time.perf_counter() - start:.3f} s{tail}")
    return status(len(draws), reason)


def _print(problem: Problem, xc: ExactCover, solution: tuple[int, ...], number: int) -> None:
    from cpuzzler.models import Sudoku

    if number > 1:
        print()
    if isinstance(problem, Sudoku):
        print(f"solution {number}:\n{problem.filled(xc, solution)}")
    elif hasattr(problem, "describe"):  # a model that says its solutions in its own terms
        print(f"solution {number}:\n{problem.describe(solution)}")
    else:
        print(f"| solution {number}")
        for option in solution:
            print(" ".join(xc.option(option)))
    sys.stdout.flush()
