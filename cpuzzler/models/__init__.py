"""Puzzles built as exact-cover problems: tilings of polyform pieces, Sudoku, queens."""

from cpuzzler.models import pieces
from cpuzzler.models.queens import queens
from cpuzzler.models.sudoku import Sudoku
from cpuzzler.models.tiling import Placement, Tiling, TilingSolution

__all__ = ["Placement", "Sudoku", "Tiling", "TilingSolution", "pieces", "queens"]
