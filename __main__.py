"""Not part of the package: a guard for ``python -m cgt`` run beside a clone named ``cgt``.

From the folder that contains a clone of this repository named ``cgt``, Python
can take the clone's root folder for the package: it imports it as an empty
namespace package (an editable install's import hook comes after the current
folder), so ``import cgt`` gives a module without ``cgt.parse``, and
``python -m cgt`` lands in this file.  Say what happened, instead of a puzzling
error.  (The package itself is the ``cgt`` folder inside the clone.)
"""

from __future__ import annotations

import sys
from pathlib import Path

_CLONE = Path(__file__).resolve().parent

sys.exit(
    f"cgt: Python took the folder {_CLONE} (a clone of cgt's repository) for the package "
    f"'cgt', because that folder is in the current directory; the package is "
    f"{_CLONE / 'cgt'}. Run Python from another folder (inside the clone works), or rename "
    f"the clone."
)
