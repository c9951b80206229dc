"""The ``cpuzzler`` command line.

    cpuzzler solve pentominoes-6x10                # the first solution, as a record
    cpuzzler solve pentominoes-6x10 --count        # 2339 up to symmetry; 9356 in all
    cpuzzler solve examples/queens8.dlx --all      # every solution, streamed as found
    cpuzzler solve examples/queens8.dlx -n 5       # at most 5
    cpuzzler solve bedlam-cube --count --jobs 2 --checkpoint bedlam.json   # resumable
    cpuzzler solve soma -n 3 --svg soma.svg --x3d soma.x3d   # soma.svg, soma-2.svg, ...
    cpuzzler check pentominoes-3x20 --engines dlx,cpsat,sat   # counts side by side
    cpuzzler export soma --format dimacs -o soma.cnf          # also opb, dlx, cpsat-proto
    cpuzzler list                                  # the named puzzles
    cpuzzler gallery soma -o soma-gallery -n 6     # soma-gallery/index.html

A problem is a name from ``cpuzzler list``, a ``.toml`` puzzle file, a ``.dlx`` file
(Knuth's format), a ``.dpf`` file (Frans Faase's format) or a ``.dpfg`` file (his
geometric description).
Exit status: 0 when a solution was found, 1 when none exists, 2 on bad input, 3 when a
time limit stopped the search before it found any, 130 when Ctrl-C did, 70 on an internal
error (a bug: one line asks for a report; ``--debug`` shows the traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cpuzzler import __version__, catalog, progress
from cpuzzler.automorphisms import budget_for
from cpuzzler.encoders.export import FORMATS, export
from cpuzzler.engines import available_engines
from cpuzzler.errors import ExactCoverError, InputFormatError, TimeUp, UsageError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.formats import puzzle_file, solutions
from cpuzzler.models import Sudoku, Tiling, dpf
from cpuzzler.models.tiling import LEX_ENGINES, METHODS, SYMMETRY_MODES, TilingSolution
from cpuzzler.parts import count_in_parts
from cpuzzler.render import jsonl
from cpuzzler.results import (
    DONE,
    INTERRUPTED,
    LIMIT,
    TIMEOUT,
    Clock,
    Count,
    RunDeadline,
    n_solutions,
)

if TYPE_CHECKING:
    from cpuzzler.automorphisms import Symmetries

EXIT_FOUND, EXIT_NONE, EXIT_BAD_INPUT, EXIT_UNDECIDED, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_INTERNAL_ERROR = 70  # EX_SOFTWARE


def _seconds(text: str) -> float:
    """A time limit: a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"needs a positive number of seconds, not {text}")
    return value


def _positive(text: str) -> int:
    """A count of solutions or processes: a whole number, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"needs a positive number, not {text}")
    return value


def _size(text: str) -> int:
    """A memory size in bytes: a number with an optional K, M or G (powers of 1024)."""
    match = re.fullmatch(r"(\d+(?:\.\d*)?)([KMG]?)B?", text.strip().upper())
    if not match or float(match[1]) * 1024 ** " KMG".index(match[2] or " ") < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 512M or 2G")
    return int(float(match[1]) * 1024 ** " KMG".index(match[2] or " "))


def _status(found: int, reason: str) -> int:
    if reason == INTERRUPTED:
        return EXIT_INTERRUPTED
    if found:
        return EXIT_FOUND
    return EXIT_NONE if reason in (DONE, LIMIT) else EXIT_UNDECIDED


def load_problem(spec: str, clock: Clock | None = None) -> ExactCover | Tiling | Sudoku:
    """The puzzle a command-line argument names: a catalog name, a ``.dlx``, ``.dpf`` or
    ``.toml`` (puzzle) file; reading a DLX file stops with ``TimeUp`` at ``clock``'s end."""
    if spec == "-":
        return _from_stdin(clock)
    if os.path.isdir(spec):
        raise InputFormatError("is a folder, not a puzzle file", path=spec)
    if os.path.exists(spec):
        if spec.endswith(".dpf"):
            return dpf.read(spec).exact_cover()
        if spec.endswith(".dpfg"):  # Faase's geometric description
            return dpf.read_geometry(spec).exact_cover()
        if spec.endswith(".toml"):
            return puzzle_file.read(spec)
        from cpuzzler.formats import dlx

        return dlx.read(spec, deadline=None if clock is None else clock.end)
    if spec.endswith((".dlx", ".dpf", ".dpfg", ".toml")) or os.sep in spec:
        raise InputFormatError("no such file", path=spec)
    return catalog.get(spec).build()


def _from_stdin(clock: Clock | None) -> ExactCover | Tiling:
    """The problem on standard input: a puzzle file if it sets a lattice, a DPF puzzle if
    it is nothing but numbers, else a DLX file."""
    data = sys.stdin.buffer.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputFormatError(f"not UTF-8 text (byte {e.start + 1})", path="<stdin>") from None
    if re.search(r"^\s*lattice\s*=", text, re.MULTILINE):
        return puzzle_file.parse(text, path="<stdin>")
    if text.split() and all(token.isascii() and token.isdigit() for token in text.split()):
        return dpf.parse(text, path="<stdin>").exact_cover()
    from cpuzzler.formats import dlx

    return dlx.parse(text, path="<stdin>", deadline=None if clock is None else clock.end)


