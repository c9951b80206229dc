"""Sudoku puzzles per second: cpuzzler beside the PyPI package ``py-sudoku``, in one run.

    python benchmarks/sudoku_rate.py                 # top95 and the 1000 17-clue puzzles
    python benchmarks/sudoku_rate.py --limit 100     # the first 100 of each set
    python benchmarks/sudoku_rate.py --designer --jobs 2   # Royle's 49,151: proper, minimal

Each puzzle is read from its line of 81 characters and solved from scratch (matrix built
and searched inside the clock, as a user calling ``Sudoku.from_string(line).first()``
would); cpuzzler also proves each solution unique (``count()``), which py-sudoku does
not. Every solved grid is checked: the givens kept, every row, column and box 1..9, and
both programs agreeing. The table gives puzzles per second over the whole set and the
median and slowest time per puzzle.

``--designer`` asks the designer's questions of every puzzle of Royle's 49,151 with 17
clues (``--file``, by default ``../shared/data/sudoku17.txt``, its first line a
citation): is it proper (``unique()``) and is every clue needed (``hints(minimal=True)``
gives the puzzle back), over ``--jobs`` processes; puzzles a second (wall clock, and per
CPU second of the workers), beside py-sudoku solving the same puzzles in one process
(which answers neither question: its rate is the floor of what a fast solver costs).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from cpuzzler.models import Sudoku

HERE = Path(__file__).resolve().parent
SETS = {
    "top95": HERE / "data" / "top95.txt",
    "17-clue x1000": HERE / "data" / "sudoku17-1000.txt",
}
Solver = Callable[[str], str]  # puzzle line -> solved line


def read_set(path: Path) -> list[str]:
    lines = [ln.strip() for ln in path.read_text().splitlines()]
    return [ln for ln in lines if ln and not ln.startswith("#")]


def cpuzzler_first(line: str) -> str:
    return Sudoku.from_string(line).first().to_string()


def cpuzzler_first_and_unique(line: str) -> str:
    puzzle = Sudoku.from_string(line)
    if puzzle.count() != 1:
        raise AssertionError(f"not a proper puzzle: {line}")
    return puzzle.first().to_string()


def py_sudoku() -> Solver:
    from sudoku import Sudoku as PySudoku

    def solve(line: str) -> str:
        cells = [0 if ch in ".0" else int(ch) for ch in line]
        board = [cells[9 * r:9 * r + 9] for r in range(9)]
        solved = PySudoku(3, 3, board=board).solve()
        return "".join(str(v) for row in solved.board for v in row)

    return solve


def valid(line: str, solved: str) -> bool:
    if len(solved) != 81:
        return False
    if any(g not in ".0" and g != s for g, s in zip(line, solved, strict=True)):
        return False
    units = [[9 * r + c for c in range(9)] for r in range(9)]
    units += [[9 * r + c for r in range(9)] for c in range(9)]
    units += [[9 * (3 * (b // 3) + r) + 3 * (b % 3) + c for r in range(3) for c in range(3)]
              for b in range(9)]
    return all(sorted(solved[k] for k in unit) == list("123456789") for unit in units)


def run(solver: Solver, puzzles: list[str]) -> tuple[list[float], list[str]]:
    times, answers = [], []
    for line in puzzles:
        start = time.perf_counter()
        answers.append(solver(line))
        times.append(time.perf_counter() - start)
    return times, answers


def designer_check(line: str) -> tuple[bool, bool]:
    """(proper, every clue needed) for one puzzle."""
    puzzle = Sudoku.from_string(line)
    proper = puzzle.unique().unique
    return proper, proper and puzzle.hints(minimal=True) == puzzle


def designer(path: Path, jobs: int, limit: int | None) -> int:
    import multiprocessing
    import resource

    lines = [ln.strip() for ln in path.read_text().splitlines()[1:] if ln.strip()][:limit]
    start, cpu = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        answers = pool.map(designer_check, lines, chunksize=200)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime
    proper = sum(p for p, _ in answers)
    minimal = sum(m for _, m in answers)
    print(f"{len(lines)} puzzles: {proper} proper, {minimal} minimal (every clue needed)")
    print(f"cpuzzler unique() + hints(minimal=True), {jobs} processes: "
          f"{len(lines) / wall:.0f} puzzles/s ({len(lines) / spent:.0f} per CPU second)")
    try:
        solve = py_sudoku()
    except ImportError:
        print("py-sudoku: not installed (pip install -e '.[bench]'); its row is skipped")
    else:
        sample = lines[:100]  # a slow backtracking solver on 17-clue puzzles
        times, _ = run(solve, sample)
        print(f"py-sudoku solve() only, 1 process, first {len(sample)}: "
              f"{len(sample) / sum(times):.0f} puzzles/s")
    return 0 if proper == minimal == len(lines) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="the first N puzzles of each set")
    parser.add_argument("--designer", action="store_true",
                        help="proper and minimal, on every puzzle of --file")
    parser.add_argument("--file", type=Path,
                        default=HERE.parents[1] / "shared" / "data" / "sudoku17.txt")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.designer:
        return designer(args.file, args.jobs, args.limit)
    solvers: dict[str, Solver] = {
        "cpuzzler first()": cpuzzler_first,
        "cpuzzler first() + count() == 1": cpuzzler_first_and_unique,
    }
    try:
        solvers["py-sudoku solve()"] = py_sudoku()
    except ImportError:
        print("py-sudoku: not installed (pip install -e '.[bench]'); its rows are skipped")
    header = (f"{'set':16} {'solver':34} {'puzzles/s':>10} {'median ms':>10} {'max ms':>9} "
              f"{'vs cpuzzler':>11}  checked")
    print(header)
    print("-" * len(header))
    failures = 0
    for set_name, path in SETS.items():
        puzzles = read_set(path)[:args.limit]
        ours, answers_of = None, {}
        for name, solver in solvers.items():
            times, answers = run(solver, puzzles)
            rate = len(puzzles) / sum(times)
            ours = rate if ours is None else ours
            bad = sum(not valid(p, a) for p, a in zip(puzzles, answers, strict=True))
            answers_of[name] = answers
            failures += bad
            print(f"{set_name:16} {name:34} {rate:10.1f} "
                  f"{1000 * statistics.median(times):10.2f} {1000 * max(times):9.1f} "
                  f"{ours / rate:10.1f}x  {len(puzzles) - bad}/{len(puzzles)} ok", flush=True)
        differ = sum(len(set(column)) > 1 for column in zip(*answers_of.values(), strict=True))
        if differ:
            print(f"{set_name}: the solvers disagree on {differ} puzzles")
            failures += differ
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
