# matchmaker: `make run` serves the web app, `make play` starts terminal play against bots,
# `make test` runs lint, types and tests.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
# The compiled build (mypyc, see src/matchmaker/compiled.py) is remade when a source changes.
COMPILED := $(VENV)/.compiled
RULES_SOURCES := setup.py $(shell find src/matchmaker/core src/matchmaker/games src/matchmaker/bots src/matchmaker/compiled.py -name '*.py' 2>/dev/null)
# The tests run a second time on the pure-Python sources (MATCHMAKER_PURE=1).
PURE_TESTS := tests/test_compiled.py tests/test_purrfect_rules.py tests/test_clecanian_rules.py \
	tests/test_clecanian_jokers.py tests/test_determinize.py tests/test_purrfect_fastplay.py \
	tests/test_purrfect_seatplay.py tests/test_vectors.py tests/test_records.py tests/test_properties.py \
	tests/test_bots_purrfect.py tests/test_bots_clecanian.py src/matchmaker/games/clecanian/scoring.py

.PHONY: run play test lint typecheck pytest bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@ $(COMPILED)

$(STAMP_DEV): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,rl,ray]'
	touch $@ $(STAMP_RUN) $(COMPILED)

$(COMPILED): $(RULES_SOURCES) | $(STAMP_RUN)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@

run: $(STAMP_RUN) $(COMPILED)
	$(BIN)/matchmaker serve --host 127.0.0.1 --port 8000 --data data

play: $(STAMP_RUN) $(COMPILED)
	$(BIN)/matchmaker play

test: $(STAMP_DEV) $(COMPILED)
	$(BIN)/ruff check src tests tools setup.py
	$(BIN)/ruff format --check src tests tools setup.py
	$(BIN)/mypy
	MATCHMAKER_EXPECT_COMPILED=1 $(BIN)/pytest
	MATCHMAKER_PURE=1 $(BIN)/pytest $(PURE_TESTS)

bench: $(STAMP_RUN) $(COMPILED)
	$(BIN)/matchmaker bench

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
