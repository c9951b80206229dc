"""The options in no solution, and the items another item implies, removed to a fixed point.

Knuth's DLX-PRE (a preprocessor among his exact-cover programs, beside DLX2) applies
two rules, round after round: an option whose choice leaves some primary item with no
compatible option goes, and an item ``c`` present, uncoloured, in every option of a
primary item ``p`` goes with every option that holds ``c`` but not ``p`` (``p``'s
covering covers ``c``). The second rule's options are among the first rule's: each of
them clashes, through ``c``, with every option of ``p``.

Here the first rule is a probe: choose the option, then every option that choice forces
(an item left with one compatible option; an item whose ``lo:hi`` bound is reached shuts
its other options), and the option goes when some item is left uncoverable on the way;
with ``depth`` above 0 the probe also branches, that many levels, on the item with the
fewest compatible options, and the option goes when every branch fails. Probes see the
options already removed, and the rounds go on until one removes nothing. Then an item
whose options are exactly those of a 1:1 primary item, and which such a choice satisfies
(``lo`` at most 1), goes, coloured or not (DLX-PRE asks for no colour): the primary
item's constraint implies its. Every removal keeps
the solutions one to one: the smaller problem's solutions, mapped back by
``Reduction.original``, are exactly the original's, and a DLX file's costs go with their
options, so ``best()`` is unchanged too.

Sets of options are Python integers used as bitsets (bit ``o`` for option ``o``): the
compatible options after a choice are one ``and`` per item. ``work`` bounds the item
scans (a deterministic budget, not a clock): past it the rounds stop, and the problem is
reduced less but still right.

>>> from cpuzzler import ExactCover
>>> xc = ExactCover(["A", "B", "C"], ["X", "Y"])  # DLX-PRE's with colours (A added
>>> # to the third option: an option here holds a primary item)
>>> for option in ("A B X:0 Y:0", "A C X:1 Y:1", "X:0 Y:1 A", "B X:1", "C Y:1"):
...     _ = xc.add_option([tuple(e.split(":")) if ":" in e else e for e in option.split()])
>>> reduced = reduce(xc)  # DLX-PRE keeps the options 2 and 4 too, and Y:1 in the first
>>> print(reduced.to_dlx(), end="")
| reduced by cpuzzler: 5 options to 2, 5 items to 3
A B | X
A X:1
| (from 2)
B X:1
| (from 4)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from os import PathLike

from cpuzzler.errors import ExactCoverError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.jobs import JOBS

WORK = 10**8  # item scans a reduction may spend (about a minute of Python)
BRANCHES = 4  # a probe branches on an item with at most this many compatible options
MOST_BITS = 8 * 2**30  # the item bitsets' bits at most (1 GB)


@dataclass(frozen=True)
class Reduction:
    """What ``ExactCover.reduced()`` gives back: the smaller ``problem``, whose option
    ``k`` is the original's option ``options[k]`` (without the items removed), the names
    of the ``removed_items``, the ``rounds`` of probes, and whether the ``work`` budget
    stopped them before the fixed point (``complete`` False)."""

    problem: ExactCover
    options: tuple[int, ...]
    removed_items: tuple[str, ...]
    original_options: int
    rounds: int
    complete: bool

    def original(self, solution: Sequence[int]) -> tuple[int, ...]:
        """A solution of ``problem`` as the original's option indices, sorted."""
        return tuple(sorted(self.options[k] for k in solution))

    def to_dlx(self, path: str | PathLike[str] | None = None) -> str:
        """The smaller problem in Knuth's DLX format, each option followed by a comment
        ``| (from k)`` naming the original option it was (counted from 1, as DLX-PRE's
        are); the text is returned, and written to ``path`` if given."""
        lines = self.problem.to_dlx().splitlines()
        out = [f"| reduced by cpuzzler: {self.original_options} options to "
               f"{self.problem.num_options}, {len(self.problem.items) + len(self.removed_items)}"
               f" items to {len(self.problem.items)}", lines[1]]
        for row, option in zip(lines[2:], self.options, strict=True):
            out += [row, f"| (from {option + 1})"]
        text = "\n".join(out) + "\n"
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return text


