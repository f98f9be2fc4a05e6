# `make app`, `make lab` and `make test` each build .venv first (once, and again whenever
# pyproject.toml changes). Only a Python 3.10+ interpreter is needed to start. The app
# and the lessons install only the `app` extra; the tests add the test tools.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_APP  := $(VENV)/.installed-app
STAMP_TEST := $(VENV)/.installed-test
STAMP      := $(STAMP_TEST)

# Lesson notebooks (English, and the Spanish and French ones built by notebooks/build.py).
NOTEBOOKS := $(wildcard notebooks/*.ipynb notebooks/es/*.ipynb notebooks/fr/*.ipynb)
# Each runs once per `make test`: those with a checked cell (they name NBVAL_CHECK_OUTPUT)
# in tests/test_lesson_outputs.py, which runs every cell and compares the checked ones
# with golden files; nbval runs the others (grep -L: the files that do not name it).
# The app's notebook in Spanish and French (es/app.ipynb, fr/app.ipynb: app.ipynb built in
# that language) are run in-process by tests/test_lab.py instead (4 s less of kernels).
NBVAL_NOTEBOOKS := $(filter-out notebooks/es/app.ipynb notebooks/fr/app.ipynb,\
    $(if $(NOTEBOOKS),$(shell grep -L NBVAL_CHECK_OUTPUT $(NOTEBOOKS))))
# Only the directories that exist, so ruff does not fail on a missing one.
LINT_PATHS := $(wildcard kowhist_teach tests benchmarks)
# Benchmark scripts; files starting with `_` are helpers, not benchmarks.
BENCHMARKS := $(filter-out benchmarks/_%,$(wildcard benchmarks/*.py))
# Test workers (pytest-xdist): four, whatever the cores (two here): the browser tests
# mostly wait (for kernels, for the bots' pace, for a quiet page), each worker with its
# own Chromium and Voilà servers, and the other tests fill the cores meanwhile.
TEST_JOBS ?= 4
# The browser tests, but for the JupyterLite site's (`make test-lite`).
BROWSER_TESTS := tests/browser --ignore=tests/browser/test_lite.py

.PHONY: venv .venv test test-times count-tests lint app class lab bench clean cards lite lite-serve test-lite dist

venv .venv: $(STAMP_TEST)

# tools/make_env.sh makes each environment with uv (from PyPI into .venv-uv when no uv is
# on PATH), or with pip: `make app INSTALLER=pip`, or by itself when uv cannot be had.
INSTALLER  ?= uv
UV_VERSION ?= 0.13.9
MAKE_ENV   := PYTHON=$(PYTHON) INSTALLER=$(INSTALLER) UV_VERSION=$(UV_VERSION) sh tools/make_env.sh

# The app's environment alone is made without bytecode (COMPILE=0): its first page
# comes ~10 s sooner, and Python writes the bytecode of what it imports. The tests'
# compiles all of it (many kernels, on machines that may not write bytecode).
$(STAMP_APP): pyproject.toml tools/make_env.sh
	COMPILE=0 $(MAKE_ENV) $(VENV) -e '.[app]'
	touch $@

$(STAMP_TEST): pyproject.toml tools/make_env.sh
	$(MAKE_ENV) $(VENV) -e '.[app,test]'
	touch $@ $(STAMP_APP)

lint: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)

# Every test but the static site's (`make test-lite`, it needs the site built) in one
# parallel run: the browser tests first, slowest first (they mostly wait for kernels and
# animations, so the unit, property and widget tests and the lessons fill the cores
# meanwhile), then, by themselves (marked `alone`), the timed class of six students, the
# shared tables under load and the school's JupyterHub (tests/browser/test_hub_browser.py).
# `--dist loadscope` hands out the pieces of work tests/conftest.py defines (a test file;
# a lesson; a browser test, or a module of them that share a page or a server);
# tests/browser/conftest.py orders them; --durations=15 prints the slowest (CI has 20
# minutes on 2 cores). --nbval-current-env runs the notebooks in this
# venv's kernel, whatever `python3` kernelspec the machine has.
# axe-core, which the browser tests run inside their pages (tests/browser/axe_check.py):
# from npm, the version pinned by tests/browser/package-lock.json. Without npm the
# accessibility checks skip, saying so (CI installs npm: there they must run).
AXE := tests/browser/node_modules/axe-core/axe.min.js

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	@if command -v npm >/dev/null; then \
	    npm ci --prefix tests/browser --no-audit --no-fund && touch $@; \
	else \
	    echo "npm is missing: the browser tests' accessibility checks will skip"; \
	fi

# Where the seconds went: each run's JUnit XML in build/test-times/ (with each test's
# phases, fixtures and worker: tests/timing_hooks.py), and from them, by tools/test_times.py,
# the tables per file, per fixture, per worker and the slowest tests in build/test-times.txt,
# written even when a test fails. `make test-times` prints them again; `make test-times
# BEFORE='old/parallel.xml old/alone.xml'` compares with an earlier run.
TEST_TIMES := build/test-times
WRITE_TIMES = $(BIN)/python tools/test_times.py $(TEST_TIMES)/*.xml --out $(TEST_TIMES).txt \
    >/dev/null && echo "where the seconds went: $(TEST_TIMES).txt (make test-times)" || true

# pytest rewrites each test module's asserts (to say what differed) and keeps the result
# beside it, in __pycache__, unless PYTHONDONTWRITEBYTECODE is set (as on CI's machine):
# then each of the four workers would rewrite all of them again, 25 s of a core each. So
# the tests run with it unset, and two processes rewrite the modules first, half each
# (15 s on two cores; each worker then collects in 6 s). Their output is of no interest:
# a module that cannot be collected fails the run below, saying why.
WARM_TESTS = $(BIN)/python -m pytest --collect-only -q -p no:cacheprovider
test: export PYTHONDONTWRITEBYTECODE :=

test: lint $(AXE)
	@rm -rf $(TEST_TIMES) && mkdir -p $(TEST_TIMES)
	@$(WARM_TESTS) $(wildcard tests/test_[a-l]*.py) >/dev/null 2>&1 & \
	    $(WARM_TESTS) tests/browser tests/security $(wildcard tests/test_[m-z]*.py) >/dev/null 2>&1; \
	    wait
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadscope --no-loadscope-reorder \
	    -m 'not alone' --nbval-lax --nbval-current-env --junitxml=$(TEST_TIMES)/parallel.xml \
	    --durations=15 tests kowhist_teach $(NBVAL_NOTEBOOKS) --ignore=tests/browser/test_lite.py \
	    || { $(WRITE_TIMES); exit 1; }
	$(BIN)/python -m pytest -m alone $(BROWSER_TESTS) --junitxml=$(TEST_TIMES)/alone.xml \
	    || { $(WRITE_TIMES); exit 1; }
	@$(WRITE_TIMES)

# The tables of the last make test (build/test-times.txt), or the comparison with BEFORE.
test-times:
	@$(PYTHON) tools/test_times.py $(TEST_TIMES)/*.xml $(if $(BEFORE),--before $(BEFORE))

# The number of tests (collected, with the lessons) and of assertions (tools/count_tests.py):
# what must not go down when the tests get faster.
count-tests: $(STAMP)
	$(BIN)/python tools/count_tests.py

# The Voilà app on http://localhost:8866 (extra options: make app APP_ARGS='--port 9000').
app: $(STAMP_APP)
	$(BIN)/kowhist-teach app $(APP_ARGS)

# A class on this machine's network: the students' page and the teacher's console, the
# class kept in ./class (extra options: make class CLASS_ARGS='--dir 4b --port 9000').
class: $(STAMP_APP)
	$(BIN)/kowhist-teach class start $(CLASS_ARGS)

# The course in JupyterLab, opened at the contents page of the system's language (or
# make lab LAB_ARGS='--lang es'; also --no-browser, --port N); the terminal it opens
# starts in notebooks/ and finds kowhist-teach; as root it adds --allow-root.
lab: $(STAMP_APP)
	$(BIN)/kowhist-teach lab $(LAB_ARGS)

# The wheel and the sdist of this checkout, in dist/ (elsewhere: make dist DIST=/tmp/d):
# what a school's JupyterHub images install (deploy/), never a package fetched by name.
# `python -m build` makes the sdist, then the wheel from it (so the sdist is known to be
# whole); --no-isolation builds with the hatchling installed beside it here once (by uv,
# as the venv: tools/make_env.sh), so that later builds need no network.
DIST       ?= dist
STAMP_DIST := $(VENV)/.installed-dist

$(STAMP_DIST): | $(STAMP_APP)
	$(MAKE_ENV) $(VENV) 'build>=1.2' 'hatchling>=1.24'
	touch $@

dist: $(STAMP_DIST)
	$(BIN)/python -m build --no-isolation --outdir $(DIST) .

# Printable one-page rules cards (Knock-Out Whist, German Whist; en, es, fr) in build/cards.
cards:
	$(PYTHON) notebooks/rules_cards.py build/cards

bench: $(STAMP)
	@set -e; for f in $(BENCHMARKS); do \
	    echo "== $$f"; \
	    $(BIN)/python "$$f"; \
	done

# Message catalogues: extract the msgids passed to _() into the template, merge them into
# the Spanish and French catalogues (created on first use), and compile the .mo files that
# the package loads at run time (the .po and .mo files are both committed).
I18N_DIR   := kowhist_teach/i18n
I18N_POT   := $(I18N_DIR)/kowhist_teach.pot
I18N_LANGS := es fr

.PHONY: i18n

i18n: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _ -k N_ -k ngettext:1,2 -o $(I18N_POT) --no-location --sort-output \
	    --project kowhist-teach --version 0.1.0 kowhist_teach
	@set -e; for lang in $(I18N_LANGS); do \
	    po=$(I18N_DIR)/locale/$$lang/LC_MESSAGES/kowhist_teach.po; \
	    if [ -f "$$po" ]; then \
	        $(BIN)/pybabel update -i $(I18N_POT) -d $(I18N_DIR)/locale -D kowhist_teach \
	            -l $$lang --ignore-obsolete --no-fuzzy-matching; \
	    else \
	        $(BIN)/pybabel init -i $(I18N_POT) -d $(I18N_DIR)/locale -D kowhist_teach -l $$lang; \
	    fi; \
	done
	@# Not `pybabel compile`: babel reads "95% interval" or "{pct}% of" as printf
	@# placeholders and refuses those translations, but the package formats with
	@# str.format only (tests/test_i18n.py checks the {placeholders} of every entry).
	$(BIN)/python -c 'import sys; from babel.messages.pofile import read_po; \
	    from babel.messages.mofile import write_mo; \
	    [write_mo(open(p[:-2] + "mo", "wb"), read_po(open(p, "rb"))) for p in sys.argv[1:]]' \
	    $(I18N_DIR)/locale/*/LC_MESSAGES/kowhist_teach.po

# The static JupyterLite site in build/lite/ (lite/build.py says how): the lessons and the
# app with Python itself (Pyodide), so any static host serves it and a browser needs
# nothing installed. Its build tools live in .venv-lite (versions: lite/requirements.txt,
# lite/pyodide.json), apart from .venv. `make lite-serve` serves it on localhost:8000
# (another port: make lite-serve LITE_PORT=9000).
LITE_VENV  := .venv-lite
LITE_STAMP := $(LITE_VENV)/.installed
LITE_PORT  ?= 8000

$(LITE_STAMP): lite/requirements.txt tools/make_env.sh
	$(MAKE_ENV) $(LITE_VENV) -r lite/requirements.txt
	touch $@

# Each build is kept, by the hash of what it is built from (the package, the lessons,
# lite/ with its pins, pyproject.toml, README.md: tools/lite_cache.py), in LITE_CACHE,
# outside the checkout, which outlives it: a fresh clone of an unchanged site copies it in
# a second or two instead of building it (about two minutes on 2 cores). The downloads of
# a build (Pyodide's npm package, the wheels, by version) are kept there too.
LITE_CACHE  ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/kowhist-teach/lite
LITE_CACHED := $(PYTHON) tools/lite_cache.py --site build/lite --cache $(LITE_CACHE)

.PHONY: lite-site

lite: $(LITE_STAMP)
	$(LITE_VENV)/bin/python lite/build.py --cache $(LITE_CACHE)/downloads
	$(LITE_CACHED) store

# The site of the current sources in build/lite: there already, from the cache, or built.
lite-site:
	@$(LITE_CACHED) restore || $(MAKE) --no-print-directory lite

# The site in headless Chromium, offline (tests/browser/test_lite.py): the app plays, and
# every lesson of every language runs with its golden outputs (two pages at once). The
# site is built first unless a build of the same sources is there or in the cache. A
# subset, locally: make test-lite KOWHIST_LITE_LANGUAGES=en (or es,fr).
test-lite: $(STAMP) $(AXE) lite-site
	$(BIN)/python -m pytest tests/browser/test_lite.py

lite-serve:
	$(PYTHON) lite/serve.py --port $(LITE_PORT)

clean:
	rm -rf $(VENV) $(LITE_VENV) .venv-uv build dist *.egg-info .pytest_cache .ruff_cache .hypothesis \
	    benchmarks/out tests/artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
