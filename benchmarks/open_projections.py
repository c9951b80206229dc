"""How far the open counts are: for every catalog puzzle still unsolved (``cpuzzler list
--unsolved``), the random-probe estimates of its solutions and search tree (Purdom's
partial backtracking, breadth 2) with the native engine's projected time, and the
frontier engine's layers projected from a short run (``engines/projection.py``): the
widest layer's states and bytes, the states in all and the time, on one core and on N
workers, as a range (growth falling off to none at the middle of the sweep, or kept).

    python benchmarks/open_projections.py                  # about 15 minutes
    python benchmarks/open_projections.py --seconds 10 --probes 200 heptiamonds-4x21
"""

from __future__ import annotations

import argparse

from cpuzzler import catalog
from cpuzzler.engines.projection import between
from cpuzzler.results import duration, rounded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="puzzles (default: every unsolved one)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="of the frontier engine's short run (default 60)")
    parser.add_argument("--probes", type=int, default=2000, help="random probes (2000)")
    parser.add_argument("--probe-seconds", type=float, default=60.0,
                        help="the probes stop then (default 60; a probe of breadth 2 "
                             "down a deep tree that rarely dies can take long)")
    parser.add_argument("--workers", type=int, default=64,
                        help="the time on this many workers too (default 64)")
    args = parser.parse_args()
    names = args.names or [entry.name for entry in catalog.ENTRIES
                           if entry.raw is None and entry.found is None]
    print(f"| puzzle | solutions (probes) | tree nodes | dlx | frontier layers run | widest "
          f"layer (states) | its bytes | states in all | one core | {args.workers} workers |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        xc = catalog.get(name).build().exact_cover
        guess = xc.estimate(args.probes, seed=1, breadth=2, frontier=args.seconds,
                            time_limit=args.probe_seconds)
        layers = guess.frontier
        low, high = layers.low, layers.high

        def span(a: str, b: str) -> str:
            return between(a, b, " - ")

        print(f"| {name} | {rounded(guess.solutions)} +- {rounded(guess.solutions_error)} "
              f"({guess.successes} of {guess.probes}) | {rounded(guess.nodes)} | "
              f"{duration(guess.seconds or 0.0)} | {len(layers.layers)} of {layers.items} "
              f"(x{layers.growth:.3g}) | "
              f"{span(rounded(low.peak_states), rounded(high.peak_states))} | "
              f"{span(rounded(low.peak_bytes), rounded(high.peak_bytes))} | "
              f"{span(rounded(low.states), rounded(high.states))} | "
              f"{span(duration(low.seconds), duration(high.seconds))} | "
              f"{span(*(duration(o.seconds / args.workers) for o in (low, high)))} |",
              flush=True)


if __name__ == "__main__":
    main()
