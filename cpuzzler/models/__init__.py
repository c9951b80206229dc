"""Puzzles built as exact-cover problems: tilings of polyform pieces, Sudoku, queens,
Latin squares, Langford pairings, domino puzzles, and Frans Faase's DPF files.

They import what lies below them: the exact cover and its results, the grids, the pieces
and their placements, the constraints, the groups of ``symmetry``, the designer's
questions of ``uniqueness``, the plain readers of ``formats``, and the
renderers inside the functions that draw (a tiling's picture); the catalog, the counting
in parts and the shell import them, never the other way."""

from cpuzzler import pieces
from cpuzzler.exact_cover import ExactCover
from cpuzzler.models import dpf
from cpuzzler.models.dominoes import domino_puzzle
from cpuzzler.models.langford import langford
from cpuzzler.models.latin import latin_square
from cpuzzler.models.nuts import DriveYaNuts
from cpuzzler.models.queens import distinct_queens, queens
from cpuzzler.models.sudoku import Sudoku
from cpuzzler.models.tiling import Tiling, TilingSolution
from cpuzzler.models.words import WordGrid
from cpuzzler.placements.placement import Placement

# What a catalog entry or a puzzle file names: an exact cover, or a model that has one.
Problem = ExactCover | Tiling | Sudoku | DriveYaNuts | WordGrid

__all__ = ["Placement", "Problem", "Sudoku", "Tiling", "TilingSolution", "distinct_queens",
           "domino_puzzle", "dpf", "langford", "latin_square", "pieces", "queens"]
