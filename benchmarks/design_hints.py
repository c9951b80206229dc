"""The fewest hints of every pentomino rectangle's solutions: a histogram per rectangle.

    python benchmarks/design_hints.py                     # 3x20, 4x15, 5x12, 6x10
    python benchmarks/design_hints.py --sizes 20x3 15x4   # some of them

For each solution up to symmetry (2, 368, 1010 and 2339 of them), ``Tiling.hints``: the
fewest pieces that, placed in advance, leave that tiling the only one (raw: its
rotations and reflections are other tilings), each proven by the implicit hitting set.
Prints a Markdown table (the designing guide holds it) and the CPU seconds per
solution: the median and the slowest.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time

from cpuzzler.grids import square
from cpuzzler.models import Tiling, pieces


def histogram(width: int, height: int) -> tuple[collections.Counter[int], list[float]]:
    board = Tiling(pieces.pentominoes(), square.rectangle(width, height))
    sizes: collections.Counter[int] = collections.Counter()
    spent = []
    for solution in board.solve():
        start = time.process_time()
        hints = board.hints(solution)
        spent.append(time.process_time() - start)
        assert hints.optimal
        sizes[len(hints)] += 1
    return sizes, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", nargs="*", default=["20x3", "15x4", "12x5", "10x6"])
    args = parser.parse_args()
    rows = []
    for size in args.sizes:
        width, height = map(int, size.split("x"))
        sizes, spent = histogram(width, height)
        rows.append((f"{height}x{width}", sizes, spent))
    most = max(k for _, sizes, _ in rows for k in sizes)
    print("| rectangle | solutions | " + " | ".join(f"{k} hints" for k in range(most + 1))
          + " | CPU s per solution (median, slowest) |")
    print("|---|---:|" + "---:|" * (most + 1) + "---|")
    for name, sizes, spent in rows:
        counts = " | ".join(str(sizes.get(k, 0)) for k in range(most + 1))
        print(f"| {name} | {sum(sizes.values())} | {counts} | "
              f"{statistics.median(spent):.3f}, {max(spent):.3f} |")


if __name__ == "__main__":
    main()
