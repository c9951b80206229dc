"""BurrTools' example files beside cpuzzler: assemblies, what comes apart, levels, time.

BurrTools (``burr-tools/burr-tools``) ships puzzles in ``examples/``; the designs are
their designers', so the project holds none of them: give the folder with ``--examples
DIR`` (or ``BURRTOOLS_EXAMPLES``). Each file stores what BurrTools found when it was
saved: ``assemblies`` and ``solutions`` (those that come apart) per problem, and for
some solutions the separation itself, whose level string is read back here. For every
problem on the cube grid this prints cpuzzler's counts (mirror images removed, and
kept), the number that come apart, their levels and moves, the stored values beside
them, and cpuzzler's CPU seconds to assemble and to take apart.

    python benchmarks/burrtools.py --examples ~/burr-tools/examples

Timing BurrTools itself (``burrTxt``, built with meson and ninja) is the next step: the
stored values are checked here, not its speed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

from cpuzzler.errors import InputFormatError
from cpuzzler.formats import xmpuzzle


def stored_levels(path: Path) -> list[str]:
    """The level strings of the separations the file stores, in its order."""
    import gzip
    import xml.etree.ElementTree as ET

    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    root = ET.fromstring(data)

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", default=os.environ.get("BURRTOOLS_EXAMPLES"),
                        help="BurrTools' examples folder")
    args = parser.parse_args()
    if not args.examples:
        parser.error("give --examples DIR (BurrTools' examples folder)")
    print("| example | problem | assemblies | stored | mirrors kept | come apart | stored "
          "| levels (cpuzzler) | levels (stored) | CPU s assemble | CPU s apart |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for path in sorted(Path(args.examples).glob("*.xmpuzzle")):
        try:
            problems = xmpuzzle.problems(path)
        except InputFormatError as e:
            print(f"| {path.stem} | {e.problem} |", file=sys.stderr)
            continue
        stored = stored_levels(path)
        for problem in problems:
            tiling = problem.tiling
            start = time.process_time()
            unique = list(tiling.solve())
            kept = tiling.count(symmetry="rotations")
            assembled = time.process_time() - start
            levels: Counter[str] = Counter()
            rule = problem.disassembles()
            for solution in unique:
                plan = rule.plan(solution.placements)
                if plan is not None:
                    levels[plan.level] += 1
            apart = time.process_time() - start - assembled
            shown = ", ".join(f"{lv} ({n})" if n > 1 else lv for lv, n in levels.items())
            print(f"| {path.stem} | {problem.name} | {len(unique)} | {problem.assemblies} | "
                  f"{kept} | {sum(levels.values())} | {problem.solutions} | {shown} | "
                  f"{', '.join(stored)} | {assembled:.2f} | {apart:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