PROBLEM_HELP = ("a puzzle name (see `cpuzzler list`), a .toml, .dlx, .dpf or .dpfg (Faase's "
                "geometric description) file, or - for standard input")


EXIT_STATUS = """exit status:
  0    solve: a solution was found (a count: at least one); check: at least two engines
       finished with the same count and every one stopped early has no more (its count is
       a lower bound); verify: every saved solution is one; list, info, export, render,
       gallery: done
  1    solve: there is no solution; check: the counts disagree; verify: some saved
       solution is not one
  2    bad input or a usage error (one line names the file, line and problem)
  3    a time limit stopped the run before it settled the question (solve: before any
       solution was found; check: fewer than two engines finished; info: the count is a
       lower bound)
  70   an internal error (a bug: --debug shows the traceback; please report it)
  130  Ctrl-C (a count prints what it had, marked interrupted)"""


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cpuzzler", description="Solve and count polyform and exact-cover puzzles.",
        epilog=EXIT_STATUS, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--debug", action="store_true",
                        help="show the traceback of an internal error")
    parser.add_argument("--version", action="version", version=f"cpuzzler {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    solve = commands.add_parser("solve", help="find one, several or all solutions, or count")
    solve.add_argument("problem", help=PROBLEM_HELP)
    mode = solve.add_mutually_exclusive_group()
    mode.add_argument("--all", action="store_true", help="print every solution as found")
    mode.add_argument("-n", type=_positive, metavar="N", help="print at most N solutions")
    mode.add_argument("--count", action="store_true", help="print the number of solutions")
    mode.add_argument("--sample", type=_positive, metavar="K",
                      help="print K solutions drawn uniformly at random among all of them "
                           "(every solution, not up to symmetry; by the memo engine)")
    solve.add_argument("--format", choices=("text", "jsonl", "svg", "x3d"), default="text",
                       help="text records (default); JSON Lines: one object per solution, "
                            "streamed, or one for a count; svg or x3d (polycubes): a picture "
                            "of each solution, in -o FILE, FILE-2, ... (one solution may go "
                            "to standard output)")
    solve.add_argument("-o", "--output", metavar="FILE",
                       help="write the solutions or the count to FILE, not standard output")
    solve.add_argument("-q", "--quiet", action="store_true",
                       help="no timing or summary lines on standard error")
    solve.add_argument("--seed", type=int, default=None,
                       help="with --sample: the random seed (the same seed, the same draws)")
    solve.add_argument("--engine", choices=available_engines(), default=None,
                       help="the solver (default: dlx, the native engine)")
    solve.add_argument("--symmetry", choices=SYMMETRY_MODES, default="unique",
                       help="count each solution once up to the puzzle's symmetries "
                            "(default; for an exact cover without geometry, the symmetries "
                            "of its matrix, found by nauty), up to rotations only (tilings: "
                            "mirror images count apart), or every one (raw)")
    solve.add_argument("--method", choices=METHODS, default=None,
                       help="how unique solutions are counted: reduce (one piece's "
                            "placements cut by the symmetry; default), dedup (list all, keep "
                            "one per class), lex (lex-leader constraints; default for the "
                            "cpsat and sat engines)")
    solve.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                       help="stop after this many seconds, reading and set-up included; a "
                            "count is then a lower bound")
    solve.add_argument("--jobs", type=_positive, default=1, metavar="N",
                       help="with --count: count in parts over N processes (at most one "
                            "per part and, unless --jobs-beyond-cores, one per core)")
    solve.add_argument("--jobs-beyond-cores", action="store_true",
                       help="allow more processes than the machine has cores")
    solve.add_argument("--cluster", metavar="ADDRESS",
                       help="with --count: count in parts on the workers of the Dask "
                            "scheduler at ADDRESS (tcp://host:8786), or on N worker "
                            "processes started here for local:N (pip install "
                            "'cpuzzler[cluster]')")
    solve.add_argument("--checkpoint", metavar="FILE",
                       help="with --count: record finished parts in FILE; a run stopped "
                            "(Ctrl-C, --time-limit) and started again with it goes on where "
                            "it stopped")
    solve.add_argument("--svg", metavar="FILE",
                       help="tilings: also draw each solution printed as SVG in FILE "
                            "(FILE-2.svg, ... for the second and later ones)")
    solve.add_argument("--x3d", metavar="FILE",
                       help="polycube tilings: also write each solution printed as an X3D "
                            "3-D scene, named as for --svg")
    solve.add_argument("--memory", type=_size, metavar="SIZE",
                       help="memo engine: the cap of its table, like 512M or 2G (default a "
                            "quarter of the machine's memory); past it, the least useful "
                            "entries are dropped and the count stays exact")
    solve.add_argument("--choice", choices=("sweep", "fewest"),
                       help="memo engine: branch on the first open item of the sweep across "
                            "the region (default), or on the item with fewest options")
    for command in (solve,):
        command.add_argument("--sat-solver", default=None, metavar="NAME",
                             help="sat engine: the python-sat solver (default cadical195; "
                                  "a wrong name lists those that work here)")
        command.add_argument("--encoding", default=None, metavar="NAME",
                             help="sat engine: the cardinality encoding (default seqcounter)")
    check = commands.add_parser(
        "check", help="count with several engines side by side; exit 1 if they differ")
    check.add_argument("problem", help=PROBLEM_HELP)
    check.add_argument("--engines", default="dlx,cpsat,sat",
                       help="comma-separated engines (default dlx,cpsat,sat)")
    check.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                       help="per engine; a count cut short is shown, not compared")
    check.add_argument("--symmetry", choices=SYMMETRY_MODES, default="raw",
                       help="tilings: compare counts up to symmetry or rotations (default: "
                            "raw, every solution)")
    verify = commands.add_parser("verify", help="check saved solutions against the problem; "
                                                "exit 1 if any is not a solution")
    verify.add_argument("problem", nargs="?",
                        help=PROBLEM_HELP + " (default: the puzzle the file names)")
    verify.add_argument("solutions", help="solutions saved by `cpuzzler solve` (records, "
                                          "option lists or --format jsonl)")
    render = commands.add_parser("render", help="draw again a tiling's solution saved by "
                                                "`cpuzzler solve`")
    render.add_argument("solutions", help="the saved solutions (records or --format jsonl)")
    render.add_argument("--puzzle", metavar="PROBLEM",
                        help="the puzzle they solve (JSON Lines name it themselves)")
    render.add_argument("--number", type=_positive, default=1, metavar="N",
                        help="which saved solution (default 1)")
    render.add_argument("--svg", metavar="FILE", help="draw it as SVG in FILE")
    render.add_argument("--x3d", metavar="FILE", help="polycubes: an X3D scene in FILE")
    render.add_argument("--text", action="store_true",
                        help="print its record (the default without --svg or --x3d)")
    export = commands.add_parser("export", help="write the exact-cover problem for another "
                                                "program")
    export.add_argument("problem", help=PROBLEM_HELP)
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("-o", "--output", required=True, metavar="FILE", help="'-': stdout")
    export.add_argument("--encoding", default="seqcounter", help="dimacs: cardinality encoding")
    listing = commands.add_parser("list", help="the named puzzles and their published counts")
    listing.add_argument("--family", metavar="F",
                         help="only this family (polyominoes, polycubes, ..., models)")
    listing.add_argument("--unsolved", action="store_true",
                         help="only the puzzles with no published count")
    info = commands.add_parser("info", help="what a named puzzle is: pieces, cells, options, "
                                            "symmetry, published count, and a count here")
    info.add_argument("problem", help=PROBLEM_HELP)
    info.add_argument("--time-limit", type=_seconds, default=60.0, metavar="SECONDS",
                      help="for the count here (default 60)")
    info.add_argument("--no-count", action="store_true", help="show it without counting")
    gallery = commands.add_parser("gallery", help="an HTML page of a tiling: its region, "
                                                  "pieces, counts and first solutions")
    gallery.add_argument("problem", help=PROBLEM_HELP)
    gallery.add_argument("-o", "--output", required=True, metavar="DIR",
                         help="the folder to write index.html in (made if missing)")
    gallery.add_argument("-n", type=_positive, default=12, metavar="N",
                         help="how many solutions to draw (default 12)")
    gallery.add_argument("--symmetry", choices=SYMMETRY_MODES, default="unique",
                         help="draw solutions up to symmetry (default) or every one")
    gallery.add_argument("--time-limit", type=_seconds, default=10.0, metavar="SECONDS",
                         help="for the count shown (default 10); the solutions are found "
                              "apart from it")
    gallery.add_argument("--no-count", action="store_true", help="leave the count out")
    for command in commands.choices.values():  # each command's --help tells them too
        command.epilog, command.formatter_class = EXIT_STATUS, argparse.RawDescriptionHelpFormatter
    return parser


