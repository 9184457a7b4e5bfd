# Two commands do all the set-up: `make run` and `make test`.
# First the system libraries are checked (and installed as root on Debian/Ubuntu, see
# .ci/system-deps); the virtual environment is (re)built only when pyproject.toml changes.
# Also: `make lint`, `make format`, `make bench`, `make load` (capacity, docs/capacity.md),
# `make offline-proof` (the outbox's browser tests RUNS=50 times over: how many runs passed,
# and whether any lost or doubled a hand; with TEST_DATABASE_URL on PostgreSQL, docs/offline.md),
# `make container-test`, `make messages` and `make catalogs` (translations, docs/translating.md),
# `make clean`. `make help` shows this.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 0.0.0.0
PORT   ?= 5000
# `make test` runs two tests at a time; `make test PYTEST_ARGS=tests/rules` runs what you name.
PYTEST_ARGS ?= -n 2
# Which system libraries a target needs: `run` (PDFs), `test` (also poppler-utils and Chromium),
# `load` (also a PostgreSQL server).
SYSTEM := run
# `make load` runs Locust from an environment of its own (its gevent stays out of the app's).
LOAD_VENV := .venv-load
# `make load LOAD_ARGS="--tables 5,10,20,40,80,160 --seconds 60"` ramps further and longer.
LOAD_ARGS ?=

# `make offline-proof RUNS=10` runs them 10 times.
RUNS ?= 50

.PHONY: help run test container-test lint format bench load offline-proof clean system-deps messages catalogs

help:
	@sed -n '/^$$/q;s/^# \{0,1\}//p' Makefile

run: SYSTEM := run
test: SYSTEM := test
load: SYSTEM := load

system-deps:
	@PYTHON=$(PYTHON) .ci/system-deps $(SYSTEM)

$(VENV)/.run-installed: pyproject.toml | system-deps
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml $(VENV)/.run-installed
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

# The package is byte-compiled first (as pip does for an installed wheel): the server's start
# then never compiles it, even where PYTHONDONTWRITEBYTECODE is set.
run: system-deps $(VENV)/.run-installed
	$(BIN)/python -m compileall -q scorekeeper
	$(BIN)/scorekeeper db upgrade
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

test: system-deps $(VENV)/.dev-installed
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Translations (docs/translating.md): `make messages` gathers the marked words of the code
# (babel.cfg) into each language's .po file, for translators; `make catalogs` compiles the .po
# files into the .mo files the app reads, which are kept in the repository beside them
# (tests/test_catalogs.py fails when they differ).
TRANSLATIONS := scorekeeper/translations
messages: $(VENV)/.dev-installed
	$(BIN)/pybabel --quiet extract -F babel.cfg --sort-by-file --no-wrap -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel --quiet update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) --no-wrap --ignore-obsolete
	rm $(TRANSLATIONS)/messages.pot

catalogs: $(VENV)/.dev-installed
	$(BIN)/pybabel --quiet compile --statistics -d $(TRANSLATIONS)

# Builds the Dockerfile's image and serves from it, with docker or podman (minutes).
container-test: $(VENV)/.dev-installed
	CONTAINER_TEST=1 $(BIN)/python -m pytest tests/test_container.py

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(VENV)/.dev-installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: system-deps $(VENV)/.dev-installed
	$(BIN)/python -m bench

$(LOAD_VENV)/.installed: bench/load-requirements.txt
	test -x $(LOAD_VENV)/bin/python || $(PYTHON) -m venv $(LOAD_VENV)
	$(LOAD_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r bench/load-requirements.txt
	touch $@

# How many tables gunicorn holds on a throw-away PostgreSQL, beside a floor (about 5 minutes).
load: system-deps $(VENV)/.dev-installed $(LOAD_VENV)/.installed
	$(BIN)/python -m bench.load $(LOAD_ARGS)

# The outbox's browser tests, RUNS times over (about a minute a run).
offline-proof: SYSTEM := test
offline-proof: system-deps $(VENV)/.dev-installed
	RUNS=$(RUNS) PYTHON=$(BIN)/python .ci/offline-proof

clean:
	rm -rf $(VENV) $(LOAD_VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
