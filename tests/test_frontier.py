"""The frontier engine: breadth-first counts, checked against brute force, the reference
engine and the catalog's published counts."""

from __future__ import annotations

import contextlib
import itertools
import json
import re

import pytest
from conftest import bounded_problems, brute_force_solutions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_memo import FEWEST_ON_MEMO

from cpuzzler import ExactCover, catalog
from cpuzzler.cli.common import exact_cover_of
from cpuzzler.engines.frontier import files as frontier_files
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids import square
from cpuzzler.models import Tiling, pieces, queens

# Bounds (some past any option count), secondary items, identical options, and a random
# sweep order: every way a layer's item can be decided.
RANDOM_PROBLEMS = bounded_problems(primary=5, highs=[1, 1, 1, 2, 3, 2**31, 2**70],
                                   lows=lambda hi: [0, 1, 1, 2, hi], options=10, sweep=True)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=RANDOM_PROBLEMS)
def test_frontier_counts_random_problems_as_brute_force_does(xc):
    expected = len(brute_force_solutions(xc))
    assert xc.count(symmetry="raw", engine="frontier") == expected == xc.count(symmetry="raw",
                                                                               engine="python")
    assert xc.stats.reason == "done"


# Every item a bit (hi 1, lo 0 or 1, no colours): the problems frontier.c's bit mode takes.
BIT_PROBLEMS = bounded_problems(primary=6, highs=[1], lows=lambda hi: [0, 1, 1], options=12,
                                sweep=True)


@pytest.fixture
def on_disk_at_once(monkeypatch):
    """Counts given a work folder go on disk from the first layer (not in memory first,
    frontier.c's Spilling): for the tests of the disk's own ways."""
    from cpuzzler.engines.frontier import disk as frontier_disk

    monkeypatch.setattr(frontier_disk, "MEMORY_SHARE", 0)


@pytest.fixture
def whole_sweep(monkeypatch):
    """No meeting in the middle (csrc/meet.c): the tests of the whole sweep's layers, on
    boards their half turn maps onto themselves."""
    from cpuzzler.engines import sweep

    monkeypatch.setattr(sweep, "half_turn_places", lambda *_: 0)


@pytest.fixture
def bit_mode_off():
    from cpuzzler.engines import _dlx

    was = _dlx.frontier_bit_mode(False)
    yield
    _dlx.frontier_bit_mode(was)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=BIT_PROBLEMS)
def test_bit_mode_counts_as_the_general_way_does(xc):
    from cpuzzler.engines import _dlx

    expected = len(brute_force_solutions(xc))
    assert xc.count(symmetry="raw", engine="frontier") == expected
    was = _dlx.frontier_bit_mode(False)
    try:
        assert xc.count(symmetry="raw", engine="frontier") == expected
    finally:
        _dlx.frontier_bit_mode(was)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(xc=BIT_PROBLEMS)
def test_on_disk_bit_mode_counts_as_brute_force_does(xc, tmp_path_factory, on_disk_at_once):
    # shards loaded into tables sized by the last ones, spare tables, prefetched slots
    work = tmp_path_factory.mktemp("work")
    assert xc.count(symmetry="raw", engine="frontier", work_dir=work, shards=3) == len(
        brute_force_solutions(xc))


@pytest.mark.parametrize("name", ["pentominoes-5x12", "polysticks-123-3x3-clipped-1", "queens-8"])
def test_bit_mode_has_the_general_way_s_layers(name, bit_mode_off):
    from cpuzzler.engines import _dlx

    xc = exact_cover_of(catalog.get(name).build())
    general = xc.count(symmetry="raw", engine="frontier"), xc.stats.frontier["layers"]
    _dlx.frontier_bit_mode(True)
    bits = xc.count(symmetry="raw", engine="frontier", meet=False), xc.stats.frontier["layers"]
    assert general[0] == bits[0] == catalog.get(name).raw
    assert [layer[:2] for layer in general[1]] == [layer[:2] for layer in bits[1]]


def test_a_work_folder_begun_one_way_goes_on_the_other(tmp_path, bit_mode_off):
    # the keys are the same bytes either way: a folder from before bit mode resumes in it
    from cpuzzler.engines import _dlx

    xc = catalog.get("pentominoes-5x12").build().exact_cover
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4,
                        on_layer=stop_at(30)).complete
    _dlx.frontier_bit_mode(True)
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 4040


# The catalog puzzles the memo engine counts with its sweep (test_memo), queens-14 left to
# the memo engine's fewest rule (the sweep meets too many states).
SLOW_ON_FRONTIER = {"sudoku-6x6", "tritrigs-trefoil-2", "tritrigs-hexagon-1"}  # 2-3 s each
SWEPT = [e.name for e in catalog.PUBLISHED
         if e.name not in FEWEST_ON_MEMO and not e.name.startswith(("sudoku-top95-", "sudoku-17-"))
         and e.name != "queens-14"]


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.slow) if name in SLOW_ON_FRONTIER else name
    for name in SWEPT])
def test_catalog_counts_on_the_frontier_engine(name):
    entry = catalog.get(name)
    puzzle = entry.build()
    xc = puzzle.exact_cover if isinstance(puzzle, Tiling) else exact_cover_of(puzzle)
    total = xc.count(symmetry="raw", engine="frontier")
    assert total.complete and total == entry.raw


def test_the_slow_list_names_puzzles_counted_here():
    assert set(SWEPT) >= SLOW_ON_FRONTIER


@pytest.mark.parametrize("name", ["polyhexes-1234-4x10", "polyhexes-1234-5x8"])
def test_the_counts_found_here_for_open_puzzles(name):
    entry = catalog.get(name)
    assert entry.build().exact_cover.count(symmetry="raw", engine="frontier") == entry.found[1]


