"""The N queens problem as exact cover: rows and columns primary, diagonals secondary.

>>> queens(6).count()
4
"""

from __future__ import annotations

from cpuzzler.exact_cover import ExactCover


def queens(n: int) -> ExactCover:
    """N queens: items ``r{i}``, ``c{j}`` (primary), ``a{i+j}``, ``b{i-j+n-1}`` (secondary)."""
    if n < 1:
        raise ValueError(f"queens needs n >= 1, not {n}")
    lines = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    xc = ExactCover(primary=lines, secondary=diagonals)
    for i in range(n):
        for j in range(n):
            xc.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
    return xc
