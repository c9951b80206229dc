"""What the commands share: exit statuses, argument types, reading a problem, the engine
options, and the output helpers (notes, the progress line, pictures of solutions).

The command modules are all imported to build the parser, so they import the models,
the catalog and the engines where they are used, not at the top: ``cpuzzler --version``
and ``--help`` read none of them.

>>> positive("3"), seconds("2.5"), size("512M") == 512 * 1024 ** 2
(3, 2.5, True)
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from typing import TYPE_CHECKING, Any, BinaryIO

from cpuzzler import progress
from cpuzzler.errors import ExactCoverError, InputFormatError, UsageError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.results import DONE, INTERRUPTED, LIMIT, Clock, Count, parse_size

if TYPE_CHECKING:
    from cpuzzler.catalog import Entry
    from cpuzzler.formats import xmpuzzle
    from cpuzzler.formats.solutions import Saved
    from cpuzzler.models import Problem, Tiling
    from cpuzzler.models.tiling import TilingSolution

EXIT_FOUND, EXIT_NONE, EXIT_BAD_INPUT, EXIT_UNDECIDED, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


EXIT_INTERNAL_ERROR = 70  # EX_SOFTWARE


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
  3    a limit stopped the run before it settled the question (solve: before any
       solution was found; solve --count: the count is a lower bound, however many it
       holds; check: fewer than two engines finished; info: the count is a lower bound)
  70   an internal error (a bug: --debug shows the traceback; please report it)
  130  Ctrl-C (a count prints what it had, marked interrupted)"""


def seconds(text: str) -> float:
    """A time limit: a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"needs a positive number of seconds, not {text}")
    return value


def _whole(text: str, least: int, wanted: str) -> int:
    """``text`` as a whole number of at least ``least`` (``wanted`` says so if not)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"needs {wanted}, not {text}")
    return value


def nonnegative(text: str) -> int:
    """A whole number, 0 or more (0: none, not asked for)."""
    return _whole(text, 0, "a number 0 or more")


def positive(text: str) -> int:
    """A count of solutions or processes: a whole number, at least 1."""
    return _whole(text, 1, "a positive number")


def size(text: str) -> int:
    """A memory size in bytes: a number with an optional K, M, G or T (powers of 1024)."""
    try:
        return parse_size(text)
    except ExactCoverError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def count_status(total: Count) -> int:
    """A count's exit status: 0 (some) or 1 (none) when complete, 3 when a limit cut it
    short (a lower bound, whatever it holds), 130 on Ctrl-C."""
    if total.reason == INTERRUPTED:
        return EXIT_INTERRUPTED
    if total.reason in (DONE, LIMIT):
        return EXIT_FOUND if total else EXIT_NONE
    return EXIT_UNDECIDED


def status(found: int, reason: str) -> int:
    if reason == INTERRUPTED:
        return EXIT_INTERRUPTED
    if found:
        return EXIT_FOUND
    return EXIT_NONE if reason in (DONE, LIMIT) else EXIT_UNDECIDED


def load_problem(spec: str, clock: Clock | None = None, *, fill: str | None = None
                 ) -> Problem:
    """The puzzle a command-line argument names: a catalog name, a ``.dlx``, ``.dpf`` or
    ``.toml`` (puzzle) file, a BurrTools file (``.xmpuzzle``; ``FILE.xmpuzzle#K`` its
    K-th problem where it holds several); reading a DLX file stops with ``TimeUp`` at
    ``clock``'s end. ``fill``: a puzzle file's, instead of its own."""
    if spec == "-":
        return _from_stdin(clock)
    if ".xmpuzzle" in spec:
        return burrtools_problem(spec).tiling
    if os.path.isdir(spec):
        raise InputFormatError("is a folder, not a puzzle file", path=spec)
    if os.path.exists(spec):
        from cpuzzler.formats import regular_file

        regular_file(spec)
        from cpuzzler.formats import puzzle_file
        from cpuzzler.models import dpf

        if spec.endswith(".dpf"):
            return dpf.read(spec).exact_cover
        if spec.endswith(".dpfg"):  # Faase's geometric description
            return dpf.read_geometry(spec).exact_cover
        if spec.endswith(".toml"):
            return puzzle_file.read(spec, fill=fill)
        from cpuzzler.formats import dlx

        return dlx.read(spec, deadline=None if clock is None else clock.end)
    if spec.endswith((".dlx", ".dpf", ".dpfg", ".toml")) or os.sep in spec:
        raise InputFormatError("no such file", path=spec)
    from cpuzzler import catalog

    return catalog.get(spec).build()


