"""The errors cpuzzler raises for bad input: each message names the problem."""

from __future__ import annotations


class ExactCoverError(ValueError):
    """A malformed exact-cover problem: unknown item, duplicate item, empty option, ..."""


class InputFormatError(ExactCoverError):
    """Bad text in an input file; the message names the file, line and column, once (a
    message that names a place in the file already keeps its own).

    >>> str(InputFormatError("no items", path="p.dlx", line=3, column=1))
    'p.dlx:3:1: no items'
    >>> str(InputFormatError("p.toml:6: no pieces", path="p.toml", line=6))
    'p.toml:6: no pieces'
    """

    def __init__(
        self, message: str, *, path: str = "<string>", line: int = 0, column: int = 0
    ) -> None:
        self.path, self.line, self.column, self.problem = path, line, column, message
        where = path + (f":{line}" if line else "") + (f":{column}" if line and column else "")
        placed = message.startswith(f"{path}:")
        super().__init__(message if placed else f"{where}: {message}")


class UsageError(ExactCoverError):
    """A command-line mistake: options that do not fit together, or a bad value.

    >>> str(UsageError("--jobs needs a positive number, not 0"))
    '--jobs needs a positive number, not 0'
    """


class TimeUp(Exception):
    """The time limit ran out before the search began (while reading or building)."""
