"""How big is a search before it is run: random-probe estimates of the number of
solutions and of the search tree's nodes (``ExactCover.estimate``, ``cpuzzler estimate``).

Each probe walks down the tree the memo engine searches under its fewest-options rule
(the tree the native engine enumerates), taking a random branch at each node (Knuth
1975) or, with ``breadth`` b > 1, up to b distinct random branches (Purdom's partial
backtracking, 1978). Both estimates are unbiased; their standard errors come from the
spread over the probes. Where solutions are rare a plain probe seldom meets one (the
count of successes says how seldom); a wider breadth meets more, at a higher cost per
probe. The time the native engine would need is the node estimate at its rate, measured
on the problem for a moment.

>>> from cpuzzler.models import queens
>>> guess = queens(8).estimate(probes=4000, seed=1)
>>> abs(guess.solutions - 92) < 4 * guess.solutions_error
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cpuzzler.engines import _dlx, memo, native, sweep
from cpuzzler.errors import ExactCoverError
from cpuzzler.jobs import JOBS
from cpuzzler.results import DONE, INTERRUPTED, Stats, duration, rounded

if TYPE_CHECKING:
    from cpuzzler.engines.estimate.layer_sample import LayerSample
    from cpuzzler.engines.projection import Projection
    from cpuzzler.exact_cover import ExactCover

__all__ = ["Estimate", "estimate"]

RATE_SECONDS = 0.5  # how long the native engine runs to measure its rate
SWEEP_SECONDS = 60.0  # the sampled sweeps' time at most (two must finish to count)


@dataclass(frozen=True, repr=False)
class Estimate:
    """Estimates with their standard errors, from ``probes`` probes of which
    ``successes`` met a solution. ``seconds``: the native engine's projected time to
    enumerate (nodes at its measured rate; ``None`` where not measured). ``frontier``:
    the frontier engine's layers projected from a short run (``engines.projection``),
    and ``layers``: the count estimated by sampled sweeps of those layers
    (``estimate.layer_sample``: far lower variance where solutions are rare), each where
    asked for."""

    solutions: float
    solutions_error: float
    nodes: float
    nodes_error: float
    probes: int
    successes: int
    breadth: int = 1
    seconds: float | None = None
    reason: str = DONE
    frontier: Projection | None = None
    layers: LayerSample | None = None

    def __repr__(self) -> str:
        """The estimate in one line; where no probe met a solution, not "0 +- 0": the
        probes tell nothing of their number.

        >>> Estimate(0.0, 0.0, 2e6, 1e5, 100, 0)
        Estimate(solutions not estimated: none of 100 probes met one, nodes 2e+06)
        """
        said = f", {self.reason}" if self.reason != DONE else ""
        if self.successes == 0:
            return (f"Estimate(solutions not estimated: none of {self.probes} probes met "
                    f"one, nodes {self.nodes:.4g}{said})")
        return (f"Estimate(solutions {self.solutions:.4g} +- {self.solutions_error:.2g}, "
                f"nodes {self.nodes:.4g}, {self.successes} of {self.probes} probes met "
                f"one{said})")

    def describe(self, workers: int = 1) -> str:
        """One paragraph for people (``workers``: the frontier engine's time on that many
        too).

        >>> print(Estimate(9000.0, 1500.0, 2e6, 1e5, 100, 7).describe())
        solutions: about 9,000 +- 1,500 (standard error; 7 of 100 probes met one)
        search tree: about 2,000,000 +- 100,000 nodes
        """
        lines = [self._solutions_line()]
        if self.layers is not None:  # it leads: the probes' mean is heavy-tailed where
            # solutions are rare (the dominoes 30x30: 200 times low, the layers 1.6)
            lines = [self.layers.describe(),
                     lines[0].replace("solutions:", "solutions by random probes:", 1)]
        if self.frontier is not None and self.frontier.complete:
            lines.insert(0, f"solutions: {self.frontier.count:,} (the frontier engine "
                            "finished the count)")
        lines.append(f"search tree: about {rounded(self.nodes)} +- "
                     f"{rounded(self.nodes_error)} nodes" if math.isfinite(self.nodes)
                     else "search tree: past 10^308 nodes by the probes")
        if self.seconds is not None:
            lines.append("enumerating them (dlx engine at its rate here): "
                         + duration(self.seconds))
        if self.reason != DONE:
            lines.append(f"stopped early ({self.reason}): from the probes made")
        if self.frontier is not None:
            lines.append(self.frontier.describe(workers))
        return "\n".join(lines)


    def _solutions_line(self) -> str:
        """The solutions by the probes, never "about 0 +- 0" where no probe met one.

        >>> print(Estimate(0.0, 0.0, 2e6, 1e5, 100, 0).describe().splitlines()[0])
        ... # doctest: +NORMALIZE_WHITESPACE
        solutions: no probe of 100 met one, so the probes tell nothing of their number
        (rare solutions: --breadth 3 or --layer-states 20000)
        """
        if self.successes == 0:
            hint = "" if self.layers else " (rare solutions: --breadth 3 or --layer-states 20000)"
            return (f"solutions: no probe of {self.probes:,} met one, so the probes tell "
                    f"nothing of their number{hint}")
        if not math.isfinite(self.solutions):
            return ("solutions: past 10^308 by the probes, beyond floating point "
                    f"({self.successes:,} of {self.probes:,} probes met one)")
        breadth = f", breadth {self.breadth}" if self.breadth > 1 else ""
        return (f"solutions: about {rounded(self.solutions)} +- "
                f"{rounded(self.solutions_error)} (standard error; {self.successes:,} of "
                f"{self.probes:,} probes met one{breadth})")


def estimate(xc: ExactCover, probes: int = 20000, *, seed: int = 1, breadth: int = 1,
             time_limit: float | None = None, stats: Stats | None = None,
             rate: bool = True, order: Sequence[str] | None = None,
             frontier: float | None = None, layer_states: int | None = None,
             sweeps: int = 8) -> Estimate:
    """Estimate the number of solutions and of search-tree nodes by ``probes`` random
    probes (reproducible by ``seed``). ``breadth`` > 1: Purdom's partial backtracking.
    ``rate``: also run the native engine briefly to project its time. ``frontier``:
    also run the frontier engine for that many seconds and project its layers.
    ``layer_states``: also estimate the count by ``sweeps`` sweeps of the frontier
    engine keeping about that many states per layer (``estimate.layer_sample``).
    ``time_limit`` covers all of it: the probes take half of it where a phase follows,
    the rate and the frontier engine's run a share of what is left, the sweeps the rest.
    """
    if probes < 1:
        raise ExactCoverError(f"the number of probes must be at least 1, not {probes}")
    if breadth < 1:
        raise ExactCoverError(f"the breadth must be at least 1, not {breadth}")
    stats = stats if stats is not None else Stats(engine="estimate")
    start = time.perf_counter()

    def left(share: float = 1.0, most: float = math.inf) -> float:
        """``share`` of the time left of the limit, ``most`` at most (inf: no limit)."""
        if time_limit is None:
            return most
        return min(most, share * max(0.0, time_limit - (time.perf_counter() - start)))

    lo, hi, secondary, options, sequence, colours = sweep.counter_arguments(xc, order)
    later = rate or bool(frontier) or bool(layer_states)
    probing = left(0.5 if later else 1.0)  # the C side takes -1 for no limit
    reason, done, successes, (s1, s2, n1, n2) = _dlx.memo_estimate(
        lo, hi, secondary, options, sequence, -1.0 if probing == math.inf else probing,
        probes, seed % 2**64, memo.CHOICES.index("fewest"), breadth, colours)
    stats.reason = native.REASONS[reason]
    if done == 0:
        raise ExactCoverError("no probe finished before the time limit")
    # each further phase only where Ctrl-C has not come: then what was found is partial
    stopped = stats.reason == INTERRUPTED
    seconds = None
    if rate and not stopped:
        seconds, stopped = _enumeration_time(xc, n1 / done, left(0.2, RATE_SECONDS))
    layers = None
    running = 0.0 if frontier is None else left(0.5 if layer_states else 1.0, frontier)
    if running > 0 and not stopped:
        from cpuzzler.engines import projection

        layers = projection.project(xc, seconds=running, order=order)
        stopped = layers.interrupted
    sampled = None
    if layer_states and not stopped:
        from cpuzzler.engines.estimate.layer_sample import sample_count

        budget = left(1.0, SWEEP_SECONDS)
        try:
            sampled = sample_count(xc, layer_states, runs=sweeps, seed=seed, order=order,
                                   time_limit=max(0.0, budget))
        except ExactCoverError as e:  # fewer than two sweeps: in time, or by Ctrl-C
            stopped = INTERRUPTED in str(e)
        else:
            stopped = sampled.reason == INTERRUPTED
    if stopped:
        stats.reason = INTERRUPTED
    return Estimate(solutions=s1 / done, solutions_error=_error(s1, s2, done),
                    nodes=n1 / done, nodes_error=_error(n1, n2, done), probes=done,
                    successes=successes, breadth=breadth, seconds=seconds,
                    reason=stats.reason, frontier=layers, layers=sampled)


def _error(total: float, squares: float, n: int) -> float:
    """The standard error of a mean from the sum and the sum of squares of n values."""
    if n < 2:
        return math.inf
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    return math.sqrt(variance / n)


def _enumeration_time(xc: ExactCover, nodes: float, limit: float = RATE_SECONDS
                      ) -> tuple[float | None, bool]:
    """The native engine's time for ``nodes`` nodes, at its rate on this problem measured
    for ``limit`` seconds at most; and whether Ctrl-C stopped the measurement (then no
    time)."""
    stats = Stats(engine="dlx")
    start = time.perf_counter()
    for _ in native.solve(xc, stats=stats, time_limit=limit):
        pass
    spent = time.perf_counter() - start
    if stats.reason == INTERRUPTED:
        return None, True
    if stats.reason == DONE:  # finished: the tree is smaller than a moment's work
        return spent, False
    return (nodes / stats.nodes * spent if stats.nodes else None), False


JOBS["estimate"] = estimate  # ExactCover.estimate
