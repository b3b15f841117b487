"""What a process has imported: run in a worker of bot/workers.py by tests/test_workers.py
(a module-level function, so that it pickles)."""

import sys


def modules() -> list[str]:
    return sorted(sys.modules)
