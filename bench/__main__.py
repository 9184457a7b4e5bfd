"""Run the bench: `python -m bench` (what `make bench` does)."""

import sys

from bench.run import main

sys.exit(main())
