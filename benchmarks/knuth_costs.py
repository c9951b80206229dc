"""Min-cost exact covers beside Knuth's DLX5: the same optimum, the same k best, CPU time.

DLX5 (``dlx5.w``, Knuth's collection, ``programs-orig/``) finds the cheapest solution of
an exact cover whose options carry costs (``|n`` tokens), or the k best, by dancing
links with "taxes" on items and a cutoff at the k-th best cost found. It is tangled
by ``benchmarks/cweb.py`` and compiled like SSXCC (``benchmarks/knuth.py``: a folder of
``dlx5.w``, ``gb_flip.c`` and ``gb_flip.h`` named by ``--knuth DIR``).

    python benchmarks/knuth_costs.py --knuth ~/knuth             # every problem, k = 1 and 5
    python benchmarks/knuth_costs.py --knuth ~/knuth --only queens-12 --repeat 3

Each problem's costs are fixed (a seeded random number per option, or a rule): the
same file goes to DLX5 and to cpuzzler's ``ExactCover.best()`` (its default engine),
the k best to ``best(k=K)``. Both values must agree, else the run stops. The table
gives the median CPU seconds of each (cpuzzler's in its own process, CP-SAT's worker
threads included; DLX5's as a child process) and their ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import knuth  # noqa: E402

from cpuzzler import ExactCover, catalog  # noqa: E402
from cpuzzler.grids import square  # noqa: E402
from cpuzzler.models import Tiling, langford, pieces, queens  # noqa: E402


def priced(xc: ExactCover, cost: Callable[[int], int]) -> ExactCover:
    """The same problem with ``cost(o)`` on each option ``o``."""
    out = ExactCover(primary=xc.primary, secondary=xc.secondary,
                     bounds={n: xc.bounds(n) for n in xc.primary})
    for o in range(xc.num_options):
        out.add_option(xc.option_entries(o), cost=cost(o))
    return out


def seeded(xc: ExactCover, top: int, seed: int = 1) -> ExactCover:
    """Costs 0..top-1, a seeded random number per option."""
    draw = random.Random(seed)
    return priced(xc, lambda _: draw.randrange(top))


def pentominoes(name: str) -> ExactCover:
    return seeded(catalog.get(name).build().exact_cover, 10)


ROYLE_FIRST = ("000000010400000000020000000000050407008000300001090000300400200050100000"
               "000806000")  # the first of Royle's 17-clue Sudokus


def sudoku(dropped: int) -> ExactCover:
    """Royle's first 17-clue Sudoku without its first ``dropped`` clues (so with many
    solutions), each digit in each cell a seeded random cost 0..19."""
    from cpuzzler.models.sudoku import Sudoku

    grid = list(ROYLE_FIRST)
    for at in [k for k, d in enumerate(grid) if d != "0"][:dropped]:
        grid[at] = "0"
    xc = Sudoku.from_string("".join(grid)).exact_cover
    draw = random.Random(3)
    return priced(xc, lambda _: draw.randrange(20))


def packing() -> ExactCover:
    """The 12 pentominoes packed into an 8x8 square as a min-cost cover: every cell
    primary, with an option of its own leaving it empty at cost 1; the pieces
    secondary (each used at most once). Least cost: 4 empty cells."""
    board = Tiling(pieces.pentominoes(), square.rectangle(8, 8), fill="pack").exact_cover
    cells = [n for n in board.secondary if n not in {p.name for p in pieces.pentominoes()}]
    names = [p.name for p in pieces.pentominoes()]
    out = ExactCover(primary=cells, secondary=names)
    for o in range(board.num_options):
        out.add_option(board.option(o), cost=0)
    for cell in cells:
        out.add_option([cell], cost=1)
    return out


def ten_solutions() -> ExactCover:
    """DLX5's introduction: ten solutions of costs 0, 0, 1, 1, 2, 2, 3, 3, 4, 4 (one
    item per solution, a choice between ten options)."""
    xc = ExactCover(primary=["a"])
    for cost in (3, 1, 4, 1, 2, 3, 2, 4, 0, 0):
        xc.add_option(["a"], cost=cost)
    return xc


def taxes() -> ExactCover:
    """DLX5's taxes: option ``a b c |7`` is worth $1 net when each of a, b, c is taxed
    $2; here beside options of a, b and c alone at $2, $3 and $2, and pairs."""
    xc = ExactCover(primary=["a", "b", "c"])
    for items, cost in ((["a", "b", "c"], 7), (["a"], 2), (["b"], 3), (["c"], 2),
                        (["a", "b"], 4), (["b", "c"], 6), (["a", "c"], 5)):
        xc.add_option(items, cost=cost)
    return xc


PROBLEMS: dict[str, Callable[[], ExactCover]] = {
    "pentominoes-6x10": lambda: pentominoes("pentominoes-6x10"),
    "pentominoes-5x12": lambda: pentominoes("pentominoes-5x12"),
    "sudoku-13-clues": lambda: sudoku(4),
    "langford-12": lambda: seeded(langford(12), 100, seed=2),
    "queens-12": lambda: priced(queens(12), lambda o: (o // 12 - o % 12) ** 2),
    "queens-16": lambda: seeded(queens(16), 100, seed=4),
    "packing-8x8": packing,
    "dlx5-ten-solutions": ten_solutions,
    "dlx5-taxes": taxes,
}


def dlx5_costs(binary: Path, text: str, k: int, timeout: float
               ) -> tuple[list[int] | None, float]:
    """DLX5's k best costs (in order) and its CPU seconds; None past ``timeout``."""
    said, cpu = knuth.run_text(binary, text, f"k{k}", timeout=timeout)
    if said is None:
        return None, cpu
    costs: list[int] = []
    for line in said.split("The optimum cost", 1)[-1].splitlines():
        for word in line.replace("$", " $").split():
            if word.startswith("$"):
                value = int(word[1:])
                times = int(line.split("repeated ")[1].split()[0]) if "repeated" in line else 1
                costs += [value] * times
    return costs[:k], cpu


