"""``python -m eighthalf``: see :mod:`eighthalf.cli`."""

import sys

from eighthalf.cli import main

sys.exit(main(prog="python -m eighthalf"))