def burrtools_problem(spec: str) -> xmpuzzle.Problem:
    """One problem of a BurrTools file: ``FILE.xmpuzzle`` where it holds one,
    ``FILE.xmpuzzle#K`` the K-th."""
    from cpuzzler.formats import xmpuzzle

    path, _, which = spec.rpartition("#") if "#" in spec else (spec, "", "")
    found = xmpuzzle.problems(path)
    if not found:
        raise InputFormatError("no problem in the file", path=path)
    if not which and len(found) > 1:
        names = ", ".join(f"#{k} {p.name!r}" for k, p in enumerate(found, 1))
        raise InputFormatError(f"{len(found)} problems ({names}): name one as "
                               f"{path}#K", path=path)
    if which and not (which.isdigit() and 1 <= int(which) <= len(found)):
        raise InputFormatError(f"#{which}: give a problem number from 1 to {len(found)}",
                               path=path)
    return found[int(which or 1) - 1]


STDIN_CAP = 64 * 1024 ** 2  # bytes of standard input read at most: give a bigger one as a file
CHUNK = 1024 ** 2


def read_capped(stream: BinaryIO, cap: int = STDIN_CAP) -> bytes:
    r"""The bytes of ``stream``, refused at the first NUL byte (no puzzle text holds one:
    ``< /dev/zero`` stops at once) or past ``cap`` bytes (an endless pipe stops there, not
    when memory runs out).

    >>> import io
    >>> read_capped(io.BytesIO(b"a b\na\n"))
    b'a b\na\n'
    >>> read_capped(io.BytesIO(b"a\0b"))
    Traceback (most recent call last):
      ...
    cpuzzler.errors.InputFormatError: <stdin>: not text: a NUL byte at byte 2
    >>> read_capped(io.BytesIO(b"x" * 10), cap=4)
    Traceback (most recent call last):
      ...
    cpuzzler.errors.InputFormatError: <stdin>: more than 4 bytes: give a problem this big as a file
    """
    chunks: list[bytes] = []
    size = 0
    while chunk := stream.read(min(CHUNK, cap + 1 - size)):
        if (nul := chunk.find(b"\0")) >= 0:
            raise InputFormatError(f"not text: a NUL byte at byte {size + nul + 1}",
                                   path="<stdin>")
        chunks.append(chunk)
        size += len(chunk)
        if size > cap:
            raise InputFormatError(f"more than {cap:,} bytes: give a problem this big as a "
                                   "file", path="<stdin>")
    return b"".join(chunks)


def _from_stdin(clock: Clock | None) -> ExactCover | Tiling:
    """The problem on standard input: a puzzle file if it sets a lattice, a DPF puzzle if
    it is nothing but numbers, else a DLX file."""
    from cpuzzler.formats import puzzle_file
    from cpuzzler.models import dpf

    data = read_capped(sys.stdin.buffer)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputFormatError(f"not UTF-8 text (byte {e.start + 1})", path="<stdin>") from None
    if re.search(r"^\s*lattice\s*=", text, re.MULTILINE):
        return puzzle_file.parse(text, path="<stdin>")
    if text.split() and all(token.isascii() and token.isdigit() for token in text.split()):
        return dpf.parse(text, path="<stdin>").exact_cover
    from cpuzzler.formats import dlx

    return dlx.parse(text, path="<stdin>", deadline=None if clock is None else clock.end)