def ours(xc: ExactCover, k: int, timeout: float) -> tuple[list[int] | None, float]:
    """cpuzzler's k best values and its CPU seconds; None unless proven in ``timeout``."""
    start = time.process_time()
    found = xc.best(k=k, time_limit=timeout) if k > 1 else [xc.best(time_limit=timeout)]
    spent = time.process_time() - start
    if not all(f.optimal for f in found):
        return None, spent
    return [f.value for f in found], spent


def shown(seconds: list[float], cap: float) -> str:
    middle = statistics.median(seconds)
    return f"> {cap:g}" if middle != middle else f"{middle:.3f}"  # NaN: past the cap


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knuth", help="the folder of dlx5.w, gb_flip.c, gb_flip.h")
    parser.add_argument("--only", action="append", choices=sorted(PROBLEMS))
    parser.add_argument("--k", type=int, default=5, help="the k best (besides k = 1)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds each run may take (then shown as > that)")
    args = parser.parse_args()
    binary = knuth.build(args.knuth, ("dlx5",))["dlx5"]
    print("| problem | options | k | costs | DLX5 CPU s | cpuzzler CPU s | ratio |")
    print("|---|---|---|---|---|---|---|")
    for name in args.only or PROBLEMS:
        xc = PROBLEMS[name]()
        text = knuth.knuth_input(xc)
        for k in (1, args.k):
            theirs, mine, values, found = [], [], None, None
            for _ in range(args.repeat):
                values, cpu = dlx5_costs(binary, text, k, args.timeout)
                theirs.append(cpu)
                found, spent = ours(xc, k, args.timeout)
                mine.append(spent if found is not None else float("nan"))
                if None not in (values, found) and values != found:
                    raise SystemExit(f"{name}, k={k}: DLX5 {values}, cpuzzler {found}")
            agreed = found or values or []
            costs = " ".join(map(str, agreed)) if agreed else "-"
            a, b = statistics.median(theirs), statistics.median(mine)
            ratio = f"{b / max(a, 1e-3):.2f}" if a == a and b == b else "-"
            print(f"| {name} | {xc.num_options:,} | {k} | {costs} | "
                  f"{shown(theirs, args.timeout)} | {shown(mine, args.timeout)} | {ratio} |",
                  flush=True)


if __name__ == "__main__":
    main()
