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
import time

from cpuzzler import progress
from cpuzzler.cli import where
from cpuzzler.cli.common import (
    PROBLEM_HELP,
    check_pictures,
    check_work_dir,
    engine_options,
    load_problem,
    note,
    positive,
    progress_line,
    seconds,
    set_sweep,
    size,
)
from cpuzzler.cli.solve_count import in_parts, one_solution
from cpuzzler.cli.solve_diagram import from_diagram
from cpuzzler.cli.solve_list import sample, search
from cpuzzler.engines import available_engines
from cpuzzler.errors import InputFormatError, UsageError
from cpuzzler.results import METHODS, SYMMETRY_MODES

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
                             "solutions to FILE (cpuzzler.engines.diagram's text format)")
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
                             "3-D scene, named as for --svg; with --disassemble, the scene "
                             "plays the moves that take it apart")
    parser.add_argument("--stl", metavar="STEM",
                        help="polycube tilings: write each piece of each solution printed "
                             "as a solid to print in 3-D, STEM-PIECE.stl (STEM-2-PIECE.stl "
                             "for the second solution, ...); needs cpuzzler[stl]")
    parser.add_argument("--unit", type=float, default=10.0, metavar="MM",
                        help="with --stl: the edge of a cube (default 10)")
    parser.add_argument("--gap", type=float, default=0.2, metavar="MM",
                        help="with --stl: the room left between pieces (default 0.2)")
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
    parser.add_argument("--choice", choices=("sweep", "fewest", "pieces", "cells"),
                        help="memo engine: branch on the first open item of the sweep across "
                             "the region (default), or on the item with fewest options; "
                             "finding solutions (dlx): on the item with fewest options "
                             "(default), among the pieces first, or among the cells first")
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
    in_parts(args)  # checks the options fit together before anything is read
    _default_engine(args)
    options = engine_options(args)  # and the engine's, once
    if args.seed is not None and not args.sample:
        options["seed"] = args.seed
    if jobs is not None and not args.count and one_solution(args):  # a portfolio
        options["jobs"] = jobs
    problem = where.apply(load_problem(args.problem, args.clock,
                                       fill="pack" if args.pack else None), args)
    set_sweep(problem, args.sweep, args.engine)
    check_work_dir(problem, args)
    check_pictures(problem, args)
    if where.wanted(args):
        return where.best(problem, args, start, options)
    if args.sample:
        return sample(problem, args, start)
    if args.marginals or args.diagram:
        return from_diagram(problem, args, start)
    parts = args.count and in_parts(args)  # those show the parts done instead
    label = "counting" if args.count else "searching"
    with progress.reporting(None if parts else progress_line(args, label)):
        return search(problem, args, start, options)


def _default_engine(args: argparse.Namespace) -> None:
    """Unless --engine says otherwise, a count runs on the auto engine, which finds out
    (enumeration, a counter, CP-SAT in turns) and says in the end which answered; a named
    puzzle whose catalog entry names an engine (the one that counts it fastest) runs on
    that one; the options of one engine choose it (--work-dir: frontier; --choice:
    memo); counts in parts keep the native engine."""
    args.engine_given = args.engine is not None
    if not args.count or args.engine is not None or args.marginals or args.diagram:
        return  # (marginals and the diagram are counted by the decision diagram)
    if getattr(args, "work_dir", None) is not None:
        args.engine = "frontier"
        return
    if args.choice is not None:
        args.engine = "memo"
        return
    if in_parts(args):
        return
    named = not (args.problem == "-" or os.path.exists(args.problem)
                 or ".xmpuzzle" in args.problem)
    entry = None
    if named:
        from cpuzzler import catalog

        entry = catalog.find(args.problem)
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
