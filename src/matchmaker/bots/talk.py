"""Table talk: what players say beside the game. Nothing said binds anyone."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from matchmaker.core.driver import Driver
from matchmaker.core.game import State


def a_cat(value: int | str | None) -> str:
    """A cat's value with its article, as people say it.

    >>> a_cat(7), a_cat(8), a_cat(11)
    ('a 7', 'an 8', 'an 11')
    """
    return f"an {value}" if value in (8, 11, 18) else f"a {value}"


def claim_text(value: int) -> str:
    """What a claim says when its speaker gives no words of its own: ``My candidate is an
    8.``"""
    return f"My candidate is {a_cat(value)}."


def speakers(state: State[Any]) -> Iterator[tuple[int, Any]]:
    """The talk round just opened: each seat that may make a claim (``Game.talkers``), in
    order, with its view."""
    for seat in state.game.talkers(state):
        yield seat, state.view(seat)


class Speaker(Protocol):
    """A player that may say something in the talk round (every bot)."""

    def speak(self, view: Any) -> Claim | None:
        """Something to tell the table now, or None."""
        ...


def talk_round(
    driver: Driver[Any], voices: Sequence[Speaker | None] | Mapping[int, Speaker]
) -> Iterator[Claim]:
    """The talk round just opened (``Step.talk_due``): each seat that may speak, in order,
    is asked through its voice (seats without one say nothing). Yields each claim made, with
    its text, round and the number of decisions played when it was said; the caller lets the
    table hear it before the next seat is asked."""
    state = driver.state
    for seat, view in speakers(state):
        voice = voices.get(seat) if isinstance(voices, Mapping) else voices[seat]
        said = voice.speak(view) if voice is not None else None
        if said is None:
            continue
        yield Claim(
            speaker=seat,
            value=said.value,
            text=said.text or claim_text(said.value),
            round=getattr(view, "round", 0),
            at=state.decision_count(),
        )


@dataclass(frozen=True)
class Claim:
    """A structured claim, true or false: seat ``speaker`` says its candidate is a ``value``
    (Purrfect Match), with the text shown to people. ``at`` is the number of game events
    applied when it was said, ``round`` the game round."""

    speaker: int
    value: int
    text: str
    round: int = 0
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        """The claim as JSON data (as kept in a record's ``meta.talk``)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Claim:
        """A claim from JSON data."""
        return cls(
            speaker=int(data["speaker"]),
            value=int(data["value"]),
            text=str(data.get("text", "")),
            round=int(data.get("round", 0)),
            at=int(data.get("at", 0)),
        )