def _exact_cover_of(problem: object) -> ExactCover:
    """The exact cover of a problem: itself, or its model's (a property or a method)."""
    if isinstance(problem, ExactCover):
        return problem
    xc = problem.exact_cover
    return xc() if callable(xc) else xc


def _export(args: argparse.Namespace) -> int:
    text = export(_exact_cover_of(load_problem(args.problem)), args.format,
                  encoding=args.encoding)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise InputFormatError(f"cannot write: {e.strerror or e}", path=args.output) from None
    return EXIT_FOUND


def _engine_options(args: argparse.Namespace) -> dict[str, object]:
    options: dict[str, object] = {}
    if getattr(args, "memory", None) is not None and not getattr(args, "sample", None):
        if args.engine != "memo":
            raise UsageError("--memory needs --engine memo")
        options["memory"] = args.memory
    if getattr(args, "choice", None) is not None and not getattr(args, "sample", None):
        if args.engine != "memo":
            raise UsageError("--choice needs --engine memo")
        options["choice"] = args.choice
    if getattr(args, "sat_solver", None) or getattr(args, "encoding", None):
        if args.engine != "sat":
            raise UsageError("--sat-solver and --encoding need --engine sat")
        from cpuzzler.encoders.cnf import ENCODINGS
        from cpuzzler.engines.sat import check_solver

        if args.sat_solver:
            many = any(getattr(args, key, None) for key in ("count", "all", "sample"))
            one = not many and (getattr(args, "n", None) or 1) == 1
            try:
                check_solver(args.sat_solver, "one" if one else "all")
            except ExactCoverError as e:
                raise UsageError(f"--sat-solver: {e}") from None
            options["solver"] = args.sat_solver
        if args.encoding:
            if args.encoding not in ENCODINGS:
                raise UsageError(f"--encoding: unknown encoding {args.encoding!r}; known: "
                                 f"{', '.join(ENCODINGS)}")
            options["encoding"] = args.encoding
    return options


