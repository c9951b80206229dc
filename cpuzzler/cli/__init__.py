"""The ``cpuzzler`` command line: one module per command in this package, each declaring
its ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args)``; the parser is built
from those declarations, so a new command is a new module here.

    cpuzzler solve pentominoes-6x10                # the first solution, as a record
    cpuzzler solve pentominoes-6x10 --count        # 2339 up to symmetry; 9356 in all
    cpuzzler solve examples/queens8.dlx --all      # every solution up to symmetry
    cpuzzler solve examples/queens8.dlx -n 5       # at most 5
    cpuzzler solve bedlam-cube --count --jobs 2 --checkpoint bedlam.json   # resumable
    cpuzzler solve soma -n 3 --svg soma.svg --x3d soma.x3d   # soma.svg, soma-2.svg, ...
    cpuzzler check pentominoes-3x20 --engines dlx,cpsat,sat   # counts side by side
    cpuzzler export soma --format dimacs -o soma.cnf          # also opb, dlx, cpsat-proto
    cpuzzler list                                  # the named puzzles
    cpuzzler unique pentominoes-3x20               # not unique: the two side by side
    cpuzzler hints pentominoes-6x10                # the fewest pieces that fix a solution
    cpuzzler gallery soma -o soma-gallery -n 6     # soma-gallery/index.html

A problem is a name from ``cpuzzler list``, a ``.toml`` puzzle file, a ``.dlx`` file
(Knuth's format), a ``.dpf`` file (Frans Faase's format) or a ``.dpfg`` file (his
geometric description).  The exit statuses are in ``common.EXIT_STATUS`` and at the end
of every command's ``--help``. The commands sit above everything else and import it
inside the commands that use it, so ``cpuzzler --version`` loads no model, catalog or
engine.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import re
import signal
import sys
import threading
from collections.abc import Sequence
from types import ModuleType

from cpuzzler import __version__
from cpuzzler.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_FOUND,
    EXIT_INTERNAL_ERROR,
    EXIT_INTERRUPTED,
    EXIT_STATUS,
    EXIT_UNDECIDED,
)
from cpuzzler.errors import ExactCoverError, TimeUp
from cpuzzler.render import jsonl
from cpuzzler.results import INTERRUPTED, TIMEOUT, Clock, Count, RunDeadline

__all__ = ["EXIT_INTERNAL_ERROR", "build_parser", "main"]


def _commands() -> dict[str, ModuleType]:
    """The command modules of this package by command name (a module is a command when
    it declares ``NAME``; ``__main__`` runs the command line, so it is never imported)."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "NAME"):
            found[module.NAME] = module
    return dict(sorted(found.items()))


COMMANDS = _commands()


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command, each from its module's declarations."""
    parser = argparse.ArgumentParser(
        prog="cpuzzler", description="Solve and count polyform and exact-cover puzzles.",
        epilog=EXIT_STATUS, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--debug", action="store_true",
                        help="show the traceback of an internal error")
    parser.add_argument("--version", action="version", version=f"cpuzzler {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        command = commands.add_parser(name, help=module.HELP, epilog=EXIT_STATUS,
                                      formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(command)
    return parser


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


def _interrupted(args: argparse.Namespace) -> int:
    """Ctrl-C before the search began (a search stopped by it says so itself)."""
    if getattr(args, "count", False):
        _print_no_count(args, INTERRUPTED)
    print("cpuzzler: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def _negatives_joined(argv: Sequence[str]) -> list[str]:
    """The arguments with an option's value that starts with a minus joined to it:
    argparse takes ``--memory -5G`` for two options ("expected one argument"), so the
    value's own check says what is wrong with it.

    >>> _negatives_joined(["solve", "x", "--memory", "-5G", "-n", "3"])
    ['solve', 'x', '--memory=-5G', '-n', '3']
    """
    joined: list[str] = []
    for word in argv:
        if (joined and re.fullmatch(r"--[a-z][a-z-]*", joined[-1])
                and re.match(r"-\.?\d", word)):
            joined[-1] += f"={word}"
        else:
            joined.append(word)
    return joined


class _CtrlC:
    """Ctrl-C as Python answers it (KeyboardInterrupt), remembered: a library whose
    C code is interrupted may turn it into an error of its own (OR-Tools' import,
    interrupted, raises "ImportError: initialization failed"), which is then an
    interruption, not a bug."""

    seen = False

    @classmethod
    def handler(cls, signum: int, frame: object) -> None:
        cls.seen = True
        raise KeyboardInterrupt

def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    _CtrlC.seen = False
    before = signal.getsignal(signal.SIGINT)
    if before is not signal.default_int_handler or \
            threading.current_thread() is not threading.main_thread():
        return _main(argv)  # Ctrl-C ignored, someone else's, or not this thread's
    signal.signal(signal.SIGINT, _CtrlC.handler)
    try:
        return _main(argv)
    finally:
        signal.signal(signal.SIGINT, before)


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(
            _negatives_joined(sys.argv[1:] if argv is None else argv))
    except SystemExit as e:  # --help, or a bad option (argparse printed why)
        return e.code if isinstance(e.code, int) else EXIT_BAD_INPUT
    args.clock = Clock(getattr(args, "time_limit", None))
    try:
        with RunDeadline.until(args.clock.end):  # building a model stops in time too
            status: int = COMMANDS[args.command].run(args)
        sys.stdout.flush()  # here, so that output that cannot be written is said so
        return status
    except ExactCoverError as e:
        print(f"cpuzzler: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except TimeUp:
        if getattr(args, "count", False):
            _print_no_count(args, TIMEOUT)
        print("cpuzzler: the time limit ran out before the search began", file=sys.stderr)
        return EXIT_UNDECIDED
    except KeyboardInterrupt:
        return _interrupted(args)
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_FOUND
    except OSError as e:  # a full disk, a device that takes nothing: not a bug of ours
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- what is still buffered goes
        where = f" {e.filename}" if e.filename else ""
        print(f"cpuzzler: error: cannot write{where}: {e.strerror or e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except MemoryError:
        print("cpuzzler: error: out of memory: the problem is too large for this machine",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as e:  # a bug: one line asking for a report, unless --debug
        if _CtrlC.seen and not args.debug:  # a library's own words for Ctrl-C
            return _interrupted(args)
        if args.debug:
            raise
        print(f"cpuzzler: internal error ({type(e).__name__}: {e}); please report it with "
              "the command that caused it (--debug shows the traceback)", file=sys.stderr)
        return EXIT_INTERNAL_ERROR
