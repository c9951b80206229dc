"""Fuzzing what cpuzzler reads: random DLX, DPF, TOML and checkpoint texts give a
problem or a clean error naming the file, never a traceback, a hang or a wrong count;
random exact-cover problems with extreme bounds get one count from every engine."""

from __future__ import annotations

import json
import string

import pytest
from conftest import bounded_problems, brute_force_solutions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpuzzler import ExactCover
from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.formats import dlx, puzzle_file
from cpuzzler.models import dpf, queens
from cpuzzler.parts import count_in_parts

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

TOKENS = ["a", "b", "c", "x", "y", "|", "2|a", "0:3|b", "1:1|c", "2147483648|a", "a:red",
          "9" * 30 + "|a", "-1|a", "3:2|a", "", "\t", "é", "\x00", "||"]


def _parsed_or_clean_error(parse, text, path):
    """What ``parse`` makes of ``text``, or None once its error is checked to name ``path``."""
    try:
        return parse(text, path=path)
    except InputFormatError as e:
        assert str(e).startswith(path)
        return None


def _lines(draw_tokens):
    return st.lists(st.lists(st.sampled_from(draw_tokens), max_size=6).map(" ".join),
                    max_size=8).map("\n".join)


@FUZZ
@given(text=_lines(TOKENS) | st.text(max_size=200))
def test_random_dlx_text_is_a_problem_or_a_clean_error(text):
    xc = _parsed_or_clean_error(dlx.parse, text, "fuzz.dlx")
    if xc is not None and xc.num_options <= 10:  # counted alike by the engines
        expected = len(brute_force_solutions(xc))
        assert xc.count(symmetry="raw", engine="dlx") == expected == xc.count(symmetry="raw",
                                                                              engine="python")


DPF_TOKENS = ["0", "1", "2", "3", "6", "20000000", "9" * 20, "x", "-1", "//", "\n", "²", "1.5"]


@FUZZ
@given(text=st.lists(st.sampled_from(DPF_TOKENS), max_size=30).map(" ".join)
       | st.text(max_size=100))
def test_random_dpf_text_is_a_puzzle_or_a_clean_error(text):
    puzzle = _parsed_or_clean_error(dpf.parse, text, "fuzz.dpf")
    if puzzle is None:
        return
    assert puzzle.locations <= sum(max(map(len, p), default=0) for p in puzzle.pieces)
    xc = puzzle.exact_cover
    if xc.num_options <= 10:
        assert xc.count(symmetry="raw") == len(brute_force_solutions(xc))


VALID_TOML = '''lattice = "square"
[region]
rectangle = [5, 2]
without = [[0, 0]]
[pieces]
set = "pentominoes"
only = ["L", "P"]
copies = {L = 1}
[[piece]]
name = "B"
drawing = """
XX
XX"""
'''

TOML_VALUES = ['"square"', '"cubic"', '"sticks"', '"hexagonal"', "[5, 2]", "[0]", "[-1, 2]",
               "[100000, 100000]", '[["a", 0]]', "[[0, 0, 0]]", "[[0]]", '"""\n?X\n"""',
               '""""""', "true", "3", '"X"', "{}", '{L = 0}', '["Q"]', "[2, 2, 2]", "nan"]
TOML_KEYS = ["lattice", "rectangle", "box", "hexagon", "without", "drawing", "cells", "set",
             "only", "copies", "optional", "kind", "name", "wrap", "crossing", "order"]


@st.composite
def toml_texts(draw):
    lines = VALID_TOML.split("\n")
    for _ in range(draw(st.integers(0, 4))):
        k = draw(st.integers(0, len(lines) - 1))
        choice = draw(st.integers(0, 3))
        if choice == 0:
            del lines[k]
        elif choice == 1:
            lines.insert(k, f"{draw(st.sampled_from(TOML_KEYS))} = "
                            f"{draw(st.sampled_from(TOML_VALUES))}")
        elif choice == 2:
            lines[k] = lines[k][: draw(st.integers(0, len(lines[k])))]
        else:
            lines.insert(k, draw(st.sampled_from(["[region]", "[pieces]", "[[piece]]", "[x]"])))
    return "\n".join(lines)


