"""The fewest hints: which of a solution's options, given in advance, leave it the only
solution.

Each other solution T must be ruled out by some hint, an option of the solution S that
T lacks: the hints are a hitting set of the sets S - T. There are too many other
solutions to list, so they are found as needed (an implicit hitting set): the smallest
set that hits every difference found so far is solved exactly (CP-SAT), then checked by
a search for a second solution holding it (``givens``); a second solution found is one
more set to hit. Between two exact solves, cheap rounds add hints greedily (the one
hitting most of the differences found) until a check passes, each failed check one more
set: the exact solves are few. The first check that passes after an exact solve proves
the set a minimum.

``minimal=True`` skips the proof: start from every candidate and drop each hint whose
absence leaves the solution unique (a known second solution that holds the rest saves
the search); every hint left is then needed, though a smaller set may exist.

>>> from cpuzzler.models import queens
>>> board = queens(5)
>>> solution = board.first()
>>> hints = board.hints(solution)
>>> len(hints), hints.optimal, len(list(board.solve(symmetry="raw")))
(2, True, 10)
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from cpuzzler.errors import ExactCoverError
from cpuzzler.jobs import JOBS
from cpuzzler.results import Hints
from cpuzzler.uniqueness.givens import Givens

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover


def fewest_hints(xc: ExactCover, solution: Collection[int], *,
                 candidates: Collection[int] | None = None, minimal: bool = False,
                 engine: str | None = None, seed: int | None = None,
                 givens: Givens | None = None, options: dict[str, Any] | None = None
                 ) -> Hints:
    """The fewest options of ``solution`` (of those in ``candidates``: all by default)
    that leave it the only solution of ``xc`` holding them; ``minimal``: a set in which
    every hint is needed, without the proof that none smaller exists (in the order of
    ``candidates``, shuffled by ``seed`` if given)."""
    target = tuple(sorted(solution))
    if xc.violation(target) is not None:
        raise ExactCoverError(f"hints: the options {list(target)} are no solution "
                              f"({xc.violation(target)})")
    pool = list(dict.fromkeys(candidates if candidates is not None else target))
    if not set(pool) <= set(target):
        raise ExactCoverError("hints: every candidate hint must be an option of the solution")
    if seed is not None:
        random.Random(seed).shuffle(pool)
    search = _Search(givens or Givens(xc), target, engine, options or {})
    if search.other(pool) is not None:
        raise ExactCoverError(f"hints: with all {len(pool)} candidate hints given, the "
                              "solution is still not the only one")
    if minimal:
        kept = list(pool)
        for hint in pool:
            trial = [h for h in kept if h != hint]
            if search.ruled_out(trial) or search.other(trial) is not None:
                continue
            kept = trial
        return Hints(sorted(kept), len(kept) == 0, search.checks)
    return Hints(sorted(_implicit_hitting_set(search, pool)), True, search.checks)


class _Search:
    """The checks: a second solution holding some hints, and the differences found."""

    def __init__(self, givens: Givens, target: tuple[int, ...], engine: str | None,
                 options: dict[str, Any]) -> None:
        self.givens, self.target, self.engine, self.options = givens, target, engine, options
        self.differences: list[frozenset[int]] = []
        self.checks = 0

    def other(self, hints: Collection[int]) -> tuple[int, ...] | None:
        """Another solution holding ``hints``; its difference is kept."""
        self.checks += 1
        found = self.givens.another(hints, self.target, engine=self.engine, **self.options)
        if found is not None:
            self.differences.append(frozenset(self.target) - frozenset(found))
        return found

    def ruled_out(self, hints: Collection[int]) -> bool:
        """Whether a second solution found before holds all of ``hints``."""
        chosen = set(hints)
        return any(not (difference & chosen) for difference in self.differences)


def _implicit_hitting_set(search: _Search, pool: list[int]) -> list[int]:
    candidates = set(pool)
    while True:
        hints = _smallest_hitting_set([d & candidates for d in search.differences], pool)
        if search.other(hints) is None:
            return hints
        greedy = set(hints)
        while True:  # cheap rounds: more differences before the next exact solve
            open_sets = [d & candidates for d in search.differences if not d & greedy]
            if not open_sets:
                if search.other(greedy) is None:
                    break
                continue
            best = max((h for h in pool if h not in greedy),
                       key=lambda h: sum(h in d for d in open_sets))
            greedy.add(best)


def _smallest_hitting_set(sets: list[frozenset[int]], pool: list[int]) -> list[int]:
    """The fewest of ``pool`` meeting every set (CP-SAT, one worker: the same answer
    each run)."""
    if not sets:
        return []
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    chosen = {h: model.new_bool_var(f"h{h}") for h in pool}
    for one in sets:
        model.add_bool_or([chosen[h] for h in one])
    model.minimize(sum(chosen.values()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status != cp_model.OPTIMAL:
        raise ExactCoverError("hints: the hitting set has no solution")
    return [h for h in pool if solver.value(chosen[h])]


def cover_hints(xc: ExactCover, solution: Collection[int], minimal: bool,
                engine: str | None, options: dict[str, Any]) -> Hints:
    """``ExactCover.hints``."""
    return fewest_hints(xc, solution, minimal=minimal, engine=engine, options=options)


JOBS["hints"] = cover_hints


__all__ = ["fewest_hints"]
