"""Puzzles built as exact-cover problems."""

from cpuzzler.models.queens import queens
from cpuzzler.models.sudoku import Sudoku

__all__ = ["Sudoku", "queens"]
