"""The puzzle designer's families of boards: which member of a family (a hole at every
position, ``holes``) has exactly one solution, each class counted.

``families`` builds tilings, so it imports the models; nothing below imports it. The
questions of one puzzle (is it unique, the fewest hints) are ``cpuzzler.uniqueness``'s.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import pieces
>>> dominoes = [pieces.domino()[0].with_copies(4)]
>>> [int(n) for _, n in holes(dominoes, square.rectangle(3, 3), [(0, 0)])]
[2, 0, 1]
"""

from cpuzzler.design.families import holes

__all__ = ["holes"]
