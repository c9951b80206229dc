"""What a ``cpuzzler`` process costs before and around its search: ``--version`` and
``--help`` against a bare ``python -c pass``, and whole runs of small counts.

    python benchmarks/startup.py             # medians of 15 runs
    python benchmarks/startup.py --repeat 31

``--version`` should cost a bare interpreter plus at most 0.06 s: the command modules
import the models, the catalog and the engines where a command uses them.
"""

from __future__ import annotations

import argparse
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


def median_seconds(command: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
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
