"""Which rule for the item to branch on finds a first solution soonest, over the whole
catalog: CPU seconds of the search alone (the model built first), one process, the
links kernel for every rule so that only the rule differs.

    python benchmarks/rules.py                       # every puzzle of the catalog
    python benchmarks/rules.py --cap 5 --seeds 3 --only pentominoes
    python benchmarks/rules.py --shard 0/2 & python benchmarks/rules.py --shard 1/2

The rules (``engines.native.CHOICES``): ``fewest`` (the item with fewest options, ties
to the first), ``pieces`` (the fewest among the items naming pieces, while any is
left), ``cells`` (the fewest among the others), each plain; and ``fewest:seeded`` and
``cells:seeded``, ties broken at random with Luby restarts, the median over
``--seeds`` seeds (what the default portfolio runs). A run past ``--cap`` counts as the
cap. Prints, per family and in all: the puzzles each rule solves within the cap, the
sum of its seconds, and how often it is fastest (within 10 % of the best, or under
0.01 s, counts as fastest); then the puzzles where the rules differ most.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from cpuzzler import catalog
from cpuzzler.engines import native
from cpuzzler.exact_cover import ExactCover
from cpuzzler.results import Stats

RULES = ("fewest", "pieces", "cells", "fewest:seeded", "cells:seeded")
CLOSE = 1.1  # within this factor of the best run counts as fastest
INSTANT = 0.01  # seconds: every rule under this is as fast as the best


def seconds_to_first(xc: ExactCover, rule: str, seed: int | None, cap: float) -> float:
    """CPU seconds of one search for a first solution (``cap`` where none came)."""
    choice = rule.split(":")[0]
    stats = Stats()
    start = time.process_time()
    found = next(iter(native.solve(xc, limit=1, kernel="links", choice=choice, seed=seed,
                                   jobs=1, time_limit=cap, stats=stats)), None)
    spent = time.process_time() - start
    return min(spent, cap) if found is not None else cap


def timings(xc: ExactCover, seeds: int, cap: float) -> dict[str, float]:
    """Per rule, its seconds (the median over seeds for a seeded rule)."""
    found = {}
    for rule in RULES:
        runs = [seconds_to_first(xc, rule, seed if rule.endswith(":seeded") else None, cap)
                for seed in (range(seeds) if rule.endswith(":seeded") else [None])]
        found[rule] = statistics.median(runs)
    return found


def fastest(times: dict[str, float]) -> list[str]:
    best = min(times.values())
    return [r for r, t in times.items() if t <= max(best * CLOSE, INSTANT)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=5.0, help="seconds per run")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--only", default="", help="puzzles whose name holds this")
    parser.add_argument("--max-options", type=int, default=200_000,
                        help="leave out matrices with more options")
    parser.add_argument("--shard", default="0/1",
                        help="K/N: every N-th puzzle from the K-th (a process per core)")
    args = parser.parse_args(argv)
    rows: list[tuple[str, str, dict[str, float]]] = []
    shard, shards = map(int, args.shard.split("/"))
    for entry in catalog.ENTRIES[shard::shards]:
        if args.only not in entry.name:
            continue
        problem = entry.build()
        xc = problem if isinstance(problem, ExactCover) else problem.exact_cover
        if xc.num_options > args.max_options:
            continue
        times = timings(xc, args.seeds, args.cap)
        rows.append((entry.family or "other", entry.name, times))
        print(entry.name, " ".join(f"{r} {t:.3f}" for r, t in times.items()), flush=True)
    by_family: dict[str, list[dict[str, float]]] = defaultdict(list)
    for family, _, times in rows:
        by_family[family].append(times)
    by_family["all"] = [times for _, _, times in rows]
    print(f"\nCPU seconds to a first solution, cap {args.cap:g} s, {len(rows)} puzzles; "
          f"per rule: solved / sum of seconds / fastest")
    print("| family | puzzles | " + " | ".join(RULES) + " |")
    print("|---|---|" + "---|" * len(RULES))
    for family, all_times in by_family.items():
        cells = []
        for rule in RULES:
            solved = sum(t[rule] < args.cap for t in all_times)
            total = sum(t[rule] for t in all_times)
            wins = sum(rule in fastest(t) for t in all_times)
            cells.append(f"{solved} / {total:.1f} / {wins}")
        print(f"| {family} | {len(all_times)} | " + " | ".join(cells) + " |")
    spread = sorted(rows, key=lambda row: max(row[2].values()) - min(row[2].values()))
    print("\nwhere the rules differ most:")
    print("| puzzle | " + " | ".join(RULES) + " |")
    print("|---|" + "---|" * len(RULES))
    for _, name, times in reversed(spread[-15:]):
        print(f"| {name} | " + " | ".join(f"{times[r]:.2f}" for r in RULES) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
