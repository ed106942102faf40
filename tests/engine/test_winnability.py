"""The winnability study: resumable, honest about unknowns, its pages true to
its data, and able to run on a Dask cluster that loses a worker mid-run."""

import csv
import io
import logging
import os
import signal
import sys
from pathlib import Path

import pytest

from castling import GAMES, Position
from castling.search.solver import solve

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import study_report  # noqa: E402
import winnability  # noqa: E402


@pytest.fixture
def data(tmp_path, monkeypatch):
    """The study's CSV, in a scratch folder."""
    path = tmp_path / "study.csv"
    monkeypatch.setattr(study_report, "DATA", path)
    monkeypatch.setattr(winnability, "DATA", path)
    return path


def rows_of(path):
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def write_rows(path, rows):
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, study_report.FIELDS)
        writer.writeheader()
        writer.writerows(rows)


def row(deal, result, max_nodes=5000, solver=winnability.SOLVER_VERSION, game="martha"):
    return {"game": game, "deal": deal, "result": result, "nodes": 10, "seconds": "0.1",
            "max_nodes": max_nodes, "solver": solver}


def test_wilson_interval_brackets_the_share():
    low, high = study_report.wilson(20, 100)
    assert 0.13 < low < 0.2 < high < 0.29
    assert study_report.wilson(0, 0) == (0.0, 1.0)


def test_a_study_resumes_without_repeating_deals(data):
    assert winnability.run(["martha"], deals=3, max_nodes=5000, jobs=1) == 0
    assert winnability.run(["martha"], deals=5, max_nodes=5000, jobs=2, batch=1) == 0
    rows = rows_of(data)
    assert sorted(int(r["deal"]) for r in rows) == [1, 2, 3, 4, 5]
    assert {r["solver"] for r in rows} == {str(winnability.SOLVER_VERSION)}
    table = study_report.summary()
    assert table[0]["tried"] == 5
    assert table[0]["low"] <= table[0]["rate"] <= table[0]["high"]
    # A deal written twice (two runs at once) counts once.
    with data.open("a", newline="") as handle:
        csv.DictWriter(handle, study_report.FIELDS).writerow(rows[0])
    assert study_report.summary()[0]["tried"] == 5


def test_a_proof_outweighs_an_unknown_and_unknowns_are_tried_again_only_when_stronger(data):
    write_rows(data, [row(1, "unknown"), row(1, "won", max_nodes=9000),
                      row(2, "lost"), row(2, "unknown", max_nodes=9000),
                      row(3, "unknown"), row(4, "unknown", solver=winnability.SOLVER_VERSION - 1)])
    kept = {r["deal"]: r["result"] for r in study_report.read_rows()}
    assert kept == {"1": "won", "2": "lost", "3": "unknown", "4": "unknown"}
    # Proved deals are never tried again; an unknown one with a larger budget or a newer solver.
    assert [number for _, number, _ in winnability.still_to_do(["martha"], 5, 5000)] == [4, 5]
    assert [number for _, number, _ in winnability.still_to_do(["martha"], 5, 6000)] == [3, 4, 5]


def test_data_in_another_form_is_refused_with_a_clear_message(data):
    data.write_text("game,deal,result\nmartha,1,won\n")
    with pytest.raises(study_report.StudyDataError, match="columns"):
        winnability.run(["martha"], deals=2, max_nodes=100, jobs=1)
    assert data.read_text() == "game,deal,result\nmartha,1,won\n"


def test_the_published_pages_match_the_data():
    """docs/winnability.md and the site's pages are what the committed data makes."""
    pages = study_report.render_reports(study_report.summary())
    assert len(pages) == 1 + len(study_report.SITE_PAGES)
    for path, text in pages.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} is not what data/winnability.csv makes: run "
            "scripts/winnability.py --report-only")


def test_progress_says_deals_done_rate_and_time_left():
    stream = io.StringIO()
    progress = winnability.Progress(40, stream)
    for _ in range(10):
        progress.advance(4)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10                          # into a log: a line a tenth
    assert lines[0].startswith("[##..")
    assert " 4/40 deals · " in lines[0] and "deals/s" in lines[0] and "left" in lines[0]
    assert " 40/40 deals · " in lines[-1] and "0:00:00 left" in lines[-1]


def test_a_cluster_run_loses_nothing_when_a_worker_dies(data):
    from distributed import Client, LocalCluster

    # A LocalCluster's scheduler runs in this process, and the engine's zip that
    # the run uploads reloads the castling package here too, from a file gone
    # once the upload is done: what the engine imports lazily (the core, which
    # solve() loads on first use) must be imported before, or no later test
    # finds it. (A real cluster's scheduler is a process of its own.)
    import castling.search.core.wasm  # noqa: F401

    killed = []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=logging.CRITICAL) as cluster, \
            Client(cluster) as watcher:

        def kill_a_busy_worker(rows):
            """After the first batch back, kill a worker in the middle of its batch."""
            if killed:
                return
            busy = [worker for worker, tasks in watcher.processing().items() if tasks]
            assert busy, "no worker was busy when one was to be killed"
            pid = watcher.run(os.getpid, workers=[busy[0]])[busy[0]]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

        undone = winnability.run(["martha", "chessboard"], deals=12, max_nodes=3000,
                                 scheduler=cluster.scheduler_address, batch=2,
                                 on_batch=kill_a_busy_worker, stream=io.StringIO())
        assert killed
    assert undone == 0
    rows = rows_of(data)
    for game in ("martha", "chessboard"):
        assert sorted(int(r["deal"]) for r in rows if r["game"] == game) == list(range(1, 13))
    # The same deals solved here, by the solver each row names (the workers
    # may have searched without the core), give the same verdicts.
    for r in rows[:4]:
        position = Position.deal(GAMES[r["game"]], int(r["deal"]))
        assert solve(position, 3000, solver=int(r["solver"])).result == r["result"]