def exact_cover_of(problem: Problem) -> ExactCover:
    """The exact cover of a problem: itself, or its model's (a property or a method)."""
    if isinstance(problem, ExactCover):
        return problem
    xc = problem.exact_cover
    return xc() if callable(xc) else xc


TILING_SWEEPS = ("flipped", "skewed", "skewed-flipped")


def set_sweep(problem: Problem, value: str | None, engine: str | None) -> None:
    """``--sweep``: the order in which the memo and frontier engines cover the items,
    set on the problem's exact cover: a tiling's ``flipped``, ``skewed`` or
    ``skewed-flipped`` sweep (``Tiling.sweep``: other states, the same count) or a file
    of item names (whitespace apart; items not named follow in their own order)."""
    if value is None:
        return
    if engine not in ("memo", "frontier", "auto"):
        raise UsageError("--sweep needs --engine memo, frontier or auto")
    from cpuzzler.models import Tiling

    xc = exact_cover_of(problem)
    if value in TILING_SWEEPS:
        if not isinstance(problem, Tiling):
            raise UsageError(f"--sweep {value}: a tiling's columns; give an exact cover's "
                             "sweep as a file of item names")
        problem.use_sweep(flipped="flipped" in value, skewed="skewed" in value)
        return
    from cpuzzler.formats import regular_file

    try:
        with open(regular_file(value), encoding="utf-8") as source:
            lines = source.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise InputFormatError(f"cannot read the sweep order ({e})", path=value) from None
    known = set(xc.items)
    names: dict[str, None] = {}  # in order
    for number, line in enumerate(lines, start=1):
        for name in line.split():
            if name not in known:
                raise InputFormatError(f"the sweep names {name!r}, not an item of the "
                                       "problem", path=value, line=number)
            if name in names:
                raise InputFormatError(f"the sweep names {name!r} twice", path=value,
                                       line=number)
            names[name] = None
    xc.sweep = list(names)


def _choice(args: argparse.Namespace) -> dict[str, Any]:
    """``--choice``: the memo engine's rule (counts, samples: sweep or fewest) or the
    native engine's, finding solutions (fewest, pieces or cells)."""
    finding = not (getattr(args, "count", False) or getattr(args, "sample", None))
    if finding and args.engine in (None, "dlx"):
        if args.choice == "sweep":
            raise UsageError("--choice sweep is the memo engine's; finding solutions, dlx "
                             "takes fewest, pieces or cells")
        return {"choice": args.choice}
    if args.choice not in ("sweep", "fewest"):
        raise UsageError(f"--choice {args.choice} is for finding solutions with dlx; the "
                         "memo engine takes sweep or fewest")
    if getattr(args, "sample", None):
        return {}  # the sample reads it itself
    if args.engine != "memo":
        raise UsageError("--choice needs --engine memo (or dlx, finding solutions)")
    return {"choice": args.choice}


def engine_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    from_diagram = getattr(args, "marginals", False) or getattr(args, "diagram", None)
    if getattr(args, "memory", None) is not None and not getattr(args, "sample", None) \
            and not from_diagram:
        if args.engine not in ("memo", "frontier", "auto"):
            raise UsageError("--memory needs --engine memo, frontier or auto")
        options["memory"] = args.memory
    for flag, key in (("--work-dir", "work_dir"), ("--shards", "shards")):
        if getattr(args, key, None) is not None:
            if args.engine != "frontier":
                raise UsageError(f"{flag} needs --engine frontier")
            options[key] = getattr(args, key)
    if getattr(args, "work_dir", None) is not None:  # the shards side by side
        if getattr(args, "cluster", None) is not None:
            options.update(backend="dask", address=args.cluster)
        elif (getattr(args, "jobs", 1) or 1) > 1:
            options.update(backend="processes", jobs=args.jobs)
    if getattr(args, "choice", None) is not None:
        options.update(_choice(args))
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


