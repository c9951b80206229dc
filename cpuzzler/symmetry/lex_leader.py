"""Lex-leader symmetry breaking: clauses that keep, of each class of solutions equal up
to a symmetry, exactly one (the least as a 0/1 vector over the options).

A symmetry is given as a permutation ``p`` of the options (``p[k]`` is the option that
option k becomes). For each one the solution vector x must satisfy x <=lex x∘p: at the
first option where x and its image differ, x has the 0. With every element of a group,
only the least member of each orbit passes, so counting the models counts the classes.
The auxiliary variables e_i ("x and its image agree before position i") are defined in
both directions, so each solution has one model: counts on the option variables stay
exact.

>>> clauses, top = lex_leader_clauses([[1, 0]], 2, 3)  # two options swapped
>>> clauses[0], top  # x0 <= x1 (variables 1 and 2), one auxiliary (3)
([-1, 2], 3)
"""

from __future__ import annotations

from collections.abc import Sequence

from cpuzzler.results import RunDeadline


def lex_leader_clauses(permutations: Sequence[Sequence[int]], n: int,
                       next_var: int) -> tuple[list[list[int]], int]:
    """CNF clauses (option k is variable k + 1; auxiliaries from ``next_var``) and the
    last variable used. Stops with ``TimeUp`` past the run's deadline (``RunDeadline``)."""
    clauses: list[list[int]] = []
    top = next_var - 1
    for p in permutations:
        if len(p) != n:
            raise ValueError(f"a symmetry permutes {len(p)} options, not {n}")
        equal: int | None = None  # the variable "agree so far" (None: true, at the start)
        moved = [k for k in range(n) if p[k] != k]
        for position, k in enumerate(moved):
            if not position & 0xFFFF:  # millions of positions: no call for each
                RunDeadline.check()
            a, b = k + 1, p[k] + 1
            guard = [] if equal is None else [-equal]
            clauses.append(guard + [-a, b])  # agreeing so far: x_k <= its image
            if position == len(moved) - 1:
                break
            top += 1
            nxt = top
            if equal is not None:
                clauses.append([-nxt, equal])
            clauses.append([-nxt, a, -b])
            clauses.append(guard + [-a, nxt])
            clauses.append(guard + [b, nxt])
            equal = nxt
    return clauses, max(top, next_var - 1)
