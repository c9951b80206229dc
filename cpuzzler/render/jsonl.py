"""Solutions and counts as JSON objects, one per line (JSON Lines), for scripts.

A tiling's solution lists its pieces with their copy numbers (Y1 .. Y25 are the 1st to
25th copy of Y) and cells; any other exact cover's lists its options' items; a count
is one object with both counts, whether it is complete, and how long it took.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> puzzle = Tiling([pieces.domino()[0].with_copies(2)], square.rectangle(2, 2))
>>> line(tiling_solution(puzzle.first(), "two-dominoes", 1))
'{"puzzle":"two-dominoes","solution":1,"pieces":[{"piece":"I2","copy":1,"cells":[[0,0],[1,0]]},{"piece":"I2","copy":2,"cells":[[0,1],[1,1]]}]}'
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cpuzzler.exact_cover import ExactCover
    from cpuzzler.render.drawable import Drawable
    from cpuzzler.results import Count


def line(record: dict[str, Any]) -> str:
    """One JSON object on one line."""
    return json.dumps(record, separators=(",", ":"))


def tiling_solution(solution: Drawable, puzzle: str, number: int) -> dict[str, Any]:
    """A tiling's solution: each piece's name, copy number (from 1) and cells."""
    copies: dict[str, int] = {}
    placed = []
    for placement in solution.placements:
        copies[placement.piece] = copies.get(placement.piece, 0) + 1
        placed.append({"piece": placement.piece, "copy": copies[placement.piece],
                       "cells": [list(cell) for cell in placement.cells]})
    return {"puzzle": puzzle, "solution": number, "pieces": placed}


def options_solution(xc: ExactCover, solution: tuple[int, ...], puzzle: str, number: int
                     ) -> dict[str, Any]:
    """An exact cover's solution: the items of each chosen option."""
    return {"puzzle": puzzle, "solution": number,
            "options": [list(xc.option(o)) for o in solution]}


def count(puzzle: str, raw: Count, unique: Count | None, seconds: float, engine: str,
          fixed: Sequence[Any] = (), answered_by: str = "",
          rounds: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """A count: ``unique`` is None where no symmetry was asked for (or none applies);
    ``fixed``: what each kind of symmetry fixes (``burnside.Fixed`` records), where the
    count found out; ``answered_by`` and ``rounds``: the auto engine's answering engine
    and its rounds and choices (``Stats.rounds``)."""
    partial = [c for c in (unique, raw) if c is not None and not c.complete]
    record: dict[str, Any] = {"puzzle": puzzle, "unique": None if unique is None else int(unique),
              "raw": int(raw), "complete": not partial,
              "reason": partial[0].reason if partial else raw.reason,
              "seconds": round(seconds, 3), "engine": engine}
    if fixed:
        record["fixed"] = [{"symmetry": f.label, "order": f.order, "elements": f.elements,
                            "solutions": int(f.fixed), "complete": f.fixed.complete}
                           for f in fixed]
    if answered_by:
        record["answered_by"] = answered_by
    if rounds:
        record["rounds"] = list(rounds)
    return record
