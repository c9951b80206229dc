"""cpuzzler: model polyform and exact-cover puzzles once, solve them with several engines.

>>> from cpuzzler import ExactCover
>>> xc = ExactCover(primary=["A", "B"])
>>> _ = xc.add_option(["A", "B"])
>>> xc.count()
1
"""

from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.results import Count, Stats

__all__ = ["Count", "ExactCover", "ExactCoverError", "InputFormatError", "Stats"]
__version__ = "0.1.0"
