"""Table talk for the Purrfect Match bots: a record of who told the truth, and what a claim
makes of a candidate nobody has seen.

A claim ("my candidate is a 9") is checked when the candidate it speaks of is revealed to this
seat: when a proposer claims it in a match (everybody sees it), or when this seat, as proposer,
inspects it. A claim is dropped unchecked when its candidate goes home without being seen (a
round ends in loneliness, or the speaker becomes the proposer). Each speaker's trust is the share
of its checked claims that proved true, counting one true and one false claim beforehand, so an
unknown speaker starts at one half.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from matchmaker.bots.purrfect.knowledge import Dist, Pool
from matchmaker.bots.talk import Claim
from matchmaker.core.actions import Action
from matchmaker.games.purrfect.view import PurrfectView


@dataclass(frozen=True)
class Checked:
    """A claim and the value its candidate proved to have."""

    claim: Claim
    actual: int

    @property
    def true(self) -> bool:
        """Whether the claim was true."""
        return self.claim.value == self.actual


@dataclass
class TrustBook:
    """One seat's memory of the table talk: open claims, checked claims, trust per speaker."""

    players: int
    me: int
    #: Claims by others whose candidate this seat has not seen yet.
    open: list[Claim] = field(default_factory=list)
    #: Every claim checked so far, in order.
    checked: list[Checked] = field(default_factory=list)
    #: Claims whose candidate was claimed in a match: (claim, proposer, index in its pile).
    _revealed: list[tuple[Claim, int, int]] = field(default_factory=list)
    _proposer: int | None = None
    _matched: bool = False
    _piles: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._piles = [0] * self.players

    def trust(self, speaker: int) -> float:
        """The share of ``speaker``'s checked claims that were true (one half at first)."""
        true = sum(1 for c in self.checked if c.claim.speaker == speaker and c.true)
        total = sum(1 for c in self.checked if c.claim.speaker == speaker)
        return (true + 1) / (total + 2)

    def open_claim(self, speaker: int) -> Claim | None:
        """The latest unchecked claim ``speaker`` made about its standing candidate."""
        for claim in reversed(self.open):
            if claim.speaker == speaker:
                return claim
        return None

    def hear(self, claim: Claim) -> None:
        """Note a claim made at the table (this seat's own claims are not weighed)."""
        if claim.speaker != self.me:
            self.open.append(claim)

    def observe(self, actor: int, action: Action) -> None:
        """Follow the rounds: a new proposer sends home the candidates of a lonely round and
        its own; an accepted proposal reveals the owner's candidate."""
        if action.name == "present":
            if self._proposer is not None and not self._matched:
                self.open.clear()
            self.open = [c for c in self.open if c.speaker != actor]
            self._proposer, self._matched = actor, False
        elif action.name == "accept" and self._proposer is not None:
            proposer = self._proposer
            for claim in [c for c in self.open if c.speaker == actor]:
                self._revealed.append((claim, proposer, self._piles[proposer]))
                self.open.remove(claim)
            self._piles[proposer] += 1
            self._piles[actor] += 1
            self._matched = True

    def see(self, view: PurrfectView) -> None:
        """Check open claims against what ``view`` reveals: cats claimed in matches, and the
        candidate this seat is inspecting."""
        still: list[tuple[Claim, int, int]] = []
        for claim, proposer, index in self._revealed:
            pile = view.claimed[proposer]
            if index < len(pile):
                self.checked.append(Checked(claim, pile[index]))
            else:
                still.append((claim, proposer, index))
        self._revealed = still
        value = view.inspected_value
        if value is not None and view.inspecting is not None:
            for claim in [c for c in self.open if c.speaker == view.inspecting]:
                self.checked.append(Checked(claim, value))
                self.open.remove(claim)

    def candidate_dist(self, speaker: int, pool: Pool, prior: Dist | None = None) -> Dist:
        """What ``speaker``'s unseen candidate may be: its open claim with the speaker's trust,
        and otherwise ``prior`` (by default any unseen cat, the pool)."""
        base = pool.dist() if prior is None else prior
        claim = self.open_claim(speaker)
        if claim is None or not 0 < claim.value < len(pool.counts) or not pool.counts[claim.value]:
            return base
        trust = self.trust(speaker)
        mixed = {value: (1 - trust) * p for value, p in base}
        mixed[claim.value] = mixed.get(claim.value, 0.0) + trust
        return tuple(sorted(mixed.items()))
