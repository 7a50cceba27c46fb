"""``python -m gmconsole`` runs the same entry point as the ``gmconsole`` script."""

import sys

from gmconsole.cli import main

if __name__ == "__main__":
    sys.exit(main())
