"""Named puzzles with their published counts: what ``cpuzzler solve NAME`` runs.

The catalog is data: the TOML files of ``cpuzzler/puzzles/``, one per family, each a
list of ``[[puzzle]]`` tables. A tiling is a puzzle file's keys (lattice, region, pieces;
see ``cpuzzler.formats.puzzle_file``) beside its name, description, the counts published
for it (``unique`` up to the region's symmetries, ``raw`` all), where they were published
(``source``), where ours differs or needs a word a ``note``, and where enumeration is
hopeless the engine that counts it (``engine = "memo"``). A puzzle nobody has
published a count for has none; where we counted it, ``found`` gives our counts and how
and when they were obtained (``cpuzzler list --unsolved`` lists them). Other exact-cover
models name their builder (``model = "queens"``) and its arguments. Adding a puzzle is
writing a table; a file is read and checked when a puzzle of it is first named (the
tests read them all).

>>> get("pentominoes-3x20").build().count()
2
>>> get("queens-8").family, get("soma").source.split(",")[1]
('models', ' question 3.1 “What polyform puzzles are supported?”')
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.formats import puzzle_file
from cpuzzler.models import (
    Problem,
    Sudoku,
    domino_puzzle,
    dpf,
    langford,
    latin_square,
    pieces,
    queens,
)
from cpuzzler.models.nuts import drive_ya_nuts
from cpuzzler.models.words import WordGrid


@dataclass(frozen=True)
class Entry:
    name: str
    description: str
    build: Callable[[], Problem]
    unique: int | None  # published count up to symmetry (tilings)
    raw: int | None  # published count of all solutions
    family: str = ""
    source: str = ""  # where the counts were published: seed file and line, book, site
    note: str = ""  # where our count differs from a published one, or needs a word
    found: tuple[int, int, str] | None = None  # unpublished: our unique, raw, how and when
    engine: str = "dlx"  # the engine that counts it fastest (the tests use it)
    shell: str = ""  # the command that counts it, where the plain one would not in time

    def command(self) -> str:
        """The shell line that counts it: ``shell``, else the plain command (auto, or the
        entry's engine).

        >>> get("queens-8").command()
        'cpuzzler solve queens-8 --count'
        """
        return self.shell or f"cpuzzler solve {self.name} --count"


META_KEYS = {"name", "description", "unique", "raw", "source", "note", "found", "engine",
             "shell"}

# The builders of the models that are not tilings, with the arguments each takes.
MODELS: dict[str, tuple[set[str], Callable[[dict[str, Any]], Problem]]] = {
    "queens": ({"n"}, lambda a: queens(a["n"])),
    "langford": ({"n"}, lambda a: langford(a["n"])),
    "latin": ({"n"}, lambda a: latin_square(a["n"])),
    "sudoku": ({"box"}, lambda a: Sudoku.empty(
        box=tuple(a["box"]) if isinstance(a["box"], list) else a["box"])),
    "dominoes": ({"numbers", "width"}, lambda a: domino_puzzle(a["numbers"], width=a["width"])),
    "dpf": ({"text"}, lambda a: dpf.parse(a["text"]).exact_cover),
    "sudoku-givens": ({"givens"}, lambda a: Sudoku.from_string(a["givens"])),
    "drive-ya-nuts": (set(), lambda a: drive_ya_nuts()),
    "drive-ya-nuts-colours": (set(), lambda a: drive_ya_nuts(colours=True)),
    "words": ({"words", "width", "height", "directions", "backwards"},
              lambda a: WordGrid(tuple(a["words"]), a["width"], a["height"],
                                 tuple(a["directions"]), a["backwards"])),
}


def _build(spec: dict[str, Any], text: str, path: str, first_line: int) -> Problem:
    puzzle = {k: v for k, v in spec.items() if k not in META_KEYS}
    if "model" not in puzzle:
        return puzzle_file.from_table(puzzle, text, path=path, first_line=first_line)
    model = puzzle.pop("model")
    return MODELS[model][1](puzzle)


def _check(spec: Any, path: str, line: int) -> None:
    """A [[puzzle]] table's own keys: a clear error naming the file and line if wrong."""
    def wrong(message: str) -> InputFormatError:
        return InputFormatError(message, path=path, line=line)

    if not isinstance(spec, dict):
        raise wrong("each [[puzzle]] must be a table")
    for key in ("name", "description", "source"):
        if not isinstance(spec.get(key), str) or not spec[key]:
            raise wrong(f"a [[puzzle]] needs {key} = \"...\"")
    for key in ("unique", "raw"):
        if key in spec and (type(spec[key]) is not int or spec[key] < 0):
            raise wrong(f"{spec['name']}: {key} must be a count (a whole number >= 0)")
    if spec.get("engine", "dlx") not in ("dlx", "memo"):
        raise wrong(f"{spec['name']}: engine is dlx or memo, not {spec['engine']!r}")
    shell = spec.get("shell", f"cpuzzler solve {spec['name']} --count")
    if not isinstance(shell, str) or not shell.startswith(f"cpuzzler solve {spec['name']} "):
        raise wrong(f"{spec['name']}: shell = \"cpuzzler solve {spec['name']} ...\" is the "
                    "command that counts it")
    found = spec.get("found")
    if found is not None and not (
            isinstance(found, dict) and set(found) == {"unique", "raw", "how"}
            and all(type(found[k]) is int and found[k] >= 0 for k in ("unique", "raw"))
            and isinstance(found["how"], str) and "raw" not in spec):
        raise wrong(f"{spec['name']}: found = {{ unique = U, raw = R, how = \"...\" }} is "
                    "for puzzles with no published count")
    if "model" in spec:
        if spec["model"] not in MODELS:
            raise wrong(f"{spec['name']}: no model {spec['model']!r}; known: "
                        f"{', '.join(MODELS)}")
        given = set(spec) - META_KEYS - {"model"}
        if given != MODELS[spec["model"]][0]:
            raise wrong(f"{spec['name']}: model {spec['model']} takes "
                        f"{', '.join(sorted(MODELS[spec['model']][0])) or 'nothing'}, "
                        f"not {', '.join(sorted(given)) or 'nothing'}")


def load(text: str, path: str) -> list[Entry]:
    """The entries of one catalog file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InputFormatError(f"not TOML: {e}", path=path) from None
    family = data.get("family")
    puzzles = data.get("puzzle", [])
    if not isinstance(family, str) or not isinstance(puzzles, list) or not puzzles:
        raise InputFormatError("a catalog file needs family = \"...\" and [[puzzle]] tables",
                               path=path, line=1)
    lines = text.split("\n")
    starts = [n for n, line in enumerate(lines, 1) if re.match(r"^\s*\[\[\s*puzzle\s*\]\]", line)]
    entries = []
    for k, spec in enumerate(puzzles):
        first = starts[k]
        last = starts[k + 1] - 1 if k + 1 < len(starts) else len(lines)
        _check(spec, path, first)
        own_text = "\n".join(lines[first - 1:last])
        found = spec.get("found")
        entries.append(Entry(spec["name"], spec["description"],
                             partial(_build, spec, own_text, path, first),
                             spec.get("unique"), spec.get("raw"), family, spec["source"],
                             spec.get("note", ""),
                             (found["unique"], found["raw"], found["how"]) if found else None,
                             spec.get("engine", "dlx"), spec.get("shell", "")))
    return entries


def _folder() -> Traversable:
    return resources.files("cpuzzler") / "puzzles"


def _files() -> list[str]:
    """The names of the catalog's files, one per family, in order."""
    return sorted(f.name for f in _folder().iterdir() if f.name.endswith(".toml"))


@cache
def _text(file_name: str) -> str:
    return (_folder() / file_name).read_text(encoding="utf-8")


@cache
def _entries_of(file_name: str) -> tuple[Entry, ...]:
    """The entries of one catalog file, read and checked once."""
    return tuple(load(_text(file_name), f"cpuzzler/puzzles/{file_name}"))


@cache
def _load_all() -> tuple[Entry, ...]:
    """Every entry of every file; a name used twice is an error."""
    entries = [e for file_name in _files() for e in _entries_of(file_name)]
    names = [e.name for e in entries]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise InputFormatError(f"catalog names used twice: {', '.join(twice)}",
                               path="cpuzzler/puzzles")
    return tuple(entries)


_NAME_LINE = re.compile(r'^\s*name\s*=\s*"([^"]*)"', re.MULTILINE)
FAMILY_ORDER = [*pieces.FAMILIES, "polyabolos", "models"]


def __getattr__(attribute: str) -> Any:
    """``ENTRIES`` (every entry), ``CATALOG`` (by name) and ``PUBLISHED`` (those with a
    published count), read on first use: a command that names one puzzle reads only the
    file of its family (see ``find``)."""
    if attribute == "ENTRIES":
        return list(_load_all())
    if attribute == "CATALOG":
        return {e.name: e for e in _load_all()}
    if attribute == "PUBLISHED":
        return [e for e in _load_all() if e.raw is not None]
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


def find(name: str) -> Entry | None:
    """The entry called ``name``, in any mix of upper and lower case; ``None`` if none is.
    Only the file that has the name is read (found by its ``name = "..."`` lines).

    >>> find("Pentominoes-6x10").name, find("nothing") is None
    ('pentominoes-6x10', True)
    """
    folded = name.casefold()
    for file_name in _files():
        if any(found.casefold() == folded for found in _NAME_LINE.findall(_text(file_name))):
            entries = _entries_of(file_name)
            exact = next((e for e in entries if e.name == name), None)
            return exact or next((e for e in entries if e.name.casefold() == folded), None)
    return None


def get(name: str) -> Entry:
    """The entry called ``name`` (case aside); an unknown name gets the closest known ones."""
    found = find(name)
    if found is not None:
        return found
    names = [e.name for e in _load_all()]
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else "; `cpuzzler list` shows them"
    raise ExactCoverError(f"no puzzle or file called {name!r}{hint}")


def families() -> list[str]:
    """The catalog's families, in the order ``cpuzzler list`` shows them."""
    present = {e.family for e in _load_all()}
    return [f for f in FAMILY_ORDER if f in present] + sorted(present - set(FAMILY_ORDER))
