"""Actions: small immutable values, shared (interned) so that comparing them is cheap."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

#: The actor of a chance outcome (a deal, a card taken from the stock). (``Final``: compiled
#: code reads it as a constant rather than looking it up at every use.)
CHANCE: Final = -1


class Action(NamedTuple):
    """One decision of a seat, or one chance outcome.

    ``name`` is the action name used in records (``present``, ``swap``, ``chance``…); ``field``
    names the one argument in a record event (``value``, ``pos``) and ``arg`` holds it. Chance
    outcomes have ``name == "chance"`` and the outcome in ``arg`` (a card code or a value).
    A named tuple, so that comparing and hashing actions stay cheap.
    """

    name: str
    arg: int | str | None = None
    field: str | None = None

    @property
    def is_chance(self) -> bool:
        """True for a chance outcome."""
        return self.name == "chance"

    def to_event(self, seat: int) -> dict[str, Any]:
        """The record event for this action taken by ``seat`` (or by chance)."""
        if self.is_chance:
            return {"chance": self.arg}
        event: dict[str, Any] = {"seat": seat, "action": self.name}
        if self.field is not None:
            event[self.field] = self.arg
        return event

    def __str__(self) -> str:
        if self.is_chance:
            return f"chance {self.arg}"
        return self.name if self.field is None else f"{self.name} {self.field}={self.arg}"
