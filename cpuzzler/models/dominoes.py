"""Domino puzzles: the 28 double-six dominoes laid on a grid of numbers, each domino on
two neighbouring cells that show its two numbers (Frans Faase's domino puzzle).

>>> domino_puzzle(FAASE_GRID_CORRECTED, width=8).count()
20160
"""

from __future__ import annotations

from collections.abc import Sequence

from cpuzzler.errors import ExactCoverError
from cpuzzler.exact_cover import ExactCover

# The 7 x 8 grid of Frans Faase's DPF page (www.iwriteiam.nl/HaDPF.html),
# row by row, as printed there. It has no solution: 4 shows
# up nine times and 5 seven times, while a double-six set shows each number 8 times.
FAASE_GRID_AS_PRINTED = (
    0, 0, 0, 2, 0, 3, 0, 4,
    0, 1, 2, 1, 3, 1, 4, 1,
    0, 5, 0, 6, 2, 2, 2, 4,
    5, 1, 6, 1, 2, 3, 4, 3,
    2, 5, 2, 6, 4, 4, 4, 6,
    5, 4, 6, 3, 4, 5, 6, 5,
    1, 1, 3, 3, 3, 5, 6, 6,
)
# The same grid with its 42nd number read as 5: 20160 solutions, as the seed says.
FAASE_GRID_CORRECTED = FAASE_GRID_AS_PRINTED[:41] + (5,) + FAASE_GRID_AS_PRINTED[42:]


def domino_puzzle(numbers: Sequence[int], width: int, top: int = 6) -> ExactCover:
    """Items: each domino ``d{a}{b}`` (a <= b <= top) and each cell; one option per pair of
    neighbouring cells, naming the domino their numbers make."""
    cells = len(numbers)
    dominoes = [(a, b) for a in range(top + 1) for b in range(a, top + 1)]
    if width < 1 or cells % width:
        raise ExactCoverError(f"{cells} numbers do not fill rows of {width}")
    if cells != 2 * len(dominoes):
        raise ExactCoverError(f"{len(dominoes)} dominoes need {2 * len(dominoes)} cells, "
                              f"not {cells}")
    if any(not 0 <= v <= top for v in numbers):
        raise ExactCoverError(f"the numbers must lie in 0..{top}")
    height = cells // width
    xc = ExactCover(primary=[f"d{a}{b}" for a, b in dominoes] + [f"c{k}" for k in range(cells)])
    for r in range(height):
        for c in range(width):
            k = r * width + c
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < height and c2 < width:
                    k2 = r2 * width + c2
                    a, b = sorted((numbers[k], numbers[k2]))
                    xc.add_option([f"d{a}{b}", f"c{k}", f"c{k2}"])
    return xc
