"""Property tests of the symmetry found from the matrix: on random problems built with
symmetry in them (copies of one sub-problem, names and options shuffled), the unique
count and the unique listing equal a brute-force orbit count, whose group is every
permutation of the items that keeps the options, found by trying them all."""

from __future__ import annotations

import itertools
import random

from conftest import cpu_seconds, patience
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover


@st.composite
def symmetric_problems(draw) -> ExactCover:
    """Copies of a small random problem side by side, maybe tied by a few options across
    them and a secondary item, with the items renamed and the options shuffled."""
    size = draw(st.integers(1, 3))
    base = draw(st.lists(st.integers(1, 2 ** size - 1), min_size=1, max_size=5))
    copies = draw(st.integers(1, 3 if size <= 2 else 2))
    n = size * copies
    options = [[c * size + i for i in range(size) if mask >> i & 1]
               for c in range(copies) for mask in base]
    secondary = draw(st.booleans())
    for mask in draw(st.lists(st.integers(1, 2 ** n - 1), max_size=2)):  # ties
        options.append([i for i in range(n) if mask >> i & 1])
    if secondary:
        options += [[i, n] for i in draw(st.lists(st.integers(0, n - 1), max_size=2))]
    rng = random.Random(draw(st.integers(0, 2 ** 16)))
    names = [f"i{k}" for k in rng.sample(range(n + 1), n + 1)]
    xc = ExactCover(primary=names[:n], secondary=names[n:] if secondary else [])
    for option in rng.sample(options, len(options)):
        xc.add_option([names[i] for i in option])
    return xc


def orbit_classes(xc: ExactCover, solutions: list[tuple[int, ...]]) -> dict:
    """Each solution's class under every item permutation that keeps each item's kind and
    maps the options onto themselves (as item sets, so equal options are one)."""
    items = xc.items
    kinds = [("secondary",) if xc.is_secondary(i) else xc.bounds(i) for i in items]
    sets = [frozenset(xc.option(o)) for o in range(xc.num_options)]
    all_sets = sorted(sorted(s) for s in sets)
    keeping = []
    for image in itertools.permutations(range(len(items))):
        if any(kinds[k] != kinds[image[k]] for k in range(len(items))):
            continue
        move = {items[k]: items[image[k]] for k in range(len(items))}
        if sorted(sorted(move[i] for i in s) for s in sets) == all_sets:
            keeping.append(move)

    def canonical(solution: tuple[int, ...]) -> tuple:
        return min(tuple(sorted(tuple(sorted(move[i] for i in sets[o])) for o in solution))
                   for move in keeping)

    return {solution: canonical(solution) for solution in solutions}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(symmetric_problems())
def test_unique_counts_and_listings_equal_a_brute_force_orbit_count(xc):
    solutions = list(xc.solve(engine="python"))
    classes = orbit_classes(xc, solutions)
    unique = len(set(classes.values()))
    assert xc.symmetries().note is None
    assert xc.count_both() == (unique, len(solutions))
    assert xc.count_both(method="dedup") == (unique, len(solutions))
    listed = list(xc.solve(symmetry="unique"))
    assert len(listed) == unique
    assert len({classes[tuple(sorted(s))] for s in listed}) == unique  # one of each class


@st.composite
def huge_trivial_problems(draw) -> str:
    """DLX text of many items in a few easy shapes, each with one solution: long options,
    many lone items, many disjoint pairs, or many copies of one small block."""
    n = draw(st.integers(1_000, 30_000))
    shape = draw(st.sampled_from(["one option", "alone", "pairs", "blocks"]))
    items = [f"i{k}" for k in range(n)]
    if shape == "one option":
        options = [items]
    elif shape == "alone":
        options = [[i] for i in items]
    elif shape == "pairs":
        options = [items[k:k + 2] for k in range(0, n - 1, 2)] + ([[items[-1]]] if n % 2 else [])
    else:
        options = [items[k:k + 3] for k in range(0, n, 3)]  # each block: only this fits
        options += [[items[k]] for k in range(0, n - 2, 3)]
    return " ".join(items) + "\n" + "".join(" ".join(o) + "\n" for o in options)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(huge_trivial_problems())
def test_huge_but_trivial_matrices_count_at_once(text):
    """The engine counts each in well under a second; reading, the symmetry search and
    the count up to symmetry must not take much more (the set-up rule: about 2t + 1 s;
    here 15 s, for a loaded machine)."""
    start = cpu_seconds()
    xc = ExactCover.from_dlx_text(text)
    unique, raw = xc.count_both(time_limit=patience(60))
    assert raw.complete and unique.complete and unique == raw == 1
    assert cpu_seconds() - start < 15
