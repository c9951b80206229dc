"""How many solutions the open counts have: each catalog puzzle still unsolved (``cpuzzler
list --unsolved``) estimated by sweeps of the frontier engine's layers threshold-sampled
to about N states each (``engines/estimate/layer_sample.py``), with the standard error over the
sweeps; the heptiamonds 3x28 (counted here) first, as a check.

    python benchmarks/open_estimates.py                        # about half an hour
    python benchmarks/open_estimates.py --states 5000 --sweeps 4 heptiamonds-4x21
"""

from __future__ import annotations

import argparse

from cpuzzler import catalog
from cpuzzler.engines.estimate.layer_sample import sample_count
from cpuzzler.results import rounded

CHECK = "heptiamonds-3x28"  # its raw count is known: the estimate should be near it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="puzzles (default: the check, then every "
                                                 "unsolved one)")
    parser.add_argument("--states", type=int, default=20000,
                        help="states kept per layer (default 20000)")
    parser.add_argument("--sweeps", type=int, default=4, help="sweeps (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.names or [CHECK] + [e.name for e in catalog.ENTRIES
                                     if e.raw is None and e.found is None and e.name != CHECK]
    print(f"| puzzle | raw solutions, estimated ({args.sweeps} sweeps, {args.states:,} states "
          f"a layer) | relative error | the sweeps | seconds | known |")
    print("|---|---|---|---|---|---|")
    for name in names:
        entry = catalog.get(name)
        guess = sample_count(entry.build().exact_cover, args.states, runs=args.sweeps,
                             seed=args.seed)
        known = entry.raw if entry.raw is not None else (entry.found or (None, None))[1]
        relative = guess.solutions_error / guess.solutions if guess.solutions else 0.0
        print(f"| {name} | {rounded(guess.solutions)} +- {rounded(guess.solutions_error)} | "
              f"{relative:.0%} | {', '.join(rounded(t) for t in guess.totals)} | "
              f"{guess.seconds:.0f} | {'-' if known is None else f'{known:,}'} |", flush=True)


if __name__ == "__main__":
    main()
