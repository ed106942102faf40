"""Rules are dictionary keys on hot paths, so their hash is computed once; what
they carry to another process must not include it."""

import pickle
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from castling import GAMES

ROOT = Path(__file__).resolve().parents[2]


def test_equal_rules_hash_alike_and_a_change_changes_the_hash():
    rules = GAMES["chessboard"]
    same = replace(rules)
    assert same == rules and hash(same) == hash(rules)
    assert hash(replace(rules, name="Another")) != hash(rules)
    assert {rules: 1}[same] == 1


def test_rules_sent_to_another_process_hash_as_that_process_hashes():
    rules = GAMES["morphy"]
    hash(rules), rules.pile_names          # cache both here
    sent = pickle.dumps(rules)
    code = ("import pickle, sys\nfrom castling import GAMES\n"
            "rules = pickle.loads(sys.stdin.buffer.read())\n"
            "print(hash(rules) == hash(GAMES['morphy']), rules == GAMES['morphy'], "
            "rules.pile_names == GAMES['morphy'].pile_names)")
    done = subprocess.run([sys.executable, "-c", code], input=sent, capture_output=True,
                          env={"PYTHONPATH": str(ROOT / "py"), "PYTHONHASHSEED": "random"})
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().split() == ["True", "True", "True"]
