"""Encoders: an exact-cover problem as another solver's model (CP-SAT, CNF).

They take the problem, not a puzzle, so every model gets every engine: they import the
exact cover, its results and ``symmetry.lex_leader``, never a model, grid or engine.
"""

from cpuzzler.encoders.cnf import ENCODINGS, to_cnf
from cpuzzler.encoders.cpsat import to_cpsat

__all__ = ["ENCODINGS", "to_cnf", "to_cpsat"]
