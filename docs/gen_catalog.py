"""The pages and pictures generated at build time (run by mkdocs-gen-files): the catalog
from ``cpuzzler/puzzles/*.toml``, one page per family, every puzzle with its counts, its
source, its note and a picture of the first solution the native engine finds (drawn now,
never pasted; none where none is found within a second, or for models that are not
tilings); and the pictures the guides show (``pictures/NAME.svg`` and ``.x3d``)."""

from __future__ import annotations

import html

import mkdocs_gen_files

from cpuzzler import catalog
from cpuzzler.models import Tiling

SECONDS = 1.0  # for each picture's solution
GUIDE_PICTURES = ["hexiamonds-6x6", "tetrasticks-5x5", "soma", "tetrahexes-4x7"]


def _counts(entry: catalog.Entry) -> str:
    if entry.raw is not None:
        unique = f"{entry.unique:,} up to symmetry, " if entry.unique is not None else ""
        return f"{unique}{entry.raw:,} in all (published)"
    if entry.found is not None:
        unique, raw, how = entry.found
        return f"{unique:,} up to symmetry, {raw:,} in all (counted here: {how})"
    return "unknown (open)"


def _picture(entry: catalog.Entry) -> str:
    model = entry.build()
    if not isinstance(model, Tiling):
        return ""
    solution = next(model.solve(1, symmetry="raw", time_limit=SECONDS), None)
    if solution is None:
        return ""
    return f'<div class="puzzle-picture">{solution.svg(scale=16)}</div>\n'


def _page(family: str, entries: list[catalog.Entry]) -> str:
    lines = [f"# {family.capitalize()}\n", f"{len(entries)} puzzles.\n"]
    for entry in entries:
        lines.append(f"## {entry.name} {{ #{entry.name} }}\n")
        lines.append(f"{html.escape(entry.description)}\n")
        lines.append(f"- Solutions: {_counts(entry)}")
        if entry.source:
            lines.append(f"- Source: {html.escape(entry.source)}")
        if entry.note:
            lines.append(f"- Note: {html.escape(entry.note)}")
        lines.append(f"- Shell: `{entry.command()}`\n")
        lines.append(_picture(entry))
    return "\n".join(lines)


def main() -> None:
    by_family: dict[str, list[catalog.Entry]] = {}
    for entry in catalog.ENTRIES:
        by_family.setdefault(entry.family, []).append(entry)
    index = ["# The catalog\n",
             f"{len(catalog.ENTRIES)} named puzzles, by family; `cpuzzler list` shows the "
             "same from the shell, `cpuzzler info NAME` one of them.\n"]
    for family, entries in by_family.items():
        with mkdocs_gen_files.open(f"catalog/{family}.md", "w") as page:
            page.write(_page(family, entries))
        index.append(f"- [{family.capitalize()}]({family}.md): {len(entries)} puzzles")
    with mkdocs_gen_files.open("catalog/index.md", "w") as page:
        page.write("\n".join(index) + "\n")
    for name in GUIDE_PICTURES:
        solution = catalog.get(name).build().first()
        with mkdocs_gen_files.open(f"pictures/{name}.svg", "w") as picture:
            picture.write(solution.svg())
    with mkdocs_gen_files.open("pictures/soma.x3d", "w") as scene:
        scene.write(catalog.get("soma").build().first().x3d())


main()
