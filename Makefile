# `make` (or `make install`) creates the virtual environment and installs Darbar into it,
# and starts nothing; every other target installs on first use too, so a fresh clone
# needs nothing but python3 and make. The installer is uv (put in the venv by pip, then
# a few seconds a whole install, where pip took 50); the bot's own packages go in for
# install, run and sandbox, the test tools (pytest, mypy, ruff) too for the test targets.
VENV ?= .venv
SUM := $(shell cksum < pyproject.toml | cut -d' ' -f1)
STAMP := $(VENV)/.installed-$(SUM)
DEV := $(VENV)/.dev-$(SUM)
UV := $(VENV)/bin/uv
# Compiled here, once: a server (or CI) that sets PYTHONDONTWRITEBYTECODE would otherwise
# compile every library at every start.
UV_INSTALL := $(UV) pip install --quiet --compile-bytecode --python $(VENV)/bin/python

.PHONY: install run test check soak bench sandbox lint

install: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/darbar run

sandbox: $(STAMP)
	$(VENV)/bin/darbar sandbox

# Tests run on one worker more than there are CPUs (a third of a test's time is waiting:
# for a process, a socket, a retry), the slow first (tests/conftest.py), and a worker that
# runs out steals from the others (`--dist worksteal`: `load` handed the first worker a
# third of the suite's longest tests, 487 s of work against another's 280).
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE):
# the suite starts a hundred Python processes (bots, their workers, the sandbox), and each
# would compile the whole project again.
JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST := PYTHONDONTWRITEBYTECODE= $(VENV)/bin/pytest -n $(JOBS) --dist worksteal

# Everything but the soak sweeps: ruff, mypy and the suite (CI runs this through .ci/run).
test: $(DEV)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(PYTEST) -m "not soak"

# The fast loop while working: ruff, mypy, then the tests marked neither slow nor soak.
check: $(DEV)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(PYTEST) -q -m "not slow and not soak"

# The long sweeps (many random positions and games), before a change to a renderer or rules.
soak: $(DEV)
	$(PYTEST) -m soak

bench: $(STAMP)
	$(VENV)/bin/darbar bench

lint: $(DEV)
	$(VENV)/bin/ruff check .

$(UV):
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check uv

$(STAMP): pyproject.toml | $(UV)
	$(UV_INSTALL) -e .
	rm -f $(VENV)/.installed-*
	touch $@

$(DEV): $(STAMP)
	$(UV_INSTALL) -e '.[dev]'
	rm -f $(VENV)/.dev-*
	touch $@
