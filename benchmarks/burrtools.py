"""BurrTools' example files beside cpuzzler: assemblies, what comes apart, levels, time.

BurrTools (``burr-tools/burr-tools``) ships puzzles in ``examples/``; the designs are
their designers', so the project holds none of them: give the folder with ``--examples
DIR`` (or ``BURRTOOLS_EXAMPLES``). Each file stores what BurrTools found when it was
saved: ``assemblies`` and ``solutions`` (those that come apart) per problem, and for
some solutions the separation itself, whose level string is read back here.

The first table holds, for every problem, cpuzzler's counts (mirror images removed, and
kept), the number that come apart and their levels and moves (on the grids whose pieces
slide: cubes and prisms), the stored values beside them.

With ``--burrtxt PATH`` (or ``BURRTXT``: BurrTools' command-line solver, built by its
own instructions, meson and ninja; the project holds no recipe for it) a second table
times both programs on the same problems in one run, each as a process of its own
(start-up included), ``--repeat`` times, in CPU seconds of the child: ``cpuzzler solve
FILE#K --count`` against ``burrTxt -q -o K FILE``, and with ``--disassemble`` against
``-d`` (burrTxt takes apart only on cubes and prisms). Medians, their ratio, and the
totals.

    python benchmarks/burrtools.py --examples ~/burr-tools/examples --burrtxt ~/bt/burrTxt
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from cpuzzler.assembly.motions import AXES
from cpuzzler.errors import InputFormatError
from cpuzzler.formats import xmpuzzle


def stored_levels(path: Path) -> list[str]:
    """The level strings of the separations the file stores, in its order."""
    import gzip
    import xml.etree.ElementTree as ET

    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    try:
        root = ET.fromstring(data)
    except ET.ParseError:  # Latin-1 bytes that name no encoding, as old files have
        text = re.sub(r"^<\?xml[^>]*\?>", "", data.decode("latin-1"))
        root = ET.fromstring(text.encode())

    def many(node: ET.Element) -> bool:
        return len(node.findall("state")) > 2 or any(many(s) for s in node.findall(
            "separation"))

    def level(node: ET.Element) -> str:
        parts = [str(len(node.findall("state")) - 1)]
        subs = {s.get("type"): s for s in node.findall("separation")}
        for kind in ("left", "removed"):
            if kind in subs and many(subs[kind]):
                parts.append(level(subs[kind]))
        return ".".join(parts)

    return [level(s) for s in root.iter("separation") if s.get("type") is None]


def child_seconds(command: list[str]) -> tuple[float, str]:
    """The CPU seconds (user and system) of a command run to its end, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, done.stdout + done.stderr


def counts(path: Path) -> None:
    """The first table: cpuzzler's counts and levels against the stored ones."""
    try:
        problems = xmpuzzle.problems(path)
    except InputFormatError as e:
        print(f"| {path.stem} | {e} |")
        return
    stored = stored_levels(path)
    for problem in problems:
        tiling = problem.tiling
        start = time.process_time()
        unique = list(tiling.solve())
        kept = tiling.count(symmetry="rotations")
        assembled = time.process_time() - start
        levels: Counter[str] = Counter()
        slides = tiling.region.lattice.name in AXES
        if slides:
            rule = problem.disassembles()
            for solution in unique:
                plan = rule.plan(solution.placements)
                if plan is not None:
                    levels[plan.level] += 1
        apart = time.process_time() - start - assembled
        shown = ", ".join(f"{lv} ({n})" if n > 1 else lv for lv, n in levels.items())
        print(f"| {path.stem} | {problem.name} | {tiling.region.lattice.name} | "
              f"{len(unique)} | {problem.assemblies} | {kept} | "
              f"{sum(levels.values()) if slides else '-'} | {problem.solutions} | {shown} | "
              f"{', '.join(stored)} | {assembled:.2f} | {apart:.2f} |", flush=True)


def timed(path: Path, burrtxt: str, repeat: int, totals: list[float]) -> None:
    """The second table's rows for one file: both programs, assembling, then apart."""
    try:
        problems = xmpuzzle.problems(path)
    except InputFormatError:
        return
    cpuzzler = [sys.executable, "-m", "cpuzzler", "solve"]
    for k, problem in enumerate(problems):
        jobs = [("assemble", [*cpuzzler, f"{path}#{k + 1}", "--count"],
                 [burrtxt, "-q", "-o", str(k), str(path)], r"(\d+) assemblies")]
        if problem.tiling.region.lattice.name in AXES:
            jobs.append(("apart", [*cpuzzler, f"{path}#{k + 1}", "--count", "--disassemble"],
                         [burrtxt, "-q", "-d", "-o", str(k), str(path)], r"(\d+) solutions"))
        for job, ours, theirs, said in jobs:
            mine, other = [], []
            for _ in range(repeat):
                seconds, out = child_seconds(ours)
                mine.append(seconds)
                found = re.findall(r"^(\d+) solution", out, re.M)
                seconds, out = child_seconds(theirs)
                other.append(seconds)
                told = re.search(said, out)
            a, b = statistics.median(mine), statistics.median(other)
            totals[0 if job == "assemble" else 2] += a
            totals[1 if job == "assemble" else 3] += b
            print(f"| {path.stem} | {problem.name} | {job} | {found[-1] if found else '?'} | "
                  f"{told.group(1) if told else '?'} | {a:.2f} | {b:.2f} | "
                  f"{a / b if b else float('inf'):.2f} |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", default=os.environ.get("BURRTOOLS_EXAMPLES"),
                        help="BurrTools' examples folder")
    parser.add_argument("--burrtxt", default=os.environ.get("BURRTXT"),
                        help="BurrTools' burrTxt, to time beside cpuzzler")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (medians)")
    args = parser.parse_args()
    if not args.examples:
        parser.error("give --examples DIR (BurrTools' examples folder)")
    files = sorted(Path(args.examples).glob("*.xmpuzzle"))
    print("| example | problem | grid | assemblies | stored | mirrors kept | come apart | "
          "stored | levels (cpuzzler) | levels (stored) | CPU s assemble | CPU s apart |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for path in files:
        counts(path)
    if not args.burrtxt:
        return 0
    print("\n| example | problem | job | cpuzzler | burrTxt | CPU s cpuzzler | CPU s burrTxt "
          "| ratio |")
    print("|---|---|---|---|---|---|---|---|")
    totals = [0.0, 0.0, 0.0, 0.0]
    for path in files:
        timed(path, args.burrtxt, args.repeat, totals)
    print(f"\nassembling, every problem: cpuzzler {totals[0]:.2f} s, burrTxt {totals[1]:.2f} s"
          f"; taking apart (cubes and prisms): cpuzzler {totals[2]:.2f} s, burrTxt "
          f"{totals[3]:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
