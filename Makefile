# `make` (or `make install`) creates the virtual environment and installs Darbar into it,
# and starts nothing; every other target installs on first use too, so a fresh clone
# needs nothing but python3 and make.
VENV ?= .venv
STAMP := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)

.PHONY: install run test check soak bench sandbox lint

install: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/darbar run

sandbox: $(STAMP)
	$(VENV)/bin/darbar sandbox

# Tests run on one worker more than there are CPUs (a third of a test's time is waiting:
# for a process, a socket, a retry; on 2 cores 3 workers took 9:26, 2 took 10:14),
# handed out in the order tests/conftest.py gives (the slow first).
JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST := $(VENV)/bin/pytest -n $(JOBS) --dist load

# Everything but the soak sweeps: ruff, mypy and the suite (CI runs this through .ci/run).
test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(PYTEST) -m "not soak"

# The fast loop while working: ruff, mypy, then the tests marked neither slow nor soak.
check: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(PYTEST) -q -m "not slow and not soak"

# The long sweeps (many random positions and games), before a change to a renderer or rules.
soak: $(STAMP)
	$(PYTEST) -m soak

bench: $(STAMP)
	$(VENV)/bin/darbar bench

lint: $(STAMP)
	$(VENV)/bin/ruff check .

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@
