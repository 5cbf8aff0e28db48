"""The compiled build: which modules mypyc compiles, whether they are, and the pure switch.

The rules engines and the search bots' inner loops are plain typed Python. ``setup.py``
compiles the modules listed in ``MODULES`` with mypyc into C extensions that sit beside their
sources; Python imports an extension before a source of the same name, so a compiled build
runs the very same code (one source of truth), only faster. Where there is no C compiler (or
``MATCHMAKER_PURE_BUILD=1`` is set at install time) the build skips them and everything runs
as Python.

``MATCHMAKER_PURE=1`` in the environment makes a compiled build import these modules from
their sources instead (``install_pure_finder``, called on importing the package), so one
installation can test both ways: ``make test`` runs the rules and bot tests a second time so.

This module imports only the standard library: ``setup.py`` reads ``MODULES`` from it before
anything is installed.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: The modules compiled by mypyc, by import name: the engines' state, positions, rules and
#: sampling, and the search bots' play-out loops and evaluations.
MODULES: tuple[str, ...] = (
    "matchmaker.games.purrfect.position",
    "matchmaker.games.purrfect.rules",
    "matchmaker.games.purrfect.scoring",
    "matchmaker.games.purrfect.state",
    "matchmaker.games.purrfect.determinize",
    "matchmaker.games.clecanian.position",
    "matchmaker.games.clecanian.rules",
    "matchmaker.games.clecanian.scoring",
    "matchmaker.games.clecanian.steps",
    "matchmaker.games.clecanian.state",
    "matchmaker.games.clecanian.determinize",
    "matchmaker.bots.purrfect.knowledge",
    "matchmaker.bots.purrfect.policy",
    "matchmaker.bots.purrfect.fastplay",
    "matchmaker.bots.purrfect.seatplay",
    "matchmaker.bots.clecanian.evaluate",
    "matchmaker.bots.clecanian.plan",
    "matchmaker.bots.clecanian.lookahead",
    "matchmaker.bots.clecanian.quick",
    "matchmaker.bots.clecanian.search",
)

#: The environment variable that makes a compiled build run its pure-Python sources.
PURE_VARIABLE = "MATCHMAKER_PURE"


def pure_requested() -> bool:
    """Whether ``MATCHMAKER_PURE`` asks for the pure-Python sources (set, not "" or "0")."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a C extension rather than from Python source."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def status() -> dict[str, bool]:
    """Each module of ``MODULES`` (imported now if it was not) and whether it runs compiled."""
    import importlib

    return {name: is_compiled(importlib.import_module(name)) for name in MODULES}


def summary() -> str:
    """One line for people: how many of the compiled modules run compiled."""
    found = status()
    count = sum(found.values())
    if count == len(found):
        return f"compiled (mypyc, {count} modules)"
    if count == 0:
        reason = f"{PURE_VARIABLE} is set" if pure_requested() else "no compiled build"
        return f"pure Python ({reason})"
    return f"partly compiled: {count} of {len(found)} modules"


class PureSourceFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of ``MODULES`` as their ``.py`` sources, never as extensions."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """A source-file spec for a listed module found on ``path``; None for any other."""
        if fullname not in self.names or not path:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path:
            source = Path(folder) / leaf
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def install_pure_finder() -> bool:
    """With ``MATCHMAKER_PURE`` set, put a ``PureSourceFinder`` first on ``sys.meta_path``
    (once); returns whether the pure sources are in force."""
    if not pure_requested():
        return False
    if not any(isinstance(finder, PureSourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, PureSourceFinder(MODULES))
    return True
