# matchmaker: `make run` serves the web app, `make play` starts terminal play against bots,
# `make test` runs lint, types and tests.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev

.PHONY: run play test lint typecheck pytest bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(STAMP_DEV): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,rl]'
	touch $@ $(STAMP_RUN)

run: $(STAMP_RUN)
	$(BIN)/matchmaker serve --host 127.0.0.1 --port 8000 --data data

play: $(STAMP_RUN)
	$(BIN)/matchmaker play

test: $(STAMP_DEV)
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools
	$(BIN)/mypy
	$(BIN)/pytest

bench: $(STAMP_RUN)
	$(BIN)/matchmaker bench

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
