"""``cpuzzler estimate``: how big a count or an enumeration would be, before running it:
random-probe estimates of the solutions and of the search tree, with standard errors,
and the native engine's projected time.

    cpuzzler estimate pentominoes-6x10 --probes 2000 --breadth 2
    cpuzzler estimate heptiamonds-4x21 --frontier 60 --workers 16
    cpuzzler estimate heptiamonds-3x28 --layer-states 20000 --sweeps 4
"""

from __future__ import annotations

import argparse

from cpuzzler.cli.common import (
    EXIT_FOUND,
    EXIT_INTERRUPTED,
    PROBLEM_HELP,
    exact_cover_of,
    load_problem,
    nonnegative,
    positive,
    seconds,
)
from cpuzzler.errors import UsageError
from cpuzzler.results import INTERRUPTED

NAME = "estimate"
# states a layer the sampled sweeps keep by default: seconds on the catalog's open
# counts, within 2x of the count on the heptiamonds 4x21 and the dominoes 30x30, where
# the probes say nothing (no probe meets a solution) or are far low (heavy tails)
LAYER_STATES = 500
HELP = ("estimate the number of solutions (raw) and of search-tree nodes by random "
        "probes, and the time to enumerate them")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP)
    parser.add_argument("--probes", type=positive, default=20000, metavar="N",
                        help="random probes (default 20000)")
    parser.add_argument("--breadth", type=positive, default=1, metavar="B",
                        help="branches each probe takes at a node: 1 is Knuth's estimate "
                             "(default), 2 or 3 Purdom's partial backtracking, which meets "
                             "rare solutions far more often at a higher cost per probe")
    parser.add_argument("--seed", type=int, default=1, help="of the random probes (default 1)")
    parser.add_argument("--time-limit", type=seconds, default=None, metavar="SECONDS",
                        help="the whole estimate's time: the probes take half of it, the "
                             "frontier engine's run and the sweeps share the rest")
    parser.add_argument("--frontier", type=float, default=10.0, metavar="SECONDS",
                        help="also run the frontier engine this long and project its "
                             "widest layer, its memory and time (default 10; 0: not)")
    parser.add_argument("--workers", type=positive, default=1, metavar="N",
                        help="also give the frontier engine's time on N workers")
    parser.add_argument("--layer-states", type=nonnegative, default=LAYER_STATES,
                        metavar="N",
                        help="also estimate the count by sweeps of the frontier engine's "
                             "layers keeping about N states of each, drawn at random: a "
                             "far smaller error than the probes' where solutions are rare "
                             f"or many (default {LAYER_STATES}, in a minute at most; 20000 "
                             "gives the heptiamonds 3x28 a tight error bar in a minute; 0: "
                             "not)")
    parser.add_argument("--sweeps", type=positive, default=8, metavar="R",
                        help="with --layer-states: sweeps, for the standard error (default 8)")


def run(args: argparse.Namespace) -> int:
    """Print the estimates; exit 0, or 130 when Ctrl-C cut the probes short."""
    xc = exact_cover_of(load_problem(args.problem))
    if not args.frontier >= 0:
        raise UsageError(f"--frontier: needs a number of seconds, 0 or more, not {args.frontier}")
    if args.layer_states == 0:
        args.layer_states = None
    if args.sweeps < 2:
        raise UsageError("--sweeps: at least 2, for a standard error")
    guess = xc.estimate(args.probes, seed=args.seed, breadth=args.breadth,
                        time_limit=args.time_limit, frontier=args.frontier,
                        layer_states=args.layer_states, sweeps=args.sweeps)
    print(guess.describe(args.workers))
    if args.layer_states and guess.layers is None:
        print("sampled sweeps: fewer than two finished in their time (a smaller "
              "--layer-states, or --time-limit for more time)")
    return EXIT_INTERRUPTED if guess.reason == INTERRUPTED else EXIT_FOUND