@FUZZ
@given(text=toml_texts() | st.text(alphabet=string.printable, max_size=120))
def test_random_puzzle_files_are_a_puzzle_or_a_clean_error(text):
    try:
        puzzle = puzzle_file.parse(text, path="fuzz.toml")
        xc = puzzle.exact_cover
    except InputFormatError as e:
        assert str(e).startswith("fuzz.toml")
        return
    except ExactCoverError:
        return  # a puzzle that cannot be built names why (no file line: it is the model's)
    if xc.num_options <= 12:
        assert puzzle.count(symmetry="raw") == len(brute_force_solutions(xc))


@pytest.fixture(scope="module")
def finished_checkpoint(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "q.json"
    count_in_parts(queens(6), checkpoint=str(path))
    return path.read_text()


@FUZZ
@given(data=st.data())
def test_random_checkpoint_damage_never_gives_a_wrong_count(tmp_path_factory, data,
                                                            finished_checkpoint):
    text = finished_checkpoint
    cut = data.draw(st.integers(0, len(text)))
    how = data.draw(st.sampled_from(["truncate", "replace", "insert", "json"]))
    if how == "truncate":
        text = text[:cut]
    elif how == "replace" and text:
        text = text[:cut] + data.draw(st.sampled_from("0123456789\"{}[],:x ")) + text[cut + 1:]
    elif how == "insert":
        text = text[:cut] + data.draw(st.text(max_size=5)) + text[cut:]
    else:
        saved = json.loads(text)
        key = data.draw(st.sampled_from(sorted(saved)))
        saved[key] = data.draw(st.sampled_from([None, 0, -1, 10**30, "x", [], {}, {"0": [1]}]))
        text = json.dumps(saved)
    path = tmp_path_factory.mktemp("fuzz") / "q.json"
    path.write_text(text)
    try:
        result = count_in_parts(queens(6), checkpoint=str(path))
    except InputFormatError as e:
        assert str(path) in str(e)
        return
    assert result == (4, 4)  # accepted only when it is still the right count


ENGINES = ["dlx", "python", "cpsat", "sat"]


# Bounds far past any option count, secondary items, identical options.
RANDOM_PROBLEMS = bounded_problems(
    primary=4, highs=[1, 1, 2, 3, 5, 2**31 - 1, 2**31, 2**63, 10**20],
    lows=lambda hi: [0, 1, hi, min(hi, 2)], options=9)


@FUZZ
@given(xc=RANDOM_PROBLEMS)
def test_every_engine_counts_random_bounded_problems_as_brute_force_does(xc):
    expected = len(brute_force_solutions(xc))
    counts = {engine: xc.count(symmetry="raw", engine=engine) for engine in ENGINES}
    assert set(counts.values()) == {expected}, counts


@FUZZ
@given(names=st.lists(st.sampled_from(["a", "b", "", "a b", 3, None]), max_size=5),
       option=st.lists(st.sampled_from(["a", "b", "c", "", 0]), max_size=4))
def test_random_items_and_options_are_a_problem_or_a_clean_error(names, option):
    try:
        xc = ExactCover(primary=names)
        xc.add_option(option)
    except ExactCoverError:
        return  # empty options, duplicate or unknown names: refused before any engine
    counts = {engine: xc.count(symmetry="raw", engine=engine) for engine in ENGINES}
    assert len(set(counts.values())) == 1, counts


SAVED_TOKENS = ["solution", "1:", "| solution 2", "0,0", "1,0", "2,1,0", "F", "x", "{",
                '{"solution": 1, "pieces": [{"piece": "F", "cells": [[0, 0]]}]}',
                '{"solution": 1, "options": [["r0", "c0"]]}', '{"solution": "a"}', "[]", "\n"]


@FUZZ
@given(text=st.lists(st.sampled_from(SAVED_TOKENS), max_size=20).map(" ".join)
       | _lines(SAVED_TOKENS) | st.text(max_size=100))
def test_random_saved_solutions_are_read_or_a_clean_error(text):
    from cpuzzler.formats import solutions

    saved = _parsed_or_clean_error(solutions.parse, text, "fuzz.jsonl")
    for entry in saved or []:
        assert (entry.placements is None) != (entry.options is None)
