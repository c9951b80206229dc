"""Two more ways to make CP-SAT and SAT find one solution of a big tiling, tried on the
nine big puzzles of ``big_first.py`` (the engines guide gives the figures):

``pack``: the tiling as a packing (``Tiling(..., fill="pack")``: cells may stay empty,
pieces unused) whose ``best()`` maximises the cells covered; CP-SAT's search for better
packings (its large-neighbourhood workers repair a packing piece by piece) finds a
tiling when it covers every cell. Printed: the cells covered at the cap, of all.

``cubes``: cube and conquer (Heule, Kullmann, Wieringa and Biere, "Cube and Conquer:
guiding CDCL SAT solvers by lookaheads", HVC 2011): a depth-first search choosing the
item with fewest options left (random ties) fixes options until only ``--left`` of the
primary items are open; each such partial solution (a cube) goes to one incremental
CaDiCaL 1.9.5 as assumptions under a conflict budget, refuted, out of budget or solved.
Printed: cubes tried, refuted, out of budget, and whether one was solved.

    python benchmarks/solver_ideas.py pack [--only NAME] [--time-limit 60]
    python benchmarks/solver_ideas.py cubes [--only NAME] [--left 0.3] [--budget 1000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from big_first import NINE

from cpuzzler import catalog
from cpuzzler.exact_cover import ExactCover
from cpuzzler.models import Tiling


def pack(name: str, cap: float) -> str:
    """The most cells CP-SAT covers with the pieces within ``cap`` seconds, of all."""
    tiling = catalog.get(name).build()
    assert isinstance(tiling, Tiling), name
    packing = Tiling(tiling.pieces, tiling.region, fill="pack")
    best = packing.best(engine="cpsat", time_limit=cap)
    return f"{best.value} of {len(tiling.region)} cells"


def cubes(xc: ExactCover, left: float, budget: int, cap: float, seed: int = 1) -> str:
    """Cube and conquer on ``xc`` (see the module) for ``cap`` seconds."""
    from pysat.solvers import Solver

    from cpuzzler.encoders.cnf import to_cnf

    start = time.perf_counter()
    holding = xc.item_options()
    items_of = [xc.option_items(k) for k in range(xc.num_options)]
    secondary = xc.item_arrays()[2]
    primary = {i for i in range(len(holding)) if not secondary[i]}
    sat = Solver(name="cadical195", bootstrap_with=to_cnf(xc).clauses)
    rng = random.Random(seed)
    target = int(len(primary) * left)
    tally = {"cubes": 0, "refuted": 0, "out of budget": 0}

    def conquer(chosen: Sequence[int]) -> bool:
        tally["cubes"] += 1
        sat.conf_budget(budget)
        answer = sat.solve_limited(assumptions=[k + 1 for k in chosen])
        tally["refuted" if answer is False else "out of budget"] += answer is not True
        return answer is True

    def search(live: set[int], open_items: set[int], chosen: list[int]) -> bool:
        if time.perf_counter() - start > cap:
            raise TimeoutError
        if len(open_items) <= target:
            return conquer(chosen)
        counts = {i: sum(k in live for k in holding[i]) for i in open_items}
        fewest = min(counts.values())
        item = rng.choice(sorted(i for i, n in counts.items() if n == fewest))
        options = [k for k in holding[item] if k in live]
        rng.shuffle(options)
        for k in options:
            dead = {j for i in items_of[k] for j in holding[i] if j in live}
            if search(live - dead, open_items - set(items_of[k]), [*chosen, k]):
                return True
        return False

    try:
        solved = search(set(range(xc.num_options)), primary, [])
    except TimeoutError:
        solved = False
    finally:
        sat.delete()
    said = ", ".join(f"{n} {what}" for what, n in tally.items())
    return f"{'solved' if solved else 'none'} in {time.perf_counter() - start:.0f} s: {said}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("idea", choices=("pack", "cubes"))
    parser.add_argument("--only", default="")
    parser.add_argument("--time-limit", type=float, default=60)
    parser.add_argument("--left", type=float, default=0.3,
                        help="the share of primary items a cube leaves open")
    parser.add_argument("--budget", type=int, default=1000, help="conflicts per cube")
    args = parser.parse_args(argv)
    for name in NINE:
        if args.only in name:
            if args.idea == "pack":
                said = pack(name, args.time_limit)
            else:
                xc = catalog.get(name).build().exact_cover
                said = cubes(xc, args.left, args.budget, args.time_limit)
            print(f"{name}: {said}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