def test_only_the_layers_ahead_are_held():
    # pentominoes 3x20: the memo engine keeps every state met; the frontier engine frees
    # each layer once processed, so its peak is a few layers' worth
    xc = catalog.get("pentominoes-3x20").build().exact_cover
    assert xc.count(symmetry="raw", engine="frontier", meet=False) == 8  # the whole sweep
    layers = xc.stats.frontier["layers"]
    assert len(layers) == xc.stats.frontier["items"] == 60 + 12  # cells, pieces
    assert sum(states for states, _, _ in layers) == xc.stats.frontier["states"]
    assert xc.stats.frontier["peak_bytes"] < sum(held for _, held, _ in layers)


def test_a_dlx_file_is_counted_along_its_derived_sweep():
    tiling = catalog.get("tetrahexes-4x7").build()
    plain = ExactCover.from_dlx_text(tiling.exact_cover.to_dlx())
    assert plain.count(symmetry="raw",
                       engine="frontier") == tiling.exact_cover.count(symmetry="raw", engine="memo")


def test_a_time_limit_leaves_a_marked_lower_bound():
    total = queens(13).count(symmetry="raw", engine="frontier", time_limit=0.2)
    assert not total.complete and total.reason == "time-out" and total < 73712


def test_too_little_memory_is_a_clear_error():
    with pytest.raises(ExactCoverError, match="layers need more than 10,000 bytes .*more memory"):
        queens(10).count(symmetry="raw", engine="frontier", memory=10_000)


def test_the_cli_counts_with_the_frontier_engine(capsys):
    from cpuzzler.cli import main

    assert main(["solve", "pentominoes-3x20", "--count", "--symmetry", "raw",
                 "--engine", "frontier"]) == 0
    assert "8" in capsys.readouterr().out


def test_each_layer_is_reported_and_an_interrupt_from_it_leaves_a_lower_bound():
    xc = queens(8)
    seen = []
    assert xc.count(symmetry="raw", engine="frontier", on_layer=lambda *row: seen.append(row)) == 92
    assert [k for k, *_ in seen] == list(range(len(seen))) and len(seen) >= 8
    assert [row[1:] for row in seen] == [tuple(r) for r in xc.stats.frontier["layers"]]

    def stop(k, *_):
        if k == 3:
            raise KeyboardInterrupt

    total = xc.count(symmetry="raw", engine="frontier", on_layer=stop)
    assert total.reason == "interrupted" and total <= 92


# ---- layers on disk ------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(xc=RANDOM_PROBLEMS)
def test_on_disk_the_counts_are_the_same(xc, tmp_path_factory, on_disk_at_once):
    work = tmp_path_factory.mktemp("work")
    assert xc.count(symmetry="raw", engine="frontier", work_dir=work,
                    shards=3) == xc.count(symmetry="raw", engine="python")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(xc=RANDOM_PROBLEMS, line=st.integers(1, 3000))
def test_a_count_spilled_to_disk_anywhere_counts_the_same(xc, line, tmp_path_factory,
                                                          monkeypatch):
    # begun in memory, its layers written to disk once its tables pass `line` bytes
    from cpuzzler.engines.frontier import disk as frontier_disk

    monkeypatch.setattr(frontier_disk, "MEMORY_SHARE", line / 1e6)
    work = tmp_path_factory.mktemp("work")
    assert xc.count(symmetry="raw", engine="frontier", work_dir=work, shards=3,
                    memory=1e6) == xc.count(symmetry="raw",
        engine="python")


def test_info_on_a_running_count_passes_over_the_files_it_deletes(tmp_path, monkeypatch,
                                                                  on_disk_at_once):
    from pathlib import Path

    from cpuzzler.engines.frontier.report import folder_report

    xc = catalog.get("pentominoes-5x12").build().exact_cover
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4,
                        on_layer=stop_at(8)).complete
    assert list(tmp_path.glob("layer-*"))
    stat = Path.stat

    def deleted(path, *arguments, **options):  # each layer file gone once listed
        if path.name.startswith("layer-"):
            raise FileNotFoundError(path)
        return stat(path, *arguments, **options)

    monkeypatch.setattr(Path, "stat", deleted)
    report = dict(folder_report(tmp_path))
    assert report["files"].startswith("0.00 GB") and "layer 9" in report["count"]


def test_a_count_that_fits_in_memory_never_touches_the_disk(tmp_path, whole_sweep):
    from cpuzzler.engines.frontier.report import folder_report

    xc = catalog.get("pentominoes-5x12").build().exact_cover
    seen = []
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path,
                    on_layer=lambda *_: seen.extend(tmp_path.glob("layer-*"))) == 4040
    assert seen == [] and not list(tmp_path.glob("layer-*"))
    assert len(xc.stats.frontier["layers"]) == len(xc.items)
    assert dict(folder_report(tmp_path))["count"] == "finished: 4,040 solutions"
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 4040  # from its state


def test_a_count_past_its_line_in_memory_goes_on_on_disk(tmp_path, monkeypatch, whole_sweep):
    from cpuzzler.engines.frontier import disk as frontier_disk

    monkeypatch.setattr(frontier_disk, "MEMORY_SHARE", 0.1)  # 1 MB of tables
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    on_disk = []
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, memory=1e7,
                    on_layer=lambda k, *_: on_disk.append(any(tmp_path.glob("layer-*")))
                    ) == 4040
    spilled = on_disk.index(True)
    assert 10 < spilled < len(on_disk) - 10 and all(on_disk[spilled:-1])
    profile = json.loads((tmp_path / "state.json").read_text())["profile"]
    assert [row[0] for row in profile] == list(range(len(xc.items)))


