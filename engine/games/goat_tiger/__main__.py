"""``python -m engine.games.goat_tiger FILES``: check a board file typed in from the printed
mat (see data.py). A package's __main__, so that running it imports nothing twice."""

import sys

from engine.games.goat_tiger.data import FILES

sys.exit(FILES.main(sys.argv[1:]))
