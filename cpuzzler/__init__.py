"""cpuzzler: model polyform and exact-cover puzzles once, solve them with several engines.

>>> from cpuzzler import ExactCover
>>> xc = ExactCover(primary=["A", "B"])
>>> _ = xc.add_option(["A", "B"])
>>> xc.count()
1
"""

import sys

from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.jobs import JOBS
from cpuzzler.results import Count, Stats

__all__ = ["Count", "ExactCover", "ExactCoverError", "InputFormatError", "Stats"]
__version__ = "0.3.0"

# The layers above the matrix register what ExactCover's methods hand on to them (see
# cpuzzler.jobs), each when first asked for: the engines, the decision diagram, the
# best solution, the designer's questions, the DLX format, the splitting, the symmetry
# search, the symmetric solutions.
JOBS.defer("cpuzzler.engines", "engine")
JOBS.defer("cpuzzler.engines.memo", "sample")
JOBS.defer("cpuzzler.engines.estimate", "estimate")
JOBS.defer("cpuzzler.engines.diagram", "diagram")
JOBS.defer("cpuzzler.engines.optimum", "best", "k_best")
JOBS.defer("cpuzzler.uniqueness.answer", "unique")
JOBS.defer("cpuzzler.uniqueness.hints", "hints")
JOBS.defer("cpuzzler.uniqueness.witness", "witness", "witness_svg")
JOBS.defer("cpuzzler.formats.dlx", "read_dlx", "parse_dlx", "format_dlx")
JOBS.defer("cpuzzler.parts.split", "split")
JOBS.defer("cpuzzler.presolve.reduction", "reduce")
JOBS.defer("cpuzzler.symmetry.automorphisms", "symmetries", "symmetry_budget", "graph",
           "count_unique")
JOBS.defer("cpuzzler.symmetry.symmetric_search", "symmetric_solutions",
           "count_symmetric")

if "IPython" in sys.modules:  # a notebook: regions show as pictures (see render.svg)
    from cpuzzler.render import svg as _svg  # noqa: F401
