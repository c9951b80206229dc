"""Exact cover with colours: cpuzzler beside xcover (Knuth's dancing cells with colours,
in numba), on the same coloured matrices, in one run; medians and ratios.

    python benchmarks/colours.py              # medians of 3
    python benchmarks/colours.py --repeat 5

Instances: words placed in a grid in all eight directions, crossing where letters agree
(``models.words``). Every engine's count must be the same; the 4x4 grid of four words is
also counted by a direct search in the tests. (Drive Ya Nuts with colours takes a third of
a millisecond on every engine: too small to time.)
Needs ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass

from cpuzzler import ExactCover
from cpuzzler.engines import memo, native
from cpuzzler.models.nuts import drive_ya_nuts
from cpuzzler.models.words import STEPS, word_grid

NUMBERS = ["ONE", "TWO", "SIX", "TEN"]


@dataclass
class Instance:
    name: str
    build: object  # () -> ExactCover
    expected: int


INSTANCES = [
    Instance("words ONE TWO SIX TEN NINE, 4x4, 8 dirs",
             lambda: word_grid([*NUMBERS, "NINE"], 4, 4, list(STEPS), backwards=True), 40672),
    Instance("words ONE TWO SIX TEN, 4x4, 8 directions",
             lambda: word_grid(NUMBERS, 4, 4, list(STEPS), backwards=True), 85728),
    Instance("words ONE TWO SIX TEN, 5x5, 8 directions",
             lambda: word_grid(NUMBERS, 5, 5, list(STEPS), backwards=True), 6797040),
]


def _cpuzzler_dlx():
    def prepare(xc: ExactCover):  # the arrays the C solver is built from, as for xcover
        return native.solver_arguments(xc), [xc.option_colours(o)
                                             for o in range(xc.num_options)]

    def run(state) -> int:
        arguments, colours = state
        solver = native.Solver(*arguments, "auto", colours)
        _, _, count = solver.run(0, False, -1.0)
        return count

    return prepare, run


def _cpuzzler_memo():
    return (lambda xc: xc), (lambda xc: memo.count(xc))


def _xcover():
    from xcover.dancing_cells import algorithm_c
    from xcover.solvers import input_as_arrays

    def prepare(xc: ExactCover):
        options = [list(xc.option(o)) for o in range(xc.num_options)]
        return input_as_arrays(options, primary=xc.primary, secondary=xc.secondary,
                               colored=True)

    def run(arrays) -> int:
        return sum(1 for _ in algorithm_c(*arrays))

    run(prepare(drive_ya_nuts(colours=True).exact_cover))  # numba compiles before timing
    return prepare, run


ENGINES = {"xcover": _xcover, "cpuzzler dlx": _cpuzzler_dlx,
           "cpuzzler memo": _cpuzzler_memo}  # xcover first: the others' ratios are to it


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    engines = {}
    for name, make in ENGINES.items():
        try:
            engines[name] = make()
        except ImportError as e:
            print(f"{name}: not installed ({e}); pip install -e '.[bench]'", file=sys.stderr)
    print(f"{'instance':44} {'engine':14} {'median s':>9} {'vs xcover':>10}  count")
    wrong = 0
    for instance in INSTANCES:
        xc = instance.build()
        medians = {}
        for name, (prepare, run) in engines.items():
            state = prepare(xc)
            run(state)  # one untimed run: caches and allocator warmed alike
            times, count = [], None
            for _ in range(args.repeat):
                start = time.perf_counter()
                count = run(state)
                times.append(time.perf_counter() - start)
            medians[name] = statistics.median(times)
            wrong += count != instance.expected
            ok = "ok" if count == instance.expected else f"WRONG (expected {instance.expected})"
            ratio = (f"{medians['xcover'] / medians[name]:9.1f}x" if "xcover" in medians
                     else f"{'':10}")
            print(f"{instance.name:44} {name:14} {medians[name]:9.4f} {ratio}  {count} {ok}",
                  flush=True)
    print("\n'vs xcover': xcover's median over this engine's (above 1: this engine is faster)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
