"""What every game's view shares: it is plain data, sent to seats as JSON."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


class ViewData:
    """The base of a game's view (a frozen dataclass of numbers, strings, None and tuples)."""

    #: The view's field names, by class (found once).
    _names: ClassVar[dict[type, tuple[str, ...]]] = {}

    def to_json(self) -> dict[str, Any]:
        """The view as JSON data: every field by name (tuples are written as arrays)."""
        cls = type(self)
        names = ViewData._names.get(cls)
        if names is None:
            names = ViewData._names[cls] = tuple(f.name for f in dataclasses.fields(self))  # type: ignore[arg-type]
        return {name: getattr(self, name) for name in names}