def _check(args: argparse.Namespace) -> int:
    """Count with each engine; exit 0 when at least two complete counts agree and no
    partial count passes them, 1 when counts disagree, 3 when fewer than two finished."""
    problem = load_problem(args.problem)
    if args.symmetry != "raw" and not isinstance(problem, Tiling):
        raise UsageError(f"--symmetry {args.symmetry}: counts up to symmetry are for "
                         "tilings; this problem is counted raw")
    xc = _exact_cover_of(problem)
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = [e for e in engines if e not in available_engines()]
    if unknown or not engines:
        raise UsageError(f"--engines: unknown engines {unknown}; known: "
                         f"{', '.join(available_engines())}")
    complete: dict[str, int] = {}
    partial: dict[str, int] = {}
    print(f"{'engine':8} {'count':>12} {'seconds':>9}  status")
    for engine in engines:
        start = time.perf_counter()
        with progress.reporting(_progress_line(args, engine)):
            if args.symmetry == "raw":
                total = xc.count(engine=engine, time_limit=args.time_limit)
            else:
                total = problem.count_both(symmetry=args.symmetry, engine=engine,
                                           method=_method(None, engine),
                                           time_limit=args.time_limit)[0]
        seconds = time.perf_counter() - start
        print(f"{engine:8} {int(total):>12} {seconds:9.3f}  {total.reason}", flush=True)
        if total.reason == INTERRUPTED:
            print("interrupted: the engines after it were not run", file=sys.stderr)
            return EXIT_INTERRUPTED
        if total.complete:
            complete[engine] = int(total)
        else:
            partial[engine] = int(total)
    exact = set(complete.values())
    if len(exact) > 1 or (exact and max(partial.values(), default=0) > min(exact)):
        print("DISAGREEMENT: " + ", ".join(f"{e} {n}" for e, n in complete.items())
              + "".join(f", {e} at least {n}" for e, n in partial.items()))
        return 1
    if partial:
        stopped = ", ".join(f"{e} at least {n}" for e, n in partial.items())
        if len(complete) < 2:
            print(f"not settled: {len(complete)} of {len(engines)} engines finished "
                  f"({stopped})")
            return EXIT_UNDECIDED
        print(f"{len(complete)} engines agree: {next(iter(exact))}; stopped early, "
              f"no more than that: {stopped}")
        return EXIT_FOUND
    print(f"all {len(engines)} engines agree: {next(iter(exact))}")
    return EXIT_FOUND


def _counts(entry: catalog.Entry) -> str:
    shown = [f"{label} {n:,}" for label, n in (("unique", entry.unique), ("raw", entry.raw))
             if n is not None]
    if shown:
        return ", ".join(shown)
    if entry.found:
        return f"unpublished; counted here: unique {entry.found[0]:,}, raw {entry.found[1]:,}"
    return "count unknown"


def _list(args: argparse.Namespace) -> int:
    families = catalog.families()
    if args.family is not None and args.family not in families:
        raise UsageError(f"--family: no family {args.family!r} in the catalog; it has "
                         f"{', '.join(families)}")
    chosen = [e for e in catalog.ENTRIES if (args.family in (None, e.family))
              and not (args.unsolved and e.raw is not None)]
    width = max((len(e.name) for e in chosen), default=0)
    for family in families:
        group = [e for e in chosen if e.family == family]
        if not group:
            continue
        print(f"{family}:")
        for e in group:
            print(f"  {e.name:{width}}  {e.description} ({_counts(e)})")
    return EXIT_FOUND


def _info(args: argparse.Namespace) -> int:
    """What a puzzle is, then (within the time limit, which counts from there) its count
    here."""
    with RunDeadline.until(None):  # the description is shown whole, however long it takes
        args.clock = Clock(None)
        shown = _describe(args)
    args.clock = Clock(args.time_limit)
    with RunDeadline.until(args.clock.end):
        return _count_for_info(args, *shown)