def _bits(indices: Sequence[int], size: int) -> int:
    """The set of ``indices`` (below ``size``) as an integer."""
    mask = bytearray((size + 8) // 8)
    for k in indices:
        mask[k >> 3] |= 1 << (k & 7)
    return int.from_bytes(mask, "little")


class _Probe:
    """The options holding each item, as bitsets, and the probe of one choice."""

    def __init__(self, xc: ExactCover) -> None:
        self.lo, self.hi, self.secondary = xc.item_arrays()
        n = xc.num_options
        self.items = [xc.option_items(o) for o in range(n)]
        self.colours = [xc.option_colours(o) for o in range(n)]
        holders: list[list[int]] = [[] for _ in self.lo]
        coloured: dict[tuple[int, int], list[int]] = {}
        for o, (items, colours) in enumerate(zip(self.items, self.colours, strict=True)):
            for k, i in enumerate(items):
                holders[i].append(o)
                if colours and colours[k]:
                    coloured.setdefault((i, colours[k]), []).append(o)
        self.holding = [_bits(options, n) for options in holders]
        self.same_colour = {key: _bits(options, n) for key, options in coloured.items()}
        self.must = [i for i, lo in enumerate(self.lo) if lo > 0 and not self.secondary[i]]
        self.cache: dict[int, int] | None = {} if n <= 20000 else None
        self.work = 0

    def clashes(self, o: int) -> int:
        """The options that cannot go with option ``o`` (``o`` itself among them)."""
        if self.cache is not None and o in self.cache:
            return self.cache[o]
        mask = 1 << o
        colours = self.colours[o]
        for k, i in enumerate(self.items[o]):
            colour = colours[k] if colours else 0
            if colour:
                mask |= self.holding[i] & ~self.same_colour[(i, colour)]
            elif self.secondary[i] or self.hi[i] == 1:
                mask |= self.holding[i]
        if self.cache is not None:
            self.cache[o] = mask
        return mask

    def choose(self, o: int, allowed: int, used: dict[int, int]) -> int:
        """The options still allowed once ``o`` is chosen (``used`` counts how often the
        choices cover each item, updated)."""
        allowed &= ~self.clashes(o)  # shuts the items covered at most once already
        for i in self.items[o]:
            used[i] = used.get(i, 0) + 1
            if self.hi[i] > 1 and used[i] >= self.hi[i] and not self.secondary[i]:
                allowed &= ~self.holding[i]
        return allowed

    def propagate(self, allowed: int, used: dict[int, int]) -> int | None:
        """Choose every option the choices so far force; None when some primary item can
        no longer be covered as often as it must."""
        forced = True
        while forced:
            forced = False
            self.work += len(self.must)
            for p in self.must:
                need = self.lo[p] - used.get(p, 0)
                if need <= 0:
                    continue
                live = self.holding[p] & allowed
                count = live.bit_count()
                if count < need:
                    return None
                if count == 1:
                    allowed = self.choose(live.bit_length() - 1, allowed, used)
                    forced = True
        return allowed

    def fails(self, allowed: int, used: dict[int, int], depth: int) -> bool:
        """Whether the choices behind ``allowed`` and ``used`` lead to no solution, as far
        as forced choices and ``depth`` levels of branching show."""
        settled = self.propagate(allowed, used)
        if settled is None:
            return True
        if depth == 0:
            return False
        best, fewest = 0, BRANCHES + 1
        for p in self.must:
            if used.get(p, 0) < self.lo[p]:
                count = (self.holding[p] & settled).bit_count()
                if count < fewest:
                    best, fewest = p, count
        if fewest > BRANCHES:
            return False
        live = self.holding[best] & settled
        while live:
            o = live.bit_length() - 1
            live &= ~(1 << o)
            branch = dict(used)
            if not self.fails(self.choose(o, settled, branch), branch, depth - 1):
                return False
        return True


def reduce(xc: ExactCover, *, depth: int = 0, work: int = WORK,
           time_limit: float | None = None) -> Reduction:
    """``xc`` without the options in no solution that probes find (``depth`` levels of
    branching below the forced choices) and without the items other items imply; past
    ``time_limit`` seconds (or the ``work`` budget) the probes stop, the problem reduced
    less (``complete`` False).

    >>> from cpuzzler.models import queens
    >>> reduced = reduce(queens(4))  # queens in no solution go
    >>> reduced.problem.num_options, reduced.problem.count(symmetry="raw")
    (8, 2)
    """
    end = None if time_limit is None else time.perf_counter() + time_limit
    bits = xc.num_options * len(xc.items)
    if bits > MOST_BITS:
        raise ExactCoverError(f"the reduction keeps a set of options per item: "
                              f"{xc.num_options:,} options x {len(xc.items):,} items is past "
                              f"its {MOST_BITS // 8 // 2**20:,} MB")
    probe = _Probe(xc)
    n = xc.num_options
    alive = (1 << n) - 1
    rounds, changed, spent = 0, True, False
    while changed and not spent:
        rounds += 1
        changed = False
        for r in range(n):
            if not alive >> r & 1:
                continue
            used: dict[int, int] = {}
            if probe.fails(probe.choose(r, alive, used), used, depth):
                alive &= ~(1 << r)
                changed = True
            spent = probe.work >= work or (end is not None and time.perf_counter() >= end)
            if spent:
                break
    return _reduction(xc, probe, alive, rounds, complete=not (changed or spent))


def _reduction(xc: ExactCover, probe: _Probe, alive: int, rounds: int, *,
               complete: bool) -> Reduction:
    """The smaller problem: the ``alive`` options, without the items they imply."""
    names = xc.items
    holding = [h & alive for h in probe.holding]
    short = [p for p in probe.must if holding[p].bit_count() < probe.lo[p]]
    stranded = next((p for p in short if probe.holding[p].bit_count() < probe.lo[p]),
                    short[0] if short else None)  # one short from the start, as DLX-PRE
    if stranded is not None:  # no solution: the item no option covers, alone (as DLX-PRE)
        lo, hi = xc.bounds(names[stranded])
        empty = ExactCover(bounds={names[stranded]: (lo, hi)}, primary=[names[stranded]])
        return Reduction(empty, (), tuple(n for n in names if n != names[stranded]),
                         xc.num_options, rounds, complete)
    removed = {i for i, h in enumerate(holding) if not h}  # held by no option left
    groups: dict[int, list[int]] = {}
    for i, h in enumerate(holding):
        if h:
            groups.setdefault(h, []).append(i)
    for members in groups.values():
        keep = next((i for i in members if (probe.lo[i], probe.hi[i]) == (1, 1)
                     and not probe.secondary[i]), None)
        if keep is not None:
            removed.update(i for i in members if i != keep and probe.lo[i] <= 1)
    kept_options = [o for o in range(xc.num_options) if alive >> o & 1]
    problem = ExactCover()
    for i, name in enumerate(names):
        if i in removed:
            continue
        if probe.secondary[i]:
            problem.add_item(name, secondary=True)
        else:
            problem.add_item(name, lo=probe.lo[i], hi=probe.hi[i])
    costs = xc.costs
    for o in kept_options:
        entries = [e for e, i in zip(xc.option_entries(o), probe.items[o], strict=True)
                   if i not in removed]
        problem.add_option(entries, cost=None if costs is None else costs[o])
    if xc.sweep:
        problem.sweep = [name for name in xc.sweep if name in problem]
    return Reduction(problem, tuple(kept_options), tuple(names[i] for i in sorted(removed)),
                     xc.num_options, rounds, complete)


JOBS["reduce"] = reduce  # ExactCover.reduced
