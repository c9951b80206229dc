"""An exact-cover problem as CNF (python-sat): option k is variable k + 1.

Each primary item's bounds become cardinality constraints over the options that contain
it, in the encoding chosen by name; each secondary item an at-most-one. A coloured
secondary item gets a variable per colour, defined both ways (an option giving the
colour implies it; it implies one of them), so each solution has one model; its
at-most-one is over those variables and the options that hold it without a colour.

>>> from cpuzzler.models import queens
>>> cnf = to_cnf(queens(4), encoding="pairwise")
>>> cnf.nv >= 16
True
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cpuzzler.encoders.colours import colour_groups
from cpuzzler.errors import ExactCoverError
from cpuzzler.results import RunDeadline, beside
from cpuzzler.symmetry.lex_leader import lex_leader_clauses

if TYPE_CHECKING:
    from pysat.formula import CNF

    from cpuzzler.exact_cover import ExactCover

#: encoding name -> python-sat's EncType attribute
ENCODINGS = ("pairwise", "seqcounter", "sortnetwrk", "cardnetwrk", "bitwise", "ladder",
             "totalizer", "mtotalizer", "kmtotalizer")


CHUNK = 65536  # clauses added between two looks at the clock


def to_cnf(xc: ExactCover, encoding: str = "seqcounter",
           symmetries: Sequence[Sequence[int]] = ()) -> CNF:
    """The CNF whose models, on variables 1 .. num_options, are the solutions of ``xc``
    (with ``symmetries``, permutations of the options, only the least of each class:
    see ``encoders.symmetry``). Stops with ``TimeUp`` past the run's deadline
    (``results.RunDeadline``).

    It is written in a thread of its own while this one waits (``results.beside``):
    python-sat's cardinality encoder, called from the main thread, answers Ctrl-C with a
    handler of its own that jumps out of its C++ in mid-allocation ("corrupted
    double-linked list", the process aborted); from another thread it leaves signals
    alone, Ctrl-C reaches the waiting thread, and the writing stops at the next item."""
    stopped = threading.Event()
    return beside(lambda: _to_cnf(xc, encoding, symmetries, stopped), stopped.set)


def _to_cnf(xc: ExactCover, encoding: str, symmetries: Sequence[Sequence[int]],
            stopped: threading.Event) -> CNF:
    from pysat.card import CardEnc, EncType
    from pysat.formula import CNF, IDPool

    if encoding not in ENCODINGS:
        raise ExactCoverError(f"unknown encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    kind = getattr(EncType, encoding)
    pool = IDPool(start_from=xc.num_options + 1)
    cnf = CNF()
    lo, hi, secondary = xc.item_arrays()
    groups = colour_groups(xc)
    for i, options in enumerate(xc.item_options()):
        RunDeadline.every(i)
        if stopped.is_set():
            raise KeyboardInterrupt
        literals = [k + 1 for k in options]
        if i in groups:
            literals = [k + 1 for k in groups[i].pop(0)]
            for holders in groups[i].values():
                some = pool.id(("colour", i, len(literals)))
                cnf.extend([-(k + 1), some] for k in holders)
                cnf.append([-some, *(k + 1 for k in holders)])
                literals.append(some)
        need, most = (0, 1) if secondary[i] else (lo[i], hi[i])
        if need > len(literals):
            cnf.append([])  # the item cannot be covered often enough: no model
            continue
        if need >= 1:
            if need == 1:
                cnf.append(list(literals))
            else:
                cnf.extend(CardEnc.atleast(literals, bound=need, vpool=pool,
                                           encoding=kind).clauses)
        if most < len(literals):
            cnf.extend(CardEnc.atmost(literals, bound=most, vpool=pool, encoding=kind).clauses)
    if symmetries:
        clauses, top = lex_leader_clauses(symmetries, xc.num_options, pool.top + 1)
        for chunk in RunDeadline.chunks(clauses, CHUNK):  # python-sat reads each clause
            if stopped.is_set():
                raise KeyboardInterrupt
            cnf.extend(chunk)
        cnf.nv = max(cnf.nv, top)
    cnf.nv = max(cnf.nv, pool.top, xc.num_options)
    return cnf
