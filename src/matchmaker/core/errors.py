"""The errors matchmaker raises: each names what is wrong, never shows hidden cards."""

from __future__ import annotations


class MatchmakerError(Exception):
    """Base class of every error matchmaker raises on purpose."""


class OptionError(MatchmakerError, ValueError):
    """A game option is unknown or has a bad value."""


class IllegalActionError(MatchmakerError, ValueError):
    """An action breaks a rule; the message says which and why."""


class EventError(MatchmakerError, ValueError):
    """An event (from a record or a client) is malformed: a missing or mistyped field, an
    unknown action name."""


class GameNotOverError(MatchmakerError):
    """Something only a finished game has (its result) was asked of a game still going on."""


class NoSuchSeatError(MatchmakerError, ValueError):
    """A seat number outside the game's seats (``0 .. players - 1``)."""


class SamplingError(MatchmakerError):
    """No full state can be sampled from this view: before the deal is complete, from a
    spectator's view when a seat's is needed, or from a view that does not fit the deck."""


class RecordError(MatchmakerError, ValueError):
    """A game record does not parse or breaks a rule.

    ``event`` is the 0-based index of the offending event (None when the problem is not in an
    event), ``round`` the 0-based round for games that record rounds.
    """

    def __init__(self, message: str, *, event: int | None = None, round: int | None = None):
        self.reason = message
        self.event = event
        self.round = round
        where = []
        if round is not None:
            where.append(f"round {round}")
        if event is not None:
            where.append(f"event {event}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)
