"""``python -m cpuzzler.cli``: the ``cpuzzler`` command."""

import sys

from cpuzzler.cli import main

sys.exit(main())
