"""Counting in parts on a Dask cluster: two worker processes started on this machine
(loopback only), catalog counts, a worker killed mid-task, a client stopped and resumed,
a scheduler that cannot be reached, and parts cut again when they run long."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import finish, parts_done, patience

from cpuzzler import catalog
from cpuzzler.engines.frontier.report import folder_report
from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.models import queens
from cpuzzler.parts import backends, count_in_parts

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.xdist_group("cluster")  # one worker runs them all, on one cluster


@pytest.fixture(scope="module")
def cluster():
    """A scheduler and two single-threaded worker processes, for the module's tests."""
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=logging.ERROR,
                                  host="127.0.0.1") as local:
        yield local.scheduler_address


@pytest.mark.parametrize("name, symmetry, expected", [
    ("queens-8", "raw", (92, 92)),
    ("soma", "unique", (240, 11520)),  # the reduced search has a symmetric task too
    ("pentominoes-5x12", "unique", (1010, 4040)),
])
def test_catalog_counts_on_the_cluster_equal_the_serial_ones(cluster, name, symmetry,
                                                             expected):
    problem = catalog.get(name).build()
    on_cluster = count_in_parts(problem, symmetry=symmetry, backend="dask", address=cluster)
    assert on_cluster == count_in_parts(problem, symmetry=symmetry) == expected
    assert on_cluster[0].complete


def test_each_part_memoised_on_the_cluster(cluster):
    puzzle = catalog.get("pentominoes-5x12").build()
    assert count_in_parts(puzzle, symmetry="unique", engine="memo", backend="dask",
                          address=cluster) == (1010, 4040)


def test_parts_that_run_long_are_cut_again_and_the_count_is_the_same(cluster):
    puzzle = catalog.get("pentominoes-6x10").build()
    timings = []
    counts = count_in_parts(puzzle, symmetry="unique", backend="dask", address=cluster,
                            split_after=0.02, timings=timings)
    assert counts == (2339, 9356)
    cut = [part for part, _, outcome in timings if outcome == "cut"]
    counted = [part for part, _, outcome in timings if outcome == "counted"]
    assert cut and any("." in part for part in counted)  # pieces were counted
    assert len(counted) == len(set(counted))  # and none twice
    assert not set(cut) & set(counted)


def test_a_local_cluster_is_started_and_stopped_for_the_count():
    assert count_in_parts(queens(8), backend="dask", address="local:2") == (92, 92)


def _worker_pids(address):
    with distributed.Client(address, set_as_default=False) as client:
        return client.run(os.getpid)


def test_a_worker_killed_mid_task_has_its_task_run_again_and_counted_once(cluster):
    puzzle = catalog.get("pentominoes-6x10").build()
    killed = []

    def kill_a_worker(done, total):
        if done == 3 and not killed:  # both workers are busy with a part then
            pid = next(iter(_worker_pids(cluster).values()))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    timings = []
    counts = count_in_parts(puzzle, symmetry="unique", backend="dask", address=cluster,
                            progress=kill_a_worker, timings=timings)
    assert killed and counts == (2339, 9356)
    counted = [part for part, _, outcome in timings if outcome == "counted"]
    assert len(counted) == len(set(counted))
    end = time.monotonic() + 30  # the nanny starts a new worker in its place
    while len(_worker_pids(cluster)) < 2 and time.monotonic() < end:
        time.sleep(0.2)
    assert killed[0] not in _worker_pids(cluster).values()


def test_a_stopped_client_resumes_from_its_checkpoint_on_the_cluster(cluster, tmp_path):
    puzzle = catalog.get("pentominoes-6x10").build()
    checkpoint = str(tmp_path / "count.json")

    def stop_after_four(done, total):
        if done == 4:
            raise KeyboardInterrupt

    first = count_in_parts(puzzle, symmetry="unique", backend="dask", address=cluster,
                           checkpoint=checkpoint, progress=stop_after_four)
    assert first[0].reason == "interrupted"
    with open(checkpoint, encoding="utf-8") as f:
        assert len(json.load(f)["done"]) == 4
    seen = []
    resumed = count_in_parts(puzzle, symmetry="unique", backend="dask", address=cluster,
                             checkpoint=checkpoint, progress=lambda d, t: seen.append(d))
    assert resumed == (2339, 9356) and seen[0] == 5



