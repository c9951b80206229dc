"""The zero-suppressed decision diagram (ZDD) of all solutions of an exact cover.

Every question asked after a count needs the solutions again, unless they are kept in a
form small enough to keep: in how many solutions is an option, which options are in
none, the count with some options fixed in or out, a weighted count, the best solution
under weights, uniform samples. The ZDD of the family of solutions answers each in one
pass over its nodes, and is small where sub-problems repeat: the states of the memo
engine's search become its nodes (Knuth's "dancing with decision diagrams", DXZ).

Built here by the memo engine's sweep rule: a state is the set of items covered (and
how often, for an item that may be covered more than once); its branching item is the
first primary item of the sweep not yet covered, and its options are those holding that
item and no covered one. Every option chosen there holds no item
before the branching item, so ordering the options by their first item in the sweep
makes every path of the search increasing, as a ZDD's paths must be. A state's branches
are a chain of nodes, one per option: take it (the state that follows) or not (the next
option). Nodes equal in variable and children are one node (the unique table), and a
node whose take-branch is empty is left out (zero suppression), so the diagram is
reduced as it is built.

>>> from cpuzzler.models import queens
>>> d = Diagram.of(queens(6))
>>> d.count(), len(d), list(d.solutions())[0]
(4, 24, (1, 9, 17, 18, 26, 34))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from os import PathLike
from typing import TYPE_CHECKING, Any

from cpuzzler.errors import ExactCoverError
from cpuzzler.jobs import JOBS

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

BOTTOM, TOP = 0, 1  # the empty family and the family of the empty set


class Diagram:
    """A reduced ZDD over the options of one exact cover: ``nodes[k]`` is
    ``(option, lo, hi)`` for k >= 2 (node 0 the empty family, 1 the family holding the
    empty set), children before parents; ``root`` the family of all solutions."""

    def __init__(self, nodes: Sequence[tuple[int, int, int]], root: int,
                 options: int) -> None:
        self.nodes = list(nodes)
        self.root = root
        self.options = options
        # how ``of`` built it: the states built and the peak bytes of its tables
        self.built: dict[str, float] = {}

    def __repr__(self) -> str:
        return f"Diagram({len(self):,} nodes over {self.options:,} options)"

    def __len__(self) -> int:
        """The nodes, the two terminals aside."""
        return len(self.nodes) - 2

    @classmethod
    def of(cls, xc: ExactCover, order: Sequence[str] | None = None, *,
           memory: float | None = None, time_limit: float | None = None) -> Diagram:
        """The diagram of every solution of ``xc`` (bounds too; colours: not yet), by the sweep
        ``order`` (item names; default the problem's sweep, else one derived from the
        matrix, as the memo engine's), built in C (``engines/csrc/diagram.c``).
        ``memory`` caps its tables in bytes (default a quarter of the machine's); past
        it, or past ``time_limit`` seconds, an error: a diagram is whole or none."""
        _check_buildable(xc)
        from cpuzzler.engines import memo  # here: importing cpuzzler stays light

        nodes, root, built = memo.diagram_nodes(xc, order, memory=memory,
                                                time_limit=time_limit)
        made = cls(nodes, root, xc.num_options)
        made.built = built
        return made

    @classmethod
    def reference(cls, xc: ExactCover, order: Sequence[str] | None = None) -> Diagram:
        """The same diagram built in plain Python, node for node: the oracle the C
        builder is tested against (slow: the pentominoes 6x10 in about 20 s)."""
        _check_buildable(xc)
        from cpuzzler.engines.sweep import sweep_order

        lo, hi, _ = xc.item_arrays()
        sweep = sweep_order(xc, order)  # the model's, else derived from the matrix
        items = [xc.option_items(o) for o in range(xc.num_options)]
        masks = [sum(1 << i for i in its) for its in items]
        first = xc.first_in_sweep(sweep)
        by_item: list[list[int]] = [[] for _ in sweep]
        for o in sorted(range(xc.num_options), key=lambda o: (first[o], o)):
            if first[o] < len(sweep):
                by_item[first[o]].append(o)
        counted = [i for i in range(len(hi)) if hi[i] > 1]  # items covered more than once
        slot = {i: k for k, i in enumerate(counted)}
        nodes: list[tuple[int, int, int]] = [(-1, 0, 0), (-1, 1, 1)]
        unique: dict[tuple[int, int, int], int] = {}
        done: dict[tuple[int, tuple[int, ...], int], int] = {}
        full = sum(1 << i for i in sweep)

        def node(option: int, low: int, high: int) -> int:
            if high == BOTTOM:
                return low
            key = (option, low, high)
            found = unique.get(key)
            if found is None:
                found = unique[key] = len(nodes)
                nodes.append(key)
            return found

        def take(finished: int, counts: tuple[int, ...], o: int
                 ) -> tuple[int, tuple[int, ...]]:
            """The state after option o: its 1:1 items finished, its counted items
            counted, finished at their upper bound."""
            more = list(counts)
            for i in items[o]:
                if i in slot:
                    more[slot[i]] += 1
                    if more[slot[i]] < hi[i]:
                        continue
                finished |= 1 << i
            return finished, tuple(more)

        def build(finished: int, counts: tuple[int, ...], p: int) -> int:
            """The family of the state: items finished (a bit each), the counted items'
            counts, and p, how many options of the branching item's group are decided
            (where the item is not 1:1)."""
            if finished & full == full:
                return TOP
            state = (finished, counts, p)
            known = done.get(state)
            if known is not None:
                return known
            q = next(q for q in range(len(sweep)) if not finished >> sweep[q] & 1)
            i, chain = sweep[q], by_item[q]
            result = BOTTOM
            if lo[i] == hi[i] == 1:  # one option of the group covers i: a chain
                for o in reversed(chain):  # built from its end
                    if not masks[o] & finished:
                        result = node(o, result, build(*take(finished, counts, o), 0))
            elif p == len(chain):  # every option decided: i closed, if covered enough
                have = counts[slot[i]] if i in slot else 0
                if have >= lo[i]:
                    result = build(finished | 1 << i, counts, 0)
            else:  # option chain[p] left out, or taken
                o = chain[p]
                result = build(finished, counts, p + 1)
                if not masks[o] & finished:
                    after, more = take(finished, counts, o)
                    high = build(after, more, 0 if after >> i & 1 else p + 1)
                    result = node(o, result, high)
            done[state] = result
            return result

        import sys

        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, 4 * (len(sweep) + xc.num_options) + 1000))
        try:
            root = build(sum(1 << i for i in range(len(hi)) if hi[i] == 0),
                         (0,) * len(counted), 0)
        finally:
            sys.setrecursionlimit(depth)
        return cls(nodes, root, xc.num_options)

    # --- the file ------------------------------------------------------------------------

    def save(self, path: str | PathLike[str]) -> None:
        """Write the diagram as text: a line ``zdd OPTIONS NODES ROOT``, then one line
        ``OPTION LO HI`` a node, nodes numbered from 2 in the order written (0 is the
        empty family, 1 the family of the empty set), children before parents."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(f"zdd {self.options} {len(self)} {self.root}\n")
            out.writelines(f"{o} {lo} {hi}\n" for o, lo, hi in self.nodes[2:])

    @classmethod
    def load(cls, path: str | PathLike[str]) -> Diagram:
        """Read a diagram ``save`` wrote; a clear error naming the line where it is not
        one.

        >>> import tempfile, os
        >>> from cpuzzler.models import queens
        >>> d = Diagram.of(queens(6))
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     d.save(os.path.join(folder, "q6.zdd"))
        ...     Diagram.load(os.path.join(folder, "q6.zdd")).count()
        4
        """
        from cpuzzler.errors import InputFormatError
        from cpuzzler.formats import regular_file

        name = regular_file(path)
        with open(path, encoding="utf-8") as source:
            lines = source.read().splitlines()
        head = lines[0].split() if lines else []
        if len(head) != 4 or head[0] != "zdd" or not all(w.isdigit() for w in head[1:]):
            raise InputFormatError("not a diagram: the first line must be 'zdd OPTIONS "
                                   "NODES ROOT'", path=name, line=1)
        options, count, root = map(int, head[1:])
        if len(lines) - 1 != count:
            raise InputFormatError(f"the diagram names {count} nodes and has "
                                   f"{len(lines) - 1}", path=name, line=1)
        nodes: list[tuple[int, int, int]] = [(-1, 0, 0), (-1, 1, 1)]
        for number, line in enumerate(lines[1:], start=2):
            words = line.split()
            if len(words) != 3 or not all(w.isdigit() for w in words):
                raise InputFormatError("a node is 'OPTION LO HI', three whole numbers",
                                       path=name, line=number)
            option, low, high = map(int, words)
            if option >= options or low >= len(nodes) or high >= len(nodes) or high == 0:
                raise InputFormatError("a node names an option past the problem's, a "
                                       "child not yet written, or an empty take-branch",
                                       path=name, line=number)
            nodes.append((option, low, high))
        if root >= len(nodes):
            raise InputFormatError(f"the root {root} is not a node", path=name, line=1)
        return cls(nodes, root, options)

    # --- other libraries ----------------------------------------------------------------

    def variable_order(self) -> list[int]:
        """The options in the diagram's variable order: on every path an option comes
        before the options below it (options in no node last, by index).

        >>> from cpuzzler.models import queens
        >>> order = Diagram.of(queens(4)).variable_order()
        >>> sorted(order) == list(range(16)), order[:6]
        (True, [1, 2, 4, 8, 7, 13])
        """
        import heapq

        after: list[set[int]] = [set() for _ in range(self.options)]
        used = {option for option, _, _ in self.nodes[2:]}
        for option, low, high in self.nodes[2:]:
            after[option].update(self.nodes[c][0] for c in (low, high) if c > 1)
        waiting = [0] * self.options
        for option, later in enumerate(after):
            if option in later:
                raise ExactCoverError(f"option {option} is twice on one path: not a ZDD")
            for o in later:
                waiting[o] += 1
        ready = [o for o in used if not waiting[o]]
        heapq.heapify(ready)
        order: list[int] = []
        while ready:
            option = heapq.heappop(ready)
            order.append(option)
            for o in after[option]:
                waiting[o] -= 1
                if not waiting[o]:
                    heapq.heappush(ready, o)
        if len(order) < len(used):
            raise ExactCoverError("the diagram's paths take options in no one order")
        return order + [o for o in range(self.options) if o not in used]

    def to_oxidd(self) -> Any:
        """The diagram in an OxiDD ZBDD manager of its own (``pip install
        'cpuzzler[diagrams]'``): the family as a ``ZBDDFunction``, its variable ``v``
        named after the option ``variable_order()[v]``, built bottom-up with
        ``make_node``, so every OxiDD operation applies.

        >>> from cpuzzler.models import queens
        >>> family = Diagram.of(queens(6)).to_oxidd()
        >>> family.sat_count(36), family.manager.var_name(0)
        (4, '1')
        """
        import oxidd.zbdd

        order = self.variable_order()
        manager = oxidd.zbdd.ZBDDManager(max(1024, 2 * len(self.nodes)),
                                         max(1024, len(self.nodes)), 1)
        manager.add_named_vars([str(o) for o in order])
        level = {o: v for v, o in enumerate(order)}
        built = [manager.empty(), manager.base()]
        for option, low, high in self.nodes[2:]:
            built.append(manager.singleton(level[option]).make_node(built[high], built[low]))
        return built[self.root]

    def to_graphillion(self) -> Any:
        """The diagram as a graphillion ``setset`` of option sets (``pip install
        graphillion``), read by ``setset.loads``. It sets graphillion's universe (one
        for the whole process) to the options in ``variable_order()``.

        >>> from cpuzzler.models import queens
        >>> family = Diagram.of(queens(6)).to_graphillion()
        >>> len(family), sorted(next(iter(family)))
        (4, [1, 9, 17, 18, 26, 34])
        """
        from graphillion import setset

        order = self.variable_order()
        setset.set_universe(order)
        return setset.loads(self.graphillion_text(order))

    def graphillion_text(self, order: Sequence[int] | None = None) -> str:
        """The diagram in graphillion's text form (``id variable low high`` lines, ``B``
        and ``T`` the terminals, children first, a closing ``.``), variable v + 1 the
        option ``order[v]`` (default ``variable_order()``)."""
        order = self.variable_order() if order is None else order
        variable = {o: v + 1 for v, o in enumerate(order)}
        name = ["B", "T"] + [str(k) for k in range(2, len(self.nodes))]
        reached = self._reached()
        lines = [f"{k} {variable[o]} {name[low]} {name[high]}"
                 for k, (o, low, high) in enumerate(self.nodes) if k > 1 and reached[k]]
        return "\n".join(lines or [name[self.root]]) + "\n.\n"

    def _reached(self) -> list[bool]:
        """Per node, whether it is below the root."""
        reached = [False] * len(self.nodes)
        reached[self.root] = True
        for k in range(len(self.nodes) - 1, 1, -1):
            if reached[k]:
                _, low, high = self.nodes[k]
                reached[low] = reached[high] = True
        return reached

    # --- one pass over the nodes --------------------------------------------------------

    def _counts(self) -> list[int]:
        """Per node, the sets of its family: the solutions below it."""
        values = [0, 1] + [0] * len(self)
        for k in range(2, len(self.nodes)):
            _, low, high = self.nodes[k]
            values[k] = values[low] + values[high]
        return values

    def count(self) -> int:
        """The number of solutions.

        >>> from cpuzzler.models import queens
        >>> Diagram.of(queens(8)).count()
        92
        """
        return self._counts()[self.root]

    def count_with(self, options: Iterable[int] = (), *, without: Iterable[int] = ()) -> int:
        """The solutions holding every option of ``options`` and none of ``without``.

        >>> from cpuzzler.models import queens
        >>> d = Diagram.of(queens(8))
        >>> d.count_with([0]) + d.count_with(without=[0]) == d.count()
        True
        """
        need, banned = set(options), set(without)
        # per node, its solutions by how many needed options they hold (each is on a
        # path at most once, so holding all of them is holding len(need))
        goal = len(need)
        values: list[list[int]] = [[0] * (goal + 1), [1] + [0] * goal]
        for k in range(2, len(self.nodes)):
            option, low, high = self.nodes[k]
            row = list(values[low])
            if option not in banned:
                shift = 1 if option in need else 0
                for taken, ways in enumerate(values[high]):
                    if ways and taken + shift <= goal:
                        row[taken + shift] += ways
            values.append(row)
        return values[self.root][goal]

    def marginals(self) -> list[int]:
        """Per option, the solutions holding it (a pass up for the counts below each
        node, a pass down for the paths reaching it)."""
        below = self._counts()
        above = [0] * len(self.nodes)
        above[self.root] = 1
        through = [0] * self.options
        for k in range(len(self.nodes) - 1, 1, -1):  # parents before children
            if not above[k]:
                continue
            option, low, high = self.nodes[k]
            above[low] += above[k]
            above[high] += above[k]
            through[option] += above[k] * below[high]
        return through

    def weighted_count(self, weights: Sequence[float] | Mapping[int, float]) -> float:
        """The sum over the solutions of the product of their options' weights (an
        option without a weight weighs 1)."""
        weight = _weights(weights)
        values = [0.0, 1.0] + [0.0] * len(self)
        for k in range(2, len(self.nodes)):
            option, low, high = self.nodes[k]
            values[k] = values[low] + weight(option, 1.0) * values[high]
        return values[self.root]

    def best(self, weights: Sequence[float] | Mapping[int, float], *,
             worst: bool = False) -> tuple[float, list[int]] | None:
        """The solution of the largest sum of option weights (``worst``: the least)
        and that sum; None where there is no solution.

        >>> from cpuzzler.models import queens
        >>> d, square = queens(6).diagram(), [o * o for o in range(36)]
        >>> d.best(square), d.best(square, worst=True)[0]
        ((2527.0, [1, 9, 17, 18, 26, 34]), 2443.0)
        """
        weight = _weights(weights)
        pick = min if worst else max
        score: list[float | None] = [None, 0.0] + [None] * len(self)

        def via_high(option: int, high: int) -> float | None:
            below = score[high]
            return None if below is None else below + weight(option, 0.0)

        for k in range(2, len(self.nodes)):
            option, low, high = self.nodes[k]
            choices = [s for s in (score[low], via_high(option, high)) if s is not None]
            score[k] = pick(choices) if choices else None
        total = score[self.root]
        if total is None:
            return None
        chosen: list[int] = []
        k = self.root
        while k > 1:
            option, low, high = self.nodes[k]
            if via_high(option, high) == score[k]:
                chosen.append(option)
                k = high
            else:
                k = low
        return total, sorted(chosen)

    def sample(self, k: int, *, seed: int = 0, distinct: bool = False
               ) -> list[tuple[int, ...]]:
        """``k`` solutions drawn uniformly at random, with replacement (a solution may
        come twice), or with ``distinct`` without: ``k`` different ones (all of them
        where there are fewer), each set of ``k`` equally likely, in rank order.

        >>> from cpuzzler.models import queens
        >>> d = queens(8).diagram()
        >>> draws = d.sample(92, seed=2, distinct=True)
        >>> len(set(draws)), set(draws) == set(d.solutions())
        (92, True)
        """
        below = self._counts()
        rng = random.Random(seed)
        draws: list[tuple[int, ...]] = []
        if below[self.root] == 0:
            return []
        if distinct:
            ranks = sorted(rng.sample(range(below[self.root]), min(k, below[self.root])))
            return [self.unrank(rank, below) for rank in ranks]
        for _ in range(k):
            chosen: list[int] = []
            node = self.root
            while node > 1:
                option, low, high = self.nodes[node]
                if rng.randrange(below[node]) < below[high]:
                    chosen.append(option)
                    node = high
                else:
                    node = low
            draws.append(tuple(sorted(chosen)))
        return draws

    def unrank(self, rank: int, below: list[int] | None = None) -> tuple[int, ...]:
        """The solution of that rank (0 to ``count() - 1``): those without a node's
        option before those with it, node by node from the root."""
        below = self._counts() if below is None else below
        if not 0 <= rank < below[self.root]:
            raise ExactCoverError(f"rank {rank} is not one of 0 to {below[self.root] - 1}")
        chosen: list[int] = []
        node = self.root
        while node > 1:
            option, low, high = self.nodes[node]
            if rank < below[low]:
                node = low
            else:
                rank -= below[low]
                chosen.append(option)
                node = high
        return tuple(sorted(chosen))

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Every solution, lazily, as sorted option tuples."""
        stack: list[tuple[int, tuple[int, ...]]] = [(self.root, ())]
        while stack:
            node, chosen = stack.pop()
            if node == TOP:
                yield tuple(sorted(chosen))
            elif node > 1:
                option, low, high = self.nodes[node]
                stack.append((low, chosen))
                stack.append((high, (*chosen, option)))


def _check_buildable(xc: ExactCover) -> None:
    """Refuse what the diagrams do not take: colours, an item covered more than 65535
    times (its count has 16 bits)."""
    if max(xc.item_arrays()[1], default=0) > 65535:
        raise ExactCoverError("a diagram of an item covered more than 65535 times is not "
                              "built")
    if xc.has_colours:
        raise ExactCoverError("a diagram of coloured items is not built yet")


def _weights(weights: Sequence[float] | Mapping[int, float]
             ) -> Callable[[int, float], float]:
    """``weight(option, default)``: an option's weight, ``default`` where it has none."""
    if isinstance(weights, Mapping):
        return lambda o, default: float(weights.get(o, default))
    return lambda o, default: float(weights[o]) if o < len(weights) else default


# what ExactCover.diagram() hands on here
JOBS.update(diagram=Diagram.of)
