"""``Symmetric(kind)``: the solution maps onto itself under a symmetry of the puzzle.

``kind`` says which: ``"any"`` (some symmetry besides the identity), ``"half-turn"``,
``"rotation"`` (some rotation) or ``"reflection"`` (some mirror). A map of the puzzle
onto itself sends each piece to a piece of the set (a copy to a copy), so where every
piece is there once a symmetric solution needs pieces that are symmetric themselves.
No one exact cover says "the same after some half turn": the tiling solves the
quotient by each symmetry of the kind (``symmetry.symmetric_search``: the solutions that
symmetry fixes), and where a quotient is no exact cover of ours lists every solution
and checks it (``accepts``). Each kind is closed under the puzzle's symmetries, so
solutions count up to them as without it.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> dominoes = Tiling([pieces.domino()[0].with_copies(8)], square.rectangle(4, 4))
>>> dominoes.count(symmetry="raw"), dominoes.count(symmetry="raw",
...                                                where=[Symmetric("half-turn")])
(36, 8)
"""

from __future__ import annotations

from collections.abc import Sequence

from cpuzzler.constraints.base import Constraint
from cpuzzler.errors import ExactCoverError

KINDS = ("any", "half-turn", "rotation", "reflection")


class Symmetric(Constraint):
    """The solution equals its image under a symmetry of ``kind`` (see the module)."""

    name = "symmetric"
    checked_at_leaves = True

    def __init__(self, kind: str = "any") -> None:
        if kind not in KINDS:
            raise ExactCoverError(f"Symmetric: unknown kind {kind!r}; known: "
                                  f"{', '.join(KINDS)}")
        self.kind = kind

    def __repr__(self) -> str:
        return f"Symmetric({self.kind!r})"

    def accepts(self, fixed_by: Sequence[tuple[bool, int]]) -> bool:
        return any(self.wanted(proper, order) for proper, order in fixed_by)

    def wanted(self, proper: bool, order: int) -> bool:
        """Whether a symmetry (a rotation or not, of some order) is of this kind.

        >>> Symmetric("half-turn").wanted(True, 2), Symmetric("half-turn").wanted(True, 4)
        (True, False)
        """
        if self.kind == "any":
            return True
        if self.kind == "reflection":
            return not proper
        return proper and (self.kind == "rotation" or order == 2)
