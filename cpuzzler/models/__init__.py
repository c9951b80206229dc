"""Puzzles built as exact-cover problems: tilings of polyform pieces, Sudoku, queens,
Latin squares, Langford pairings, domino puzzles, and Frans Faase's DPF files."""

from cpuzzler.models import dpf, pieces
from cpuzzler.models.dominoes import domino_puzzle
from cpuzzler.models.langford import langford
from cpuzzler.models.latin import latin_square
from cpuzzler.models.queens import distinct_queens, queens
from cpuzzler.models.sudoku import Sudoku
from cpuzzler.models.tiling import Placement, Tiling, TilingSolution

__all__ = ["Placement", "Sudoku", "Tiling", "TilingSolution", "distinct_queens",
           "domino_puzzle", "dpf", "langford", "latin_square", "pieces", "queens"]