def stop_at(layer):
    """An on_layer callback that stops the count (as Ctrl-C does) after ``layer``."""
    def stop(k, *_):
        if k == layer:
            raise KeyboardInterrupt
    return stop


def test_a_stopped_count_resumes_from_its_last_layer(tmp_path, whole_sweep):
    xc = catalog.get("polyhexes-1234-4x10").build().exact_cover
    first = xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, on_layer=stop_at(20))
    assert first.reason == "interrupted"
    done = json.loads((tmp_path / "state.json").read_text())["next"]
    assert done == 21
    again = xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path)
    assert again.complete and again == 14809060
    assert len(xc.stats.frontier["layers"]) == len(xc.items) - done
    # the folder keeps the profile of every layer, those before the stop too
    profile = json.loads((tmp_path / "state.json").read_text())["profile"]
    assert [row[0] for row in profile] == list(range(len(xc.items)))
    assert [row[1:3] for row in profile[done:]] == [
        list(layer[:2]) for layer in xc.stats.frontier["layers"]]


def test_what_an_interrupted_layer_wrote_is_cut_back(tmp_path, whole_sweep):
    # as after kill -9 mid-layer: appended records past the recorded lengths, a new file
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4,
                        on_layer=stop_at(30)).complete
    state = json.loads((tmp_path / "state.json").read_text())
    later = max(state["sizes"])
    with open(tmp_path / later, "ab") as out:
        out.write(b"\x01" * 40)
    (tmp_path / "layer-000999.0001").write_bytes(b"\x02" * 40)
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 4040


def test_a_full_disk_stops_the_count_with_a_clear_error_and_it_resumes(tmp_path,
                                                                        monkeypatch,
                                                                        on_disk_at_once):
    import errno


    xc = catalog.get("pentominoes-5x12").build().exact_cover
    append, calls = frontier_files.Appender.append, []

    def fills_up(self, outputs):  # the disk is full at the 40th append
        calls.append(1)
        if len(calls) >= 40:
            raise OSError(errno.ENOSPC, "No space left on device")
        append(self, outputs)

    monkeypatch.setattr(frontier_files.Appender, "append", fills_up)
    with pytest.raises(ExactCoverError, match="no room left on its disk"):
        xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4, checkpoint_every=0)
    assert json.loads((tmp_path / "state.json").read_text())["next"] > 0
    monkeypatch.setattr(frontier_files.Appender, "append", append)
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 4040


def test_a_count_killed_hard_resumes(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    script = ("from cpuzzler import catalog\n"
              "from cpuzzler.engines.frontier import disk as frontier_disk\n"
              "frontier_disk.MEMORY_SHARE = 0\n"
              "xc = catalog.get('polyhexes-1234-4x10').build().exact_cover\n"
              f"xc.count(engine='frontier', work_dir={str(tmp_path)!r}, shards=16, "
              "checkpoint_every=0, symmetry='raw')\n")
    child = subprocess.Popen([sys.executable, "-c", script])
    state = tmp_path / "state.json"
    start = time.monotonic()
    while time.monotonic() - start < 60:
        if state.exists() and json.loads(state.read_text())["next"] > 20:
            break
        time.sleep(0.05)
    child.send_signal(signal.SIGKILL)
    child.wait()
    xc = catalog.get("polyhexes-1234-4x10").build().exact_cover
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 14809060


def test_a_work_folder_of_another_count_is_refused(tmp_path):
    assert queens(6).count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 4
    with pytest.raises(ExactCoverError, match="holds the count of another problem"):
        queens(7).count(symmetry="raw", engine="frontier", work_dir=tmp_path)
    stray = tmp_path / "other"
    stray.mkdir()
    (stray / "notes.txt").write_text("mine")
    with pytest.raises(ExactCoverError, match="not empty and holds no count"):
        queens(7).count(symmetry="raw", engine="frontier", work_dir=stray)


def test_a_shard_past_the_memory_cap_is_processed_in_pieces(tmp_path, on_disk_at_once):
    xc = catalog.get("pentominoes-3x20").build().exact_cover
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=1,
                    memory=200_000) == 8


def identical_options(items: int, each: int) -> ExactCover:
    """``items`` items in a row, each in ``each`` options of its own: each**items covers,
    and the state after the k-th item is reached each**k ways."""
    xc = ExactCover(primary=[f"i{k}" for k in range(items)])
    for k in range(items):
        for _ in range(each):
            xc.add_option([f"i{k}"])
    return xc


def test_the_compact_records_carry_counts_past_64_bits(tmp_path, on_disk_at_once):
    # states reached 4**33 .. 4**39 ways cross the disk in two records each
    xc = identical_options(40, 4)
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=2) == 4 ** 40
    assert json.loads((tmp_path / "state.json").read_text())["record_head"] == 8
    assert xc.count(symmetry="raw", engine="frontier") == 4 ** 40


@pytest.mark.parametrize("bit_mode", [True, False])
def test_a_table_whose_counts_pass_64_bits_widens_and_keeps_its_states(bit_mode):
    # dominoes on a 2x100 strip: F(101) tilings; the layers past the 90th column hold
    # states reached more than 2**64 ways beside ones reached fewer
    from cpuzzler.engines import _dlx

    xc = ExactCover()
    for column in range(100):
        xc.add_item(f"{column},0")
        xc.add_item(f"{column},1")
    for column in range(100):
        xc.add_option([f"{column},0", f"{column},1"])
        if column:
            for row in range(2):
                xc.add_option([f"{column - 1},{row}", f"{column},{row}"])
    fibonacci = [1, 1]
    while len(fibonacci) <= 100:
        fibonacci.append(fibonacci[-1] + fibonacci[-2])
    was = _dlx.frontier_bit_mode(bit_mode)
    try:
        assert xc.count(symmetry="raw", engine="frontier") == fibonacci[100] > 2 ** 68
    finally:
        _dlx.frontier_bit_mode(was)