def _describe(args: argparse.Namespace) -> tuple[object, ExactCover, Symmetries | None, int]:
    """``info``'s lines on what the puzzle is: (the puzzle, its matrix, its group found
    from the matrix where it is not a tiling, the labels' width)."""
    entry = catalog.find(args.problem)
    problem = entry.build() if entry else load_problem(args.problem, args.clock)
    lines = [("puzzle", entry.name if entry else args.problem)]
    if entry:
        lines += [("family", entry.family), ("what", entry.description),
                  ("published", f"{_counts(entry)} ({entry.source})")]
        if entry.found:
            lines.append(("how", entry.found[2]))
        if entry.note:
            lines.append(("note", entry.note))
    if isinstance(problem, Tiling):
        names = [p.name + (f" x{p.copies}" if p.copies > 1 else "") for p in problem.pieces]
        lines += [("lattice", problem.region.lattice.name),
                  ("cells", f"{len(problem.region)}"
                   + (f" in {len(problem.parts)} parts" if problem.parts else "")),
                  ("pieces", f"{sum(p.copies for p in problem.pieces)}: {' '.join(names)}"),
                  ("symmetry", f"a group of order {len(problem.symmetries)} "
                               f"({problem.symmetries.describe()})")]
    xc = _exact_cover_of(problem)
    secondary = sum(map(xc.is_secondary, xc.items))
    lines.append(("matrix", f"{len(xc.items) - secondary} primary and {secondary} secondary "
                            f"items, {xc.num_options} options"))
    group = None
    if not isinstance(problem, Tiling):
        group = xc.symmetries(budget=budget_for(args.clock.left()))
        found = "none but the identity" if group.order == 1 else group.describe()
        lines.append(("symmetry", group.note or f"{found}, found from the matrix"))
    width = max(len(label) for label, _ in lines)
    for label, text in lines:
        print(f"{label + ':':{width + 1}} {text}")
    return problem, xc, group, width


def _count_for_info(args: argparse.Namespace, problem: object, xc: ExactCover,
                    group: Symmetries | None, width: int) -> int:
    if args.no_count:
        return EXIT_FOUND
    start = time.perf_counter()
    with progress.reporting(_progress_line(args, "counting")):
        if isinstance(problem, Tiling):
            unique, raw = problem.count_both(time_limit=args.clock.left())
            counted = f"{unique:,} unique, {raw:,} raw"
            complete = unique.complete and raw.complete
        elif group is not None and group.order > 1:
            unique, raw = xc.count_both(time_limit=args.clock.left())
            counted = f"{unique:,} unique, {raw:,} raw"
            complete = unique.complete and raw.complete
        else:
            raw = xc.count(time_limit=args.clock.left())
            counted, complete = f"{raw:,} raw", raw.complete
    seconds = time.perf_counter() - start
    print(f"{'here:':{width + 1}} " + ("" if complete else "at least ")
          + f"{counted} in {seconds:.2f} s (engine dlx)"
          + ("" if complete else f", {raw.reason}"))
    return EXIT_FOUND if complete else EXIT_UNDECIDED


def _piece_named(label: str, names: set[str]) -> str:
    """The piece a saved label names: itself, or without its copy number (``Y7``,
    ``I2-3``; see ``TilingSolution.labels``)."""
    if label in names:
        return label
    bare = re.sub(r"-?\d+$", "", label)
    return bare if bare in names else label


def _gallery(args: argparse.Namespace) -> int:
    """Write ``DIR/index.html``: the puzzle, its counts and its first solutions drawn."""
    from cpuzzler.render.gallery import page

    entry = catalog.find(args.problem)
    problem = entry.build() if entry else load_problem(args.problem)
    if not isinstance(problem, Tiling):
        raise UsageError("gallery draws tilings; this problem is a plain exact cover")
    facts = [("lattice", problem.region.lattice.name),
             ("pieces", str(sum(p.copies for p in problem.pieces))),
             ("symmetry", f"a group of order {len(problem.symmetries)}")]
    if entry:
        facts.append(("published", f"{_counts(entry)} ({entry.source})"))
        facts += [("note", entry.note)] if entry.note else []
    if not args.no_count:
        start = time.perf_counter()
        unique, raw = problem.count_both(time_limit=args.time_limit)
        bound = "" if unique.complete and raw.complete else "at least "
        facts.append(("counted here", f"{bound}{unique:,} up to symmetry, {bound}{raw:,} in "
                                      f"all ({time.perf_counter() - start:.2f} s)"))
    solutions = list(problem.solve(args.n, symmetry=args.symmetry))
    try:
        os.makedirs(args.output, exist_ok=True)
        target = os.path.join(args.output, "index.html")
        with open(target, "w", encoding="utf-8") as f:
            f.write(page(problem, args.problem, solutions,
                         description=entry.description if entry else "", facts=facts))
    except OSError as e:
        raise InputFormatError(f"cannot write: {e.strerror or e}", path=args.output) from None
    print(target)
    return EXIT_FOUND


def _saved_options(problem: object, xc: ExactCover, entry: solutions.Saved
                   ) -> tuple[list[int], str | None]:
    """The options a saved solution chose, or why one of its placements (or options) is
    none of the problem's."""
    if entry.placements is not None:
        index = ({(p.piece, p.cells): k for k, p in enumerate(problem.placements)}
                 if isinstance(problem, Tiling) else {})
        names = {piece for piece, _ in index}
        keys = [(_piece_named(label, names), tuple(sorted(cells)))
                for label, cells in entry.placements]
        missing = [(piece, cells) for piece, cells in keys if (piece, cells) not in index]
        if missing:
            piece, cells = missing[0]
            where = " ".join(",".join(map(str, c)) for c in cells)
            return [], f"{piece} on {where} is no placement of this puzzle"
        return [index[key] for key in keys], None
    index = {frozenset(xc.option(o)): o for o in range(xc.num_options)}
    missing = [items for items in entry.options or [] if frozenset(items) not in index]
    if missing:
        return [], f"{' '.join(missing[0])} is no option of this problem"
    return [index[frozenset(items)] for items in entry.options or []], None


