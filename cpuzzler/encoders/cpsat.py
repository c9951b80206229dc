"""An exact-cover problem as an OR-Tools CP-SAT model: one Boolean per option.

Each primary item with bounds lo:hi gets ``lo <= sum <= hi`` (an exactly-one constraint
when 1:1); each secondary item an at-most-one. A secondary item that options give colours
gets one Boolean per colour, true exactly when a chosen option gives it that colour; the
at-most-one then takes those Booleans and the options that hold it without a colour.

>>> from cpuzzler.models import queens
>>> model, chosen = to_cpsat(queens(4))
>>> len(chosen)
16
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cpuzzler.encoders.colours import colour_groups
from cpuzzler.results import RunDeadline
from cpuzzler.symmetry.lex_leader import lex_leader_clauses

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

    from cpuzzler.exact_cover import ExactCover


def to_cpsat(xc: ExactCover, symmetries: Sequence[Sequence[int]] = ()
             ) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The model and its option variables (``chosen[k]`` true when option k is chosen);
    with ``symmetries``, permutations of the options, only the least solution of each
    class (see ``encoders.symmetry``). Stops with ``TimeUp`` past the run's deadline
    (``results.RunDeadline``): a large model takes a while to build."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    chosen = [model.new_bool_var(f"o{k}") for k in range(xc.num_options)]
    lo, hi, secondary = xc.item_arrays()
    groups = colour_groups(xc)
    for i, options in enumerate(xc.item_options()):
        RunDeadline.every(i)
        literals = [chosen[k] for k in options]
        if i in groups:
            literals = [chosen[k] for k in groups[i].pop(0)]
            for colour, holders in groups[i].items():
                some = model.new_bool_var(f"x{i}:{colour}")
                for k in holders:
                    model.add_implication(chosen[k], some)
                model.add_bool_or([chosen[k] for k in holders]).only_enforce_if(some)
                literals.append(some)
            if len(literals) > 1:
                model.add_at_most_one(literals)
        elif secondary[i]:
            if len(literals) > 1:
                model.add_at_most_one(literals)
        elif (lo[i], hi[i]) == (1, 1):
            model.add_exactly_one(literals)
        else:
            model.add_linear_constraint(sum(literals), lo[i], hi[i])
    if symmetries:
        n = xc.num_options
        clauses, top = lex_leader_clauses(symmetries, n, n + 1)
        extra = [model.new_bool_var(f"e{v}") for v in range(n + 1, top + 1)]
        variables = chosen + extra

        def literal(v: int) -> cp_model.LiteralT:
            return variables[v - 1] if v > 0 else variables[-v - 1].Not()

        for c, clause in enumerate(clauses):
            if not c & 0x3FFF:  # millions of clauses: no call for each
                RunDeadline.check()
            model.add_bool_or([literal(v) for v in clause])
    return model, chosen
