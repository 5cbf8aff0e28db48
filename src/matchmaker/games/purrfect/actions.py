"""The actions of Purrfect Match, as shared values, and reading one by its record name."""

from __future__ import annotations

from matchmaker.core.actions import Action
from matchmaker.core.errors import EventError
from matchmaker.games.purrfect.deck import MAX_VALUE

VALUES = range(1, MAX_VALUE + 1)

PRESENT_ACTIONS = {v: Action("present", v, "value") for v in VALUES}
NOMINATE_ACTIONS = {v: Action("nominate", v, "value") for v in VALUES}
PROPOSE = Action("propose")
PASS = Action("pass")
ACCEPT = Action("accept")
REJECT = Action("reject")
INSPECT_ACTIONS = (PROPOSE, PASS)
RESPOND_ACTIONS = (ACCEPT, REJECT)
#: Chance outcomes: a card value dealt, or the seat drawn as first proposer.
CHANCE_VALUES = {v: Action("chance", v) for v in range(0, MAX_VALUE + 1)}

#: What the others see of a dealt cat and of a nomination.
HIDDEN_DEAL = Action("chance", None)
HIDDEN_NOMINATION = Action("nominate", None, "value")

ACTIONS_BY_NAME = {
    "propose": PROPOSE,
    "pass": PASS,
    "accept": ACCEPT,
    "reject": REJECT,
}
#: The actions whose record event carries a ``value``.
VALUED = ("present", "nominate")


def seat_action(name: str, value: int | None) -> Action:
    """The action named ``name`` (with ``value`` for present and nominate).

    >>> seat_action("present", 7)
    Action(name='present', arg=7, field='value')
    """
    if name in ACTIONS_BY_NAME:
        return ACTIONS_BY_NAME[name]
    table = (
        PRESENT_ACTIONS if name == "present" else NOMINATE_ACTIONS if name == "nominate" else None
    )
    if table is None:
        raise EventError(f"unknown action {name!r}")
    if value is None or value not in table:
        raise EventError(f"{name} needs a value from 1 to {MAX_VALUE}, not {value!r}")
    return table[value]