def _verify(args: argparse.Namespace) -> int:
    """Each saved solution: ok, or why it is not a solution of the problem."""
    saved = solutions.read(args.solutions)
    named = next((s.puzzle for s in saved if s.puzzle), None)
    if args.problem is None and named is None:
        raise UsageError(f"{args.solutions} does not name its puzzle: give it before the file")
    problem = load_problem(args.problem or named, args.clock)
    xc = _exact_cover_of(problem)
    checked = [(entry, *_saved_options(problem, xc, entry)) for entry in saved]
    if saved and all(foreign for _, _, foreign in checked):  # not of this puzzle at all
        of = f"they are of {named}" if named and named != args.problem else \
             "they use placements or options it does not have"
        print(f"none of the {len(saved)} saved solutions is of {args.problem or named}: "
              f"{of}")
        return EXIT_NONE
    wrong = 0
    for entry, chosen, reason in checked:
        reason = reason or xc.violation(chosen)
        wrong += reason is not None
        print(f"solution {entry.number} (line {entry.line}): "
              + ("ok" if reason is None else f"NOT a solution: {reason}"))
    print(f"{len(saved) - wrong} of {len(saved)} saved solutions are solutions",
          file=sys.stderr)
    return EXIT_FOUND if saved and not wrong else EXIT_NONE


def _render(args: argparse.Namespace) -> int:
    """Draw one saved solution of a tiling again: its record, SVG or X3D."""
    saved = solutions.read(args.solutions)
    chosen = next((s for s in saved if s.number == args.number), None)
    if chosen is None:
        numbers = ", ".join(str(s.number) for s in saved[:10]) or "none"
        raise UsageError(f"--number {args.number}: {args.solutions} has no solution "
                         f"{args.number} (it has {numbers})")
    name = args.puzzle or chosen.puzzle
    if name is None:
        raise UsageError("--puzzle: name the puzzle these solutions are of")
    problem = load_problem(name, args.clock)
    if not isinstance(problem, Tiling) or chosen.placements is None:
        raise UsageError("render draws solutions of tilings")
    options, wrong = _saved_options(problem, problem.exact_cover, chosen)
    if wrong:
        raise InputFormatError(f"solution {chosen.number}: {wrong}", path=args.solutions,
                               line=chosen.line)
    solution = problem.solution(options)
    args.count = False
    _check_pictures(problem, args)
    _draw(solution, 1, args)
    if args.text or (args.svg is None and args.x3d is None):
        print(solution.record(), end="")
    return EXIT_FOUND


def _in_parts(args: argparse.Namespace) -> bool:
    """Whether to count in parts (``--jobs``, ``--checkpoint``, ``--cluster``); checks they
    fit the rest."""
    if args.jobs == 1 and args.checkpoint is None and args.cluster is None:
        return False
    if not args.count:
        raise UsageError("--jobs, --checkpoint and --cluster go with --count")
    if args.cluster is not None and args.jobs != 1:
        raise UsageError("--jobs is for processes on this machine; with --cluster the "
                         "workers are the cluster's (local:N for N of them here)")
    if args.method not in (None, "reduce") or _engine_options(args):
        raise UsageError("counting in parts uses the reduce method and plain engines "
                         "(no --method, --sat-solver or --encoding)")
    return True


def _progress_line(args: argparse.Namespace, label: str) -> progress.Progress | None:
    """A live progress line on standard error for a search that runs longer than a
    second: only when standard error is a terminal and ``--quiet`` is not given."""
    if getattr(args, "quiet", False) or not sys.stderr.isatty():
        return None
    return progress.Progress(label)


def _clear_line() -> None:
    """Take the progress line off the terminal before a solution is printed."""
    if (line := progress.current()) is not None:
        line.clear()


def _count_in_parts(problem: object, args: argparse.Namespace) -> tuple[Count, Count]:
    from cpuzzler.parts import cores

    if args.jobs > cores() and not args.jobs_beyond_cores and args.cluster is None:
        print(f"cpuzzler: note: {cores()} processes, one per core, not {args.jobs} "
              "(--jobs-beyond-cores to have more)", file=sys.stderr)
    line = _progress_line(args, "counting in parts")

    def report(done: int, total: int) -> None:
        line.update(done / total, note=f"{done} of {total} parts")

    try:
        counts = count_in_parts(problem, symmetry=args.symmetry, engine=args.engine,
                                jobs=args.jobs, checkpoint=args.checkpoint,
                                time_limit=args.clock.left(),
                                progress=None if line is None else report,
                                jobs_beyond_cores=args.jobs_beyond_cores,
                                backend="processes" if args.cluster is None else "dask",
                                address=args.cluster)
    finally:
        if line is not None:
            line.close()
    if not counts[0].complete and args.checkpoint:
        print(f"stopped ({counts[0].reason}); run again with --checkpoint {args.checkpoint} "
              "to go on", file=sys.stderr)
    return counts


def _method(asked: str | None, engine: str | None) -> str:
    """How unique solutions are counted: as asked, else lex-leader constraints for the
    CP-SAT and SAT engines and the symmetry reduction for the others."""
    return asked or ("lex" if engine in LEX_ENGINES else "reduce")


