"""What ``ExactCover``'s methods hand on to the layers above the matrix, by name.

The engines, the symmetry search, the DLX format and the splitting each register their
jobs in ``JOBS`` when imported, so ``exact_cover`` names none of them;
``cpuzzler/__init__.py`` says which module registers which (``JOBS.defer``), and that
module is imported when its job is first asked for.

>>> JOBS["split"].__module__  # imported on this first use
'cpuzzler.parts.split'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


class Jobs(dict[str, Callable[..., Any]]):
    """Jobs by name; a name not yet registered imports the module ``defer`` gave it."""

    def __init__(self) -> None:
        super().__init__()
        self._where: dict[str, str] = {}

    def defer(self, module: str, *names: str) -> None:
        """Say that importing ``module`` registers the jobs ``names``."""
        self._where.update(dict.fromkeys(names, module))

    def __missing__(self, name: str) -> Callable[..., Any]:
        importlib.import_module(self._where[name])
        return dict.__getitem__(self, name)  # a KeyError if the module did not register


JOBS = Jobs()
