"""A Griffe extension for the API reference: the docstrings' doctest examples (lines from
``>>>`` to the next blank line) shown as Python console code, not read as Markdown (where
``[1, 2]`` is a link and ``>>>`` a quotation)."""

from __future__ import annotations

from typing import Any

import griffe


def fenced(text: str) -> str:
    r"""``text`` with each doctest block in a ``pycon`` code fence.

    >>> fenced("Sum:\n\n>>> 1 + 1\n2\n\nDone.").split("\n")
    ['Sum:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    inside = False
    for line in text.split("\n"):
        if not inside and line.lstrip().startswith(">>>"):
            indent = line[:len(line) - len(line.lstrip())]
            out.append(indent + "```pycon")
            inside = True
        elif inside and not line.strip():
            out.append(indent + "```")
            inside = False
        out.append(line)
    if inside:
        out.append(indent + "```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fenced(obj.docstring.value)