def test_the_client_killed_by_kill_9_then_started_again_goes_on(cluster, tmp_path):
    checkpoint = str(tmp_path / "6x10.json")
    command = [sys.executable, "-m", "cpuzzler", "solve", "pentominoes-6x10", "--count",
               "--cluster", cluster, "--checkpoint", checkpoint]
    run = subprocess.Popen([*command, "--engine", "python"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    end = time.monotonic() + 120
    while parts_done(checkpoint) < 2 and time.monotonic() < end:
        time.sleep(0.1)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=30)
    saved = parts_done(checkpoint)
    assert saved >= 2
    finished = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.startswith("2339 solutions up to rotation and reflection; 9356")


def test_pieces_of_cut_parts_are_resumed_and_damaged_ones_refused(cluster, tmp_path):
    puzzle = catalog.get("pentominoes-6x10").build()
    checkpoint = str(tmp_path / "cut.json")

    def stop_after_pieces(done, total):
        with open(checkpoint, encoding="utf-8") as f:
            if done >= 30 and any("." in k for k in json.load(f)["done"]):
                raise KeyboardInterrupt

    import cpuzzler.parts.counting as parts

    parts.SAVE_EVERY, saved_every = 0.0, parts.SAVE_EVERY
    try:
        first = count_in_parts(puzzle, symmetry="unique", backend="dask", address=cluster,
                               checkpoint=checkpoint, split_after=0.02,
                               progress=stop_after_pieces)
    finally:
        parts.SAVE_EVERY = saved_every
    assert not first[0].complete
    with open(checkpoint, encoding="utf-8") as f:
        data = json.load(f)
    assert any("." in k for k in data["done"])
    # the resumed run (on this machine: a checkpoint does not care where parts ran)
    assert count_in_parts(puzzle, symmetry="unique", jobs=2, checkpoint=checkpoint) == (
        2339, 9356)
    piece = next(k for k in data["done"] if "." in k)
    data["done"][piece.split(".")[0] + ".999"] = [0, 0]
    data["checksum"] = parts._checksum(data)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputFormatError, match="damaged"):
        count_in_parts(puzzle, symmetry="unique", checkpoint=str(broken))


def test_a_scheduler_that_cannot_be_reached_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", 1.0)
    start = time.monotonic()
    with pytest.raises(ExactCoverError, match="cannot reach the Dask scheduler"):
        count_in_parts(queens(6), backend="dask", address="tcp://127.0.0.1:9")
    assert time.monotonic() - start < patience(20)


@pytest.mark.parametrize("address", ["local:0", "local:x", "scheduler:8786"])
def test_bad_addresses_are_named(address):
    with pytest.raises(ExactCoverError, match="local:N"):
        count_in_parts(queens(6), backend="dask", address=address)


def test_the_shell_counts_on_a_cluster_and_refuses_bad_combinations(cluster):
    done = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", "soma", "--count",
                           "--cluster", cluster], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("240 solutions")
    unreachable = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", "soma",
                                  "--count", "--cluster", "tcp://127.0.0.1:9"],
                                 capture_output=True, text=True, timeout=120)
    assert unreachable.returncode != 0
    assert "cannot reach the Dask scheduler" in unreachable.stderr
    assert "Traceback" not in unreachable.stderr
    both = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", "soma", "--count",
                           "--cluster", "local:2", "--jobs", "2"],
                          capture_output=True, text=True, timeout=60)
    assert both.returncode == 2 and "--jobs is for processes" in both.stderr


