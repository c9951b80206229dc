"""The plain command on hard published matrices: each catalog puzzle below written as a
DLX file (no model, no sweep, no catalog engine: the matrix alone), then counted by
`cpuzzler solve FILE --count` with nothing else but a 100 s limit, as a user with a file
would. Says, for each, the wall and CPU seconds, which engine auto had answer, and
whether the raw count is the published one. Run it on a quiet machine and beside other
work (--busy N starts N spinning processes first): auto decides in CPU seconds, so the
answers should not change.

    python benchmarks/plain_command.py [--busy 4] [--limit 100] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cpuzzler import catalog
from cpuzzler.cli.common import exact_cover_of

MATRICES = ["polyhexes-1234-4x10", "polyhexes-1234-5x8", "bedlam-cube", "sudoku-6x6",
            "queens-14", "langford-12", "pentominoes-8x8-square", "tetrasticks-5x5",
            "polytrigs-23-hexagon", "solid-pentominoes-3x4x5", "lozenges-hexagon-5-4-3",
            "dominoes-aztec-diamond-5", "pentominoes-6x10"]


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", type=int, default=0, help="spinning processes beside")
    parser.add_argument("--limit", type=float, default=100.0, help="seconds per matrix")
    parser.add_argument("--only", nargs="*", default=None, help="these catalog names")
    args = parser.parse_args()
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(args.busy)]
    rows = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            for name in args.only or MATRICES:
                entry = catalog.get(name)
                path = Path(folder) / f"{name}.dlx"
                exact_cover_of(entry.build()).to_dlx(path)
                wall, cpu = time.perf_counter(), _children_cpu()
                run = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", str(path),
                                      "--count", "--format", "jsonl", "--time-limit",
                                      str(args.limit)], capture_output=True, text=True)
                record = json.loads(run.stdout) if run.stdout.strip() else {}
                published = entry.raw if entry.raw is not None else (
                    entry.found[1] if entry.found else None)
                rows.append((name, time.perf_counter() - wall, _children_cpu() - cpu,
                             record.get("answered_by", "-"), record.get("complete", False),
                             record.get("raw") == published))
                print(f"{name:28} {rows[-1][1]:7.1f} s wall {rows[-1][2]:7.1f} s cpu  "
                      f"{rows[-1][3]:9} complete={rows[-1][4]} published={rows[-1][5]}",
                      flush=True)
    finally:
        for process in busy:
            process.kill()
    answered = sum(1 for row in rows if row[4] and row[5])
    print(f"answered within {args.limit:g} s, as published: {answered} of {len(rows)} "
          f"(beside {args.busy} busy processes)")


if __name__ == "__main__":
    main()
