"""The words of Purrfect Match: cats, choices, status and narration.

>>> a_cat(7), a_cat(8), listing(["Ann", "Ben", "Cid"])
('a 7', 'an 8', 'Ann, Ben and Cid')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matchmaker.bots.talk import a_cat
from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.driver import Step
from matchmaker.games.purrfect import happenings as told
from matchmaker.games.purrfect.deck import MAX_VALUE, MIN_VALUE, NAMED_DECKS
from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.options import MIN_CARDS_PER_PLAYER
from matchmaker.games.purrfect.phases import Phase
from matchmaker.games.purrfect.view import PurrfectView
from matchmaker.words.base import GameWords, OptionChoice, OptionHelp, RulesSection
from matchmaker.words.seats import HUMAN, seat_label


def listing(items: Sequence[str]) -> str:
    """Words in a row: ``2, 5 and 9``, ``Ann and Ben``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


class PurrfectWords(GameWords[PurrfectView]):
    """The words of Purrfect Match."""

    game: PurrfectGame

    # ------------------------------------------------------------------------------ choices
    def choice_key(self, action: Action) -> str:
        """``present 7``, ``nominate 3``, ``propose``, ``pass``, ``accept``, ``reject``."""
        return action.name if action.arg is None else f"{action.name} {action.arg}"

    def choice_help(self, view: PurrfectView, action: Action, names: Sequence[str]) -> str:
        """What a decision does, with the cats it concerns."""
        owner = names[view.inspecting] if view.inspecting is not None else "the"
        name = action.name
        if name == "present":
            return f"show {a_cat(action.arg)} to the table"
        if name == "nominate":
            return f"offer {a_cat(action.arg)} face down"
        if name == "propose":
            seen = view.inspected_value
            return f"ask {owner}'s {seen if seen is not None else 'cat'} to match"
        if name == "pass":
            return "move on to the next candidate"
        if name == "accept":
            return f"claim the {view.proposer_cat}, give away your {view.candidate}"
        if name == "reject":
            return "keep your candidate"
        return ""

    # ------------------------------------------------------------------------------- status
    def description(self) -> str:
        """Purrfect Match in one line."""
        return (
            "Hidden cats worth 1–10: propose, pass, bluff — score what you claim minus what you "  # noqa: RUF001
            "were dealt."
        )

    def rules_sections(self) -> list[RulesSection]:
        """Purrfect Match in plain words, with this game's deck, seats and first proposer."""
        options = self.game.options
        deck, players, each = options.deck, options.players, options.hand_size
        removed = len(deck) - each * players
        aside = f"; {removed} more stay face down, unseen by all" if removed else ""
        first = (
            "A seat drawn at random proposes first."
            if options.first_proposer is None
            else f"{seat_label(options.first_proposer, HUMAN)} proposes first."
        )
        return [
            RulesSection("Goal", (
                "Claim cats worth more than the cats you were dealt.",
                "Your score is the total of the cats you claimed minus your target; the highest "
                "score wins.",
            )),
            RulesSection("The deal", (
                f"Every player is dealt a hand of cats worth {min(deck)} to {max(deck)}: with "
                f"this deck of {len(deck)} cats and {players} players, {each} each{aside}.",
                "Your target, secret until the end, is the total of the cats you were dealt.",
            )),
            RulesSection("A round", (
                f"{first} The proposer shows a cat from their hand.",
                "Every other player holding cats lays one face down as a candidate (a candidate "
                "still standing from the round before stays).",
                "The proposer looks at the candidates one by one, clockwise, and proposes or "
                "passes; the candidate's owner accepts or rejects a proposal.",
            )),
            RulesSection("Match or no match", (
                "On a match the two cats change owners for good and are claimed face up; the "
                "candidate's owner proposes next.",
                "If nobody matches, the proposer's cat is lost, the candidates go back to their "
                "owners' hands and the seat to the left proposes next.",
                "So a candidate stands until a round ends with no match: while the others keep "
                "matching each other, its owner may not get another turn all game.",
            )),
            RulesSection("Talk", (
                "Anybody may say anything about their candidate to persuade the proposer: a "
                "claim is talk and may be a bluff.",
            )),
            RulesSection("The end", (
                "The game ends when fewer than two players hold cats; cats still held score for "
                "nobody.",
            )),
        ]  # fmt: skip

    def option_help(self) -> dict[str, OptionHelp]:
        """Players, the first proposer (a seat, counted from 1, or drawn at random) and the
        deck."""
        game = self.game
        seats = tuple(
            OptionChoice(seat, seat_label(seat, HUMAN), min_players=seat + 1)
            for seat in range(game.max_players)
        )
        counts = {name: len(cats) for name, cats in NAMED_DECKS.items()}
        return {
            "players": OptionHelp(
                "Players", f"how many sit at the table, {game.min_players} to {game.max_players}"
            ),
            "first_proposer": OptionHelp(
                "First proposer",
                "who shows the first cat; after that, whoever's candidate is matched proposes",
                (*seats, OptionChoice("random", "drawn at random")),
            ),
            "deck": OptionHelp(
                "Deck",
                f"the cats dealt out: the {counts['default']} of the rules, the designer's "
                f"{counts['faq38']}, or your own values written as a list such as "
                f"[2, 3, 4, 5, 6, 7, 8, 9] ({MIN_VALUE} to {MAX_VALUE}, at least "
                f"{MIN_CARDS_PER_PLAYER} a player)",
                (
                    OptionChoice("default", f"{counts['default']} cats, as in the printed rules"),
                    OptionChoice("faq38", f"{counts['faq38']} cats, as in the designer's FAQ"),
                ),
                open_ended=True,
                advanced=True,
            ),
        }

    def score_lines(self, view: PurrfectView, names: Sequence[str]) -> list[str]:
        """The cats each seat claimed, and this seat's score so far."""
        claimed = ", ".join(f"{names[s]} {t}" for s, t in enumerate(view.claimed_totals))
        lines = [f"Cats claimed so far: {claimed}."]
        if view.seat is not None and view.target is not None and view.score is not None:
            lines.append(
                f"Your target is {view.target} (the cats you were dealt): your score so far is "
                f"{view.claimed_totals[view.seat]} - {view.target} = {view.score}."
            )
        if view.scores is not None:
            final = ", ".join(f"{names[s]} {v}" for s, v in enumerate(view.scores))
            lines.append(f"Final scores: {final}.")
        return lines

    def status(self, view: PurrfectView, names: Sequence[str]) -> str:
        """Where the round stands and who must do what (``Your turn`` for the viewer)."""
        phase = view.phase
        yours = view.seat is not None and view.seat == view.to_act
        if phase is Phase.OVER:
            return "The game is over."
        if phase is Phase.DEAL:
            return "The cats are being dealt."
        if phase is Phase.CHOOSE_FIRST_PROPOSER:
            return "The first proposer is being drawn."
        assert view.proposer is not None
        proposer = "You" if view.seat == view.proposer else names[view.proposer]
        prefix = f"Round {view.round + 1} · "
        if phase is Phase.PRESENT:
            if yours:
                return f"{prefix}Your turn: you propose; show a cat from your hand."
            return f"{prefix}{proposer} proposes and chooses a cat to show."
        you = proposer == "You"
        shown = f"{proposer} {'show' if you else 'shows'} {a_cat(view.proposer_cat)}"
        if phase is Phase.NOMINATE:
            if yours:
                return f"{prefix}{shown}. Your turn: put a candidate face down."
            return f"{prefix}{shown}; {names[view.to_act]} puts a candidate face down."
        assert view.inspecting is not None
        owner = names[view.inspecting]
        if phase is Phase.INSPECT:
            if yours:
                seen = view.inspected_value
                return (
                    f"{prefix}Your turn: {owner}'s candidate is {a_cat(seen)}. "
                    "Propose, or pass to the next candidate?"
                )
            return f"{prefix}{shown} and {'look' if you else 'looks'} at {owner}'s candidate."
        if yours:
            return (
                f"{prefix}{proposer} proposes to your candidate, {a_cat(view.candidate)}, with "
                f"{a_cat(view.proposer_cat)}. Your turn: accept or reject."
            )
        proposes = "propose" if you else "proposes"
        return f"{prefix}{shown} and {proposes} to {owner}'s candidate; {owner} accepts or rejects."

    # ---------------------------------------------------------------------------- narration
    def narrate(
        self, step: Step, before: PurrfectView, after: PurrfectView, names: Sequence[str]
    ) -> list[str]:
        """The event as the viewer saw it, then what the rules did because of it."""
        seen = step.seen_by(after.seat)
        lines: list[str] = []
        if step.actor == CHANCE:
            if step.phase == Phase.CHOOSE_FIRST_PROPOSER:
                lines.append(f"{names[int(str(seen.arg))]} is drawn to propose first.")
        else:
            lines.append(self._decision(step.actor, seen, before, names))
        for happening in step.happenings:
            lines += self._happening(happening, after, names)
        inspecting = after.inspecting
        newly = before.phase not in (Phase.INSPECT, Phase.RESPOND) or (
            before.inspecting != inspecting
        )
        if after.phase is Phase.INSPECT and inspecting is not None and newly:
            proposer = names[after.proposer if after.proposer is not None else 0]
            value = after.inspected_value
            what = f": {a_cat(value)}" if value is not None else ""
            lines.append(f"{proposer} looks at {names[inspecting]}'s candidate{what}.")
        return lines

    def _decision(
        self, seat: int, action: Action, before: PurrfectView, names: Sequence[str]
    ) -> str:
        who = names[seat]
        name = action.name
        if name == "present":
            return f"{who} shows {a_cat(action.arg)}."
        if name == "nominate":
            if action.arg is not None:
                return f"{who} puts {a_cat(action.arg)} face down as a candidate."
            return f"{who} puts a candidate face down."
        owner = names[before.inspecting] if before.inspecting is not None else "the"
        value = before.inspected_value
        candidate = f"{owner}'s {value}" if value is not None else f"{owner}'s candidate"
        if name == "pass":
            return f"{who} passes on {candidate}."
        if name == "propose":
            return f"{who} proposes to {candidate}!"
        if name == "accept":
            return f"{who} accepts the proposal."
        if name == "reject":
            return f"{who} rejects the proposal."
        return f"{who}: {name}"

    def _happening(self, h: Any, after: PurrfectView, names: Sequence[str]) -> list[str]:
        """One happening in words (the deal also tells the viewer its own cats)."""
        if isinstance(h, told.Dealt):
            extra = f"; {h.excess} left out unseen" if h.excess else ""
            lines = [f"The cats are dealt: {h.hand_size} to each seat{extra}."]
            if after.seat is not None and after.target is not None:
                hand = listing([str(v) for v in after.hand])
                lines.append(f"{names[after.seat]}'s cats: {hand} (target {after.target}).")
            return lines
        if isinstance(h, told.ProposerChosen):
            lines = [f"— Round {h.round + 1}: {names[h.proposer]} proposes —"]
            if h.designated != h.proposer:
                lines.append(
                    f"{names[h.designated]} holds no cats: the proposer's turn passes on "
                    f"to {names[h.proposer]}."
                )
            return lines
        if isinstance(h, told.CandidateReturns):
            return [f"{names[h.seat]}'s standing candidate goes back to its owner's hand."]
        if isinstance(h, told.Matched):
            return [
                f"A match! {names[h.proposer]} claims {names[h.owner]}'s {h.candidate}, "
                f"{names[h.owner]} claims {names[h.proposer]}'s {h.proposer_cat}."
            ]
        if isinstance(h, told.Lonely):
            home = ""
            if h.returned:
                owners = listing([names[s] for s in h.returned])
                home = f"; the candidate{'s' if len(h.returned) > 1 else ''} of {owners} "
                home += "go home" if len(h.returned) > 1 else "goes home"
            return [f"Nobody matched: {names[h.proposer]}'s {h.cat} is discarded{home}."]
        if isinstance(h, told.SitsOut):
            return [f"{names[h.seat]} holds no cats any more and sits out the rest of the game."]
        if isinstance(h, told.GameEnds):
            left = (
                f" (left over, scoring nothing: {listing([str(v) for v in h.left_over])})"
                if h.left_over
                else ""
            )
            return [f"Fewer than two seats hold cats: the game is over{left}."]
        return [str(h)]