def test_a_state_past_the_compact_records_is_a_clear_error(tmp_path, on_disk_at_once):
    xc = identical_options(63, 4)  # the last state, 4**63 = 2**126 ways, passes them
    xc.add_item("last")
    xc.add_option(["last"])
    xc.sweep = list(xc.items)  # "last" last
    assert xc.count(symmetry="raw", engine="frontier") == 4 ** 63  # in memory: 128 bits
    with pytest.raises(ExactCoverError, match="passes 2\\*\\*126"):
        xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path)


def test_a_folder_of_the_wider_records_resumes(tmp_path, monkeypatch, whole_sweep):
    # a count begun before the compact records (16-byte counts, no record_head noted)
    from cpuzzler.engines.frontier import disk as frontier_disk

    xc = catalog.get("pentominoes-5x12").build().exact_cover
    for module in (frontier_disk, frontier_files):  # read in both
        monkeypatch.setattr(module, "RECORD_HEAD", 16)
        monkeypatch.setattr(module, "PACKING", None)
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4,
                        on_layer=stop_at(30)).complete
    state = json.loads((tmp_path / "state.json").read_text())
    del state["record_head"], state["packing"]
    (tmp_path / "state.json").write_text(json.dumps(state))
    monkeypatch.undo()
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 4040
    assert not {"record_head", "packing"} & set(json.loads((tmp_path / "state.json").read_text()))


@pytest.mark.parametrize(("xc", "stop", "expected"), [
    (catalog.get("pentominoes-5x12").build().exact_cover, 30, 4040),
    (identical_options(40, 4), 36, 4 ** 40),  # counts past 2**63: two records each
], ids=["pentominoes", "wide counts"])
def test_a_folder_of_the_older_records_is_repacked_and_goes_on(xc, stop, expected, tmp_path,
                                                                monkeypatch, whole_sweep):
    from cpuzzler.engines import sweep
    from cpuzzler.engines.frontier import disk as frontier_disk

    old, new = tmp_path / "old", tmp_path / "new"
    for module in (frontier_disk, frontier_files):  # read in both
        monkeypatch.setattr(module, "RECORD_HEAD", 16)
        monkeypatch.setattr(module, "PACKING", None)
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=old, shards=3,
                        on_layer=stop_at(stop)).complete
    monkeypatch.undo()
    arguments = sweep.counter_arguments(xc, None)
    frontier_disk.repack(arguments, old, new)
    state = json.loads((new / "state.json").read_text())
    assert state["record_head"] == 8 and state["packing"] == "zstd"
    if expected == 4040:  # (the wide counts' one record is smaller unpacked than framed)
        assert sum(state["sizes"].values()) < sum(
            json.loads((old / "state.json").read_text())["sizes"].values())
    assert xc.count(symmetry="raw", engine="frontier", work_dir=new) == expected
    with pytest.raises(ExactCoverError, match="not empty"):
        frontier_disk.repack(arguments, old, new)


def test_the_files_are_packed_and_a_damaged_one_is_a_clear_error(tmp_path, monkeypatch,
                                                                on_disk_at_once, whole_sweep):
    from cpuzzler.engines.frontier import disk as frontier_disk

    xc = catalog.get("pentominoes-5x12").build().exact_cover
    held = {}
    for packing in (None, "zlib", "zstd"):
        for module in (frontier_disk, frontier_files):  # read in both
            monkeypatch.setattr(module, "PACKING", packing)
        work = tmp_path / str(packing)
        assert xc.count(symmetry="raw", engine="frontier", work_dir=work, shards=4) == 4040
        held[packing] = sum(row[2] for row in json.loads((work / "state.json").read_text())[
            "profile"])
    assert held["zstd"] < held["zlib"] < 0.6 * held[None]
    work = tmp_path / "damaged"
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=work, shards=4,
                        on_layer=stop_at(30)).complete
    state = json.loads((work / "state.json").read_text())
    name = max((n for n in state["sizes"] if int(n[6:12]) == state["next"]),
               key=state["sizes"].get)
    with open(work / name, "r+b") as damaged:
        damaged.seek(12)
        damaged.write(b"\xff" * 8)
    with pytest.raises(ExactCoverError, match=f"{name}: a damaged block of records"):
        xc.count(symmetry="raw", engine="frontier", work_dir=work)


def test_a_folder_of_zlib_blocks_goes_on_in_zstd_ones(tmp_path, monkeypatch, whole_sweep):
    from cpuzzler.engines.frontier import disk as frontier_disk

    xc = catalog.get("pentominoes-5x12").build().exact_cover
    for module in (frontier_disk, frontier_files):  # read in both
        monkeypatch.setattr(module, "PACKING", "zlib")
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4,
                        on_layer=stop_at(30)).complete
    assert json.loads((tmp_path / "state.json").read_text())["packing"] == "zlib"
    monkeypatch.undo()
    kinds = set()

    def blocks(k, *_):  # the kinds of block in the files of the layer after k
        for path in tmp_path.glob(f"layer-{k + 1:06d}.*"):
            data, at = path.read_bytes(), 0
            while at < len(data):
                raw, size = frontier_files.BLOCK.unpack_from(data, at)
                kinds.add("zstd" if raw & frontier_files.ZSTD_BLOCK else "zlib")
                at += frontier_files.BLOCK.size + size

    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, on_layer=blocks) == 4040
    assert kinds == {"zlib", "zstd"}
    assert json.loads((tmp_path / "state.json").read_text())["packing"] == "zstd"


