"""The designer's questions of an exact cover: is the answer unique, and which options
(pieces, clues) must be given away, as few as possible, to make it so.

``answer`` stops at the second solution and keeps both (the witness), ``givens`` solves
with some options given in advance, ``hints`` finds the fewest hints by an implicit
hitting set, ``witness`` draws two solutions side by side. They know exact covers and
their solutions only: they import ``exact_cover``, ``jobs``, ``results``, ``errors``,
the native engine and the renderers; ``ExactCover``, ``Tiling`` and ``Sudoku`` hand
their questions on to them (``unique()``, ``hints()``). A family of boards, which builds
tilings, is ``cpuzzler.design``'s. This file imports nothing.

>>> from cpuzzler.models import queens
>>> answer = queens(6).unique(symmetry="raw")
>>> answer.unique, len(answer.solutions)
(False, 2)
>>> queens(6).unique().unique  # the 6 queens' one solution up to symmetry
True
"""
