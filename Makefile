# The README's two commands: `make serve` (build the site and serve it locally)
# and `make test` (every test: engine and real browser). Each sets up what it
# needs: pinned Python tools in .venv, the pinned runtime in node_modules.

PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python
PORT ?= 8000
# HOST=0.0.0.0 serves to the other devices of your network (your phone: the
# address this machine has there, port $(PORT)); by default only this machine.
HOST ?= 127.0.0.1

.PHONY: serve build test test-fast test-engine bench clean

$(VENV_PY): requirements-test.txt requirements-study.txt requirements-build.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $(VENV_PY)

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

## Build dist/ (the whole static site). The venv's Python: it has the pinned
## compiler of the search core (requirements-build.txt).
build: $(VENV_PY) node_modules/.package-lock.json
	$(VENV_PY) build.py

## Build, then serve dist/ on http://$(HOST):$(PORT)/ (Ctrl-C stops it).
serve: build
	@echo "Castling is at http://$(HOST):$(PORT)/"
	$(PYTHON) -m http.server $(PORT) --bind $(HOST) --directory dist

## Run every test: engine (CPython and Pyodide) and the built site in Chromium,
## Firefox and WebKit.
# Two lanes, one a core: the browser tests of LANE_A in the background, and in
# the foreground everything else, then the rest of the browser tests. The site
# is built once for both (CASTLING_SITE_BUILT: neither lane rebuilds it under
# the other). The first lane's report follows; the run fails if any part does.
# LANE_A holds about half the browser tests' time (measured with --durations).
LANE_A := accessibility start_up nothing_lost looks offline daily show_me one_tap keep_game win private_window first_table transfer grades links_and_stats every_language
LANE_A_FILES := $(foreach name,$(LANE_A),tests/browser/test_$(name).py)
# Headless Chromium's renderer crashes now and then under two lanes' load on two
# cores (a page gone with "Page crashed", about once in a few CI runs, never the
# same test): such a test, and only such, is run once more. The report says so.
CRASHED := --reruns 1 --only-rerun "Page crashed" --only-rerun "Target crashed"
# Firefox and WebKit (tests/engines/: Puppeteer and Selenium from package.json
# drive Debian's firefox-esr and WebKitWebDriver), one engine after the other.
# A browser that crashes is started again and the test run once more, counted
# in the lane's last test (crashes.mjs; crashes.test.mjs holds the rule).
ENGINE_LANES := PYTHON=$(VENV_PY) node --test --test-concurrency=1 --test-reporter=spec \
	tests/engines/crashes.test.mjs tests/engines/firefox.test.mjs tests/engines/webkit.test.mjs
# Each lane reports its slowest tests: what to move when the lanes drift apart.
SLOWEST := --durations=12
test: $(VENV_PY) node_modules/.package-lock.json
	@$(VENV_PY) build.py
	@CASTLING_SITE_BUILT=1 $(VENV_PY) -m pytest $(CRASHED) $(SLOWEST) $(LANE_A_FILES) > .browser-tests.log 2>&1 & \
	lane=$$!; trap 'kill $$lane 2>/dev/null' INT TERM; \
	$(VENV_PY) -m pytest --ignore=tests/browser; others=$$?; \
	echo; echo "== the other browser tests =="; \
	CASTLING_SITE_BUILT=1 $(VENV_PY) -m pytest $(CRASHED) $(SLOWEST) tests/browser \
		$(foreach file,$(LANE_A_FILES),--ignore=$(file)); rest=$$?; \
	echo; echo "== Firefox and WebKit =="; \
	$(ENGINE_LANES); engines=$$?; \
	wait $$lane; first=$$?; \
	echo; echo "== the first lane of browser tests =="; cat .browser-tests.log; \
	test $$others -eq 0 -a $$rest -eq 0 -a $$engines -eq 0 -a $$first -eq 0

## The quick loop while working: the engine's and the browser layer's tests in
## CPython, without the searches run to the end (marked slow). Under a minute.
test-fast: $(VENV_PY) node_modules/.package-lock.json
	$(VENV_PY) -m pytest tests/engine tests/web -m "not slow" -q

## All of the engine's tests (CPython and Pyodide), the slow ones too; no browser.
test-engine: $(VENV_PY) node_modules/.package-lock.json
	$(VENV_PY) -m pytest tests/engine

## Print speed figures (benchmarks, not tests); peer.py: our solver beside Freecell
## Solver (fc-solve), where it is installed.
bench: $(VENV_PY) node_modules/.package-lock.json
	PYTHONPATH=py $(PYTHON) benchmarks/movegen.py
	$(VENV_PY) benchmarks/browser.py
	node benchmarks/engines.mjs
	$(VENV_PY) benchmarks/peer.py

clean:
	rm -rf $(VENV) node_modules dist .pytest_cache .hypothesis