def test_the_appender_keeps_what_it_may_open_and_reopens_past_it(tmp_path):
    from cpuzzler.engines.frontier.files import Appender

    appender = Appender(tmp_path)
    assert appender.limit >= 64
    appender.limit = 2
    for round_ in range(3):
        appender.append([(layer, shard, bytes([round_, layer, shard]))
                         for layer in range(2) for shard in range(3)])
        assert len(appender.files) <= 2
    appender.close()
    assert len(appender.written) == 6
    assert (tmp_path / "layer-000001.0002").read_bytes() == bytes([0, 1, 2, 1, 1, 2, 2, 1, 2])


def test_the_cli_keeps_the_layers_in_a_work_folder(tmp_path, capsys):
    from cpuzzler.cli import main

    assert main(["solve", "queens-8", "--count", "--engine", "frontier", "--symmetry", "raw",
                 "--work-dir", str(tmp_path / "one"), "--shards", "4"]) == 0
    assert "92" in capsys.readouterr().out and (tmp_path / "one" / "state.json").exists()
    assert main(["solve", "queens-8", "--count", "--engine", "frontier", "--symmetry", "raw",
                 "--work-dir", str(tmp_path / "two"), "--jobs", "2"]) == 0
    assert "92" in capsys.readouterr().out
    assert main(["solve", "queens-8", "--count", "--symmetry", "raw",  # --work-dir
                 "--work-dir", str(tmp_path / "three")]) == 0  # chooses the frontier engine
    assert capsys.readouterr().out.strip() == "92"
    assert (tmp_path / "three" / "state.json").exists()
    assert main(["solve", "queens-8", "--count", "--engine", "dlx",
                 "--work-dir", str(tmp_path)]) == 2
    assert "--work-dir needs --engine frontier" in capsys.readouterr().err
    assert main(["solve", "queens-8", "--count", "--engine", "frontier",
                 "--work-dir", str(tmp_path)]) == 2
    assert "add --symmetry raw" in capsys.readouterr().err


