# Two commands: `make play` starts the game, `make test` runs every check.
# Each creates an isolated environment in .venv on first use: `make play` installs only what the
# game needs (pygame-ce, pydantic, platformdirs, websockets, zeroconf, segno), `make test` adds
# the test tools on top.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# `make test` runs the test files on this many workers (pytest-xdist; a file's tests stay on one
# worker): one more than the cores, since about a quarter of the suite's time is spent waiting
# on windows, a browser and sockets, and the extra worker's files fill it. TEST_WORKERS=0 runs
# them in this process.
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)')
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
DIST_STAMP := $(VENV)/.installed-dist
# `make bench` measures this commit's engine against REFERENCE's, side by side in one run.
REFERENCE ?= f59f209
# `make dist` writes the one-file executable into DISTPATH (PyInstaller's work files: WORKPATH).
DISTPATH ?= dist
WORKPATH ?= build
# `make install-desktop` puts the executable, its icon and the desktop entry under PREFIX.
PREFIX ?= $(HOME)/.local

.PHONY: play test test-dist catalogs bench bench-all dist install-desktop desktop-files uninstall-desktop clean

# The game and its three libraries, nothing else: no extras. The venv's own pip is used as it
# comes (Python 3.11's is new enough for an editable install); hatchling, the build backend, is
# fetched by pip into a temporary build environment and does not stay in .venv.
$(PLAY_STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("Trey needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $@

# The test tools on top of the game (pytest, pytest-xdist, hypothesis, ruff, mypy, hatchling,
# babel) and playwright for the phone page's browser tests (they drive the system's chromium).
$(TEST_STAMP): $(PLAY_STAMP)
	$(PIP) -e '.[test,browser]'
	touch $@

# PyInstaller on top of the game, for `make dist`.
$(DIST_STAMP): $(PLAY_STAMP)
	$(PIP) -e '.[dist]'
	touch $@

play: $(PLAY_STAMP)
	$(BIN)/python -m game $(ARGS)

test: $(TEST_STAMP)
	$(BIN)/python -m ruff check game tests
	$(BIN)/python -m ruff format --check game tests
	$(BIN)/python -m mypy --strict game
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

# The slow tests of the executable and the wheel (tests/test_dist.py); .ci/run runs them.
test-dist: $(TEST_STAMP) $(DIST_STAMP)
	$(BIN)/python -m pytest -m slow tests/test_dist.py $(PYTEST_ARGS)

# One file that runs the game without Python: dist/trey (dist\trey.exe on Windows), see trey.spec.
dist: $(DIST_STAMP)
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN \
		--distpath '$(DISTPATH)' --workpath '$(WORKPATH)' trey.spec
	@echo "built $(DISTPATH)/trey"

# Linux: the executable in PREFIX/bin, the icon and a desktop entry that starts it.
install-desktop: dist
	$(MAKE) --no-print-directory desktop-files

# install-desktop without building first (tests/test_dist.py uses it on the executable it built).
desktop-files:
	install -D -m 755 '$(DISTPATH)/trey' '$(PREFIX)/bin/trey'
	install -D -m 644 sprites/icon.png '$(PREFIX)/share/icons/hicolor/256x256/apps/trey.png'
	mkdir -p '$(PREFIX)/share/applications'
	sed 's|^Exec=trey$$|Exec=$(PREFIX)/bin/trey|' trey.desktop > '$(PREFIX)/share/applications/trey.desktop'
	if command -v update-desktop-database >/dev/null; then \
		update-desktop-database '$(PREFIX)/share/applications'; fi
	@echo "installed: Trey is in the desktop's applications menu"

uninstall-desktop:
	rm -f '$(PREFIX)/bin/trey' '$(PREFIX)/share/icons/hicolor/256x256/apps/trey.png' \
		'$(PREFIX)/share/applications/trey.desktop'

# Extract the player-facing words into game/locale/*/LC_MESSAGES/trey.po and compile trey.mo
# (babel; the translations are written in the .po files, the compiled .mo files are committed).
catalogs: $(TEST_STAMP)
	$(BIN)/python tests/i18n/make_catalogs.py

# The engine alone, this commit against REFERENCE (checked out in a temporary git worktree), the
# two interleaved: medians of CPU-timed runs at 2, 4 and 7 seats and their ratios.
bench: $(PLAY_STAMP)
	$(BIN)/python tests/benchmarks/bench_engine.py --reference '$(REFERENCE)' $(BENCH_ARGS)

# Every benchmark script in turn (some run for minutes).
bench-all: $(PLAY_STAMP)
	for script in tests/benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) dist build
