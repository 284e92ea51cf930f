"""``python -m dlx``: see :mod:`dlx.cli`."""

import sys

from dlx.cli import main

sys.exit(main())
