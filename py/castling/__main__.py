"""``python -m castling``: see :mod:`castling.cli`."""

import sys

from .cli import main

sys.exit(main())
