"""Knuth's DLX text format for exact-cover problems, read and written.

The first line that is neither blank nor a comment lists the items: primary items first,
then ``|`` and the secondary items. A primary item may carry bounds as ``lo:hi|name`` (or
``n|name`` for ``n:n``). Every later line is one option: the names of its items, a
secondary item perhaps with a colour, ``x:red`` (Knuth's DLX2; options that agree on the
colour may share the item). An option may carry costs, ``|n`` tokens after its items
that add up (Knuth's DLX5: ``ExactCover.costs``, the default weights of ``best()``, whose
least sum it finds); bounds and costs may go together, which DLX5 refuses. As in Knuth's
programs, an option with no primary item is left out (it can be in no solution). Lines
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
>>> priced = parse("a b\\na |2\\nb |1 |4\\na b |6")
>>> priced.costs, priced.best().value, priced.to_dlx().splitlines()[-1]
([2, 5, 6], 6, 'a b |6')
"""

from __future__ import annotations

import re
import time
from os import PathLike

from cpuzzler.errors import ExactCoverError, InputFormatError, TimeUp
from cpuzzler.exact_cover import ExactCover
from cpuzzler.formats import read_text
from cpuzzler.jobs import JOBS

_BOUNDS = re.compile(r"^(?:(\d+):)?(\d+)\|(.*)$")
_TOKEN = re.compile(r"\S+")
MAX_BOUND_DIGITS = 1000  # bounds are held exactly; this only keeps int() from refusing


def read(path: str | PathLike[str], *, deadline: float | None = None) -> ExactCover:
    """Read a DLX file; errors name the file, line and column."""
    name, text = read_text(path)
    return parse(text, path=name, deadline=deadline)


def parse(text: str, *, path: str = "<string>", deadline: float | None = None
          ) -> ExactCover:
    """Parse DLX text into an ``ExactCover`` (in time linear in its length).

    ``deadline`` (a ``time.perf_counter()`` value): raise ``TimeUp`` once it has passed."""
    xc: ExactCover | None = None
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    for line_no, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        if xc is None:
            xc = ExactCover()
            tokens = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]
            _parse_items(xc, tokens, path, line_no)
        else:
            _parse_option(xc, line, path, line_no)
            if deadline is not None and not line_no % 4096 and time.perf_counter() > deadline:
                raise TimeUp
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
            if len(token) - len(bounds.group(3)) > MAX_BOUND_DIGITS:
                raise fail(f"the bounds of {token[:40]!r}... have more than {MAX_BOUND_DIGITS} "
                           "digits")
            hi = int(bounds.group(2))
            lo = int(bounds.group(1)) if bounds.group(1) is not None else hi
            name = bounds.group(3)
        elif "|" in token:
            written = token.rsplit("|", 1)[0]
            raise fail(f"bad bounds {written!r} in {token!r}: write lo:hi|name or n|name, "
                       "whole numbers with 0 <= lo <= hi and hi >= 1")
        if not name or "|" in name or ":" in name:
            raise fail(f"bad item name {token!r}: names may not contain '|' or ':'")
        try:
            xc.add_item(name, lo=lo, hi=hi, secondary=secondary)
        except ExactCoverError as e:
            raise fail(str(e)) from None
    if not xc.primary:
        raise InputFormatError("the items line names no primary item", path=path, line=line)


def _entry(xc: ExactCover, token: str) -> str | tuple[str, str]:
    """An option's token: an item name, or ``(name, colour)`` for ``name:colour``."""
    if token in xc or ":" not in token:
        return token
    name, colour = token.split(":", 1)
    return (name, colour) if name in xc else token


def _cost(line: str, path: str, line_no: int) -> int | None:
    """The sum of an option line's ``|n`` tokens (Knuth's DLX5), None where it has none."""
    costs = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)
             if m.group().startswith("|")]
    for token, column in costs:
        if not token[1:].isdigit() or not token[1:].isascii():
            raise InputFormatError(f"{token!r}: an option's cost is '|' and a whole number "
                                   ">= 0", path=path, line=line_no, column=column)
    return sum(int(token[1:]) for token, _ in costs) if costs else None


def _parse_option(xc: ExactCover, line: str, path: str, line_no: int) -> None:
    cost = _cost(line, path, line_no)
    entries = [_entry(xc, token) for token in line.split() if not token.startswith("|")]
    names = [e[0] if isinstance(e, tuple) else e for e in entries]
    if all(name in xc and xc.is_secondary(name) for name in names):
        return  # no primary item: it can be in no solution
    try:
        xc.add_option(entries, cost=cost)
    except ExactCoverError as e:  # find the column of the first bad token
        seen: set[str] = set()
        for m in _TOKEN.finditer(line):
            token, column = m.group(), m.start() + 1
            if token.startswith("|"):
                continue  # a cost, read above
            entry = _entry(xc, token)
            if isinstance(entry, tuple):
                if not xc.is_secondary(entry[0]):
                    problem = f"{token!r}: a primary item cannot have a colour"
                elif not entry[1]:
                    problem = f"{token!r}: an empty colour"
                elif entry[0] in seen:
                    problem = f"item {entry[0]!r} appears twice in one option"
                else:
                    seen.add(entry[0])
                    continue
            elif token not in xc:
                problem = f"unknown item {token!r}"
            elif token in seen:
                problem = f"item {token!r} appears twice in one option"
            else:
                seen.add(token)
                continue
            raise InputFormatError(problem, path=path, line=line_no, column=column) from None
        column = len(line) - len(line.lstrip()) + 1
        raise InputFormatError(str(e), path=path, line=line_no, column=column) from None


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
    costs = xc.costs
    lines += [" ".join(xc.option(o)) + (f" |{costs[o]}" if costs and costs[o] else "")
              for o in range(xc.num_options)]
    return "\n".join(lines) + "\n"


# ExactCover.from_dlx, from_dlx_text and to_dlx
JOBS.update(read_dlx=read, parse_dlx=parse, format_dlx=format_problem)
