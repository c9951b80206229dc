"""A small CWEB tangler: the C program of a ``.w`` file, for building Knuth's solvers.

Knuth's exact-cover programs (DLX2, SSXCC, ...) are literate programs in CWEB; their C
comes out of ``ctangle``, which ships with TeX and is not to be had from the package
registries. This tangles the part of CWEB those programs use: sections begun by ``@ ``
or ``@*`` (their TeX is dropped), macros ``@d name body`` (written first, as
``#define``), the unnamed program ``@c`` (or ``@p``), named parts ``@<name@>=`` (a name
given again appends; a name may be cut short with ``...``) and their uses ``@<name@>``,
expanded in place; ``@@`` is an at sign; the layout codes ``@+ @; @# @/ @| @, @!``,
meta-comments ``@q...@>`` and format lines ``@s``/``@f`` are dropped. Anything else
(``@h``, ``@'``, ``@t``, change files) is refused by name, never tangled wrong.

    python benchmarks/cweb.py ssxcc.w > ssxcc.c

>>> print(tangle("@ Hi.\\n@d N 3\\n@c\\nint a[N];\\n@<Go@>@;\\n@ @<Go@>=\\na[0]=1;\\n"), end="")
#define N 3
int a[N];
a[0]=1;
"""

from __future__ import annotations

import re
import sys

CONTROL = re.compile(r"@(.)", re.S)
DROPPED = set("+;#/|,!")
SECTION = re.compile(r"(?:^|(?<=\n))@[ *\n]")
DEFINED = r"@<[^@]*(?:@(?!>)[^@]*)*@>="  # a named part's definition
CODE = re.compile(r"(?m)^(?:@[dDsSfFcCpP]|" + DEFINED + ")")


class CwebError(Exception):
    """What this tangler does not take, or a broken program."""


def _strip(code: str) -> str:
    """Code with the layout codes dropped and ``@@`` made ``@``; section uses kept."""
    out, at = [], 0
    while (found := code.find("@", at)) >= 0:
        out.append(code[at:found])
        sign = code[found + 1:found + 2]
        if sign == "@":
            out.append("@")
        elif sign == "q":  # a meta-comment, up to its @>: dropped
            end = code.find("@>", found)
            if end < 0:
                raise CwebError(f"an unfinished @q comment: {code[found:found + 40]!r}")
            found = end
        elif sign == "<":
            end = code.find("@>", found)
            if end < 0:
                raise CwebError(f"an unfinished section name: {code[found:found + 40]!r}")
            out.append(code[found:end + 2])
            found = end
        elif sign not in DROPPED:
            raise CwebError(f"@{sign} in code: not taken by this tangler")
        at = found + 2
    out.append(code[at:])
    return "".join(out)


def _name(text: str) -> str:
    return " ".join(text.split())


def tangle(web: str) -> str:
    """The C program of the CWEB source ``web``."""
    # a name cut short with "..." stands for the one full name it begins
    names = {_name(n) for n in re.findall(r"@<(.*?)@>", web, re.S)}
    whole = [n for n in names if not n.endswith("...")]

    def full(short: str) -> str:
        short = _name(short)
        if not short.endswith("..."):
            return short
        hits = [n for n in whole if n.startswith(short[:-3])]
        if len(hits) != 1:
            raise CwebError(f"{len(hits)} section names begin {short!r}")
        return hits[0]

    sections = SECTION.split(web)[1:]  # before the first: the limbo, TeX only
    macros: list[str] = []
    parts: dict[str, list[str]] = {}
    program: list[str] = []
    for section in sections:
        # the TeX part ends at the first @d, @s, @c, @p or @<...@>= at a line's start
        code = CODE.search(section)
        if code is None:
            continue
        rest = section[code.start():]
        while rest:
            head = rest[:2]
            following = None if head[1] in "cCpP<" else CODE.search(rest, 2)
            end = following.start() if following else len(rest)
            piece, rest = rest[:end], rest[end:]
            if head in ("@d", "@D"):
                body = _strip(piece[2:]).strip()
                macros.append("#define " + " ".join(body.split("\n")))
            elif head in ("@s", "@S", "@f", "@F"):
                continue
            elif head in ("@c", "@C", "@p", "@P"):
                program.append(_strip(piece[2:]))
            else:
                named = re.match(r"@<(.*?)@>=", piece, re.S)
                if named is None:
                    raise CwebError(f"cannot read {piece[:40]!r}")
                parts.setdefault(full(named.group(1)), []).append(
                    _strip(piece[named.end():]))

    def expand(code: str, depth: int = 0) -> str:
        if depth > 100:
            raise CwebError("sections used within themselves")
        # a part never defined is empty, as ctangle has it (after a warning)
        return re.sub(r"@<(.*?)@>", lambda m: expand("".join(parts.get(full(m.group(1)), [])),
                                                        depth + 1), code, flags=re.S)

    if not program:
        raise CwebError("no unnamed program (@c)")
    return "\n".join(macros) + "\n" + "".join(expand(p) for p in program).lstrip("\n")


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: python benchmarks/cweb.py FILE.w > FILE.c")
    try:
        with open(sys.argv[1], encoding="latin-1") as source:
            sys.stdout.write(tangle(source.read()))
    except (OSError, CwebError) as e:
        raise SystemExit(f"{sys.argv[1]}: {e}") from None


if __name__ == "__main__":
    main()
