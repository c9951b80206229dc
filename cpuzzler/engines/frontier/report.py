"""Where a count in a frontier engine's work folder stands, for people (``cpuzzler info``).

Read from the folder alone, while the count runs or after it stopped: its
``state.json`` (the next layer, the total so far, the layer profile) or, in a new
count's first seconds in memory, its ``running.json``; the rest projected from the
layers run (``engines.projection``).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from cpuzzler.engines.frontier.files import RUNNING, STATE
from cpuzzler.errors import ExactCoverError

__all__ = ["folder_report"]

def _running_report(work: Path) -> list[tuple[str, str]] | None:
    """``folder_report`` of a new count in its first seconds, run in memory (its
    RUNNING note; None where there is none)."""
    try:
        note = json.loads((work / RUNNING).read_text())
        begun, until, layers, profile = (note["begun"], note["on disk from"], note["layers"],
                                         note["profile"])
    except (OSError, ValueError, TypeError, KeyError):
        return None

    def clock(t: float) -> str:
        return time.strftime("%H:%M:%S", time.localtime(t))

    done = profile[-1][0] + 1 if profile else 0
    lines = [("work folder", str(work)),
             ("count", f"running in memory, begun {clock(begun)}: layer {done:,} of "
                       f"{layers:,} next; its layers are kept here from {clock(until)} at "
                       "the latest (no state saved yet)")]
    if profile:
        states, seconds = sum(row[1] for row in profile), sum(row[3] for row in profile)
        widest = max(profile, key=lambda row: row[1])
        lines += [("layers run", f"{len(profile)} ({profile[0][0]} to {profile[-1][0]}): "
                                 f"{states:,} states in {seconds:,.1f} s"),
                  ("widest", f"{widest[1]:,} states (layer {widest[0]})")]
    return lines


def folder_report(work_dir: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """Where the count in a work folder stands, as (label, text) lines: the next layer
    and the solutions reached, the files, the layers run (states, time, the widest) and,
    while it runs, the rate of the last ten; an error for a folder holding no count.

    >>> import tempfile
    >>> from cpuzzler.models import queens
    >>> folder = tempfile.mkdtemp()
    >>> queens(6).count(engine="frontier", work_dir=folder, shards=4, symmetry="raw")
    4
    >>> dict(folder_report(folder))["count"]
    'finished: 4 solutions'
    >>> import shutil; shutil.rmtree(folder)
    """
    work = Path(work_dir)
    running = None if (work / STATE).exists() else _running_report(work)
    if running is not None:
        return running
    try:
        state = json.loads((work / STATE).read_text())
        next_layer, total, shards = state["next"], int(state["total"]), state["shards"]
    except OSError as e:
        raise ExactCoverError(f"{work}: not a frontier engine's work folder (no readable "
                              f"{STATE}: {e.strerror or e})") from None
    except (ValueError, TypeError, KeyError):
        raise ExactCoverError(f"{work}: not a frontier engine's work folder (its {STATE} "
                              "is damaged or of another program)") from None
    layers, profile = state.get("layers"), state.get("profile", [])
    files = list(work.glob("layer-*")) + list(work.glob("owner-*/layer-*"))  # what this
    held = sum(map(_size, files))  # machine sees of a cluster's owners
    # a folder begun before "layers" was kept: finished once no layer is left
    finished = next_layer == layers or (layers is None and next_layer > 0 and not files)
    owned = f", owned by {state['owners']} workers" if "owners" in state else ""
    if finished:
        count = f"finished: {total:,} solutions"
    else:
        count = (f"layer {next_layer:,}" + (f" of {layers:,}" if layers else "") + " next; "
                 f"{total:,} solutions reached so far")
    lines = [("work folder", str(work)), ("count", count),
             ("files", f"{held / 1e9:,.2f} GB in {len(files):,} files ({shards} shards a "
                       f"layer{owned}; records packed by {state.get('packing') or 'nothing'})")]
    if profile:
        states, seconds = sum(row[1] for row in profile), sum(row[3] for row in profile)
        widest = max(profile, key=lambda row: row[1])
        lines += [("layers run", f"{len(profile)} ({profile[0][0]} to {profile[-1][0]}): "
                                 f"{states:,} states in {seconds / 3600:,.2f} h"),
                  ("widest", f"{widest[1]:,} states (layer {widest[0]}, "
                             f"{widest[2] / 1e9:,.2f} GB of files)")]
    if profile and not finished:
        last = profile[-10:]
        rate = sum(row[1] for row in last) / max(sum(row[3] for row in last), 1e-9)
        lines.append(("lately", f"{rate / 1e6:,.2f} million states a second over the "
                                f"last {len(last)} layers"))
        outlook = _projection_line(profile, layers, state.get("pieces"),
                                   (state.get("meet") or [None])[0])
        if outlook is not None:
            lines.append(("projected", outlook))
    return lines


def _size(path: Path) -> int:
    """A file's bytes; 0 where it is gone (a running count deletes the layers it is done
    with between the listing and this)."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _many(x: float) -> str:
    """A number of states for people.

    >>> _many(2.5e10), _many(3.14e6), _many(999)
    ('25 billion', '3.14 million', '999')
    """
    for name, size in (("billion", 1e9), ("million", 1e6)):
        if x >= size:
            return f"{x / size:,.3g} {name}"
    return f"{x:,.0f}"


def _projection_line(profile: list[list[Any]], layers: int | None,
                     pieces: int | None, met: int | None = None) -> str | None:
    """The rest of an unfinished count projected from the layers its folder ran
    (``engines.projection.projected``; to the middle layer ``met`` where the count meets
    there), for people; None where too few are known (four layers from the first on,
    the sweep's length and its pieces)."""
    if layers is None or pieces is None or len(profile) < 4 or any(
            row[0] != k for k, row in enumerate(profile)):
        return None
    from cpuzzler.engines.projection import between, projected
    from cpuzzler.results import duration

    spent = sum(row[3] for row in profile)
    p = projected([(row[1], row[2], row[3]) for row in profile], layers, pieces, spent, met)
    low, high = p.low, p.high
    states = between(_many(low.peak_states), _many(high.peak_states))
    unit, size = ("GB", 1e9) if high.peak_bytes >= 1e9 else ("MB", 1e6)
    held = between(f"{low.peak_bytes / size:,.3g}", f"{high.peak_bytes / size:,.3g}")
    total = between(_many(low.states), _many(high.states))
    left = between(duration(low.seconds - spent), duration(high.seconds - spent))
    to = "" if met is None else f" to the middle (layer {met}; then the join)"
    widest = p.middle if met is None else min(p.middle, met - 1)
    return (f"widest layer {states} states at layer {widest} ({held} {unit} of files); "
            f"{total} states in all{to}, {left} more at the last layers' pace "
            f"(growth falling to none at the middle ... kept)")
