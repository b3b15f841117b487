"""A module whose import waits (up to 20 s) until the file named by DARBAR_TEST_SIGNAL
exists, then writes whether it saw it to that name + ".seen". tests/test_workers.py
preloads it in the workers' fork server to stand for a slow start on a loaded machine."""

import os
import time
from pathlib import Path

_signal = Path(os.environ["DARBAR_TEST_SIGNAL"])
_deadline = time.monotonic() + 20
while not _signal.exists() and time.monotonic() < _deadline:
    time.sleep(0.01)
Path(f"{_signal}.seen").write_text("yes" if _signal.exists() else "no")
