"""Solutions saved by ``cpuzzler solve`` read back: JSON Lines (``--format jsonl``), tiling
records (``solution N:`` then coordinate lines), or option lists (``| solution N`` then
one option's items per line). What ``cpuzzler verify`` checks and ``render`` draws.

>>> [s.options for s in parse("| solution 1\\nr0 c1\\nr1 c0\\n")]
[[('r0', 'c1'), ('r1', 'c0')]]
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from typing import Any

from cpuzzler.errors import InputFormatError
from cpuzzler.formats import read_text
from cpuzzler.grids.lattice import Cell
from cpuzzler.render.text import parse_record

HEADER = re.compile(r"^(solution|sample) (\d+):\s*$")
PUZZLE = re.compile(r"^\| puzzle (\S.*?)\s*$")  # the first line of a file ``solve -o`` wrote


@dataclass(frozen=True)
class Saved:
    """One saved solution: its number, the line it starts on, and either the placements
    of a tiling (piece name, cells) or the options of an exact cover (item names); JSON
    Lines also name the puzzle."""

    number: int
    line: int
    placements: list[tuple[str, tuple[Cell, ...]]] | None = None
    options: list[tuple[str, ...]] | None = None
    puzzle: str | None = None


def read(path: str) -> list[Saved]:
    name, text = read_text(path)
    return parse(text, path=name)


def parse(text: str, *, path: str = "<string>") -> list[Saved]:
    """Every solution in the text, in its order; a clear error naming the line if the
    text is none of the three forms. A first line ``| puzzle NAME`` names the puzzle.

    >>> [(s.number, s.puzzle) for s in parse("| puzzle queens-4\\n| solution 1\\nr0 c1\\n")]
    [(1, 'queens-4')]
    """
    if text.lstrip().startswith("{"):
        return _json_lines(text, path)
    named = PUZZLE.match(text.lstrip().split("\n", 1)[0])
    found = _text_forms(text, path)
    if named:
        found = [dataclasses.replace(s, puzzle=named[1]) for s in found]
    return found


def _text_forms(text: str, path: str) -> list[Saved]:
    lines = text.split("\n")
    if any(line.startswith("| solution ") for line in lines):
        return _option_lists(lines, path)
    starts = [(k, int(m[2])) for k, line in enumerate(lines) if (m := HEADER.match(line))]
    if not starts:
        raise InputFormatError("no saved solutions: expected JSON Lines, 'solution N:' "
                               "records or '| solution N' option lists", path=path, line=1)
    found = []
    for at, (k, number) in enumerate(starts):
        end = starts[at + 1][0] if at + 1 < len(starts) else len(lines)
        chunk = "\n".join(lines[k + 1:end])
        try:
            placements = parse_record(chunk, path=path)
        except InputFormatError as e:
            raise InputFormatError(f"solution {number}: {e.problem}", path=path,
                                   line=k + 1 + e.line if e.line else k + 1,
                                   column=e.column) from None
        found.append(Saved(number, k + 1, placements=placements))
    return found


def _json_lines(text: str, path: str) -> list[Saved]:
    found = []
    for k, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputFormatError(f"not JSON: {e.msg}", path=path, line=k,
                                   column=e.colno) from None
        if not isinstance(record, dict) or "solution" not in record:
            raise InputFormatError("not a saved solution (a count?)", path=path, line=k)
        try:
            if "pieces" in record:
                placements = [(str(p["piece"]), tuple(tuple(int(v) for v in c)
                                                      for c in p["cells"]))
                              for p in record["pieces"]]
                found.append(Saved(int(record["solution"]), k, placements=placements,
                                   puzzle=_name(record)))
            else:
                options = [tuple(str(i) for i in o) for o in record["options"]]
                found.append(Saved(int(record["solution"]), k, options=options,
                                   puzzle=_name(record)))
        except (KeyError, TypeError, ValueError) as e:
            raise InputFormatError(f"a solution needs pieces (piece, cells) or options: {e}",
                                   path=path, line=k) from None
    return found


def _name(record: dict[str, Any]) -> str | None:
    return record["puzzle"] if isinstance(record.get("puzzle"), str) else None


def _option_lists(lines: list[str], path: str) -> list[Saved]:
    found: list[Saved] = []
    options: list[tuple[str, ...]] | None = None  # the last solution's
    for k, line in enumerate(lines, start=1):
        if line.startswith("| solution "):
            number = line.removeprefix("| solution ").strip()
            if not number.isdigit():
                raise InputFormatError("'| solution' needs a number", path=path, line=k)
            options = []
            found.append(Saved(int(number), k, options=options))
        elif line.strip() and not line.startswith("|"):
            if options is None:
                raise InputFormatError("an option before the first '| solution N'",
                                       path=path, line=k)
            options.append(tuple(line.split()))
    return found
