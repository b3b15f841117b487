# `make` (or `make install`) creates the virtual environment and installs Darbar into it,
# and starts nothing; every other target installs on first use too, so a fresh clone
# needs nothing but python3 and make.
VENV ?= .venv
STAMP := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)

.PHONY: install run test check bench sandbox lint

install: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/darbar run

sandbox: $(STAMP)
	$(VENV)/bin/darbar sandbox

# Everything: ruff, mypy and every test (CI runs this through .ci/run).
test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest

# The fast loop while working: ruff, mypy, then the tests not marked slow (under a minute).
check: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest -q -m "not slow"

bench: $(STAMP)
	$(VENV)/bin/darbar bench

lint: $(STAMP)
	$(VENV)/bin/ruff check .

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@
