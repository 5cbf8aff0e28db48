"""The Bot protocol, the registry and the game runner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from matchmaker import Action, OptionError, load_game, replay
from matchmaker.bots import Bot, BotError, Claim, RandomBot, bot_class, make_bot, play_game
from matchmaker.bots.registry import LEVELS, split_spec
from matchmaker.core.game import State
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.games.purrfect.view import PurrfectView


class Recorder(RandomBot):
    """A random bot that remembers what it was given."""

    name: ClassVar[str] = "recorder"

    def __init__(self, game: Any, seat: int, seed: int | str = 0) -> None:
        super().__init__(game, seat, seed)
        self.views: list[Any] = []
        self.events: list[tuple[int, Action]] = []
        self.heard: list[Claim] = []

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        return super().choose(view, legal)

    def observe(self, actor: int, action: Action) -> None:
        self.events.append((actor, action))

    def speak(self, view: Any) -> Claim | None:
        return Claim(speaker=self.seat, value=10, text="")

    def hear(self, claim: Claim) -> None:
        self.heard.append(claim)


class Cheater(Bot[Any]):
    """Returns an action that is never legal."""

    name: ClassVar[str] = "cheater"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return Action("dance")


class PurrfectOnly(RandomBot):
    games: ClassVar[tuple[str, ...]] = ("purrfect",)


@pytest.mark.parametrize(("name", "players"), [("purrfect", 4), ("clecanian", 3)])
def test_bots_receive_views_never_states(name: str, players: int) -> None:
    game = load_game(name, players=players)
    bots = [Recorder(game, seat, seed=seat) for seat in range(players)]
    played = play_game(game, bots, seed=5)
    assert played.state.is_over
    view_type = PurrfectView if name == "purrfect" else ClecanianView
    for seat, bot in enumerate(bots):
        assert bot.views
        assert all(isinstance(v, view_type) and not isinstance(v, State) for v in bot.views)
        assert all(v.seat == seat for v in bot.views)


def test_same_seed_same_game_and_record_meta() -> None:
    game = load_game("purrfect", players=3)

    def run(seed: int) -> dict[str, Any]:
        bots = [make_bot("random", game, s, f"{seed}/{s}") for s in range(3)]
        return play_game(game, bots, seed=seed).record()

    first, again, other = run(4), run(4), run(5)
    assert first == again
    assert first != other
    assert first["meta"]["seats"] == ["random", "random", "random"]
    assert first["meta"]["seed"] == 4
    assert replay(first).status() == first["result"]


def test_observe_hides_other_seats_nominations() -> None:
    game = load_game("purrfect", players=3)
    bots = [Recorder(game, seat) for seat in range(3)]
    play_game(game, bots, seed=1)
    for bot in bots:
        nominations = [(a, act) for a, act in bot.events if act.name == "nominate"]
        assert nominations
        for actor, action in nominations:
            assert (action.arg is None) == (actor != bot.seat)
        # The deal: each seat sees its own 12 cats and 24 hidden ones.
        dealt = [act for a, act in bot.events[:36]]
        assert sum(act.arg is not None for act in dealt) == 12


def test_observe_hides_another_seats_card_from_the_stock() -> None:
    game = load_game("clecanian", players=2)
    bots = [Recorder(game, seat) for seat in range(2)]
    played = play_game(game, bots, seed=2, max_events=200)
    deal_size = 2 * 10 + 1
    for bot in bots:
        deal = bot.events[:deal_size]
        # Only the first card of the discard pile is public at the deal.
        assert [act.arg is not None for _, act in deal] == [False] * 20 + [True]
        after = bot.events[deal_size:]
        hidden = 0
        for index, (actor, action) in enumerate(after):
            if actor == -1 and index and after[index - 1][1].name == "draw_stock":
                drawer = after[index - 1][0]
                joker = action.arg in ("RJ", "BJ")
                assert (action.arg is not None) == (drawer == bot.seat or joker)
                hidden += action.arg is None
        assert hidden > 5
    assert played.state.decision_count() > 0


def test_table_talk_is_heard_by_everyone_and_kept_in_the_record() -> None:
    game = load_game("purrfect", players=3)
    bots = [Recorder(game, seat) for seat in range(3)]
    played = play_game(game, bots, seed=3)
    assert played.talk
    for claim in played.talk:
        assert claim.value == 10
        assert claim.text == "My candidate is a 10."
    for bot in bots:
        assert bot.heard == played.talk
    record = played.record()
    assert record["meta"]["talk"][0] == played.talk[0].to_json()
    assert Claim.from_json(record["meta"]["talk"][0]) == played.talk[0]
    # Talk is beside the rules: the record replays without it.
    assert replay(record).status() == record["result"]


def test_clecanian_has_no_table_talk() -> None:
    game = load_game("clecanian", players=2)
    bots = [Recorder(game, seat) for seat in range(2)]
    assert play_game(game, bots, seed=3, max_events=300).talk == []


def test_an_illegal_bot_action_is_a_clear_error() -> None:
    game = load_game("purrfect", players=2)
    bots: list[Bot[Any]] = [Cheater(game, 0), RandomBot(game, 1)]
    with pytest.raises(BotError, match="the cheater player at seat 0 chose dance"):
        play_game(game, bots, seed=0)


def test_wrong_number_of_players() -> None:
    game = load_game("purrfect", players=3)
    with pytest.raises(Exception, match="has 3 seats, not 2"):
        play_game(game, [RandomBot(game, 0), RandomBot(game, 1)], seed=0)


def test_registry_names_levels_and_plugins() -> None:
    assert bot_class("random", "clecanian") is RandomBot
    assert LEVELS == {"easy": "random", "medium": "greedy", "hard": "strong"}
    assert bot_class("easy", "purrfect") is RandomBot
    assert bot_class("tests.test_bots:Recorder", "purrfect") is Recorder
    bot = make_bot("tests.test_bots:Recorder", load_game("purrfect"), 2, "x")
    assert isinstance(bot, Recorder) and bot.seat == 2


def test_a_bot_takes_settings_after_an_at_sign() -> None:
    game = load_game("clecanian", players=2)
    bot = make_bot("hard@worlds=16@seconds=0.25", game, 0, 1)
    assert (bot.budget.worlds, bot.budget.seconds) == (16, 0.25)  # type: ignore[attr-defined]
    purrfect = load_game("purrfect", players=3)
    assert make_bot("strong@budget=500", purrfect, 1, 1).search_budget == 500  # type: ignore[attr-defined]
    assert split_spec("greedy") == ("greedy", {})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hard@depth=3", "bot 'hard' has no setting 'depth' \\(its settings: worlds, seconds"),
        ("greedy@worlds=3", "bot 'greedy' has no setting 'worlds' \\(its settings: none\\)"),
        ("hard@worlds", "settings are key=value pairs, each after an @"),
        ("hard@worlds=many", "setting worlds must be a number, not 'many'"),
        ("hard@seconds=nan", "setting seconds must be a finite number"),
        ("hard@worlds=-1", "setting worlds must not be negative"),
        ("hard@worlds=2.5", "setting worlds must be a whole number"),
        ("wizard@worlds=1", "unknown bot 'wizard'"),
    ],
)
def test_bad_bot_settings_are_named(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_bot(spec, load_game("clecanian", players=2), 0, 1)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("wizard", "unknown bot 'wizard'"),
        ("tests.test_bots:Nope", "is not a matchmaker.bots.Bot class"),
        ("tests.no_such_module:Bot", "cannot import tests.no_such_module"),
        ("tests.test_bots:Claim", "is not a matchmaker.bots.Bot class"),
        ("tests.test_bots:PurrfectOnly", "does not play clecanian"),
        (":Bot", "must be a name or package.module:ClassName"),
    ],
)
def test_registry_errors(name: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        bot_class(name, "clecanian")


def test_seeded_bots_are_deterministic() -> None:
    game = load_game("clecanian", players=2)
    legal = [Action("reveal", p, "pos") for p in range(10)]
    picks = [RandomBot(game, 0, seed="s").choose(None, legal) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]


def test_only_bots_that_decide_in_milliseconds_are_quick() -> None:
    """A server asks a quick bot on its event loop (``Bot.quick``): never a search bot."""
    for game_name in ("purrfect", "clecanian"):
        game = load_game(game_name, players=3)
        for name, quick in (("easy", True), ("medium", True), ("greedy-v1", True),
                            ("hard", False), ("strong-v1", False)):  # fmt: skip
            assert make_bot(name, game, 0, 1).quick is quick, (game_name, name)


def test_a_bot_whose_extra_is_missing_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    real = importlib.import_module

    def without_openspiel(name: str, *args: Any) -> Any:
        if name == "matchmaker.interop.openspiel_bot":
            raise ModuleNotFoundError("No module named 'pyspiel'")
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", without_openspiel)
    with pytest.raises(OptionError, match=r"needs the 'rl' extra: pip install 'matchmaker\[rl\]'"):
        make_bot("openspiel-ismcts", load_game("clecanian", players=2), 0, 1)
