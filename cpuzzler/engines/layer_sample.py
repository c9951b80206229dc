"""Estimating a count by sampling the frontier engine's layers.

A random probe (``engines.estimate``) follows one path down the search tree, and where
solutions are rare almost every path dies: the heptiamonds 3x28 gave 0 successes in
100,000 probes. This estimator runs the frontier engine's sweep instead, but keeps
about ``states`` states of each layer, chosen at random: the count of the ways to reach
each state kept grows to carry the weight of the states left out, so the sweep
reaches the end of the region with many states alive, and its total is an unbiased
estimate of the number of solutions.

The sample is threshold sampling (Duffield, Lund and Thorup 2005): a state with count
``c`` at or above a threshold ``t`` is kept as it is; one below is kept with
probability ``c / t`` and then counts ``t`` (rounded up or down at random so that counts
stay integers and the mean stays exact); ``t`` is chosen so that ``states`` states are
kept on average. Each state's expected count is then its exact count, and the count of
solutions is a linear function of the counts of every layer, so the total's mean is the
exact count. Independent ``runs`` give the standard error. A run costs about ``states``
times the work of the frontier engine on one state per layer: seconds where the whole
count takes days.

>>> from cpuzzler.models import queens
>>> guess = sample_count(queens(8), states=40, runs=20, seed=1)
>>> abs(guess.solutions - 92) < 4 * guess.solutions_error
True
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cpuzzler.engines import _dlx, memo
from cpuzzler.engines.estimate import rounded
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import DONE, INTERRUPTED, TIMEOUT

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover

HEAD = 16  # a record: the 128-bit count, then the key


@dataclass(frozen=True)
class LayerSample:
    """The mean of ``runs`` sampled sweeps, each keeping about ``states`` states per
    layer, and its standard error; ``totals`` holds each run's estimate."""

    solutions: float
    solutions_error: float
    runs: int
    states: int
    seconds: float
    totals: tuple[int, ...]
    reason: str = DONE

    def describe(self) -> str:
        """One line for people.

        >>> print(LayerSample(9000.0, 400.0, 8, 1000, 2.5, ()).describe())
        solutions: about 9,000 +- 400 (standard error; 8 sweeps of the layers, 1,000 states each)
        """
        stopped = "" if self.reason == DONE else f"; stopped early ({self.reason})"
        return (f"solutions: about {rounded(self.solutions)} +- "
                f"{rounded(self.solutions_error)} (standard error; {self.runs} sweeps of "
                f"the layers, {self.states:,} states each{stopped})")


def sample_count(xc: ExactCover, states: int = 1000, *, runs: int = 8, seed: int = 1,
                 order: Sequence[str] | None = None, time_limit: float | None = None,
                 memory: float | None = None) -> LayerSample:
    """Estimate the number of solutions of ``xc`` (raw) by ``runs`` sweeps of the frontier
    engine keeping about ``states`` states per layer (reproducible by ``seed``). A time
    limit or Ctrl-C ends the runs; the estimate is then from the runs finished (at least
    two)."""
    if states < 1 or runs < 2:
        raise ExactCoverError(f"a layer sample needs at least 1 state per layer and 2 runs, "
                              f"not {states} and {runs}")
    start = time.perf_counter()
    deadline = None if time_limit is None else time.monotonic() + time_limit
    lo, hi, secondary, options, sequence, colours = memo.counter_arguments(xc, order)
    cap = float(memo.default_memory() if memory is None else memory)
    handle, key_bytes = _dlx.frontier_open(lo, hi, secondary, options, sequence, cap, colours)
    totals: list[int] = []
    reason = DONE
    try:
        for run in range(runs):
            total = _one_run(handle, key_bytes, states, random.Random(seed * 1_000_003 + run),
                             deadline)
            if total is None:
                reason = TIMEOUT
                break
            totals.append(total)
    except KeyboardInterrupt:
        reason = INTERRUPTED
    if len(totals) < 2:
        raise ExactCoverError(f"fewer than two sampled sweeps finished ({reason})")
    mean = sum(totals) / len(totals)
    variance = sum((t - mean) ** 2 for t in totals) / (len(totals) - 1)
    return LayerSample(solutions=mean, solutions_error=math.sqrt(variance / len(totals)),
                       runs=len(totals), states=states,
                       seconds=time.perf_counter() - start, totals=tuple(totals),
                       reason=reason)


def _one_run(handle: object, key_bytes: Sequence[int], states: int, rng: random.Random,
             deadline: float | None) -> int | None:
    """One sampled sweep: its estimate of the count, or None when the deadline passed."""
    pending: dict[int, list[bytes]] = {}

    def step(k: int, records: bytes) -> int:
        left = -1.0 if deadline is None else max(0.0, deadline - time.monotonic())
        reason, no_memory, found, _, outputs = _dlx.frontier_step(handle, k, records, 1, left)
        if no_memory:
            raise ExactCoverError(f"a sampled layer ({k}) does not fit the memory cap")
        if reason != _dlx.DONE:
            if reason == _dlx.INTERRUPTED:
                raise KeyboardInterrupt
            raise TimeoutError
        for layer, _, data in outputs:
            pending.setdefault(layer, []).append(data)
        return int(found)

    try:
        total = step(-1, b"")
        for k in range(len(key_bytes)):
            chunks = pending.pop(k, None)
            if chunks:
                total += step(k, _sampled(b"".join(chunks), HEAD + key_bytes[k], states, rng))
    except TimeoutError:
        return None
    return total


def _sampled(data: bytes, record: int, states: int, rng: random.Random) -> bytes:
    """The records of a layer merged by key, then threshold-sampled to about ``states``."""
    merged: dict[bytes, int] = {}
    view = memoryview(data)
    for at in range(0, len(data), record):
        key = bytes(view[at + HEAD:at + record])
        merged[key] = merged.get(key, 0) + int.from_bytes(view[at:at + HEAD], sys.byteorder)
    if len(merged) > states:
        threshold = _threshold(sorted(merged.values()), states)
        kept: dict[bytes, int] = {}
        whole, part = int(threshold), threshold - int(threshold)
        for key, count in merged.items():
            if count >= threshold:
                kept[key] = count
            elif rng.random() * threshold < count:
                kept[key] = whole + (rng.random() < part)
        merged = {key: count for key, count in kept.items() if count}
    return b"".join(count.to_bytes(HEAD, sys.byteorder) + key for key, count in merged.items())


def _threshold(counts: list[int], states: int) -> float:
    """The t with sum(min(1, c / t)) == states over ``counts`` (ascending, more of them
    than ``states``): the largest counts are kept whole, the rest share what is left."""
    below = sum(counts)  # exact: the counts may pass a float's precision
    for whole in range(states):  # the ``whole`` largest kept as they are
        share = below / (states - whole)  # the threshold if the rest are all below it
        largest = counts[len(counts) - 1 - whole]
        if largest < share:
            return share
        below -= largest
    return float(counts[len(counts) - states])

