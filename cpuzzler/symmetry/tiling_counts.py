"""A tiling's count up to its symmetry: the routes, and the choice among them.

Four ways to the number of classes of solutions under the puzzle's group G:

- **Burnside** (``burnside``): the average over G of the solutions each symmetry fixes,
  each a count of a quotient exact cover; no solution is listed, so the memo and
  frontier engines take it. Where a quotient is no exact cover of ours, the next way.
- **The reduction** (``tilings.Reduction``): one piece that every solution holds once and
  every symmetry keeps is restricted to one placement per orbit; a count where every
  orbit is as large as G, else the representatives with a stabiliser searched alone.
  Never on a packing, which may leave any piece out (issue 78: each packing without the
  piece was counted once per representative, 409 "unique" packings of 445 in all).
- **Lex leaders** (CP-SAT and SAT): clauses that let the solver find the least solution
  of each class only.
- **Listing**: every solution named by its least image (the oracle), and the only way
  where a constraint is checked on whole solutions.

A tiling is known here by the shape ``CountedTiling`` names (``models.Tiling`` is one);
this module imports the exact cover, the results and the other symmetry rooms, never a
model.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> board = Tiling([pieces.by_name("polyominoes", "I2").with_copies(2)],
...                square.rectangle(2, 2), fill="pack")
>>> count_both(board, "unique", None, None, None, {})  # empty, one, two across or down
(3, 7)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cpuzzler.errors import ExactCoverError
from cpuzzler.results import (
    INTERRUPTED,
    LEX_ENGINES,
    METHODS,
    Clock,
    Count,
    settled_method,
)

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover
    from cpuzzler.placements.placement import Placement
    from cpuzzler.symmetry.tilings import PuzzleSymmetry, Reduction, TilingSolution

T = TypeVar("T")


class CountedTiling(Protocol):
    """What the counts need of a tiling (``models.Tiling`` is one)."""

    @property
    def exact_cover(self) -> ExactCover: ...
    @property
    def placements(self) -> list[Placement]: ...
    @property
    def checked_at_leaves(self) -> Sequence[object]: ...
    def solution(self, options: Iterable[int]) -> TilingSolution: ...
    def solve(self, limit: int | None = None, *, symmetry: str = "unique",
              engine: str | None = None, time_limit: float | None = None,
              **options: Any) -> Iterator[TilingSolution]: ...
    def group(self, symmetry: str = "unique") -> PuzzleSymmetry: ...
    def option_symmetries(self, symmetry: str = "unique") -> list[list[int]]: ...
    def reduction_for(self, symmetry: str) -> Reduction: ...


def count_both(tiling: CountedTiling, symmetry: str, engine: str | None,
               time_limit: float | None, method: str | None, options: dict[str, Any]
               ) -> tuple[Count, Count]:
    """(the count up to ``symmetry``, the raw count), by ``method`` or the way that suits
    the engine (``results.settled_method``); ``Tiling.count_both`` checks the arguments."""
    asked = method
    method = settled_method(method, engine, lambda: symmetry != "raw"
                            and reduces_by_counting(tiling, symmetry))
    if method not in METHODS:
        raise ExactCoverError(f"unknown method {method!r}; known: {', '.join(METHODS)}")
    xc = tiling.exact_cover
    xc.stats.fixed = []  # what each symmetry fixes, where a method says
    clock = Clock(time_limit)
    if tiling.checked_at_leaves:  # only whole solutions tell
        return count_listed(tiling, symmetry, engine, clock.left(), options)
    if symmetry == "raw":
        raw = xc.count(engine=engine, time_limit=clock.left(), symmetry="raw", **options)
        return raw, raw
    if method == "lex":
        return count_lex_leaders(tiling, engine, clock.left(), symmetry, options)
    if method == "reduce" and asked is None and not reduces(tiling, symmetry):
        method = "burnside"  # counted, where the other way lists every solution (the
        #                      6x6 dominoes: 0.01 s, was 1.3 s; 18 times the raw count)
    if method == "burnside":
        counted = count_fixed(tiling, engine, clock.left(), symmetry, options)
        if counted is not None:
            return counted
        method = "reduce"  # a quotient past our exact covers: the reduction instead
    if method == "reduce" and reduces(tiling, symmetry):
        return count_reduced(tiling, engine, clock.left(), symmetry, options)
    return count_listed(tiling, symmetry, engine, clock.left(), options)


def count_listed(tiling: CountedTiling, symmetry: str, engine: str | None,
                 time_limit: float | None, options: dict[str, Any]) -> tuple[Count, Count]:
    """Unique and raw counts by listing the solutions (one per class where
    ``symmetry`` is not raw), each standing for the images its class has."""
    moves = None if symmetry == "raw" else tiling.option_symmetries(symmetry)
    index = {(p.piece, p.cells): k for k, p in enumerate(tiling.placements)}
    unique = in_all = 0
    for solution in until_interrupted(tiling.exact_cover, tiling.solve(
            symmetry=symmetry, engine=engine, time_limit=time_limit, **options)):
        unique += 1
        if moves is None:
            in_all += 1
            continue
        chosen = sorted(index[p.piece, p.cells] for p in solution.placements)
        own = 1 + sum(1 for move in moves if sorted(move[o] for o in chosen) == chosen)
        in_all += (len(moves) + 1) // own
    reason = tiling.exact_cover.stats.reason
    reason = "done" if reason == "limit" else reason
    return Count(unique, reason), Count(in_all, reason)


def count_fixed(tiling: CountedTiling, engine: str | None, time_limit: float | None,
                symmetry: str, options: dict[str, Any]) -> tuple[Count, Count] | None:
    """Unique and raw counts by Burnside's lemma (None where a quotient is no exact
    cover of ours); what each kind of symmetry fixes goes to ``exact_cover.stats``."""
    from cpuzzler.symmetry.burnside import count_by_burnside

    result = count_by_burnside(tiling.exact_cover, tiling.option_symmetries(symmetry),
                               engine=engine, time_limit=time_limit,
                               label=symmetry_label(tiling, symmetry), **options)
    if result is None:
        return None
    tiling.exact_cover.stats.fixed = result.fixed
    return result.unique, result.raw


def symmetry_label(tiling: CountedTiling, symmetry: str
                   ) -> Callable[[tuple[int, ...], int], str]:
    """What a symmetry (as an option permutation) of the group is, in words."""
    permutations = tiling.option_symmetries(symmetry)
    proper = dict(zip(map(tuple, permutations), tiling.group(symmetry).proper[1:],
                      strict=True))

    def label(g: tuple[int, ...], order: int) -> str:
        if proper.get(g, True):
            return "half turn" if order == 2 else f"rotation of order {order}"
        return "reflection" if order == 2 else f"rotary reflection of order {order}"

    return label


def reduces(tiling: CountedTiling, symmetry: str = "unique") -> bool:
    """Whether the symmetry reduction applies: a group beyond the identity, and a
    piece whose placements it cuts."""
    return len(tiling.group(symmetry)) > 1 and tiling.reduction_for(symmetry).piece is not None


def reduces_by_counting(tiling: CountedTiling, symmetry: str) -> bool:
    """Whether the symmetry reduction is a count alone: a piece every symmetry keeps
    whose placements all lie in orbits as large as the group."""
    return reduces(tiling, symmetry) and not tiling.reduction_for(symmetry).fixed_reps


def count_lex_leaders(tiling: CountedTiling, engine: str | None, time_limit: float | None,
                      symmetry: str, options: dict[str, Any]) -> tuple[Count, Count]:
    """Unique and raw counts from the least solution of each class, which the
    lex-leader constraints leave the solver to find."""
    if engine not in LEX_ENGINES:
        which = "the default engine, dlx" if engine is None else f"the {engine} engine"
        raise ExactCoverError(f"method 'lex' needs the {' or '.join(LEX_ENGINES)} engine "
                              f"(engine={LEX_ENGINES[0]!r}), not {which}")
    group, xc = tiling.group(symmetry), tiling.exact_cover
    unique = raw = 0
    for chosen in until_interrupted(xc, xc.solve(
            engine=engine, time_limit=time_limit,
            symmetries=tiling.option_symmetries(symmetry), **options)):
        unique += 1
        raw += len(group) // group.stabiliser(tiling.solution(chosen))
    reason = xc.stats.reason if xc.stats.reason != "limit" else "done"
    return Count(unique, reason), Count(raw, reason)


def restricted(tiling: CountedTiling, piece: str, keep: Iterable[int]
               ) -> tuple[ExactCover, list[int]]:
    """The exact cover with ``piece`` limited to the placements ``keep`` (option
    indices); also the original index of each option kept."""
    keep = set(keep)
    kept = [o for o, pl in enumerate(tiling.placements) if pl.piece != piece or o in keep]
    return tiling.exact_cover.with_options(kept), kept


def count_reduced(tiling: CountedTiling, engine: str | None, time_limit: float | None,
                  symmetry: str, options: dict[str, Any]) -> tuple[Count, Count]:
    """Unique and raw counts by the symmetry reduction (see ``tilings.Reduction``)."""
    end = None if time_limit is None else time.perf_counter() + time_limit
    reduction, group = tiling.reduction_for(symmetry), tiling.group(symmetry)
    assert reduction.piece is not None  # count_both reduces only where it has a piece
    xc, _ = restricted(tiling, reduction.piece, reduction.free_reps)
    left = None if end is None else max(0.0, end - time.perf_counter())
    free = xc.count(engine=engine, time_limit=left, symmetry="raw", **options)
    unique, raw, reason = int(free), len(group) * int(free), free.reason
    tiling.exact_cover.stats = xc.stats  # the run that counted (its engine, what answered)
    if not reduction.fixed_reps:  # no solution is its own image: say so
        from cpuzzler.symmetry.burnside import none_but_identity

        tiling.exact_cover.stats.fixed = none_but_identity(
            tiling.option_symmetries(symmetry), Count(raw, reason),
            symmetry_label(tiling, symmetry))
    for rep in reduction.fixed_reps:
        if reason != "done":
            break
        left = None if end is None else max(0.0, end - time.perf_counter())
        more, more_raw, reason = count_at_symmetric_rep(tiling, rep, engine, symmetry,
                                                        left, options)
        unique, raw = unique + more, raw + more_raw
    return Count(unique, reason), Count(raw, reason)


def count_at_symmetric_rep(tiling: CountedTiling, rep: int, engine: str | None,
                           symmetry: str, time_limit: float | None, options: dict[str, Any]
                           ) -> tuple[int, int, str]:
    """The reduction's second part for one representative placement ``rep`` whose
    stabiliser is not trivial: (unique, raw, stop reason) of the solutions with the
    reduction's piece there, each kept when least among its stabiliser's images."""
    reduction, group = tiling.reduction_for(symmetry), tiling.group(symmetry)
    stabiliser = reduction.stabiliser(rep)
    assert reduction.piece is not None  # a representative is one of the piece's
    sub, kept = restricted(tiling, reduction.piece, [rep])
    unique = raw = 0
    for chosen in until_interrupted(sub, sub.solve(engine=engine, time_limit=time_limit,
                                                   **options)):
        solution = tiling.solution(kept[o] for o in chosen)
        images = [group.image(solution, k) for k in stabiliser]
        if images[0] == min(images):
            unique += 1
            raw += len(group) // images.count(images[0])
    return unique, raw, sub.stats.reason if sub.stats.reason != "limit" else "done"


def least_image(chosen: Iterable[int], moves: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """A solution's name up to symmetry: the least of its images as sorted option
    numbers, under the identity and ``moves`` (``option_symmetries``).

    >>> least_image([2, 0], [[1, 0, 2]])  # options 0 and 1 swap: {0, 2} ~ {1, 2}
    (0, 2)
    """
    own = tuple(sorted(chosen))
    return min([own, *(tuple(sorted(move[o] for o in own)) for move in moves)])


def until_interrupted(xc: ExactCover, solutions: Iterator[T]) -> Iterator[T]:
    """``solutions`` (of ``xc``) until Ctrl-C, which then marks ``xc.stats`` interrupted
    instead of ending a count with no result: the count so far is a lower bound."""
    try:
        yield from solutions
    except KeyboardInterrupt:
        xc.stats.reason = INTERRUPTED