def test_info_tells_where_a_count_on_disk_stands(tmp_path, capsys):
    from cpuzzler.cli import main

    xc, folder = queens(8), tmp_path / "layers"
    stopped = xc.count(symmetry="raw", engine="frontier", work_dir=folder, shards=4, time_limit=0)
    assert not stopped.complete
    assert main(["info", str(folder)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"layer \d+ of 16 next; \d+ solutions reached so far", out)
    assert "4 shards a layer" in out
    assert xc.count(symmetry="raw", engine="frontier", work_dir=folder) == 92
    assert main(["info", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "finished: 92 solutions" in out and "widest:" in out and "layers run:" in out
    state = json.loads((folder / "state.json").read_text())
    del state["layers"]  # as a folder begun by an older version: finished, no layer left
    (folder / "state.json").write_text(json.dumps(state))
    assert main(["info", str(folder)]) == 0
    assert "finished: 92 solutions" in capsys.readouterr().out
    (folder / "state.json").write_text("{}")
    assert main(["info", str(folder)]) == 2
    assert "not a frontier engine's work folder" in capsys.readouterr().err


def test_info_projects_the_rest_of_an_unfinished_count_from_its_layers(tmp_path, capsys,
                                                                      whole_sweep):
    from cpuzzler.cli import main

    xc, folder = catalog.get("pentominoes-5x12").build().exact_cover, tmp_path / "layers"

    def stop_after_ten(k: int, *_: object) -> None:
        if k == 9:
            raise KeyboardInterrupt  # as Ctrl-C: saved, resumable

    stopped = xc.count(symmetry="raw", engine="frontier", work_dir=folder, shards=4,
                       on_layer=stop_after_ten)
    assert not stopped.complete
    assert main(["info", str(folder)]) == 0
    out = capsys.readouterr().out
    # 72 items, the last 12 the pieces: the widest expected at the middle of the 60 cells
    assert re.search(r"projected: +widest layer [\d.,]+( million)? \.\.\. [\d.,]+( million)? "
                     r"states at layer 30 \(.* [MG]B of files\); .* states in all, about .* "
                     r"more at the last layers' pace", out), out
    assert xc.count(symmetry="raw", engine="frontier", work_dir=folder) == 4040
    assert main(["info", str(folder)]) == 0
    assert "projected" not in capsys.readouterr().out  # finished: nothing to project


def test_info_projects_a_count_met_in_the_middle_to_its_middle_layer(tmp_path, capsys,
                                                                   on_disk_at_once):
    from cpuzzler.cli import main

    xc, folder = catalog.get("pentominoes-5x12").build().exact_cover, tmp_path / "layers"

    def stop_after_ten(k: int, *_: object) -> None:
        if k == 9:
            raise KeyboardInterrupt

    assert not xc.count(symmetry="raw", engine="frontier", work_dir=folder, shards=4,
                        on_layer=stop_after_ten).complete
    assert main(["info", str(folder)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"states at layer 29 \(.*\); .* states in all to the middle \(layer 30; "
                     r"then the join\), about .* more", out), out


def test_a_work_folder_keeps_a_count_up_to_symmetry_where_the_reduction_is_one_count(
        tmp_path, capsys):
    from cpuzzler.cli import main

    folder = str(tmp_path / "layers")
    for _ in range(2):  # the second run finds the count finished in the folder
        assert main(["solve", "hexiamonds-4x9", "--count", "--engine", "frontier",
                     "--sweep", "skewed", "--work-dir", folder, "--shards", "4"]) == 0
        assert capsys.readouterr().out.startswith("74 solutions up to rotation; 148 in all")
    assert main(["solve", "hexiamonds-4x9", "--count", "--engine", "frontier", "--method",
                 "dedup", "--work-dir", folder]) == 2
    assert "add --symmetry raw" in capsys.readouterr().err


@pytest.mark.xdist_group("cluster")  # with test_cluster's: never two clusters at once
@pytest.mark.parametrize("backend, jobs, address", [("processes", 2, None),
                                                    ("dask", 1, "local:2")])
def test_the_shards_of_a_layer_run_side_by_side(tmp_path, backend, jobs, address):
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    total = xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=8,
                     backend=backend,
                     jobs=jobs, address=address)
    assert total.complete and total == 4040


def test_several_workers_need_a_work_folder():
    with pytest.raises(ExactCoverError, match="give a work folder"):
        queens(6).count(symmetry="raw", engine="frontier", backend="processes", jobs=2)


def test_a_damaged_state_file_is_a_clear_error(tmp_path):
    (tmp_path / "state.json").write_text('{"problem": "x"}')
    with pytest.raises(ExactCoverError, match="not a frontier engine's state"):
        queens(5).count(symmetry="raw", engine="frontier", work_dir=tmp_path)
    (tmp_path / "state.json").write_text("[1, 2")
    with pytest.raises(ExactCoverError, match="not a frontier engine's state"):
        queens(5).count(symmetry="raw", engine="frontier", work_dir=tmp_path)


def test_auto_counts_with_the_frontier_engine_in_little_memory():
    # 14,809,060 tilings: enumeration takes minutes. In 8 MB the memo engine's table
    # would overflow (it drops entries and slows down); the frontier engine's layers fit.
    xc = catalog.get("polyhexes-1234-4x10").build().exact_cover
    count = xc.count(symmetry="raw", engine="auto", memory=8e6)
    assert count == 14_809_060 == catalog.get("polyhexes-1234-4x10").found[1]
    assert count.complete and xc.stats.answered_by == "frontier"
    assert xc.stats.frontier["peak_bytes"] <= 8e6


def test_auto_turns_to_the_memo_engine_where_the_layers_do_not_fit():
    # the 8x8 domino tilings: the frontier engine's layers need about 10 KB; in 5 KB the
    # memo engine answers (dropping entries), before enumeration (seconds) does
    xc = Tiling([pieces.domino()[0].with_copies(32)], square.rectangle(8, 8)).exact_cover
    with pytest.raises(ExactCoverError, match="more memory"):
        xc.count(symmetry="raw", engine="frontier", memory=5000)
    count = xc.count(symmetry="raw", engine="auto", memory=5000)
    assert count == 12_988_816 and count.complete and xc.stats.answered_by == "memo"


def test_other_sweeps_have_other_states_and_the_same_count():
    """The second way the long counts are checked: the columns read the other way or cut
    across two axes (on a parallelogram of triangles no symmetry maps one sweep onto
    another)."""
    from cpuzzler.placements.tiling_cover import cell_name

    tiling = catalog.find("hexiamonds-4x9").build()
    xc = tiling.exact_cover
    layers = {}
    for flipped, skewed in itertools.product((False, True), repeat=2):
        order = [cell_name(cell) for cell in tiling.sweep(flipped=flipped, skewed=skewed)]
        assert xc.count(symmetry="raw", engine="frontier", order=order) == 148
        layers[flipped, skewed] = [row[0] for row in xc.stats.frontier["layers"]]
        assert xc.count(symmetry="raw", engine="memo", order=order) == 148
    assert len({sum(states) for states in layers.values()}) == 4


def test_a_work_folder_goes_on_with_its_own_sweep_only(capsys, tmp_path):
    from cpuzzler.cli import main

    command = ["solve", "hexiamonds-4x9", "--count", "--engine", "frontier", "--symmetry",
               "raw", "--work-dir", str(tmp_path)]
    assert main([*command, "--sweep", "skewed"]) == 0
    assert capsys.readouterr().out.strip() == "148"
    assert main(command) == 2
    assert "holds the count of another problem, or of this one on another sweep" in \
        capsys.readouterr().err
    assert main([*command, "--sweep", "skewed"]) == 0  # its own: the count, at once
    assert capsys.readouterr().out.strip() == "148"


def test_the_cli_takes_a_sweep(capsys, tmp_path):
    from cpuzzler.cli import main

    for engine, sweep in (("frontier", "flipped"), ("memo", "skewed"),
                          ("frontier", "skewed-flipped")):
        assert main(["solve", "pentominoes-3x20", "--count", "--engine", engine,
                     "--sweep", sweep]) == 0
        assert "2 solutions up to rotation and reflection; 8 in all" in capsys.readouterr().out
    order = tmp_path / "order.txt"
    order.write_text("r1 r2 r3\nr4\n")  # queens: rows first, the rest after
    assert main(["solve", "queens-8", "--count", "--engine", "frontier", "--symmetry", "raw",
                 "--sweep", str(order)]) == 0
    assert capsys.readouterr().out.strip() == "92"
    order.write_text("r1\nr1\n")
    assert main(["solve", "queens-8", "--count", "--engine", "memo", "--sweep",
                 str(order)]) == 2
    assert f"{order}:2: the sweep names 'r1' twice" in capsys.readouterr().err
    order.write_text("r1\n\nnothing\n")
    assert main(["solve", "queens-8", "--count", "--engine", "memo", "--sweep",
                 str(order)]) == 2
    assert f"{order}:3: the sweep names 'nothing', not an item" in capsys.readouterr().err
    assert main(["solve", "queens-8", "--count", "--sweep", "flipped", "--engine",
                 "frontier"]) == 2
    assert "--sweep flipped: a tiling's columns" in capsys.readouterr().err
    assert main(["solve", "queens-8", "--count", "--sweep", "flipped", "--engine",
                 "dlx"]) == 2
    assert "--sweep needs --engine memo, frontier or auto" in capsys.readouterr().err


def test_a_slow_layer_is_saved_at_its_end_whatever_the_time_since_the_last_save(tmp_path):
    """A kill -9 in the first half-minute restarted at layer 0: the saves came every 30
    s only. Here no save is due by the clock, and every layer counts as slow (the
    threshold set to 0): state.json moves on layer by layer, and a resume goes on."""
    import signal
    import subprocess
    import sys
    import time

    script = ("from cpuzzler import catalog\n"
              "from cpuzzler.engines.frontier import disk as frontier_disk\n"
              "frontier_disk.SLOW_LAYER = 0.0\n"
              "frontier_disk.MEMORY_SHARE = 0\n"  # on disk from the first layer
              "xc = catalog.get('polyhexes-1234-4x10').build().exact_cover\n"
              f"xc.count(engine='frontier', work_dir={str(tmp_path)!r}, shards=16, "
              "checkpoint_every=1e9, symmetry='raw')\n")
    child = subprocess.Popen([sys.executable, "-c", script])
    state = tmp_path / "state.json"
    start, seen = time.monotonic(), 0
    while time.monotonic() - start < 60 and child.poll() is None:
        if state.exists():
            with contextlib.suppress(ValueError, OSError):
                seen = json.loads(state.read_text())["next"]
            if seen > 20:
                break
        time.sleep(0.02)
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert seen > 20
    xc = catalog.get("polyhexes-1234-4x10").build().exact_cover
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 14809060


# ---- meeting in the middle (csrc/meet.c) ----------------------------------------------

@pytest.mark.parametrize("name", ["pentominoes-3x20", "pentominoes-4x15", "pentominoes-5x12",
                                  "pentominoes-6x10", "polyhexes-1234-4x10"])
def test_a_board_its_half_turn_maps_onto_itself_is_met_in_the_middle(name):
    xc = catalog.get(name).build().exact_cover
    met = xc.count(symmetry="raw", engine="frontier")
    assert xc.stats.frontier["met"]
    half = len(xc.stats.frontier["layers"])
    whole = xc.count(symmetry="raw", engine="frontier", meet=False)
    assert not xc.stats.frontier["met"]
    entry = catalog.get(name)
    assert met == whole == (entry.raw if entry.raw is not None else entry.found[1])
    assert half < len(xc.stats.frontier["layers"]) / 2


@pytest.mark.slow
def test_every_catalog_puzzle_the_meet_applies_to_counts_as_its_whole_sweep():
    """Every catalog puzzle of at most 1500 options the meet applies to (184 of 211; the
    larger ones take seconds to minutes each, the 6x10 and its like are checked above):
    the met count equals the whole sweep's and the published one."""
    from cpuzzler.engines import sweep

    compared, met_ones = [], 0
    for entry in catalog.ENTRIES:
        xc = exact_cover_of(entry.build())
        if xc.num_options > 1500:
            continue
        if not sweep.meet_places(sweep.counter_arguments(xc), sweep.piece_items(xc)):
            continue
        met = xc.count(symmetry="raw", engine="frontier")
        met_ones += xc.stats.frontier.get("met", False)  # else the lookups' places expire early
        whole = xc.count(symmetry="raw", engine="frontier", meet=False)
        published = entry.raw if entry.raw is not None else (entry.found or [None, None])[1]
        assert met == whole == (published if published is not None else whole), entry.name
        compared.append(entry.name)
    assert len(compared) >= 180 and met_ones >= 150, (len(compared), met_ones)


def test_a_met_count_in_memory_keeps_only_the_states_its_lookups_may_ask_for():
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    met = xc.count(symmetry="raw", engine="frontier")
    met_peak = xc.stats.frontier["peak_bytes"]
    assert xc.stats.frontier["met"]
    whole = xc.count(symmetry="raw", engine="frontier", meet=False)
    # the kept layers (6 to 30) shrunk to their useful states (4 in 100): the meet
    # holds less at once than the whole sweep does (17 MB against 23; 40 when kept whole)
    assert met == whole == 9356 and met_peak < xc.stats.frontier["peak_bytes"]


def symmetric_problem(rng, cells: int, pieces: int) -> ExactCover:
    """Options on a strip of ``cells`` places (a few places from where each begins, maybe
    a piece), each with its image under p -> cells-1-p: a board its half turn maps onto
    itself, every item primary."""
    names = [f"c{p}" for p in range(cells)] + [f"P{j}" for j in range(pieces)]
    xc = ExactCover(primary=names)
    options = set()
    for p in range(cells):
        for _ in range(rng.randint(0, 3)):
            span = [p] + [q for q in range(p + 1, min(cells, p + 4)) if rng.random() < 0.5]
            piece = [f"P{rng.randrange(pieces)}"] if pieces and rng.random() < 0.7 else []
            for places in (span, [cells - 1 - q for q in span]):
                options.add(tuple(sorted(f"c{q}" for q in places)) + tuple(piece))
    for option in sorted(options):
        xc.add_option(list(option))
    xc.sweep = names
    return xc


def test_meeting_in_the_middle_counts_random_symmetric_boards_as_the_python_engine():
    import random

    rng, met = random.Random(50), 0
    for trial in range(400):
        xc = symmetric_problem(rng, rng.randint(2, 12), rng.randint(0, 3))
        expected = xc.count(symmetry="raw", engine="python")
        assert xc.count(symmetry="raw", engine="frontier") == expected, (trial, xc)
        met += xc.stats.frontier["met"]
        assert xc.count(symmetry="raw", engine="frontier", meet=False) == expected
    assert met >= 60  # the rest: not of the kind (an item expires in the gap)


def test_on_disk_a_symmetric_board_is_met_in_the_middle_and_resumes(tmp_path, monkeypatch,
                                                                     on_disk_at_once):
    from cpuzzler.engines import _dlx
    from cpuzzler.engines.frontier import report as frontier_report

    xc = catalog.get("pentominoes-5x12").build().exact_cover
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4,
                        on_layer=stop_at(12)).complete
    state = json.loads((tmp_path / "state.json").read_text())
    middle, first, last, cells = state["meet"]
    assert (middle, cells) == (30, 60) and first < 12 < last
    # a kept layer's copy holds only the states a lookup may ask for
    kept = sum(path.stat().st_size for path in tmp_path.glob(f"keeps-{first + 1:06d}.*"))
    assert 0 < kept < state["profile"][first + 1][2] / 2
    dot, calls = _dlx.frontier_meet_dot, []

    def stops_once(*arguments):  # Ctrl-C in the join: it is redone
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return dot(*arguments)

    monkeypatch.setattr(_dlx, "frontier_meet_dot", stops_once)
    assert not xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path).complete
    assert json.loads((tmp_path / "state.json").read_text())["next"] == middle
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path) == 4040
    assert len(xc.stats.frontier["layers"]) == 0  # the join alone was left
    assert not list(tmp_path.glob("layer-*")) and not list(tmp_path.glob("query-*"))
    assert dict(frontier_report.folder_report(tmp_path))["count"] == "finished: 4,040 solutions"


