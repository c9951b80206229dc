"""What the encoders need to know of colours (exact cover with colours, XCC).

A secondary item that options give colours is held by at most one "class": one colour
(any number of options that give it that colour) or one option that holds it plainly.
The encoders give each colour a Boolean, true exactly when a chosen option gives the item
that colour, and put an at-most-one over those Booleans and the plain options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover


def colour_groups(xc: ExactCover) -> dict[int, dict[int, list[int]]]:
    """For each secondary item that some option colours: colour id -> the options that
    hold it in that colour (id 0: the options that hold it without one).

    >>> from cpuzzler.exact_cover import ExactCover
    >>> xc = ExactCover(primary=["a", "b", "c"], secondary=["x"])
    >>> _ = xc.add_option(["a", ("x", "red")]), xc.add_option(["b", ("x", "red")])
    >>> _ = xc.add_option(["c", "x"])
    >>> colour_groups(xc)
    {3: {0: [2], 1: [0, 1]}}
    """
    groups: dict[int, dict[int, list[int]]] = {}
    for o in range(xc.num_options):
        if (colours := xc.option_colours(o)) is not None:
            for i, c in zip(xc.option_items(o), colours, strict=True):
                if c:
                    groups.setdefault(i, {0: []}).setdefault(c, []).append(o)
    for o in range(xc.num_options):
        colours = xc.option_colours(o) or (0,) * len(xc.option_items(o))
        for i, c in zip(xc.option_items(o), colours, strict=True):
            if i in groups and not c:
                groups[i][0].append(o)
    return groups
