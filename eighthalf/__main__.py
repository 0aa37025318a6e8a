"""``python -m eighthalf``: see :mod:`eighthalf.games.eighthalf.cli`."""

import sys

from eighthalf.games.eighthalf.cli import main

sys.exit(main(prog="python -m eighthalf"))
