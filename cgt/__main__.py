"""Command line: ``python -m cgt`` (the code is in :mod:`cgt.cli`).

python -m cgt value "{3||2|1} + ^ + *"      # canonical value and its invariants
python -m cgt domineering "..#|...|..."     # a position of any ruleset
python -m cgt domineering "...|..." --moves L   # Left's winning moves
python -m cgt hexapawn 3 3                  # who wins
python -m cgt --help                        # every subcommand, with examples
"""

from __future__ import annotations

import sys

from .cli import describe, main, winning_lines

__all__ = ["describe", "main", "winning_lines"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
