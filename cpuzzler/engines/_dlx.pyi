"""Types of the C extension (``csrc/module.c`` documents each function in full)."""

from collections.abc import Callable, Sequence
from typing import Any

DONE: int
LIMIT: int
TIMEOUT: int
INTERRUPTED: int
SPILL: int

Options = Sequence[Sequence[int]]
Colours = Sequence[int] | None
Layers = list[tuple[int, int, float]]  # per layer: states, bytes held, seconds

class Solver:
    def __init__(self, lo: Sequence[int], hi: Sequence[int], secondary: Sequence[int],
                 options: Options, kernel: str = "auto",
                 colors: Sequence[Sequence[int] | None] | None = None) -> None: ...
    def run(self, max_solutions: int = 0, store: bool = True, time_limit: float = -1.0,
            ) -> tuple[list[tuple[int, ...]] | None, int, int]: ...
    def stats(self) -> tuple[int, int, int, str]: ...
    def progress(self) -> float: ...

def memo_count(lo: Sequence[int], hi: Sequence[int], secondary: Sequence[int],
               options: Options, order: Sequence[int], memory_bytes: float,
               time_limit: float, samples: int, seed: int, choice: int,
               colours: Colours = None,
               ) -> tuple[int, int, tuple[int, int, int, int, int, int, int],
                          list[tuple[int, ...]]]: ...
def diagram_build(lo: Sequence[int], hi: Sequence[int], secondary: Sequence[int],
                  options: Options, order: Sequence[int], memory_bytes: float,
                  time_limit: float,
                  ) -> tuple[int, int, int, int, bytes | None, bytes | None, bytes | None,
                             float]: ...
def memo_estimate(lo: Sequence[int], hi: Sequence[int], secondary: Sequence[int],
                  options: Options, order: Sequence[int], time_limit: float, probes: int,
                  seed: int, choice: int, breadth: int, colours: Colours = None,
                  ) -> tuple[int, int, int, tuple[float, float, float, float]]: ...
def frontier_count(lo: Sequence[int], hi: Sequence[int], secondary: Sequence[int],
                   options: Options, order: Sequence[int], memory_bytes: float,
                   time_limit: float, colours: Colours = None,
                   on_layer: Callable[[int, int, int, float], object] | None = None,
                   meet_cells: int = 0,
                   ) -> tuple[int, int, int, tuple[int, int, int], Layers, int]: ...
def frontier_open(lo: Sequence[int], hi: Sequence[int], secondary: Sequence[int],
                  options: Options, order: Sequence[int], memory_bytes: float,
                  colours: Colours = None) -> tuple[Any, list[int]]: ...
def frontier_step(handle: Any, k: int, records: bytes, shards: int, time_limit: float,
                  head: int = 16) -> tuple[int, int, int, int, list[tuple[int, int, bytes]]]: ...
def frontier_run(handle: Any, time_limit: float, spill_bytes: float, shards: int, head: int,
                 on_layer: Callable[[int, int, int, float], object] | None = None,
                 spill_at: int = -1) -> tuple[int, int, int, int, Layers, int,
                            list[tuple[int, int, bytes]]]: ...
def frontier_meet_plan(handle: Any, cells: int) -> tuple[int, int, int] | None: ...
def frontier_meet_useful(handle: Any, q: int, records: bytes, head: int) -> bytes: ...
def frontier_meet_shapes(handle: Any, q: int, records: bytes, head: int) -> None: ...
def frontier_meet_shapes_out(handle: Any) -> bytes: ...
def frontier_meet_shapes_in(handle: Any, cells: bytes) -> None: ...
def frontier_meet_queries(handle: Any, j: int, records: bytes, shards: int, head: int,
                          ) -> list[tuple[int, int, bytes]]: ...
def frontier_meet_dot(handle: Any, q: int, records: bytes, head: int, queries: bytes
                      ) -> int: ...
def frontier_bit_mode(allow: bool) -> bool: ...