def test_ctrl_c_at_the_terminal_stops_a_local_cluster_quietly(tmp_path):
    """Ctrl-C reaches every process of the terminal's group: the local cluster's workers
    printed 67 lines of tracebacks; now they ignore it and the client shuts them down."""
    checkpoint = str(tmp_path / "6x10.json")
    run = subprocess.Popen([sys.executable, "-m", "cpuzzler", "solve", "pentominoes-6x10",
                            "--count", "--engine", "python", "--cluster", "local:2",
                            "--checkpoint", checkpoint],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    end = time.monotonic() + 120
    while parts_done(checkpoint) < 1 and time.monotonic() < end:
        time.sleep(0.1)
    os.killpg(run.pid, signal.SIGINT)
    try:
        out, err = finish(run, 60)
    finally:  # the cluster's workers too, whatever happened (else they starve the rest)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130, err
    assert "(interrupted)" in out
    assert "Traceback" not in err and len(err.splitlines()) <= 2, err


# -- the frontier engine, each worker owning its shards ----------------------------------

def _owned_count(address, folder, meet=False, **options):
    """The pentominoes 5x12 counted on the cluster (the whole sweep, unless ``meet``)."""
    xc = catalog.get("pentominoes-5x12").build().exact_cover
    return xc.count(symmetry="raw", engine="frontier", work_dir=folder, shards=8, backend="dask",
                    address=address, meet=meet, **options)


def test_an_owned_count_meets_in_the_middle_each_owner_keeping_its_kept_shards(
        cluster, tmp_path):
    kept = set()

    def look(k, *rest):
        kept.update(path.parent.name for path in tmp_path.glob("owner-*/keeps-*"))

    count = _owned_count(cluster, tmp_path, meet=True, on_layer=look)
    assert count == 4040 and count.complete
    state = json.loads((tmp_path / "state.json").read_text())
    assert state["meet"][:3] == [30, 10, 30] and len(state["profile"]) == 30
    assert state["next"] == state["layers"] == 72
    assert kept == {"owner-0", "owner-1"}  # the kept layers' copies, by their shards
    assert not list(tmp_path.glob("owner-*/*-0*"))  # no layer, copy or lookup file left


def test_owned_counts_meeting_in_the_middle_count_random_symmetric_boards_right(
        cluster, tmp_path):
    import random

    from test_frontier import symmetric_problem

    rng, compared = random.Random(52), 0
    while compared < 8:  # problems that meet (in memory) and have solutions
        xc = symmetric_problem(rng, rng.randint(4, 14), rng.randint(0, 3))
        expected = xc.count(symmetry="raw", engine="python")
        if not (expected and xc.count(symmetry="raw",
                                      engine="frontier") and xc.stats.frontier["met"]):
            continue
        work = tmp_path / str(compared)
        assert xc.count(symmetry="raw", engine="frontier", work_dir=work, shards=3, backend="dask",
                        address=cluster) == expected, (compared, xc)
        assert json.loads((work / "state.json").read_text())["meet"] is not None
        compared += 1


def test_lookups_after_a_stopped_joins_files_are_dropped_go_to_new_files(tmp_path):
    from cpuzzler.engines.frontier import cluster as frontier_cluster

    frontier_cluster.owner_folder(str(tmp_path), 0).mkdir()
    query = tmp_path / "owner-0" / "query-000007.0001"
    frontier_cluster.append(str(tmp_path), 0, [(7, 1, b"old")], True)  # a join stopped
    frontier_cluster.drop(str(tmp_path), 0, "query-*")  # the join begun again
    assert not query.exists()
    assert frontier_cluster.append(str(tmp_path), 0, [(7, 1, b"new!")], True) == {
        "query-000007.0001": 4}
    assert query.read_bytes() == b"new!"
    frontier_cluster.drop(str(tmp_path), 0, "query-*")


def test_an_owned_count_stopped_at_its_middle_goes_on_with_the_join(cluster, tmp_path):
    first = _owned_count(cluster, tmp_path, meet=True, on_layer=_stop_at(29),
                         checkpoint_every=0)
    assert not first.complete and json.loads(
        (tmp_path / "state.json").read_text())["next"] == 30
    layers = []
    resumed = _owned_count(cluster, tmp_path, meet=True,
                           on_layer=lambda k, *rest: layers.append(k))
    assert resumed == 4040 and resumed.complete and layers == []  # the join alone


def test_each_worker_keeps_the_shards_it_owns_in_its_own_folder(cluster, tmp_path):
    held = set()

    def look(k, states, size, seconds):
        for path in tmp_path.glob("owner-*/layer-*"):
            held.add((path.parent.name, int(path.name[-4:]) % 2))

    count = _owned_count(cluster, tmp_path, on_layer=look)
    assert count == 4040 and count.complete
    assert held == {("owner-0", 0), ("owner-1", 1)}  # shard s with owner s % 2
    state = json.loads((tmp_path / "state.json").read_text())
    assert state["owners"] == 2 and state["next"] == state["layers"] == 72
    assert not list(tmp_path.glob("owner-*/layer-*"))  # the last layer's files deleted


def test_an_owned_count_stopped_goes_on_from_its_last_saved_layer(cluster, tmp_path):
    first = _owned_count(cluster, tmp_path, on_layer=_stop_at(20), checkpoint_every=0)
    assert not first.complete and first < 4040
    assert json.loads((tmp_path / "state.json").read_text())["next"] == 21
    report = dict(folder_report(tmp_path))
    assert report["count"].startswith("layer 21 of 72 next")
    assert "owned by 2 workers" in report["files"]
    assert "at layer 30 (" in report["projected"]  # the middle of 60 cells, 12 pieces
    with pytest.raises(ExactCoverError, match="goes on on a cluster"):  # not here alone
        catalog.get("pentominoes-5x12").build().exact_cover.count(symmetry="raw",
            engine="frontier", work_dir=tmp_path, shards=8)
    layers = []
    resumed = _owned_count(cluster, tmp_path, on_layer=lambda k, *rest: layers.append(k))
    assert resumed == 4040 and resumed.complete and layers[0] == 21


def _kill_a_worker_at(address, layer, killed, then=None):
    def kill(k, *rest):
        if k == layer and not killed:
            pid = next(iter(_worker_pids(address).values()))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            if then is not None:
                then()
    return kill


def test_a_worker_lost_mid_count_is_replaced_and_the_layers_since_the_save_redone(
        cluster, tmp_path):
    killed, layers = [], []

    def watch(k, *rest):
        layers.append(k)
        kill(k)

    # the nanny starts a new worker in the lost one's place; the workers here share one
    # disk, so the new one holds the lost one's folder
    kill = _kill_a_worker_at(cluster, 15, killed)
    count = _owned_count(cluster, tmp_path, on_layer=watch, checkpoint_every=0)
    assert killed and count == 4040 and count.complete
    assert layers.count(15) == 1 and layers[-1] == 71  # redone from the save at 15


def test_a_lost_workers_folder_not_held_again_is_named(cluster, tmp_path, monkeypatch):
    from cpuzzler.engines.frontier import cluster as frontier_cluster

    monkeypatch.setattr(frontier_cluster, "REJOIN", 2.0)

    def lose_the_folders():  # as if the worker's machine and disk were gone
        for mark in tmp_path.glob("owner-*/owner.json"):
            mark.unlink()

    with pytest.raises(ExactCoverError, match="no worker holds the shards of owner 0 of 2"):
        _owned_count(cluster, tmp_path, checkpoint_every=0,
                     on_layer=_kill_a_worker_at(cluster, 15, [], lose_the_folders))
    end = time.monotonic() + 30  # the nanny's new worker, for the tests after this one
    while len(_worker_pids(cluster)) < 2 and time.monotonic() < end:
        time.sleep(0.2)


def test_an_owners_folder_no_worker_holds_is_named(cluster, tmp_path):
    _owned_count(cluster, tmp_path, on_layer=_stop_at(10), checkpoint_every=0)
    (tmp_path / "owner-1" / "owner.json").unlink()
    with pytest.raises(ExactCoverError, match="no worker holds the shards of owner 1 of 2"):
        _owned_count(cluster, tmp_path)


def _stop_at(layer):
    def stop(k, *rest):
        if k == layer:
            raise KeyboardInterrupt
    return stop


def test_the_shell_counts_on_disk_on_the_cluster_and_tells_where_it_stands(cluster,
                                                                           tmp_path):
    folder = str(tmp_path / "layers")
    done = subprocess.run([sys.executable, "-m", "cpuzzler", "solve", "pentominoes-5x12",
                           "--count", "--symmetry", "raw", "--engine", "frontier",
                           "--work-dir", folder, "--shards", "8", "--cluster", cluster],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("4040")
    info = subprocess.run([sys.executable, "-m", "cpuzzler", "info", folder],
                          capture_output=True, text=True, timeout=60)
    assert "finished: 4,040 solutions" in info.stdout
    assert "owned by 2 workers" in info.stdout


def test_a_cluster_without_workers_is_a_clear_error_for_owned_shards(tmp_path):
    import logging

    with (distributed.LocalCluster(n_workers=0, dashboard_address=":0", host="127.0.0.1",
                                   silence_logs=logging.ERROR) as empty,
          pytest.raises(ExactCoverError, match="no workers to own the shards")):
        _owned_count(empty.scheduler_address, tmp_path)