def test_on_disk_the_join_runs_on_every_worker(tmp_path, on_disk_at_once):
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=8,
                    backend="processes",
                    jobs=2) == 4040
    state = json.loads((tmp_path / "state.json").read_text())
    assert state["meet"][0] == 30 and len(state["profile"]) == 30  # the layers to the middle
    assert not list(tmp_path.glob("query-*")) and not list(tmp_path.glob("keeps-*"))


def test_a_meet_past_memory_runs_its_layers_before_the_kept_ones_in_memory(tmp_path,
                                                                           monkeypatch):
    from cpuzzler.engines.frontier import disk as frontier_disk

    # the meet in memory past its share (as on the heptiamonds 4x21): the count goes on
    # disk, its layers before the first its lookups keep (6 on the 6x10) run in memory
    monkeypatch.setattr(frontier_disk, "_met_in_memory",
                        lambda *_: (None, frontier_disk._dlx.SPILL, []))
    written: list[int] = []
    name = frontier_files.file_name
    monkeypatch.setattr(frontier_files, "file_name",
                        lambda layer, shard: written.append(layer) or name(layer, shard))
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4) == 9356
    state = json.loads((tmp_path / "state.json").read_text())
    assert state["meet"][:2] == [30, 6] and len(state["profile"]) == 30
    assert min(written) == 6  # no layer before the kept ones touched the disk


