"""Puzzles built as exact-cover problems."""

from cpuzzler.models.queens import queens

__all__ = ["queens"]
