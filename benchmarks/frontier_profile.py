"""The frontier engine's speed per state, the profile issue 50's speed-ups are measured
against: for each puzzle, its first layers in memory (the 3x28 whole, the heptiamonds
4x21's first 60, the pentahexes 5x22's first 40), the states processed, the seconds,
states a second, and the bytes a state takes in the widest layer's table.

    python benchmarks/frontier_profile.py                       # a few minutes
    python benchmarks/frontier_profile.py heptiamonds-4x21:60 --seconds 30

Each puzzle runs ``--repeat`` times (default 3): the medians are printed. One core (the
in-memory engine runs on one); ``--memory`` caps the tables (default a quarter of the
machine's), and a run stops at the cap: ``layers`` says how many finished. On this
machine (2026-11-28, one run each, 6 GB cap), before issue 50's speed-ups:

    | puzzle | layers | states | seconds | states/s | bytes/state |
    | heptiamonds-4x21 | 57 | 146,527,544 | 105.27 | 1,391,957 | 143.6 |
    | pentahexes-5x22 | 31 | 69,764,180 | 65.58 | 1,063,863 | 150.7 |
    | heptiamonds-3x28 | 192 | 373,155,742 | 149.92 | 2,488,970 | 105.4 |

(the 4x21 and 5x22 stopped at the cap before their 60th and 40th layers). With 8-byte
counts in the tables (widened to 16 only where a table's counts pass 64 bits):

    | heptiamonds-4x21 | 58 | 164,678,406 | 109.64 | 1,501,965 | 91.4 |
    | pentahexes-5x22 | 35 | 205,519,704 | 153.40 | 1,339,802 | 102.3 |
    | heptiamonds-3x28 | 192 | 373,155,742 | 121.25 | 3,077,525 | 67.1 |
"""

from __future__ import annotations

import argparse
import statistics
import time

from cpuzzler import catalog
from cpuzzler.engines import _dlx, sweep

DEFAULT = ["heptiamonds-3x28", "heptiamonds-4x21:60", "pentahexes-5x22:40"]


def profile(name: str, layers: int | None, seconds: float, memory: float
            ) -> tuple[int, int, float, float]:
    """(layers run, states processed, seconds, bytes a state in the widest layer)."""
    xc = catalog.get(name).build().exact_cover
    lo, hi, secondary, options, sequence, colours = sweep.counter_arguments(xc)
    rows: list[tuple[int, int, float]] = []

    def after_layer(k: int, states: int, held: int, spent: float) -> None:
        rows.append((states, held, spent))
        if layers is not None and k + 1 >= layers:
            raise KeyboardInterrupt  # the engine stops as on Ctrl-C

    start = time.perf_counter()
    _dlx.frontier_count(lo, hi, secondary, options, sequence, memory, seconds, colours,
                        after_layer)
    spent = time.perf_counter() - start
    widest = max(range(len(rows)), key=lambda k: rows[k][0])
    # the bytes held as the widest layer began, over its states: its table and the
    # tables it had filled ahead
    per_state = rows[widest][1] / max(1, rows[widest][0])
    return len(rows), sum(row[0] for row in rows), spent, per_state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("puzzles", nargs="*", default=DEFAULT,
                        help="NAME or NAME:LAYERS (default: %(default)s)")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="a run stops then, whatever its layers (default 120)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory", type=float, default=None, help="bytes")
    args = parser.parse_args()
    memory = float(sweep.default_memory() if args.memory is None else args.memory)
    print("| puzzle | layers | states | seconds | states/s | bytes/state |")
    print("|---|---:|---:|---:|---:|---:|")
    for spec in args.puzzles:
        name, _, layers = spec.partition(":")
        runs = [profile(name, int(layers) if layers else None, args.seconds, memory)
                for _ in range(args.repeat)]
        done, states = runs[0][0], runs[0][1]
        seconds = statistics.median(run[2] for run in runs)
        per_state = statistics.median(run[3] for run in runs)
        print(f"| {name} | {done} | {states:,} | {seconds:.2f} | {states / seconds:,.0f} "
              f"| {per_state:.1f} |", flush=True)


if __name__ == "__main__":
    main()
