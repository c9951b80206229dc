"""The CWEB tangler that builds Knuth's programs for the benchmarks (benchmarks/cweb.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "cweb", Path(__file__).resolve().parents[1] / "benchmarks" / "cweb.py")
assert _SPEC is not None and _SPEC.loader is not None
cweb = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(cweb)

WEB = r"""\datethis
@*Intro. A program that counts to |N|.

@d N 3 /* how far */
@d twice(x) ((x)+(x))
@s ullng int

@c
#include <stdio.h>
@<Global...@>@;
int main(void) {
  @<Count to |N|, and print the e-mail sign @@@>;
  return 0;
}

@ Globals are appended to in two sections.
@<Global variables@>=
int total;@+int step=1;

@ @<Count to |N|...@>=
for (int k=0;k<N;k++) total+=step;
printf("@@ %d\n",twice(total));

@ @<Global var...@>=
int unused;
"""


def test_a_program_is_tangled_with_its_macros_first_and_its_parts_in_place():
    code = cweb.tangle(WEB)
    lines = [line.strip() for line in code.splitlines() if line.strip()]
    assert lines[:2] == ["#define N 3 /* how far */", "#define twice(x) ((x)+(x))"]
    assert lines[2] == "#include <stdio.h>"
    assert "int total;int step=1;" in code and "int unused;" in code  # appended
    assert code.index("int unused;") < code.index("int main")
    assert 'printf("@ %d\\n",twice(total));' in code  # @@ is an at sign
    assert "@" not in code.replace('"@ %d', "")


def test_an_undefined_part_is_empty_and_an_unknown_control_is_refused():
    assert "int main" in cweb.tangle("@ @c\n@<Nothing here@>\nint main(void){}\n")
    with pytest.raises(cweb.CwebError, match="@h"):
        cweb.tangle("@ @c\n@h\nint x;\n")
    with pytest.raises(cweb.CwebError, match="begin"):
        cweb.tangle("@ @c\n@<A...@>\n@ @<Ab@>=\n1;\n@ @<Ac@>=\n2;\n")
    with pytest.raises(cweb.CwebError, match="no unnamed program"):
        cweb.tangle("@ Just prose.\n")


def test_a_meta_comment_is_dropped_as_ctangle_drops_it():
    # DLX5 closes a TeX dollar inside a format string with @q$@> (dlx5.w)
    code = cweb.tangle('@ A.\n@c\nprintf(" $%d\\n"@q$@>,k);\n')
    assert code.strip() == 'printf(" $%d\\n",k);'
    with pytest.raises(cweb.CwebError, match="unfinished @q"):
        cweb.tangle("@ A.\n@c\nint a;@q never closed\n")
