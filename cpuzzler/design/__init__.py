"""The puzzle designer's questions: is the answer unique, which pieces or clues must be
given away (as few as possible) to make it so, and which member of a family of boards
has exactly one solution.

``uniqueness`` (stop at the second solution, the witness), ``givens`` (an exact cover's
solutions with some options given in advance), ``hints`` (the fewest hints, by an
implicit hitting set) and ``witness`` (two solutions side by side) know exact covers and
solutions only: they import ``exact_cover``, ``results``, ``errors`` and the renderers,
and ``ExactCover``, ``Tiling`` and ``Sudoku`` hand their questions on to them.
``families`` (a family of boards: a hole at every position, each class counted;
``holes`` here) builds tilings, so it imports the models, and so does this package;
the models import the modules above only inside the methods that hand on to them.

>>> from cpuzzler.models import queens
>>> answer = queens(6).unique(symmetry="raw")
>>> answer.unique, len(answer.solutions)
(False, 2)
>>> queens(6).unique().unique  # the 6 queens' one solution up to symmetry
True
"""

from cpuzzler.design.families import holes

__all__ = ["holes"]
