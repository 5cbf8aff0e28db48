"""What every game's view shares: it is plain data, sent to seats as JSON."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


class ViewData:
    """The base of a game's view (a frozen dataclass of numbers, strings, None and tuples)."""

    #: The view's field names, by class (found once).
    _names: ClassVar[dict[type, tuple[str, ...]]] = {}

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The view's field names, in order."""
        names = ViewData._names.get(cls)
        if names is None:
            names = ViewData._names[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        return names

    def to_json(self) -> dict[str, Any]:
        """The view as JSON data: every field by name (tuples are written as arrays)."""
        return {name: getattr(self, name) for name in self.field_names()}

    def changes(self, before: ViewData) -> tuple[dict[str, Any], dict[str, Any]]:
        """What a holder of view ``before`` needs to hold this one, as JSON data: the fields
        whose values changed, with their new values, and the array fields that only grew at
        the end, with the items added (so the cost follows the change, not the game's
        length)."""
        changed: dict[str, Any] = {}
        appended: dict[str, Any] = {}
        for name in self.field_names():
            old = getattr(before, name)
            new = getattr(self, name)
            if old == new:
                continue
            if (
                type(old) is tuple
                and type(new) is tuple
                and len(old) < len(new)
                and new[: len(old)] == old
            ):
                appended[name] = new[len(old) :]
            else:
                changed[name] = new
        return changed, appended