def _count_tiling(tiling: Tiling, args: argparse.Namespace, start: float) -> int:
    method = _method(args.method, args.engine)
    if _in_parts(args):
        asked, raw = _count_in_parts(tiling, args)
    else:
        asked, raw = tiling.count_both(symmetry=args.symmetry, engine=args.engine,
                                       time_limit=args.clock.left(), method=method,
                                       **_engine_options(args))
    _clear_line()
    if args.format == "jsonl":
        unique = None if args.symmetry == "raw" else asked
        print(jsonl.line(jsonl.count(args.problem, raw, unique, time.perf_counter() - start,
                                     args.engine or "dlx")))
    elif args.symmetry == "raw":
        print(asked.describe())
    else:
        words = tiling.group(args.symmetry).describe()
        if asked.complete:
            print(f"{n_solutions(asked)} up to {words}; {raw} in all")
        else:
            print(f"at least {n_solutions(asked)} up to {words}, at least {raw} in all "
                  f"({asked.reason})")
    return _status(asked, asked.reason)


def _print(problem: object, xc: ExactCover, solution: tuple[int, ...], number: int) -> None:
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


def _numbered(path: str, number: int) -> str:
    """``path`` for the first solution, ``stem-N.ext`` for solution N."""
    if number == 1:
        return path
    stem, ext = os.path.splitext(path)
    return f"{stem}-{number}{ext}"


def _draw(solution: TilingSolution, number: int, args: argparse.Namespace) -> None:
    """Write the pictures ``--svg`` and ``--x3d`` ask for."""
    from cpuzzler.render.svg import svg
    from cpuzzler.render.x3d import x3d

    for path, draw in ((args.svg, svg), (args.x3d, x3d)):
        if path is None:
            continue
        if path == "-":  # --format svg|x3d without -o: the one picture is the output
            sys.stdout.write(draw(solution))
            continue
        target = _numbered(path, number)
        try:
            with open(target, "w", encoding="utf-8") as f:
                f.write(draw(solution))
        except OSError as e:
            raise InputFormatError(f"cannot write: {e.strerror or e}", path=target) from None


def _check_pictures(problem: object, args: argparse.Namespace) -> None:
    if args.svg is None and args.x3d is None:
        return
    option = "--svg" if args.svg is not None else "--x3d"
    if getattr(args, "format", None) in ("svg", "x3d"):
        option = f"--format {args.format}"
    if not isinstance(problem, Tiling):
        raise UsageError(f"{option}: pictures are drawn for tilings only")
    if args.count:
        raise UsageError(f"{option}: pictures are drawn of solutions, not with --count")
    for path in (args.svg, args.x3d):
        if path in (None, "-"):
            continue
        folder = os.path.dirname(path) or "."
        if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            why = "is a folder" if os.path.isdir(path) else f"cannot write in {folder}"
            raise InputFormatError(why, path=path)
    if args.x3d is not None and problem.region.lattice.name != "cubic":
        raise UsageError(f"--x3d: X3D scenes are for polycubes, not the "
                         f"{problem.region.lattice.name} lattice")


def _sample(problem: object, args: argparse.Namespace, start: float) -> int:
    """Print ``--sample K`` solutions drawn uniformly (by the memo engine)."""
    if args.engine not in (None, "memo"):
        raise UsageError("--sample draws by the memo engine; leave out --engine")
    xc = _exact_cover_of(problem)
    options: dict[str, object] = {"memory": args.memory} if args.memory is not None else {}
    if args.choice is not None:
        options["choice"] = args.choice
    draws = xc.sample(args.sample, seed=args.seed or 0, time_limit=args.clock.left(),
                      **options)
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
            _draw(tiling, number, args)
        else:
            _print(problem, xc, solution, number)
    reason = xc.stats.reason
    tail = "" if reason == DONE else f" (stopped: {reason})"
    _note(args, f"{len(draws)} sample(s) in {time.perf_counter() - start:.3f} s{tail}")
    return _status(len(draws), reason)


def _note(args: argparse.Namespace, text: str) -> None:
    """A line for the person at the terminal (standard error), unless --quiet."""
    if not getattr(args, "quiet", False):
        _clear_line()
        print(text, file=sys.stderr)


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


def _solve(args: argparse.Namespace) -> int:
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
        raise UsageError("--seed is for --sample: the draws it makes reproducible")
    _in_parts(args)  # checks the options fit together before anything is read
    _engine_options(args)
    problem = load_problem(args.problem, args.clock)
    _check_pictures(problem, args)
    if args.sample:
        return _sample(problem, args, start)
    parts = args.count and _in_parts(args)  # those show the parts done instead
    label = "counting" if args.count else "searching"
    with progress.reporting(None if parts else _progress_line(args, label)):
        return _search(problem, args, start)


