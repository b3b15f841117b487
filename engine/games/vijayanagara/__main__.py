"""``python -m engine.games.vijayanagara FILES``: check data files typed in from the printed
game (see data.py). A package's __main__, so that running it imports nothing twice."""

import sys

from engine.games.vijayanagara.data import FILES

sys.exit(FILES.main(sys.argv[1:]))
