"""Which pieces make the aps seed's "Google cube"? The seed gives only its count: 282
assemblies of a Soma-like 3x3x3 cube with repeated pieces. This tries every set of
tricubes and tetracubes (mirror images apart, as wooden pieces are) that fills 27 cells
with some piece used more than once, and prints the sets with 282 solutions up to
rotation and reflection. About six minutes on one core; it finds one set:
V, T, Z and four L (``cpuzzler.pieces.google_cube``).

    python examples/google_cube_search.py
"""

import itertools
from collections import Counter

from cpuzzler.grids import cubic
from cpuzzler.models import Tiling, pieces

TARGET = 282


def candidate_sets():
    """Multisets of tricubes and tetracubes, 27 cubes in all, with a repeated piece."""
    tricubes = pieces.polyforms(cubic, 3, kind="one-sided")
    tetracubes = pieces.polyforms(cubic, 4, kind="one-sided")
    for threes in range(0, 10):
        fours, rest = divmod(27 - 3 * threes, 4)
        if rest:
            continue
        for a in itertools.combinations_with_replacement(tricubes, threes):
            for b in itertools.combinations_with_replacement(tetracubes, fours):
                uses = Counter(a + b)
                if max(uses.values()) > 1:
                    yield [piece.with_copies(n) for piece, n in uses.items()]


def main() -> None:
    tried = 0
    for piece_set in candidate_sets():
        tried += 1
        if Tiling(piece_set, cubic.box(3, 3, 3)).count() == TARGET:
            print("282 solutions:", ", ".join(f"{p.copies} x {sorted(p.cells)}"
                                              for p in piece_set), flush=True)
    print(f"{tried} sets tried")


if __name__ == "__main__":
    main()
