"""Collection: a module that runs compiled has no Python source to collect doctests from.

Its doctests run when the tests run on the pure sources (``MATCHMAKER_PURE=1``, the second
run of ``make test``).
"""

from __future__ import annotations

from pathlib import Path

from matchmaker import compiled

collect_ignore = [
    str(Path("src", *name.split(".")).with_suffix(".py"))
    for name, done in compiled.status().items()
    if done
]
