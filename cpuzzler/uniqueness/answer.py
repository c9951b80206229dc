"""Is the answer unique? The search stops at the second solution.

A puzzle is unique when it has exactly one solution (up to its symmetries, or raw);
the answer holds the solutions found: the one, or two that witness it is not (shown
side by side by ``witness``). Where a time limit stops the search first, the answer is
marked incomplete: one solution found, the second not ruled out.

>>> from cpuzzler.models import queens
>>> answer = queens(4).unique(symmetry="raw")
>>> answer.unique, answer.complete, answer.solutions
(False, True, [(1, 7, 8, 14), (2, 4, 11, 13)])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from cpuzzler.jobs import JOBS
from cpuzzler.results import DONE, LIMIT, Uniqueness

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

S = TypeVar("S")


def answer(found: Iterable[S], reason: Callable[[], str], problem: Any = None
           ) -> Uniqueness[S]:
    """The answer from a search that yields at most two solutions; ``reason()`` says
    afterwards why it stopped."""
    solutions = list(found)
    stopped = reason()
    complete = len(solutions) >= 2 or stopped in (DONE, LIMIT)
    return Uniqueness(len(solutions) == 1 and complete, solutions, complete,
                      DONE if len(solutions) >= 2 else stopped, problem)


def unique_cover(xc: ExactCover, symmetry: str, engine: str | None,
                 time_limit: float | None, where: Sequence[Any], options: dict[str, Any]
                 ) -> Uniqueness[tuple[int, ...]]:
    """``ExactCover.unique``: at most two solutions, up to symmetry or raw."""
    found = xc.solve(2, engine=engine, time_limit=time_limit, symmetry=symmetry,
                     where=where, **options)
    return answer(found, lambda: getattr(getattr(xc, "stats", None), "reason", DONE), xc)


JOBS["unique"] = unique_cover


__all__ = ["answer", "unique_cover"]