def check_work_dir(problem: object, args: argparse.Namespace) -> None:
    """A work folder keeps the layers of one count: a raw count, or a tiling's count up to
    symmetry where the symmetry reduction is one count (one piece's placements cut by the
    group, none of them fixed by a symmetry; each fixed one would be a count of its own)."""
    if getattr(args, "work_dir", None) is None or getattr(args, "symmetry", "raw") == "raw":
        return
    from cpuzzler.models import Tiling

    one_count = (isinstance(problem, Tiling) and args.method in (None, "reduce")
                 and problem.reduces(args.symmetry)
                 and not problem.reduction_for(args.symmetry).fixed_reps)
    if not one_count:
        raise UsageError("--work-dir: a work folder keeps the layers of one count, and "
                         "this count up to symmetry is not one; add --symmetry raw")


def progress_line(args: argparse.Namespace, label: str) -> progress.Progress | None:
    """A live progress line on standard error for a search that runs longer than a
    second: only when standard error is a terminal and ``--quiet`` is not given."""
    if getattr(args, "quiet", False) or not sys.stderr.isatty():
        return None
    return progress.Progress(label)


def clear_line() -> None:
    """Take the progress line off the terminal before a solution is printed."""
    if (line := progress.current()) is not None:
        line.clear()


def note(args: argparse.Namespace, text: str) -> None:
    """A line for the person at the terminal (standard error), unless --quiet."""
    if not getattr(args, "quiet", False):
        clear_line()
        print(text, file=sys.stderr)


def published_counts(entry: Entry) -> str:
    shown = [f"{label} {n:,}" for label, n in (("unique", entry.unique), ("raw", entry.raw))
             if n is not None]
    if shown:
        return ", ".join(shown)
    if entry.found:
        return f"unpublished; counted here: unique {entry.found[0]:,}, raw {entry.found[1]:,}"
    return "count unknown"


def rules(tiling: Tiling) -> list[tuple[str, str]]:
    """What a tiling asks beyond exact cover, as (label, text) lines for ``info`` and
    ``gallery``: its fill where it packs, its constraints where it has any.

    >>> from cpuzzler.constraints import Apart, FaultFree
    >>> from cpuzzler.grids import square
    >>> from cpuzzler.models import Tiling, pieces
    >>> for line in rules(Tiling(pieces.pentominoes(), square.rectangle(15, 4),
    ...                          where=[FaultFree(), Apart("X", "I")], fill="pack")):
    ...     print(*line, sep=": ")
    fill: pack: cells may stay empty, pieces unused
    constraints: FaultFree(); Apart('X', 'I')
    """
    lines = []
    if tiling.fill == "pack":
        lines.append(("fill", "pack: cells may stay empty, pieces unused"))
    if tiling.where:
        lines.append(("constraints", "; ".join(map(repr, tiling.where))))
    return lines


def piece_named(label: str, names: set[str]) -> str:
    """The piece a saved label names: itself, or without its copy number (``Y7``,
    ``I2-3``; see ``TilingSolution.labels``)."""
    if label in names:
        return label
    bare = re.sub(r"-?\d+$", "", label)
    return bare if bare in names else label


def saved_options(problem: Problem, xc: ExactCover, entry: Saved
                   ) -> tuple[list[int], str | None]:
    """The options a saved solution chose, or why one of its placements (or options) is
    none of the problem's."""
    from cpuzzler.models import Tiling

    if entry.placements is not None:
        index = ({(p.piece, p.cells): k for k, p in enumerate(problem.placements)}
                 if isinstance(problem, Tiling) else {})
        names = {piece for piece, _ in index}
        keys = [(piece_named(label, names), tuple(sorted(cells)))
                for label, cells in entry.placements]
        missing = [(piece, cells) for piece, cells in keys if (piece, cells) not in index]
        if missing:
            piece, cells = missing[0]
            where = " ".join(",".join(map(str, c)) for c in cells)
            return [], f"{piece} on {where} is no placement of this puzzle"
        return [index[key] for key in keys], None
    by_items = {frozenset(xc.option(o)): o for o in range(xc.num_options)}
    unknown = [items for items in entry.options or [] if frozenset(items) not in by_items]
    if unknown:
        return [], f"{' '.join(unknown[0])} is no option of this problem"
    return [by_items[frozenset(items)] for items in entry.options or []], None


