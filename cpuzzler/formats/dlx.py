"""Knuth's DLX text format for exact-cover problems, read and written.

The first line that is neither blank nor a comment lists the items: primary items first,
then ``|`` and the secondary items. A primary item may carry bounds as ``lo:hi|name`` (or
``n|name`` for ``n:n``). Every later line is one option: the names of its items. Lines
that begin with ``|`` are comments; blank lines are skipped.

>>> xc = parse('''| Knuth's 7-item example
... a b c d e f g
... c e
... a d g
... b c f
... a d f
... b g
... d e g''')
>>> xc.count()
1
"""

from __future__ import annotations

import re
from os import PathLike
from typing import TYPE_CHECKING

from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.formats import read_text

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

_BOUNDS = re.compile(r"^(?:(\d+):)?(\d+)\|(.*)$")
_TOKEN = re.compile(r"\S+")


def read(path: str | PathLike[str]) -> ExactCover:
    """Read a DLX file; errors name the file, line and column."""
    name, text = read_text(path)
    return parse(text, path=name)


def parse(text: str, *, path: str = "<string>") -> ExactCover:
    """Parse DLX text into an :class:`ExactCover`."""
    from cpuzzler.exact_cover import ExactCover

    xc: ExactCover | None = None
    for line_no, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        tokens = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]
        if xc is None:
            xc = ExactCover()
            _parse_items(xc, tokens, path, line_no)
        else:
            _parse_option(xc, tokens, path, line_no)
    if xc is None:
        raise InputFormatError("no items line: the file holds only blanks and comments", path=path)
    return xc


def _parse_items(xc: ExactCover, tokens: list[tuple[str, int]], path: str, line: int) -> None:
    secondary = False
    for token, column in tokens:
        def fail(message: str, column: int = column) -> InputFormatError:
            return InputFormatError(message, path=path, line=line, column=column)

        if token == "|":
            if secondary:
                raise fail("a second '|' on the items line")
            secondary = True
            continue
        lo = hi = 1
        name = token
        bounds = _BOUNDS.match(token)
        if bounds:
            if secondary:
                raise fail(f"secondary item {token!r} cannot have bounds")
            hi = int(bounds.group(2))
            lo = int(bounds.group(1)) if bounds.group(1) is not None else hi
            name = bounds.group(3)
        if not name or "|" in name or ":" in name:
            raise fail(f"bad item name {token!r}: names may not contain '|' or ':'")
        try:
            xc.add_item(name, lo=lo, hi=hi, secondary=secondary)
        except ExactCoverError as e:
            raise fail(str(e)) from None
    if not xc.primary:
        raise InputFormatError("the items line names no primary item", path=path, line=line)


def _parse_option(xc: ExactCover, tokens: list[tuple[str, int]], path: str, line: int) -> None:
    known = set(xc.items)
    seen: set[str] = set()
    for token, column in tokens:
        def fail(message: str, column: int = column) -> InputFormatError:
            return InputFormatError(message, path=path, line=line, column=column)

        if ":" in token and token.split(":", 1)[0] in known:
            raise fail(f"{token!r}: colored secondary items are not supported")
        if token not in known:
            raise fail(f"unknown item {token!r}")
        if token in seen:
            raise fail(f"item {token!r} appears twice in one option")
        seen.add(token)
    try:
        xc.add_option(token for token, _ in tokens)
    except ExactCoverError as e:
        raise InputFormatError(str(e), path=path, line=line, column=tokens[0][1]) from None


def format_problem(xc: ExactCover) -> str:
    """The DLX text of ``xc``; reading it back gives the same problem."""
    for name in xc.items:
        if not _TOKEN.fullmatch(name) or "|" in name or ":" in name:
            raise ExactCoverError(f"item {name!r} cannot be written in DLX format")
    heads = []
    for name in xc.primary:
        lo, hi = xc.bounds(name)
        heads.append(name if (lo, hi) == (1, 1) else f"{lo}:{hi}|{name}")
    if xc.secondary:
        heads += ["|", *xc.secondary]
    lines = ["| written by cpuzzler", " ".join(heads)]
    lines += [" ".join(xc.option(o)) for o in range(xc.num_options)]
    return "\n".join(lines) + "\n"
