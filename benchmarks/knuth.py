"""Knuth's exact-cover programs as peers: SSXCC and DLX2 built from their CWEB sources.

Knuth's programs (``ssxcc.w``, ``dlx2.w``, from his web page or the collection in
``shreevatsa/knuth-literate-programs``, ``programs-orig/``) need the Stanford
GraphBase's random numbers, ``gb_flip.c`` and ``gb_flip.h``. Put the four in a folder
and name it with ``--knuth DIR`` (or ``KNUTH_SOURCES``): they are tangled by
``benchmarks/cweb.py`` and compiled by gcc -O3 into ``benchmarks/.knuth/``, once.

    python benchmarks/knuth.py --knuth ~/knuth --enumerate      # item 4: paired counts
    python benchmarks/big_first.py --knuth ~/knuth --engines shell:jobs=2,ssxcc,dlx2

``--enumerate`` counts every solution of the pentominoes 6x10 and the solid pentominoes
3x4x5 (raw: no symmetry broken, as both programs take the matrix) by SSXCC and by
cpuzzler's dlx engine, in turn, ``--repeat`` times: the median CPU seconds of each and
their ratio. The counts are checked against the published ones (9,356 and 31,520).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cweb  # noqa: E402

from cpuzzler import ExactCover, catalog  # noqa: E402

BUILD = Path(__file__).resolve().parent / ".knuth"
PROGRAMS = ("ssxcc", "dlx2")
ENUMERATED = (("pentominoes-6x10", 9356), ("solid-pentominoes-3x4x5", 31520))


def build(sources: str | os.PathLike[str] | None, programs: tuple[str, ...] = PROGRAMS
          ) -> dict[str, Path]:
    """The ``programs`` built from the CWEB files in ``sources`` (or ``KNUTH_SOURCES``)."""
    given = sources or os.environ.get("KNUTH_SOURCES")
    folder = Path(given or ".")
    needed = [folder / f"{p}.w" for p in programs] + [folder / "gb_flip.c", folder / "gb_flip.h"]
    if not given or not all(map(Path.exists, needed)):
        raise SystemExit(f"Knuth's sources: give a folder holding "
                         f"{', '.join(p.name for p in needed)} (--knuth DIR)")
    BUILD.mkdir(exist_ok=True)
    (BUILD / "gb_flip.h").write_bytes((folder / "gb_flip.h").read_bytes())
    built = {}
    for name in programs:
        binary = BUILD / name
        if not binary.exists():
            code = BUILD / f"{name}.c"
            code.write_text(cweb.tangle((folder / f"{name}.w").read_text(encoding="latin-1")))
            subprocess.run(["gcc", "-O3", "-w", "-I", str(BUILD), "-o", str(binary), str(code),
                            str(folder / "gb_flip.c")], check=True)
        built[name] = binary
    return built


def knuth_input(xc: ExactCover, multiplicities: bool = False) -> str:
    """The problem in Knuth's DLX format, its items renamed (his names are at most 8
    characters): what SSXCC and DLX2 both read. An item to be covered k times (a piece
    with k copies) becomes k items, each option holding it k options, one a copy (his
    way before multiplicities; each solution then comes k! times). No colours. An
    option's cost, if the problem has costs, is its ``|n`` token (DLX5's).
    ``multiplicities``: bounds as DLX3 writes them (``lo:hi|name``), for DLX3 and DLX6."""
    if multiplicities and not xc.has_colours:
        short = {name: f"i{k}" for k, name in enumerate(xc.items)}
        head = []
        for n in xc.primary:
            lo, hi = xc.bounds(n)
            head.append(short[n] if (lo, hi) == (1, 1) else f"{lo}:{hi}|{short[n]}")
        lines = [" ".join(head) + (" | " + " ".join(short[n] for n in xc.secondary)
                                   if xc.secondary else "")]
        lines += [" ".join(short[n] for n in xc.option(o)) for o in range(xc.num_options)]
        return "\n".join(lines) + "\n"
    copies = {n: xc.bounds(n)[0] for n in xc.primary}
    if xc.has_colours or any(xc.bounds(n)[0] != xc.bounds(n)[1] for n in xc.primary):
        raise SystemExit("Knuth's input here: no colours, no ranges of multiplicities")
    short = {name: f"i{k}" for k, name in enumerate(xc.items)}
    head = [f"{short[n]}x{c}" for n in xc.primary for c in range(copies[n])]
    lines = [" ".join(head) + (" | " + " ".join(short[n] for n in xc.secondary)
                               if xc.secondary else "")]
    costs = xc.costs
    for o in range(xc.num_options):
        variants = [[]]
        for n in xc.option(o):
            names = [f"{short[n]}x{c}" for c in range(copies[n])] if n in copies else [short[n]]
            variants = [v + [name] for v in variants for name in names]
        priced = f" |{costs[o]}" if costs else ""
        lines += [" ".join(v) + priced for v in variants]
    return "\n".join(lines) + "\n"


def run_text(binary: Path, text: str, *arguments: str, timeout: float | None = None
             ) -> tuple[str | None, float]:
    """What a program wrote on stderr, given the input ``text``, and its CPU seconds;
    None past ``timeout`` wall seconds (the program is killed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run([str(binary), *arguments], input=text, capture_output=True,
                              text=True, check=False, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, float("nan")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode not in (0, 255) and "Altogether" not in done.stderr:
        raise SystemExit(f"{binary.name} failed: {done.stderr.strip()[-300:]}")
    return done.stderr, cpu


def total(binary: Path, said: str) -> int:
    """The solutions a program's ``Altogether N solutions`` line on stderr names."""
    for line in said.splitlines():
        if line.startswith("Altogether "):
            return int(line.split()[1])
    raise SystemExit(f"{binary.name} said no total: {said.strip()[-300:]}")


def run(binary: Path, text: str, *arguments: str, timeout: float | None = None
        ) -> tuple[int | None, float, float]:
    """(solutions, wall seconds, CPU seconds) of a program on the input ``text``; None
    solutions past ``timeout``."""
    start = time.perf_counter()
    said, cpu = run_text(binary, text, *arguments, timeout=timeout)
    wall = time.perf_counter() - start
    return (None if said is None else total(binary, said)), wall, cpu


def enumerate_both(programs: dict[str, Path], repeat: int) -> None:
    """Item 4's paired run: raw counts by SSXCC and by the dlx engine, in turn."""
    print("| puzzle | solutions | SSXCC CPU s | cpuzzler dlx CPU s | ratio |")
    print("|---|---|---|---|---|")
    for name, published in ENUMERATED:
        xc = catalog.get(name).build().exact_cover
        text = knuth_input(xc)
        theirs, ours = [], []
        for _ in range(repeat):
            found, _, cpu = run(programs["ssxcc"], text)
            assert found == published, (name, found)
            theirs.append(cpu)
            start = time.process_time()
            assert xc.count(engine="dlx", symmetry="raw") == published, name
            ours.append(time.process_time() - start)
        a, b = statistics.median(theirs), statistics.median(ours)
        print(f"| {name} | {published:,} | {a:.2f} | {b:.2f} | {b / a:.2f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knuth", help="the folder of ssxcc.w, dlx2.w, gb_flip.c, gb_flip.h")
    parser.add_argument("--enumerate", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    programs = build(args.knuth)
    if args.enumerate:
        enumerate_both(programs, args.repeat)
    else:
        print("\n".join(f"{name}: {path}" for name, path in programs.items()))


if __name__ == "__main__":
    main()