def numbered(path: str, number: int) -> str:
    """``path`` for the first solution, ``stem-N.ext`` for solution N."""
    if number == 1:
        return path
    stem, ext = os.path.splitext(path)
    return f"{stem}-{number}{ext}"


def write_file(path: str, text: str) -> None:
    """Write ``text`` to ``path``; a failure is an error naming the file."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise InputFormatError(f"cannot write: {e.strerror or e}", path=path) from None


def draw(solution: TilingSolution, number: int, args: argparse.Namespace) -> None:
    """Write the pictures ``--svg`` and ``--x3d`` ask for (an X3D scene plays the moves
    that take the solution apart where ``--disassemble`` keeps it) and the pieces'
    solids ``--stl`` asks for."""
    from cpuzzler.render.svg import svg
    from cpuzzler.render.x3d import x3d

    def scene(solution: TilingSolution) -> str:
        return x3d(solution, disassembly_moves(solution))

    stem = getattr(args, "stl", None)
    if stem is not None:
        from cpuzzler.render.stl import stl_files

        target = numbered(stem, number)
        try:
            stl_files(solution, target, unit=args.unit, gap=args.gap)
        except OSError as e:
            raise InputFormatError(f"cannot write: {e.strerror or e}", path=target) from None
    for path, picture in ((args.svg, svg), (args.x3d, scene)):
        if path is None:
            continue
        if path == "-":  # --format svg|x3d without -o: the one picture is the output
            sys.stdout.write(picture(solution))
            continue
        write_file(numbered(path, number), picture(solution))


def disassembly_moves(solution: TilingSolution) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The moves that take the solution apart, where its puzzle keeps those that come
    apart (``Disassembles``), each way out as long as the assembly is wide and more."""
    from cpuzzler.assembly import moves_in_order
    from cpuzzler.constraints import Disassembles

    rule = next((c for c in solution.tiling.where if isinstance(c, Disassembles)), None)
    plan = rule.plan(solution.placements) if rule is not None else None
    if plan is None:
        return []
    cells = [c for p in solution.placements for c in p.cells]
    far = max(max(c[k] for c in cells) - min(c[k] for c in cells) for k in range(3)) + 2
    return moves_in_order(plan, solution.tiling.region.lattice, far)


def check_pictures(problem: object, args: argparse.Namespace) -> None:
    from cpuzzler.models import Tiling

    stl = getattr(args, "stl", None)
    if args.svg is None and args.x3d is None and stl is None:
        return
    option = "--svg" if args.svg is not None else "--x3d" if args.x3d is not None else "--stl"
    if getattr(args, "format", None) in ("svg", "x3d"):
        option = f"--format {args.format}"
    if not isinstance(problem, Tiling):
        raise UsageError(f"{option}: pictures are drawn for tilings only")
    if args.count and not (getattr(args, "marginals", False) and option == "--svg"):
        raise UsageError(f"{option}: pictures are drawn of solutions, not with --count "
                         "(with --count --marginals, --svg draws where each piece lies)")
    for path in (args.svg, args.x3d, stl):
        if path in (None, "-"):
            continue
        folder = os.path.dirname(path) or "."
        if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            why = "is a folder" if os.path.isdir(path) else f"cannot write in {folder}"
            raise InputFormatError(why, path=path)
    for given, what in ((args.x3d, "--x3d: X3D scenes"), (stl, "--stl: STL solids")):
        if given is not None and problem.region.lattice.name != "cubic":
            raise UsageError(f"{what} are for polycubes, not the "
                             f"{problem.region.lattice.name} lattice")
    if stl is not None:
        from cpuzzler.render.stl import libraries

        try:
            libraries()
        except ValueError as e:
            raise UsageError(f"--stl: {e}") from None
    if stl is not None and not (args.unit > 0 and 0 <= args.gap < args.unit):
        raise UsageError(f"--unit {args.unit:g} --gap {args.gap:g}: a unit above 0 and a "
                         "gap from 0 to below it")
