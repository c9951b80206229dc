"""What a ``cpuzzler`` process costs before and around its search: ``--version`` and
``--help`` against a bare ``python -c pass``, and whole runs of small counts.

    python benchmarks/startup.py             # medians of 15 runs
    python benchmarks/startup.py --repeat 31

``--version`` should cost a bare interpreter plus at most 0.06 s: the command modules
import the models, the catalog and the engines where a command uses them.

The runs write and read cached bytecode as an installed package does (a warm-up run of
each first), even where ``PYTHONDONTWRITEBYTECODE`` is set: without the cache every
module is compiled from source at every start, which measures the compiler, not
cpuzzler (about +0.07 s instead of +0.03 s for ``--version`` on our 2-core machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

RUNS = [
    ("python -c pass", [sys.executable, "-c", "pass"]),
    ("cpuzzler --version", [sys.executable, "-m", "cpuzzler.cli", "--version"]),
    ("cpuzzler --help", [sys.executable, "-m", "cpuzzler.cli", "--help"]),
    ("cpuzzler list", [sys.executable, "-m", "cpuzzler.cli", "list"]),
    ("cpuzzler solve soma --count", [sys.executable, "-m", "cpuzzler.cli", "solve", "soma",
                                     "--count", "-q"]),
    ("cpuzzler solve examples/queens8.dlx --count",
     [sys.executable, "-m", "cpuzzler.cli", "solve", "examples/queens8.dlx", "--count", "-q"]),
]


ENVIRONMENT = {name: value for name, value in os.environ.items()
               if name != "PYTHONDONTWRITEBYTECODE"}


def median_seconds(command: list[str], repeat: int) -> float:
    subprocess.run(command, capture_output=True, check=True, env=ENVIRONMENT)  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=ENVIRONMENT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    base = None
    print(f"{'run':45} {'median s':>9} {'over python':>12}")
    for label, command in RUNS:
        seconds = median_seconds(command, args.repeat)
        base = seconds if base is None else base
        print(f"{label:45} {seconds:9.3f} {seconds - base:+12.3f}")


if __name__ == "__main__":
    main()
