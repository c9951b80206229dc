"""``python -m cpuzzler`` runs the command line."""

import sys

from cpuzzler.cli import main

sys.exit(main())
