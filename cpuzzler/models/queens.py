"""The N queens problem as exact cover: rows and columns primary, diagonals secondary.

>>> queens(6).count(symmetry="raw"), queens(8).count(), len(distinct_queens(8))
(4, 12, 12)
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


def distinct_queens(n: int, engine: str | None = None) -> list[tuple[int, ...]]:
    """The solutions up to the board's 8 rotations and reflections, each as the column
    of the queen in each row (the least of its images), sorted: 12 for n = 8, as aps
    reports."""
    found = set()
    for options in queens(n).solve(engine=engine):
        board = {divmod(o, n) for o in options}
        images = []
        for _ in range(4):
            board = {(c, n - 1 - r) for r, c in board}  # a quarter turn
            for image in (board, {(r, n - 1 - c) for r, c in board}):  # and its mirror
                images.append(tuple(c for _, c in sorted(image)))
        found.add(min(images))
    return sorted(found)
