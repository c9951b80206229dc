"""Random-probe estimates (Knuth; Purdom's partial backtracking): unbiased, exact where a
probe takes every branch, and within a few standard errors of published counts."""

from __future__ import annotations

import math

import pytest
from conftest import bounded_problems, brute_force_solutions
from hypothesis import HealthCheck, given, settings

from cpuzzler import catalog
from cpuzzler.errors import ExactCoverError
from cpuzzler.models import queens

RANDOM_PROBLEMS = bounded_problems(primary=5, highs=[1, 1, 1, 2, 3, 2**31],
                                   lows=lambda hi: [0, 1, 1, 2, hi], options=10)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xc=RANDOM_PROBLEMS)
def test_a_probe_taking_every_branch_counts_exactly(xc):
    # breadth past every node's degree: the probe is the whole search, weights all 1
    guess = xc.estimate(probes=2, breadth=10_000, rate=False)
    assert guess.solutions == len(brute_force_solutions(xc)) == xc.count(symmetry="raw",
                                                                         engine="python")
    assert guess.solutions_error == 0 and guess.successes == 2 * (guess.solutions > 0)


def test_the_pentominoes_6x10_raw_count_is_within_four_standard_errors():
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    guess = xc.estimate(probes=2000, seed=1, breadth=2, rate=False)
    assert abs(guess.solutions - 9356) < 4 * guess.solutions_error
    assert 0 < guess.successes < guess.probes == 2000
    # plain probes rarely meet one of the 6x10's solutions; the count says how rarely
    plain = xc.estimate(probes=2000, seed=1, rate=False)
    assert plain.successes < guess.successes / 10


def test_estimates_are_reproducible_by_seed():
    xc = queens(10)
    assert xc.estimate(500, seed=3, rate=False) == xc.estimate(500, seed=3, rate=False)
    assert xc.estimate(500, seed=3, rate=False) != xc.estimate(500, seed=4, rate=False)


def test_the_projected_time_is_measured_on_the_native_engine():
    guess = queens(12).estimate(probes=3000, seed=1)
    assert guess.seconds is not None and guess.seconds > 0
    assert "dlx engine at its rate here" in guess.describe()


def test_a_time_limit_leaves_an_estimate_from_the_probes_made():
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    guess = xc.estimate(probes=10**9, breadth=2, time_limit=0.3, rate=False)
    assert guess.reason == "time-out" and 0 < guess.probes < 10**9


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ExactCoverError, match="at least 1"):
        queens(4).estimate(probes=0)
    with pytest.raises(ExactCoverError, match="breadth must be at least 1"):
        queens(4).estimate(breadth=0)


