"""Presolving: an exact cover made smaller before any engine searches it.

``reduction`` removes the options that lie in no solution and the items whose
constraint another item's implies, to a fixed point: Knuth's DLX-PRE's two rules (an
option that leaves some primary item uncoverable; an item present, uncoloured, in every
option of a primary item) and probing (an option whose choice, followed by the choices
it forces, leaves some item uncoverable; optionally a short search below that).
``Reduction`` is what it gives back: the smaller problem, the map back to the original
options, and the DLX text with DLX-PRE's ``(from k)`` tags. ``ExactCover.reduced()``
hands its job on to this package.

This package knows exact covers only: it imports ``exact_cover``, ``matrix``,
``results``, ``errors`` and ``jobs``, never an engine or a model.

>>> from cpuzzler import ExactCover
>>> xc = ExactCover(["A", "B", "C", "D", "E"], ["F", "G"])  # DLX-PRE's first example
>>> for option in ("C E F", "A D G", "B C F", "A D", "B G", "D E G"):
...     _ = xc.add_option(option.split())
>>> reduced = xc.reduced()
>>> [reduced.problem.option(k) for k in range(reduced.problem.num_options)]
[('C',), ('A',), ('B',)]
>>> reduced.problem.items, reduced.options, reduced.original((0, 1, 2))
(('A', 'B', 'C'), (0, 3, 4), (0, 3, 4))
"""

from cpuzzler.presolve.reduction import Reduction, reduce

__all__ = ["Reduction", "reduce"]
