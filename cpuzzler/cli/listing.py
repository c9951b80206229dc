"""``cpuzzler list``: the named puzzles of the catalog and their published counts.

    cpuzzler list --family polycubes
"""

from __future__ import annotations

import argparse

from cpuzzler.cli.common import EXIT_FOUND, published_counts
from cpuzzler.errors import UsageError

NAME = "list"
HELP = "the named puzzles and their published counts"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--family", metavar="F",
                        help="only this family (polyominoes, polycubes, ..., models)")
    parser.add_argument("--unsolved", action="store_true",
                        help="only the puzzles with no published count")


def run(args: argparse.Namespace) -> int:
    from cpuzzler import catalog

    families = catalog.families()
    if args.family is not None and args.family not in families:
        raise UsageError(f"--family: no family {args.family!r} in the catalog; it has "
                         f"{', '.join(families)}")
    chosen = [e for e in catalog.ENTRIES if (args.family in (None, e.family))
              and not (args.unsolved and e.raw is not None)]
    width = max((len(e.name) for e in chosen), default=0)
    for family in families:
        group = [e for e in chosen if e.family == family]
        if not group:
            continue
        print(f"{family}:")
        for e in group:
            print(f"  {e.name:{width}}  {e.description} ({published_counts(e)})")
    return EXIT_FOUND
