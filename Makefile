# Two commands do all the set-up: `make run` and `make test`.
# First the system libraries are checked (and installed as root on Debian/Ubuntu, see
# .ci/system-deps); the virtual environment is (re)built only when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 0.0.0.0
PORT   ?= 5000
# `make test` runs two tests at a time; `make test PYTEST_ARGS=tests/rules` runs what you name.
PYTEST_ARGS ?= -n 2
# Which system libraries a target needs: `run` (PDFs), `test` (also poppler-utils and Chromium).
SYSTEM := run

.PHONY: run test container-test lint format bench clean system-deps

run: SYSTEM := run
test: SYSTEM := test

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

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
