"""Symmetry: the groups of puzzles and of exact covers, and what counting does with them.

``tilings`` holds a tiling's group (the lattice maps that carry its region and pieces
onto themselves) and the canonical forms of its solutions; ``automorphisms`` the
symmetries of any exact cover (found by nauty) and its counts of unique solutions;
``burnside`` those counts by Burnside's lemma on quotient exact covers; ``lex_leader``
the lex-leader clauses that keep one solution per orbit in a CP-SAT model or a CNF;
``tiling_counts`` a tiling's count up to its group (Burnside, the reduction, lex
leaders, listing) and which route a count takes; ``tiling_solutions`` its solutions,
one of each class. All but the three ``tiling`` rooms know the exact cover only (they
import ``exact_cover``, ``results`` and ``errors``, never a model or a grid), so the
engines and encoders may use them; those three know a tiling by its shape (a Protocol)
and import grids, placements and constraints, never a model. This file imports nothing:
each room is loaded when it is used.
"""