def test_reading_ahead_is_a_hint_that_never_fails(tmp_path):

    (tmp_path / "shard").write_bytes(b"x" * 10000)
    assert frontier_files.will_need(tmp_path / "shard") is None
    assert frontier_files.will_need(tmp_path / "no such file") is None
    assert frontier_files.will_need(tmp_path) is None  # a folder: nothing to read ahead


def test_read_ahead_asks_for_the_next_items_files_before_handing_out_this_one(
        monkeypatch):

    events: list[str] = []
    monkeypatch.setattr(frontier_files, "will_need", lambda path: events.append(f"ask {path}"))
    for item in frontier_files.read_ahead(["a", "b", "c"], lambda item: [item, item + "2"]):
        events.append(f"work {item}")
    assert events == ["ask b", "ask b2", "work a", "ask c", "ask c2", "work b", "work c"]


def test_a_layers_last_tasks_halved_count_alike(tmp_path, on_disk_at_once, whole_sweep,
                                               monkeypatch):
    from cpuzzler.engines.frontier import disk as frontier_disk

    monkeypatch.setattr(frontier_disk, "SPLIT_TAIL", 0)  # every layer's tail halved
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=8,
                    backend="processes",
                    jobs=2) == 4040


def test_on_disk_meeting_counts_random_symmetric_boards_as_the_python_engine(
        tmp_path, on_disk_at_once):
    import random

    rng = random.Random(51)
    for trial in range(60):
        xc = symmetric_problem(rng, rng.randint(2, 12), rng.randint(0, 3))
        work = tmp_path / str(trial)
        assert xc.count(symmetry="raw", engine="frontier", work_dir=work,
                        shards=3) == xc.count(symmetry="raw",
            engine="python"), trial


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(xc=RANDOM_PROBLEMS, seconds=st.sampled_from([0.0, 1e-4, 1e-3]))
def test_a_count_goes_on_disk_once_its_time_in_memory_is_up(xc, seconds, tmp_path_factory,
                                                            monkeypatch):
    """A new count in a work folder ran in memory up to a third of its cap (200 s and
    more), so a kill -9 lost all of it; now at most ``IN_MEMORY_SECONDS`` (30 s), then
    on disk from where it stands: the same count wherever that falls."""
    from cpuzzler.engines.frontier import disk as frontier_disk

    monkeypatch.setattr(frontier_disk, "IN_MEMORY_SECONDS", seconds)
    work = tmp_path_factory.mktemp("work")
    assert xc.count(symmetry="raw", engine="frontier", work_dir=work,
                    shards=3) == xc.count(symmetry="raw", engine="python")


def test_the_6x10_is_on_disk_once_its_time_in_memory_is_up(tmp_path, monkeypatch):
    from cpuzzler.engines.frontier import disk as frontier_disk

    monkeypatch.setattr(frontier_disk, "IN_MEMORY_SECONDS", 0.0)
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    seen: list[int] = []

    def files(k, *_):
        seen.append(len(list(tmp_path.glob("layer-*"))))

    assert xc.count(symmetry="raw", engine="frontier", work_dir=tmp_path, shards=4,
                    on_layer=files) == 9356
    assert seen and all(n > 0 for n in seen[:5])  # on disk from its first layers
