# Two commands: `make play` starts the game, `make test` runs every check.
# Each creates an isolated environment in .venv and installs what it needs on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("Trey needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m game $(ARGS)

test: $(STAMP)
	$(BIN)/python -m ruff check game tests
	$(BIN)/python -m ruff format --check game tests
	$(BIN)/python -m mypy --strict game
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	for script in tests/benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV)