def test_the_cli_estimates(capsys):
    from cpuzzler.cli import main

    assert main(["estimate", "queens-8", "--probes", "2000", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "solutions: about" in out and "of 2,000 probes met one" in out
    assert main(["estimate", "queens-8", "--probes", "0"]) == 2
    assert "--probes: needs a positive number" in capsys.readouterr().err


# ---- the frontier engine's layers projected from a short run ---------------------------


def test_a_run_that_finishes_gives_the_layers_as_measured():
    from cpuzzler.engines.projection import project

    xc = queens(8)
    layers = project(xc, seconds=60)
    assert layers.complete and layers.count == 92 == xc.count(symmetry="raw", engine="python")
    assert layers.low == layers.high and len(layers.layers) == layers.items
    assert layers.low.peak_states == max(layers.layers)


def test_the_pentominoes_6x10_layers_are_bracketed_from_a_third_of_them():
    from cpuzzler.engines.projection import project

    xc = catalog.get("pentominoes-6x10").build().exact_cover
    measured = project(xc, seconds=600)
    assert measured.complete and measured.count == 9356
    guess = project(xc, seconds=600, layers=20, meet=False)  # the whole sweep's
    assert not guess.complete and len(guess.layers) == 20
    assert guess.layers == measured.layers[:20]
    low, high, real = guess.low, guess.high, measured.low
    assert low.peak_states < real.peak_states < high.peak_states < 3 * real.peak_states
    assert low.states < real.states < high.states
    assert low.peak_layer == high.peak_layer == guess.middle == 30  # 60 cells, 12 pieces
    assert "20 of 72 layers run" in guess.describe()


def test_a_count_met_in_the_middle_is_projected_to_its_middle_layer():
    from cpuzzler.engines.projection import project

    xc = catalog.get("pentominoes-6x10").build().exact_cover
    measured = project(xc, seconds=600)
    whole = project(xc, seconds=600, layers=20, meet=False)
    met = project(xc, seconds=600, layers=20)
    assert whole.met is None and met.met == 30  # the half turn maps the 6x10 onto itself
    # the layers a met count runs, 0 to 29, measured, between the projection's ends
    assert met.low.states < sum(measured.layers[:30]) < met.high.states < whole.high.states
    assert "met in the middle at layer 30" in met.describe()
    assert "met in the middle" not in whole.describe()


def test_a_time_limit_projects_from_the_layers_run():
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    guess = xc.estimate(probes=100, rate=False, frontier=0.3)
    assert guess.frontier is not None and not guess.frontier.complete
    assert 0 < len(guess.frontier.layers) < guess.frontier.items
    assert "projected" in guess.describe()


def test_the_cli_projects_the_frontier_engines_layers(capsys):
    from cpuzzler.cli import main

    assert main(["estimate", "queens-8", "--probes", "200", "--frontier", "5",
                 "--workers", "4"]) == 0
    out = capsys.readouterr().out
    assert "frontier engine: all 16 layers run, the count 92" in out
    assert "on 4 workers at best" in out
    assert main(["estimate", "queens-8", "--probes", "200", "--frontier", "0"]) == 0
    assert "frontier engine" not in capsys.readouterr().out
    assert main(["estimate", "queens-8", "--frontier", "-1"]) == 2
    assert "--frontier" in capsys.readouterr().err


def test_a_run_stopped_by_the_memory_cap_projects_from_the_layers_it_finished():
    from cpuzzler.engines.projection import project

    xc = catalog.get("pentominoes-6x10").build().exact_cover
    guess = project(xc, seconds=600, memory=2e6)
    assert not guess.complete and guess.count is None
    assert 0 < len(guess.layers) < 30 and guess.low.peak_states <= guess.high.peak_states


def _domino_board(tmp_path, n: int) -> str:
    path = tmp_path / f"dominoes-{n}.toml"
    path.write_text(f'lattice = "square"\nregion = {{ rectangle = [{n}, {n}] }}\n'
                    f'pieces = {{ set = "domino", copies = {{ I2 = {n * n // 2} }} }}\n')
    return str(path)


def _kasteleyn_log10(n: int) -> float:
    """log10 of the domino tilings of an n x n board (n even), Kasteleyn's product."""
    import math

    return sum(math.log10(4 * math.cos(math.pi * j / (n + 1)) ** 2
                          + 4 * math.cos(math.pi * k / (n + 1)) ** 2)
               for j in range(1, n // 2 + 1) for k in range(1, n // 2 + 1))


def test_no_estimate_reads_about_0_and_a_finished_count_is_given_whole(capsys):
    from cpuzzler.cli import main

    assert main(["estimate", "pentominoes-8x8-hole", "--probes", "50", "--frontier", "20",
                 "--layer-states", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("solutions: 520 (the frontier engine finished the count)"), out
    assert main(["estimate", "heptiamonds-4x21", "--probes", "20", "--frontier", "0"]) == 0
    out = capsys.readouterr().out
    assert "no probe of 20 met one" in out and "about 0 +- 0" not in out
    assert "8 sweeps of the layers, 500 states each" in out  # the sampled sweeps by default


def test_sampled_sweeps_come_within_2x_of_the_4x21_and_10x_of_kasteleyn(tmp_path):
    """The probes meet none of the heptiamonds 4x21's solutions and are 400x low on the
    30x30 dominoes (heavy tails); the default sampled sweeps are near both."""
    from cpuzzler.engines.estimate.layer_sample import sample_count
    from cpuzzler.formats import puzzle_file

    entry = catalog.get("heptiamonds-4x21")
    guess = sample_count(entry.build().exact_cover, 500, runs=8, seed=1)
    assert entry.found is not None and 0.5 < guess.solutions / entry.found[1] < 2
    board = puzzle_file.read(_domino_board(tmp_path, 30)).exact_cover
    guess = sample_count(board, 200, runs=8, seed=1)
    import math

    assert abs(math.log10(guess.solutions) - _kasteleyn_log10(30)) < 1


def test_boards_past_floating_point_are_estimated_without_a_crash(tmp_path, capsys):
    from cpuzzler.cli import main

    assert main(["estimate", _domino_board(tmp_path, 60), "--probes", "50", "--frontier",
                 "1", "--layer-states", "20", "--sweeps", "2"]) == 0
    out = capsys.readouterr().out
    assert "past 10^308 by the probes" in out and "past 10^308 nodes" in out
    assert "about inf" not in out and "+- 0 " not in out


def test_ctrl_c_during_an_estimate_exits_130_with_what_was_found(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    run = subprocess.Popen([sys.executable, "-m", "cpuzzler", "estimate",
                            _domino_board(tmp_path, 30)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=30)
    assert run.returncode == 130, err
    assert "stopped early (interrupted)" in out and "Traceback" not in err



@pytest.mark.slow
def test_the_shell_leads_with_the_sampled_sweeps_within_ten_times(tmp_path, capsys):
    """The sampled sweeps came within 2x of the 30x30 dominoes, yet `estimate` led with
    the probes' mean, 200 times low (heavy tails): the sampled sweeps lead now and the
    probes' line follows, said to be theirs."""
    from cpuzzler.cli import main

    assert main(["estimate", _domino_board(tmp_path, 30), "--frontier", "0"]) == 0
    first, second = capsys.readouterr().out.splitlines()[:2]
    assert first.startswith("solutions: about ") and "sweeps of the layers" in first
    assert abs(math.log10(float(first.split()[2])) - _kasteleyn_log10(30)) < 1
    assert second.startswith("solutions by random probes: about ")


def test_a_time_limit_covers_the_frontier_engines_run_too(monkeypatch):
    """``estimate --time-limit 8`` took 18 s: the limit bounded the probes, and the
    frontier engine's run (10 s by default) came after it; now each phase gets a share
    of what is left."""
    from cpuzzler.engines import projection

    asked: list[float] = []
    run = projection.project

    def project(xc, *, seconds, **options):
        asked.append(seconds)
        return run(xc, seconds=seconds, **options)

    monkeypatch.setattr(projection, "project", project)
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    xc.estimate(500, time_limit=2.0, frontier=10.0)
    assert len(asked) == 1 and 0 <= asked[0] <= 2.0
