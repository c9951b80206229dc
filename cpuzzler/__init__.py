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
from cpuzzler.results import Count, Stats

__all__ = ["Count", "ExactCover", "ExactCoverError", "InputFormatError", "Stats"]
__version__ = "0.3.0"

# The layers above the matrix register what ExactCover's methods hand on to them (see
# exact_cover.JOBS): the engines, the symmetry search, the splitting, the DLX format,
# the decision diagram.
from cpuzzler import engines  # noqa: E402, F401
from cpuzzler.engines import diagram  # noqa: E402, F401
from cpuzzler.formats import dlx as _dlx_format  # noqa: E402, F401
from cpuzzler.parts import split  # noqa: E402, F401
from cpuzzler.symmetry import automorphisms  # noqa: E402, F401

if "IPython" in sys.modules:  # a notebook: regions show as pictures (see render.svg)
    from cpuzzler.render import svg as _svg  # noqa: F401
