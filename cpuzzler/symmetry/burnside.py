"""Unique counts by Burnside's lemma: the average number of solutions a symmetry fixes.

The number of classes of solutions equal up to a group G is (1/|G|) sum over g in G of
fix(g), the solutions g maps onto themselves. A solution fixed by g is a union of whole
orbits of options under the cyclic group <g>, so fix(g) is itself the count of an exact
cover, the *quotient* by <g>: its items are the orbits of items (each named by the one
the sweep reaches first), its options the orbits of options, an orbit covering an item
orbit as often as its members cover that orbit's first item. An orbit whose members
overlap on an item covered at most once is in no fixed solution and is left out; a
colour is read at that first item, so colours renamed by g are carried over. A bounded
item covered m > 1 times by every orbit that holds it has its bounds divided by m; where
the multiplicities of one item differ, the quotient is no exact cover of ours and
``quotient`` says so (None). Every counting engine counts a quotient like any other
problem, so the memo and frontier engines, which count but do not list, count up to
symmetry too, and the report says how many solutions each symmetry fixes.
fix(g) depends only on the cyclic group <g>: each is counted once.

>>> from cpuzzler.models import queens
>>> xc = queens(8)
>>> group = xc.symmetries()
>>> result = count_by_burnside(xc, group.elements(), engine="memo")
>>> result.unique, result.raw, [(f.order, f.elements, int(f.fixed)) for f in result.fixed]
(12, 92, [(1, 1, 92), (2, 1, 0), (2, 1, 0), (2, 1, 0), (2, 1, 0), (2, 1, 4), (4, 2, 0)])
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cpuzzler.results import INTERRUPTED, TIMEOUT, Clock, Count, RunDeadline

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

Permutation = tuple[int, ...]
# engine options that name one count's work folder: the identity's count keeps them
ONE_COUNT = ("work_dir", "shards", "backend", "jobs", "address")


@dataclass(frozen=True)
class Fixed:
    """The solutions one kind of symmetry fixes: ``elements`` symmetries of ``order``
    (those generating one cyclic group) fix ``fixed`` solutions each; ``label`` says
    what they are, where the model knows ("rotation of order 4")."""

    label: str
    order: int
    elements: int
    fixed: Count


@dataclass(frozen=True)
class BurnsideCount:
    """The unique count, the raw count (the identity's fixed solutions) and what each
    kind of symmetry fixes, the identity first."""

    unique: Count
    raw: Count
    fixed: list[Fixed]

    def describe(self) -> str:
        """What each kind of symmetry fixes, in one line (see ``describe``)."""
        return describe(self.fixed)


def describe(fixed: Sequence[Fixed]) -> str:
    """What each kind of symmetry fixes, in one line: kinds of one label and one count
    merged, how many symmetries each in brackets where more than one; kinds of one label
    that fix different counts told apart by a letter.

    >>> describe([Fixed("identity", 1, 1, Count(92)), Fixed("reflection", 2, 1, Count(0)),
    ...           Fixed("reflection", 2, 3, Count(0)), Fixed("half turn", 2, 1, Count(4))])
    'identity 92; reflection (4) 0; half turn 4'
    >>> describe([Fixed("identity", 1, 1, Count(92)), Fixed("order 2", 2, 4, Count(0)),
    ...           Fixed("order 2", 2, 1, Count(4))])
    'identity 92; order 2 A (4) 0; order 2 B 4'
    """
    merged: dict[tuple[str, int, bool], int] = {}
    for f in fixed:
        key = (f.label, int(f.fixed), f.fixed.complete)
        merged[key] = merged.get(key, 0) + f.elements
    kinds = Counter(label for label, _, _ in merged)
    seen: Counter[str] = Counter()
    parts = []
    for (label, count, complete), many in merged.items():
        shown = str(count) if complete else f"at least {count}"
        name = label
        if kinds[label] > 1:
            name += f" {chr(ord('A') + seen[label])}"
            seen[label] += 1
        parts.append(f"{name}{f' ({many})' if many > 1 else ''} {shown}")
    return "; ".join(parts)


def _item_permutation(xc: ExactCover, option_map: Permutation,
                      known: ItemKeys) -> list[int] | None:
    """The items' permutation that goes with the options' one: item i goes to the item
    whose options are the images of i's. None where there is no such permutation."""
    image = [-1] * len(known.key_of)
    taken: dict[tuple[Any, ...], int] = {}
    for i, key in enumerate(known.key_of):
        RunDeadline.every(i)
        target = (frozenset(option_map[o] for o in known.containing[i]), *key[1:])
        group = known.keys.get(target)
        k = taken.get(target, 0)
        if group is None or k >= len(group):
            return None
        image[i], taken[target] = group[k], k + 1
    for o in range(xc.num_options):
        RunDeadline.every(o)
        if {image[i] for i in xc.option_items(o)} != set(xc.option_items(option_map[o])):
            return None
    return image


def _cycles_of(permutation: Sequence[int], rank: Callable[[int], int]) -> list[list[int]]:
    """The cycles of a permutation, each starting at its least point by ``rank``."""
    seen = [False] * len(permutation)
    cycles = []
    for start in range(len(permutation)):
        RunDeadline.every(start)
        if seen[start]:
            continue
        cycle, k = [], start
        while not seen[k]:
            seen[k] = True
            cycle.append(k)
            k = permutation[k]
        first = min(range(len(cycle)), key=lambda j: rank(cycle[j]))
        cycles.append(cycle[first:] + cycle[:first])
    return cycles


@dataclass(frozen=True)
class ItemKeys:
    """What names an item up to symmetry: its options, bounds and kind (``key_of``), and
    the items of each key (``keys``). Found once per exact cover for all its quotients."""

    containing: list[list[int]]
    key_of: list[tuple[Any, ...]]
    keys: dict[tuple[Any, ...], list[int]]

    @classmethod
    def of(cls, xc: ExactCover) -> ItemKeys:
        containing = xc.item_options()
        lo, hi, secondary = xc.item_arrays()
        key_of = [(frozenset(containing[i]), lo[i], hi[i], secondary[i])
                  for i in range(len(containing))]
        keys: dict[tuple[Any, ...], list[int]] = {}
        for i, key in enumerate(key_of):
            keys.setdefault(key, []).append(i)
        return cls(containing, key_of, keys)


def quotient(xc: ExactCover, option_map: Permutation,
             item_keys: ItemKeys | None = None) -> ExactCover | None:
    """The exact cover whose solutions are the solutions of ``xc`` that the symmetry
    ``option_map`` (``p[k]``: the option that option k becomes) maps onto themselves, one
    for one; None where the symmetry is none of ``xc`` or the quotient needs an option
    to cover an item more than once with other options covering it otherwise.

    >>> from cpuzzler.exact_cover import ExactCover
    >>> xc = ExactCover(primary=["a", "b"])
    >>> _ = xc.add_option(["a"]), xc.add_option(["b"]), xc.add_option(["a", "b"])
    >>> half = quotient(xc, (1, 0, 2))
    >>> half.items, [half.option(o) for o in range(half.num_options)]
    (('a',), [('a',), ('a',)])
    >>> half.count(symmetry="raw")
    2
    """
    found = quotient_with_orbits(xc, option_map, item_keys)
    return None if found is None else found[0]


def quotient_with_orbits(xc: ExactCover, option_map: Permutation,
                         item_keys: ItemKeys | None = None
                         ) -> tuple[ExactCover, list[list[int]]] | None:
    """``quotient`` and, per option of it, the options of ``xc`` it stands for (its
    orbit): a solution of the quotient is the union of its options' orbits.

    >>> from cpuzzler.exact_cover import ExactCover
    >>> xc = ExactCover(primary=["a", "b"])
    >>> _ = xc.add_option(["a"]), xc.add_option(["b"]), xc.add_option(["a", "b"])
    >>> half, orbits = quotient_with_orbits(xc, (1, 0, 2))
    >>> orbits, [sorted(o for r in chosen for o in orbits[r]) for chosen in half.solve()]
    ([[0, 1], [2]], [[0, 1], [2]])
    """
    from cpuzzler.exact_cover import ExactCover

    names = xc.items
    lo, hi, secondary = xc.item_arrays()
    known = item_keys or ItemKeys.of(xc)
    item_map = _item_permutation(xc, option_map, known)
    if item_map is None:
        return None
    place = {name: k for k, name in enumerate(xc.sweep or ())}
    rank = [place.get(name, len(place) + i) for i, name in enumerate(names)]
    first_of = [0] * len(names)
    reps = []
    for cycle in _cycles_of(item_map, rank.__getitem__):
        reps.append(cycle[0])
        for i in cycle:
            first_of[i] = cycle[0]
    reps.sort(key=rank.__getitem__)
    # per option orbit: {representative item: (uncoloured covers, colours given)}
    orbits = []
    members: list[list[int]] = []  # the options of xc each orbit holds
    multiplicity: dict[int, set[int]] = {}
    for c, cycle in enumerate(_cycles_of(option_map, lambda o: o)):
        RunDeadline.every(c)
        entries: dict[int, tuple[int, set[int]]] = {}
        for o in cycle:
            colours = xc.option_colours(o) or (0,) * len(xc.option_items(o))
            for i, c in zip(xc.option_items(o), colours, strict=True):
                if first_of[i] != i:
                    continue
                plain, given = entries.get(i, (0, set()))
                entries[i] = (plain + (not c), given | ({c} if c else set()))
        if any(_overlaps(plain, given, hi[i], secondary[i])
               for i, (plain, given) in entries.items()):
            continue
        for i, (plain, _) in entries.items():
            if plain and not secondary[i]:
                multiplicity.setdefault(i, set()).add(plain)
        orbits.append(entries)
        members.append(cycle)
    if any(len(m) > 1 for m in multiplicity.values()):
        return None
    part = ExactCover()
    colour_names = xc.colour_names
    for r, i in enumerate(reps):
        RunDeadline.every(r)
        step = min(multiplicity.get(i, {1}))
        if secondary[i]:
            part.add_item(names[i], secondary=True)
        elif -(-lo[i] // step) > hi[i] // step:
            return _impossible(names[i]), []
        else:
            part.add_item(names[i], lo=-(-lo[i] // step), hi=hi[i] // step)
    for r, entries in enumerate(orbits):
        RunDeadline.every(r)
        part.add_option([(names[i], colour_names[next(iter(given))]) if given else names[i]
                         for i, (_, given) in sorted(entries.items(),
                                                     key=lambda e: rank[e[0]])])
    part.sweep = [names[i] for i in reps] if xc.sweep else None
    return part, members


def _overlaps(plain: int, given: set[int], hi: int, secondary: bool) -> bool:
    """Whether an orbit's members clash on an item: covered more often than it may be,
    given two colours, or held both with and without a colour."""
    if given:
        return len(given) > 1 or plain > 0
    return plain > (1 if secondary else hi)


def _impossible(name: str) -> ExactCover:
    """A problem with no solution: ``name``'s bounds cannot be met in the quotient."""
    from cpuzzler.exact_cover import ExactCover

    return ExactCover(primary=[name])


def option_orbits(elements: Sequence[Sequence[int]], options: int) -> list[list[int]]:
    """The orbits of the ``options`` options under a group given by all its elements
    (the identity may be left out): each sorted, the orbits by their least option.

    >>> option_orbits([(1, 0, 2)], 3)
    [[0, 1], [2]]
    """
    seen = [False] * options
    orbits = []
    for o in range(options):
        if not seen[o]:
            orbit = sorted({o} | {g[o] for g in elements})
            for member in orbit:
                seen[member] = True
            orbits.append(orbit)
    return orbits


def cyclic_classes(elements: Sequence[Permutation]) -> list[tuple[Permutation, int, int]]:
    """The group's elements sorted by the cyclic group each generates: (one generator,
    the order, how many elements generate it), the identity first.

    >>> cyclic_classes([(0, 1, 2), (1, 2, 0), (2, 0, 1)])
    [((0, 1, 2), 1, 1), ((1, 2, 0), 3, 2)]
    """
    classes: dict[Permutation, list[Any]] = {}
    for g in elements:
        powers = [g]
        while (step := tuple(g[k] for k in powers[-1])) != g:
            powers.append(step)
        order = len(powers)  # powers[j] is g^(j+1); the last is the identity
        key = min(powers[j - 1] for j in range(1, order + 1) if math.gcd(j, order) == 1)
        entry = classes.setdefault(key, [key, order, 0])
        entry[2] += 1
    return sorted(((g, order, n) for g, order, n in classes.values()),
                  key=lambda c: (c[1], c[0]))


def count_by_burnside(xc: ExactCover, elements: Sequence[Sequence[int]], *,
                      engine: str | None = None, time_limit: float | None = None,
                      label: Callable[[Permutation, int], str] | None = None,
                      **options: Any) -> BurnsideCount | None:
    """Unique and raw counts of ``xc`` up to the group of ``elements`` (every element,
    as option permutations; the identity may be left out), each fixed-point count by
    ``engine``; ``label(g, order)`` names a kind of symmetry. None where some quotient
    is no exact cover (``quotient``): count another way then."""
    n = xc.num_options
    identity = tuple(range(n))
    group = list(dict.fromkeys([identity, *map(tuple, elements)]))
    return count_by_classes(xc, cyclic_classes(group), len(group), engine=engine,
                            time_limit=time_limit, label=label, **options)


def count_by_classes(xc: ExactCover, classes: Sequence[tuple[Permutation, int, int]],
                     group_order: int, *, engine: str | None = None,
                     time_limit: float | None = None,
                     label: Callable[[Permutation, int], str] | None = None,
                     **options: Any) -> BurnsideCount | None:
    """``count_by_burnside`` from the group's elements in classes of equal fixed counts
    (cyclic subgroups, or conjugacy classes): (one element, its order, how many), the
    identity first; ``group_order``: how many elements in all. A group too large to
    list is counted so from its conjugacy classes (``automorphisms.product_classes``).

    >>> from cpuzzler.models import queens
    >>> xc = queens(5)
    >>> count_by_classes(xc, [(tuple(range(xc.num_options)), 1, 1)], 1).unique
    10
    """
    identity = tuple(range(xc.num_options))
    assert classes[0][0] == identity
    item_keys = ItemKeys.of(xc)
    parts = [(g, order, k, xc if g == identity else quotient(xc, g, item_keys))
             for g, order, k in classes]
    if any(problem is None for *_, problem in parts):
        return None
    clock = Clock(time_limit)
    smaller = {key: value for key, value in options.items() if key not in ONE_COUNT}
    found: dict[int, Count] = {}
    # the identity, the largest count, last; on auto first, so that the quotients, which
    # are like it, go to the engine that answered it (auto's rounds on each of hundreds
    # of small quotients cost more than their counts)
    auto = engine == "auto"
    for k in [0, *range(1, len(parts))] if auto else [*range(1, len(parts)), 0]:
        problem = parts[k][3]
        assert problem is not None
        stopped = next((c.reason for c in found.values() if c.reason == INTERRUPTED), None)
        if stopped or (clock.expired() and found):  # Ctrl-C or the time: no more counts
            found[k] = Count(0, stopped or TIMEOUT)
        elif 0 in found and found[0].complete and found[0] == 0:  # none at all: none fixed
            found[k] = Count(0)
        else:
            found[k] = problem.count(engine=engine, time_limit=clock.left(), symmetry="raw",
                                     **(options if k == 0 else smaller))
            if k == 0 and auto:
                engine = xc.stats.answered_by or engine
    fixed = _labelled(parts, [found[k] for k in range(len(parts))], label)
    raw = found[0]
    total = sum(f.elements * int(f.fixed) for f in fixed)
    incomplete = [f.fixed.reason for f in fixed if not f.fixed.complete]
    if not incomplete:
        return BurnsideCount(Count(total // group_order), raw, fixed)
    # each class has at most |G| members: a lower bound either way
    unique = max(-(-int(raw) // group_order), total // group_order)
    return BurnsideCount(Count(unique, incomplete[0]), Count(int(raw), incomplete[0]), fixed)


def _labelled(classes: Sequence[tuple[Any, ...]], counts: Sequence[Count],
              label: Callable[[Permutation, int], str] | None) -> list[Fixed]:
    """The records of ``cyclic_classes`` (the identity first) with their counts."""
    return [Fixed("identity" if k == 0 else label(g, order) if label else f"order {order}",
                  order, many, count)
            for k, ((g, order, many, *_), count) in enumerate(zip(classes, counts,
                                                                     strict=True))]


def none_but_identity(elements: Sequence[Sequence[int]], raw: Count,
                      label: Callable[[Permutation, int], str] | None = None) -> list[Fixed]:
    """What each kind of symmetry fixes where only the identity fixes a solution (where
    a piece every symmetry keeps has all its placements in orbits as large as the
    group, as the symmetry reduction finds): the raw count, then none.

    >>> [(f.label, int(f.fixed)) for f in none_but_identity([(1, 0)], Count(4))]
    [('identity', 4), ('order 2', 0)]
    """
    identity = tuple(range(len(elements[0])))
    classes = cyclic_classes(list(dict.fromkeys([identity, *map(tuple, elements)])))
    return _labelled(classes, [raw] + [Count(0, raw.reason)] * (len(classes) - 1), label)
