"""``python -m db.migrations new "what changed"``: write a migration to edit."""

import os
import sys

from db.migrations import HERE, new

if len(sys.argv) != 3 or sys.argv[1] != "new":
    print('usage: python -m db.migrations new "what changed"', file=sys.stderr)
    sys.exit(2)
new(sys.argv[2])
print(f"written in {os.path.relpath(HERE / 'versions')}")
