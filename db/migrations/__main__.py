"""``python -m db.migrations new "what changed"``: write a migration to edit.
(``python -m db.migrations upgrade``, the database URL on stdin, is the bot's migrating
child: see ``upgrade_apart``.)"""

import os
import sys

from db.migrations import HERE, new, upgrade_as_child

if sys.argv[1:] == ["upgrade"]:
    sys.exit(upgrade_as_child(sys.stdin.read().strip()))
if len(sys.argv) != 3 or sys.argv[1] != "new":
    print('usage: python -m db.migrations new "what changed"', file=sys.stderr)
    sys.exit(2)
new(sys.argv[2])
print(f"written in {os.path.relpath(HERE / 'versions')}")
