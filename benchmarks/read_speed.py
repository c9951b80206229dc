"""Reading DLX files: time against size, to show it grows linearly (issue: a 240 KB file
once took 55 s, because each option line rebuilt the set of item names).

    python benchmarks/read_speed.py               # 1, 10 and 50 MB, medians of 3
    python benchmarks/read_speed.py --sizes 5 100 --repeat 5

Each file has 20,000 items and random options of 8 items, written to a temporary folder;
the table gives the median seconds to read it into an ``ExactCover`` and MB per second.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

from cpuzzler import ExactCover

ITEMS = 20_000


def write_dlx(path: str, megabytes: float, seed: int = 1) -> int:
    """A DLX file of about ``megabytes`` MB; returns its number of options."""
    rng = random.Random(seed)
    names = [f"i{k}" for k in range(ITEMS)]
    size, options = 0, 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(" ".join(names) + "\n")
        while size < megabytes * 1e6:
            line = " ".join(rng.sample(names, 8)) + "\n"
            f.write(line)
            size += len(line)
            options += 1
    return options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1, 10, 50],
                        help="file sizes in MB")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"| file | options | read (median of {args.repeat}) | MB/s |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for megabytes in args.sizes:
            path = os.path.join(folder, f"{megabytes:g}MB.dlx")
            options = write_dlx(path, megabytes)
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                xc = ExactCover.from_dlx(path)
                times.append(time.perf_counter() - start)
                if xc.num_options != options:
                    raise SystemExit(f"read {xc.num_options} options, wrote {options}")
            seconds = statistics.median(times)
            actual = os.path.getsize(path) / 1e6
            print(f"| {actual:.0f} MB | {options:,} | {seconds:.2f} s | {actual / seconds:.0f} |",
                  flush=True)


if __name__ == "__main__":
    main()
