"""Langford pairings as exact cover (Knuth's first example in Dancing Links): place two
copies of each number 1..n in a row of 2n slots so that the two k's have k numbers
between them.

>>> langford(4).count(), langford(7).count()
(1, 26)
>>> langford(4).count(symmetry="raw"), langford(7).count(symmetry="raw")
(2, 52)

A pairing read backwards is another: counted up to the matrix's symmetry (its reversal,
found from the matrix), the counts are OEIS A014552's (1 for n = 3 and 4, 26 for 7, 150
for 8), the raw counts twice them.
"""

from __future__ import annotations

from cpuzzler.exact_cover import ExactCover


def langford(n: int) -> ExactCover:
    """Items ``k`` (the number, 1..n) and ``s{i}`` (the slot, 1..2n); an option puts
    the two k's in slots i and i + k + 1."""
    if n < 1:
        raise ValueError(f"langford needs n >= 1, not {n}")
    numbers = [str(k) for k in range(1, n + 1)]
    slots = [f"s{i}" for i in range(1, 2 * n + 1)]
    xc = ExactCover(primary=numbers + slots)
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            xc.add_option([str(k), f"s{i}", f"s{i + k + 1}"])
    return xc
