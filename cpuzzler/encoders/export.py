"""Writing an exact-cover problem for other programs: DIMACS CNF, OPB, DLX, CP-SAT proto.

>>> from cpuzzler.models import queens
>>> print(export(queens(2), "opb").splitlines()[2])
+1 x1 +1 x2 >= 1 ;
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpuzzler.encoders.colours import colour_groups
from cpuzzler.errors import ExactCoverError

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

FORMATS = ("dimacs", "opb", "dlx", "cpsat-proto")


def _opb(xc: ExactCover) -> str:
    lo, hi, secondary = xc.item_arrays()
    groups = colour_groups(xc)
    lines = []
    top = xc.num_options  # colours get variables after the options' (see encoders.colours)
    for i, found in enumerate(xc.item_options()):
        options = [k + 1 for k in found]
        if i in groups:
            options = [k + 1 for k in groups[i].pop(0)]
            for holders in groups[i].values():
                top += 1
                lines += [f"+1 x{top} -1 x{k + 1} >= 0 ;" for k in holders]
                lines.append(" ".join(f"+1 x{k + 1}" for k in holders) + f" -1 x{top} >= 0 ;")
                options.append(top)
        need, most = (0, 1) if secondary[i] else (lo[i], hi[i])
        if need > 0:
            lines.append(" ".join(f"+1 x{v}" for v in options) + f" >= {need} ;"
                         if options else f"0 >= {need} ;")
        if most < len(options):
            lines.append(" ".join(f"-1 x{v}" for v in options) + f" >= {-most} ;")
    head = [f"* #variable= {top} #constraint= {len(lines)}",
            "* an exact-cover problem from cpuzzler: x<k> is option k-1"
            + (f" for k <= {xc.num_options}" if top > xc.num_options else "")]
    return "\n".join(head + lines) + "\n"


def export(xc: ExactCover, fmt: str, *, encoding: str = "seqcounter") -> str:
    """The problem as text in ``fmt`` (one of ``FORMATS``)."""
    if fmt == "dlx":
        return xc.to_dlx()
    if fmt == "opb":
        return _opb(xc)
    if fmt == "dimacs":
        from cpuzzler.encoders.cnf import to_cnf

        cnf = to_cnf(xc, encoding)
        # "c p show": the projection of the model-counting competition format, so that
        # counters count solutions, not the settings of the encoding's helper variables.
        show = " ".join(str(v) for v in range(1, xc.num_options + 1))
        cnf.comments = [f"c an exact-cover problem from cpuzzler: variable k is option k-1 "
                        f"(k <= {xc.num_options}); encoding {encoding}",
                        f"c p show {show} 0"]
        dimacs: str = cnf.to_dimacs()
        return dimacs + "\n"
    if fmt == "cpsat-proto":
        from cpuzzler.encoders.cpsat import to_cpsat

        model, _ = to_cpsat(xc)
        return str(model.proto)
    raise ExactCoverError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
