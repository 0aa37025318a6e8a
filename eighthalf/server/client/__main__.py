"""``python -m eighthalf.server.client URL TABLE SEAT BOT``: see :func:`eighthalf.server.client.main`."""

import sys

from eighthalf.server.client import main

sys.exit(main())