def _problem_symmetries(xc: ExactCover, args: argparse.Namespace) -> Symmetries | None:
    """The group a count or listing of an exact cover is taken up to: its symmetries
    (found by nauty, within a share of the time limit) unless --symmetry raw; ``None``
    where none is looked for (counts in parts) or none was found, with a note saying why."""
    if args.symmetry == "rotations":
        raise UsageError("--symmetry rotations: rotations are for tilings; an exact cover "
                         "is counted up to all its symmetries (unique) or raw")
    if args.symmetry == "raw":
        return None
    if args.count and (args.jobs > 1 or args.checkpoint or args.cluster):
        _note(args, "note: counts in parts are raw: the parts do not take the problem's "
                    "symmetry yet")
        return None
    group = xc.symmetries(budget=budget_for(args.clock.left()))
    if group.note:
        _note(args, f"note: {group.note}; counted raw")
    return group if group.order > 1 else None


def _search(problem: object, args: argparse.Namespace, start: float) -> int:
    """``solve``'s search once the problem is read: the count or the solutions."""
    clock = args.clock
    limit = None if args.all else (args.n if args.n is not None else 1)
    options = _engine_options(args)
    if isinstance(problem, Tiling):
        if args.count:
            status = _count_tiling(problem, args, start)
            _note(args, f"{time.perf_counter() - start:.3f} s")
            return status
        found = 0
        for found, solution in enumerate(problem.solve(
                limit, symmetry=args.symmetry, engine=args.engine, time_limit=clock.left(),
                **options), start=1):
            _clear_line()
            if args.format == "jsonl":
                print(jsonl.line(jsonl.tiling_solution(solution, args.problem, found)),
                      flush=True)
            elif args.format == "text":
                print(("\n" if found > 1 else "") + f"solution {found}:\n{solution.record()}",
                      end="", flush=True)
            _draw(solution, found, args)
        reason = problem.exact_cover.stats.reason
    else:
        xc = _exact_cover_of(problem)
        group = _problem_symmetries(xc, args)
        if args.count:
            unique = None
            if _in_parts(args):
                total = _count_in_parts(xc, args)[0]
            elif group is not None:
                unique, total = xc.count_both(engine=args.engine, time_limit=clock.left(),
                                              **options)
            else:
                total = xc.count(engine=args.engine, time_limit=clock.left(), **options)
            _clear_line()
            if args.format == "jsonl":
                print(jsonl.line(jsonl.count(args.problem, total, unique,
                                             time.perf_counter() - start, xc.stats.engine)))
            elif unique is None or group is None:
                print(total.describe())
            elif total.complete:
                print(f"{n_solutions(unique)} up to {group.describe()} of the problem; "
                      f"{total} in all")
            else:
                print(f"at least {n_solutions(unique)} up to {group.describe()} of the "
                      f"problem, at least {total} in all ({total.reason})")
            _note(args, f"{time.perf_counter() - start:.3f} s")
            return _status(total, total.reason)
        found = 0
        symmetry = "raw" if group is None else "unique"
        for found, solution in enumerate(
            xc.solve(limit, engine=args.engine, time_limit=clock.left(), symmetry=symmetry,
                     **options), start=1
        ):
            _clear_line()
            if args.format == "jsonl":
                print(jsonl.line(jsonl.options_solution(xc, solution, args.problem, found)),
                      flush=True)
            else:
                _print(problem, xc, solution, found)
        reason = xc.stats.reason
    tail = "" if reason in (DONE, LIMIT) else f" (stopped: {reason})"
    _note(args, f"{found} solution(s) in {time.perf_counter() - start:.3f} s{tail}")
    return _status(found, reason)


COMMANDS = {"solve": _solve, "check": _check, "list": _list, "info": _info,
            "export": _export, "verify": _verify, "render": _render, "gallery": _gallery}


def _print_no_count(args: argparse.Namespace, reason: str) -> None:
    """The count of a run stopped before its search began: at least 0, in the format
    asked for."""
    if getattr(args, "format", None) != "jsonl":
        print(f"at least 0 solutions ({reason})")
        return
    none = Count(0, reason)
    unique = None if getattr(args, "symmetry", "raw") == "raw" else none
    seconds = 0.0 if args.clock.end is None else args.time_limit
    print(jsonl.line(jsonl.count(args.problem, none, unique, seconds, args.engine or "dlx")))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        args = _build_parser().parse_args(argv)
    except SystemExit as e:  # --help, or a bad option (argparse printed why)
        return e.code if isinstance(e.code, int) else EXIT_BAD_INPUT
    args.clock = Clock(getattr(args, "time_limit", None))
    try:
        with RunDeadline.until(args.clock.end):  # building a model stops in time too
            return COMMANDS[args.command](args)
    except ExactCoverError as e:
        print(f"cpuzzler: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except TimeUp:
        if getattr(args, "count", False):
            _print_no_count(args, TIMEOUT)
        print("cpuzzler: the time limit ran out before the search began", file=sys.stderr)
        return EXIT_UNDECIDED
    except KeyboardInterrupt:
        if getattr(args, "count", False):  # stopped before the search began
            _print_no_count(args, INTERRUPTED)
        print("cpuzzler: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_FOUND
    except MemoryError:
        print("cpuzzler: error: out of memory: the problem is too large for this machine",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as e:  # a bug: one line asking for a report, unless --debug
        if args.debug:
            raise
        print(f"cpuzzler: internal error ({type(e).__name__}: {e}); please report it with "
              "the command that caused it (--debug shows the traceback)", file=sys.stderr)
        return EXIT_INTERNAL_ERROR


if __name__ == "__main__":
    sys.exit(main())
