"""Two versions of cpuzzler on the same commands, run in turn: medians and ratios.

A change that moves code (rooms, files, a C file split in two) must not make anything
slower. This runs each command under each version alternately (so a busy moment falls on
both alike), ``--repeat`` times, and prints the median wall and CPU seconds of each and
the ratio after/before. A version is a source tree with its ``_dlx`` built in place
(``git worktree add /tmp/before REV``, then its C compiled as ``setup.py`` does):

    python benchmarks/paired.py /tmp/before .            # medians of 5
    python benchmarks/paired.py /tmp/before . --repeat 9 --only frontier

The CPU seconds are the child's own (user + system), which a busy machine does not
inflate as much as the wall clock.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = [
    ("--version", ["--version"]),
    ("list", ["list"]),
    ("soma count (auto)", ["solve", "soma", "--count", "-q"]),
    ("google cube count (auto)", ["solve", "google-cube", "--count", "-q"]),
    ("pentominoes 6x10 count (auto)", ["solve", "pentominoes-6x10", "--count", "-q"]),
    ("pentominoes 6x10 raw (dlx)", ["solve", "pentominoes-6x10", "--count", "-q",
                                    "--symmetry", "raw", "--engine", "dlx"]),
    ("pentominoes 6x10 raw (frontier)", ["solve", "pentominoes-6x10", "--count", "-q",
                                         "--symmetry", "raw", "--engine", "frontier"]),
    ("pentominoes 6x10 raw (frontier, on disk)", ["solve", "pentominoes-6x10", "--count", "-q",
                                                  "--symmetry", "raw", "--engine", "frontier",
                                                  "--work-dir", "{work}"]),
    ("queens 8 unique", ["solve", "queens-8", "--count", "-q", "--symmetry", "unique"]),
    ("hexominoes 15x14 first (seed 0)", ["solve", "hexominoes-parallelogram-15x14", "-q",
                                         "--seed", "0"]),
]


def run(tree: Path, arguments: list[str], work: Path) -> tuple[float, float]:
    """Wall and CPU seconds of ``cpuzzler ARGUMENTS`` with the sources of ``tree``."""
    environment = dict(os.environ, PYTHONPATH=str(tree))
    shutil.rmtree(work, ignore_errors=True)  # a fresh work folder for each run
    arguments = [a.replace("{work}", str(work)) for a in arguments]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cpuzzler.cli", *arguments], env=environment,
                          capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{tree}: cpuzzler {' '.join(arguments)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the source tree of the earlier version")
    parser.add_argument("after", type=Path, help="the source tree of the later one")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", help="the commands whose label holds this text")
    parser.add_argument("--work", type=Path, default=Path("/tmp/cpuzzler-paired-work"))
    args = parser.parse_args()
    trees = (args.before.resolve(), args.after.resolve())
    chosen = [(label, a) for label, a in COMMANDS if not args.only or args.only in label]
    print(f"{'command':46} {'before wall':>11} {'after wall':>10} {'ratio':>6} "
          f"{'before cpu':>10} {'after cpu':>9} {'ratio':>6}")
    for label, arguments in chosen:
        times: dict[Path, list[tuple[float, float]]] = {tree: [] for tree in trees}
        for _ in range(args.repeat):
            for tree in trees:
                times[tree].append(run(tree, arguments, args.work))
        wall = [statistics.median(t[0] for t in times[tree]) for tree in trees]
        cpu = [statistics.median(t[1] for t in times[tree]) for tree in trees]
        print(f"{label:46} {wall[0]:11.3f} {wall[1]:10.3f} {wall[1] / wall[0]:6.2f} "
              f"{cpu[0]:10.3f} {cpu[1]:9.3f} {cpu[1] / cpu[0]:6.2f}", flush=True)


if __name__ == "__main__":
    main()
