"""Constraints beyond exact cover, stated on a tiling's placements.

``FaultFree()`` (no straight grid line cuts the tiling), ``Apart(a, b)`` (pieces that
share no edge), ``Within(name, cells)`` (a piece kept to some cells) and
``Symmetric(kind)`` (the solution maps onto itself), ``Colours(pieces, region,
allowed)`` (coloured cells on allowed colours only: BurrTools' colour constraints),
``Disassembles()`` (the pieces come apart by sliding: ``cpuzzler.assembly``). A tiling
takes them as ``where=[...]`` (``Tiling.count(where=[FaultFree()])``). Each says
what it adds to the puzzle's exact cover (placements left out, items the placements
hold), so every engine solves the constrained puzzle as the same matrix and prunes as it
goes. What no one matrix can say (a required symmetry: ``Symmetric``) is solved in
the quotient by each symmetry of its kind, and checked on each whole solution only
where a quotient is no exact cover (the constraints guide says how).
This package imports the grids, the placements and ``cpuzzler.assembly`` only: the
models import it, never the other way.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> dominoes = Tiling([pieces.domino()[0].with_copies(18)], square.rectangle(6, 6))
>>> dominoes.count(symmetry="raw"), dominoes.count(symmetry="raw", where=[FaultFree()])
(6728, 0)
"""

from cpuzzler.constraints.apart import Apart
from cpuzzler.constraints.base import Added, Constraint
from cpuzzler.constraints.colours import Colours
from cpuzzler.constraints.disassembles import Disassembles
from cpuzzler.constraints.faults import FaultFree
from cpuzzler.constraints.symmetric import Symmetric
from cpuzzler.constraints.within import Within

__all__ = ["Added", "Apart", "Colours", "Constraint", "Disassembles", "FaultFree", "Symmetric",
           "Within"]
