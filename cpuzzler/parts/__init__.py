"""Counting in parts: a search cut into independent parts, spread over workers, resumed.

``split`` cuts an exact cover into independent parts (``ExactCover.subproblems``);
``counting`` plans a count in parts, cuts slow parts again and keeps the checkpoint that
lets a stopped run go on; ``backends`` runs the parts here, in a process pool or on a Dask
cluster. They import ``exact_cover``, ``results``, ``errors`` and the engines' process
helpers; ``backends`` imports nothing of cpuzzler but its errors, so the frontier engine
spreads its shards with it too. ``counting`` takes a tiling as well as an exact cover
(it imports ``models.tiling`` inside the functions that need it); no model imports this
package.

Importing the package loads none of them: its names are ``counting``'s, read when used
(``cpuzzler`` registers ``split`` on import and stays light).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cpuzzler.parts.counting import Plan, count_in_parts, fingerprint, plan

__all__ = ["Plan", "count_in_parts", "fingerprint", "plan"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from cpuzzler.parts import counting

        return getattr(counting, name)
    raise AttributeError(f"module 'cpuzzler.parts' has no attribute {name!r}")
