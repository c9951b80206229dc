"""Counts Polyform Puzzler's FAQ (seed 001) leaves open: "many solutions, exact number
unknown". Each is counted three ways: up to symmetry by the symmetry reduction (which
also gives the raw total), raw by a plain search of every placement, and raw by the memo
engine (no solution visited); the three raw totals must agree.

    python benchmarks/open_counts.py        # about four minutes
    python benchmarks/open_counts.py --memo-only     # seconds
    python benchmarks/open_counts.py --long  # and the heptiamonds 3x28: about 45 minutes
    python benchmarks/open_counts.py --disk DIR [--jobs 2] [--memory 4G] [--only 5x22]
        # the heptiamonds 4x21 and the pentahexes 5x22 on disk, two ways each: hours;
        # run again to go on after a stop

The heptiamonds in the 3x28 parallelogram (seed 001 gives no count) are past a plain
search, and are counted two ways that share no state space and no counting code: the
frontier engine, breadth-first along the plain sweep (the columns of the board), raw; and
the memo engine, depth-first along the skewed sweep (the columns cut along the third
lattice direction: states no symmetry of the board maps onto the first sweep's), up to
symmetry by the reduction (one piece's placements cut by the half turn), which gives the
raw count too. The two raw counts must agree.

The heptiamonds in the 4x21 parallelogram have layers past this machine's memory (the
widest 852 million states) and are counted on disk by the frontier engine, twice, raw:
along the plain sweep (the board's columns) and along the skewed one (its columns cut
across two lattice directions: states that no symmetry of the board maps onto the
first's). The board's half turn maps each sweep onto itself reversed, so each count
meets in the middle: its layers run to the middle of the board, then are joined with
their own images. The second adds the tilings the half turn fixes (Burnside's lemma;
its quotient is a small problem) for the count up to the half turn. Each count keeps
its layers in a folder under DIR and resumes there after any stop; the times given are
the layers' seconds that the folder records, summed over the runs. The pentahexes in
the 5x22 parallelogram are counted the same two ways. (The 4x21 was first counted up
to the half turn by the reduction along the skewed sweep, the whole sweep: 2.3 hours of
layers; findings.)

Polyform Puzzler's own documentation gives 3,665,348 for the 4x10 and 7,578,295 for the
5x8; its matrix for the 4x10 keeps a quarter of the P4 tetrahex's placements, assuming four
symmetries where the parallelogram has two, so its figures are not counts of these
puzzles (Knuth's SSXCC also counts 14,809,060 for the full 4x10 matrix).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from cpuzzler import catalog
from cpuzzler.cli.common import size
from cpuzzler.engines.frontier.report import folder_report
from cpuzzler.grids import hexagonal
from cpuzzler.models import Tiling, pieces

PUZZLES = {
    "polyhexes of order 1-4 in a 4x10 parallelogram":
        lambda: Tiling(pieces.polyhexes(1, 4), hexagonal.parallelogram(10, 4)),
    "polyhexes of order 1-4 in a 5x8 parallelogram":
        lambda: Tiling(pieces.polyhexes(1, 4), hexagonal.parallelogram(8, 5)),
}
LONG = {"heptiamonds in a 3x28 parallelogram": "heptiamonds-3x28"}
DISK = {"heptiamonds in a 4x21 parallelogram": "heptiamonds-4x21",
        "pentahexes in a 5x22 parallelogram": "pentahexes-5x22"}


def count_two_ways(name: str, entry: str) -> None:
    """The frontier engine on the plain sweep (raw), the memo engine on the skewed sweep
    (unique and raw); a table row, or an exit if the raw counts differ."""
    xc = catalog.get(entry).build().exact_cover
    start = time.perf_counter()
    frontier = xc.count(engine="frontier")
    frontier_seconds = time.perf_counter() - start
    frontier_bytes = xc.stats.frontier["peak_bytes"]
    skewed = catalog.get(entry).build()
    skewed.use_sweep(skewed=True)
    start = time.perf_counter()
    unique, raw = skewed.count_both(engine="memo")
    memo_seconds = time.perf_counter() - start
    if raw != frontier or not (raw.complete and frontier.complete):
        raise SystemExit(f"{name}: the frontier engine gives {frontier}, the memo engine "
                         f"{raw}")
    print(f"| {name} | {frontier} | {frontier_seconds:.0f} | {frontier_bytes / 1e9:.1f} | "
          f"{unique}, {raw} | {memo_seconds:.0f} |", flush=True)


def count_two_ways_on_disk(name: str, entry: str, folder: Path, jobs: int,
                           memory: float) -> None:
    """The frontier engine on disk, raw along the plain sweep and along the skewed one
    (each meeting in the middle), each in its own folder under ``folder``; the second
    with the tilings the half turn fixes (Burnside's lemma: the unique count); a table
    row, or an exit if the raw counts differ or a count stopped."""
    options = {"engine": "frontier", "memory": memory, "backend": "processes",
               "jobs": jobs, "shards": 256}
    plain = catalog.get(entry).build()
    raw = plain.count(symmetry="raw", work_dir=folder / f"{entry}-plain", **options)
    skewed = catalog.get(entry).build()
    skewed.use_sweep(skewed=True)
    unique, raw_too = skewed.count_both(method="burnside",
                                        work_dir=folder / f"{entry}-skewed", **options)
    if not (raw.complete and unique.complete):
        raise SystemExit(f"{name}: stopped ({raw.reason}, {unique.reason}); run again to "
                         "go on")
    if raw != raw_too:
        raise SystemExit(f"{name}: the plain sweep gives {raw}, the skewed one {raw_too}")
    cells = [_profile(folder / f"{entry}-{sweep}") for sweep in ("plain", "skewed")]
    print(f"| {name} | {raw} | {cells[0]} | {unique}, {raw_too} | {cells[1]} |", flush=True)


def _profile(work: Path) -> str:
    """The widest layer and the layers' states and hours, of a finished work folder."""
    report = dict(folder_report(work))
    return f"{report['widest']}; {report['layers run']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--memo-only", action="store_true",
                        help="only the memo engine's counts (unique and raw)")
    parser.add_argument("--long", action="store_true",
                        help="also the heptiamonds 3x28, by the frontier and memo engines "
                             "on two sweeps (about 45 minutes)")
    parser.add_argument("--disk", metavar="DIR", type=Path,
                        help="also the heptiamonds 4x21 and the pentahexes 5x22, by the "
                             "frontier engine on disk on two sweeps, in folders under DIR "
                             "(hours; resumable)")
    parser.add_argument("--jobs", type=int, default=2, help="with --disk: processes")
    parser.add_argument("--memory", type=size, default="4G",
                        help="with --disk: the memory cap of each (default 4G)")
    parser.add_argument("--only", metavar="TEXT", default="",
                        help="with --disk: only the puzzles whose name holds TEXT")
    args = parser.parse_args()
    print("| puzzle | unique | raw (reduction) | raw (plain search) | seconds | "
          "unique, raw (memo) | seconds (memo) |")
    print("|---|---|---|---|---|---|---|")
    for name, build in PUZZLES.items():
        puzzle = build()
        start = time.perf_counter()
        memo_unique, memo_raw = puzzle.count_both(engine="memo")
        memo_seconds = time.perf_counter() - start
        unique = raw = plain = "-"
        seconds = 0.0
        if not args.memo_only:
            start = time.perf_counter()
            unique, raw = puzzle.count_both()
            plain = puzzle.count(symmetry="raw")
            seconds = time.perf_counter() - start
            if not raw == plain == memo_raw or unique != memo_unique or not plain.complete:
                raise SystemExit(f"{name}: the reduction gives {raw}, the plain search "
                                 f"{plain}, the memo engine {memo_raw}")
        print(f"| {name} | {unique} | {raw} | {plain} | {seconds:.0f} | {memo_unique}, "
              f"{memo_raw} | {memo_seconds:.1f} |", flush=True)
    if args.long:
        print("\n| puzzle | raw (frontier, plain sweep) | seconds | peak GB | unique, raw "
              "(memo, skewed sweep, reduction) | seconds (memo) |")
        print("|---|---|---|---|---|---|")
        for name, entry in LONG.items():
            count_two_ways(name, entry)
    if args.disk:
        print("\n| puzzle | raw (frontier, plain sweep) | widest layer, time | unique, raw "
              "(frontier, skewed sweep, Burnside) | widest layer, time |")
        print("|---|---|---|---|---|")
        for name, entry in DISK.items():
            if args.only in entry:
                count_two_ways_on_disk(name, entry, args.disk, args.jobs, args.memory)


if __name__ == "__main__":
    main()
