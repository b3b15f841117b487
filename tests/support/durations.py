"""`make durations`: remake tests/durations.json, the seconds each test of a second or
more took in this run, which tests/conftest.py hands out longest first. A pytest plugin
(``-p tests.support.durations``); under pytest-xdist it runs in the controller, which gets
every worker's reports."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

OUT = Path(__file__).parents[1] / "durations.json"
_TAKEN: Counter[str] = Counter()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _TAKEN[report.nodeid] += report.duration  # setup, call and teardown


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if hasattr(session.config, "workerinput"):  # a worker: the controller writes
        return
    long = {k: round(v, 1) for k, v in _TAKEN.most_common() if v >= 1.0}
    OUT.write_text(json.dumps(long, indent=0) + "\n", encoding="utf-8")
