# The two commands of the README: `make test` and (with the web app) `make serve`.
# Each sets up what it needs: a virtual environment in .venv and node_modules.

PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python

.PHONY: test bench clean

$(VENV_PY): requirements-test.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $(VENV_PY)

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

## Run every test: engine (CPython), engine under Pyodide (Node).
test: $(VENV_PY) node_modules/.package-lock.json
	$(VENV_PY) -m pytest

## Print move-generation speed per game (a benchmark, not a test).
bench:
	PYTHONPATH=py $(PYTHON) benchmarks/movegen.py

clean:
	rm -rf $(VENV) node_modules dist .pytest_cache .hypothesis
