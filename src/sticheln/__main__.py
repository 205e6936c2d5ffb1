"""``python -m sticheln``: the ``sticheln`` command line.

Without arguments it plays a whole game between bots and prints it trick by trick
(``sticheln play --auto``); otherwise it is the ``sticheln`` command with those arguments.
"""

from __future__ import annotations

import sys

from sticheln.cli import main

__all__ = ["main"]


if __name__ == "__main__":
    sys.exit(main())
