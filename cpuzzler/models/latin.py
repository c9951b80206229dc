"""Latin squares as exact cover: each cell one value, each value once per row and column.

>>> [latin_square(n).count(symmetry="raw") for n in range(1, 5)]  # OEIS A002860
[1, 2, 12, 576]
"""

from __future__ import annotations

from cpuzzler.exact_cover import ExactCover


def latin_square(n: int) -> ExactCover:
    """Items ``p{r},{c}``, ``r{r}#{v}``, ``c{c}#{v}``; one option per (cell, value)."""
    if n < 1:
        raise ValueError(f"a Latin square needs n >= 1, not {n}")
    names = [f"p{r},{c}" for r in range(n) for c in range(n)]
    names += [f"r{r}#{v}" for r in range(n) for v in range(n)]
    names += [f"c{c}#{v}" for c in range(n) for v in range(n)]
    xc = ExactCover(primary=names)
    for r in range(n):
        for c in range(n):
            for v in range(n):
                xc.add_option([f"p{r},{c}", f"r{r}#{v}", f"c{c}#{v}"])
    return xc
