"""The winnability study script: resumable, and honest about unknowns."""

import csv
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import winnability  # noqa: E402


def test_wilson_interval_brackets_the_share():
    low, high = winnability.wilson(20, 100)
    assert 0.13 < low < 0.2 < high < 0.29
    assert winnability.wilson(0, 0) == (0.0, 1.0)


def test_a_study_resumes_without_repeating_deals(tmp_path, monkeypatch):
    monkeypatch.setattr(winnability, "DATA", tmp_path / "study.csv")
    winnability.run(["martha"], deals=3, max_nodes=5000, jobs=1)
    winnability.run(["martha"], deals=5, max_nodes=5000, jobs=1)
    with (tmp_path / "study.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert sorted(int(row["deal"]) for row in rows) == [1, 2, 3, 4, 5]
    table = winnability.summary()
    assert table[0]["tried"] == 5
    assert table[0]["low"] <= table[0]["rate"] <= table[0]["high"]
    # A deal written twice (two runs at once) counts once.
    with (tmp_path / "study.csv").open("a", newline="") as handle:
        csv.DictWriter(handle, winnability.FIELDS).writerow(rows[0])
    assert winnability.summary()[0]["tried"] == 5
