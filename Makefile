# Both entry points create the virtual environment on first use, so a fresh
# clone needs nothing but python3 and make.
VENV ?= .venv
STAMP := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)

.PHONY: run test bench sandbox lint

run: $(STAMP)
	$(VENV)/bin/darbar run

sandbox: $(STAMP)
	$(VENV)/bin/darbar sandbox

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest

bench: $(STAMP)
	$(VENV)/bin/darbar bench

lint: $(STAMP)
	$(VENV)/bin/ruff check .

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@
