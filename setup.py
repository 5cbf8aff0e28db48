"""The compiled build: mypyc compiles the modules ``matchmaker.compiled.MODULES`` lists.

Everything else about the package is in ``pyproject.toml``. Each compiled module is an
optional extension: where there is no C compiler (or mypyc cannot run), the build says so
and installs the pure-Python package, which runs the same code. ``MATCHMAKER_PURE_BUILD=1``
skips the compilation on purpose.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
MODULES = runpy.run_path(str(HERE / "src" / "matchmaker" / "compiled.py"))["MODULES"]


def extensions() -> list[object]:
    """The mypyc extensions, each optional; none when compilation is off or impossible."""
    if os.environ.get("MATCHMAKER_PURE_BUILD", "") not in ("", "0"):
        print("matchmaker: MATCHMAKER_PURE_BUILD is set: installing pure Python", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        print(f"matchmaker: no mypyc ({error}): installing pure Python", file=sys.stderr)
        return []
    sources = [str(Path("src", *name.split(".")).with_suffix(".py")) for name in MODULES]
    try:
        built = mypycify(sources, opt_level="3", group_name="matchmaker_compiled")
    except Exception as error:  # mypyc's own failure: the pure package still works
        print(f"matchmaker: mypyc failed ({error}): installing pure Python", file=sys.stderr)
        return []
    for extension in built:
        extension.optional = True
    return built


setup(ext_modules=extensions())
