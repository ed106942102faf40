# The README's two commands: `make serve` (build the site and serve it locally)
# and `make test` (every test: engine and real browser). Each sets up what it
# needs: pinned Python tools in .venv, the pinned runtime in node_modules.

PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: serve build test test-engine bench clean

$(VENV_PY): requirements-test.txt requirements-study.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $(VENV_PY)

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

## Build dist/ (the whole static site).
build: node_modules/.package-lock.json
	$(PYTHON) build.py

## Build, then serve dist/ on http://127.0.0.1:$(PORT)/ (Ctrl-C stops it).
serve: build
	@echo "Castling is at http://127.0.0.1:$(PORT)/"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory dist

## Run every test: engine (CPython and Pyodide) and the built site in Chromium.
test: $(VENV_PY) node_modules/.package-lock.json
	@# Two halves side by side, one a core: the browser tests (one build, one
	@# server, one Chromium) and everything else. The browser half's report
	@# follows the other's; the run fails if either half does.
	@$(VENV_PY) -m pytest tests/browser > .browser-tests.log 2>&1 & browser=$$!; \
	trap 'kill $$browser 2>/dev/null' INT TERM; \
	$(VENV_PY) -m pytest --ignore=tests/browser; others=$$?; \
	wait $$browser; browsers=$$?; \
	echo; echo "== the browser tests =="; cat .browser-tests.log; \
	test $$others -eq 0 -a $$browsers -eq 0

## Only the engine's tests (fast; no browser needed).
test-engine: $(VENV_PY) node_modules/.package-lock.json
	$(VENV_PY) -m pytest tests/engine

## Print speed figures (benchmarks, not tests).
bench: $(VENV_PY) node_modules/.package-lock.json
	PYTHONPATH=py $(PYTHON) benchmarks/movegen.py
	$(VENV_PY) benchmarks/browser.py

clean:
	rm -rf $(VENV) node_modules dist .pytest_cache .hypothesis
