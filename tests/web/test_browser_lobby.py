"""Help where you play: ``GET /api/games`` describes every game, option and bot, and the lobby
in Debian's Chromium, on a desktop (1280 by 800) and a phone (390 by 844), shows it: each game in
one line, each option with its label and its effect (the rarely changed ones under "More
options"), a "How to play" panel per game, and "Create table" in view without scrolling; a
table made with changed options opens. No page logs an error."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from starlette.testclient import TestClient

from matchmaker.bots.registry import bot_names
from matchmaker.core.registry import GAMES, load_game
from matchmaker.server.app import create_app
from matchmaker.words import words_for
from matchmaker.words.bots import bot_help
from tests.web.client import http
from tests.web.conftest import DESKTOP, PHONE, LiveServer, running
from tests.web.schema import SCHEMA_FILE, check

SIZES = {"desktop": DESKTOP, "phone": PHONE}
CONTROLS = {"checkbox", "number", "choice", "text"}

# -- the answer of GET /api/games -----------------------------------------------------------------


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What ``GET /api/games`` answers, from an in-process server."""
    with TestClient(create_app(tmp_path_factory.mktemp("games"))) as client:
        answer: dict[str, Any] = client.get("/api/games").json()
    return answer


def test_every_game_option_and_bot_is_explained(catalogue: dict[str, Any]) -> None:
    check("http_games", catalogue)
    assert {game["id"] for game in catalogue["games"]} == set(GAMES)
    for game in catalogue["games"]:
        name = game["id"]
        assert game["description"].strip() and "\n" not in game["description"], name
        # every option, players included, has words: an option added without them fails here
        assert set(game["option_help"]) == set(game["options"]), name
        for key, default in game["options"].items():
            help_ = game["option_help"][key]
            where = f"{name}.{key}"
            assert help_["label"].strip() and help_["help"].strip(), where
            assert help_["label"] != key and "_" not in help_["label"], where
            assert help_["control"] in CONTROLS, where
            if help_["control"] == "number":
                assert help_["min"] <= default <= help_["max"], where
            if help_["control"] == "choice":
                assert default in [c["value"] for c in help_["choices"]], where
            if help_["control"] == "checkbox":
                assert isinstance(default, bool), where
        rules = game["rules"]
        assert rules and all(s["title"].strip() and s["lines"] for s in rules), name
    assert set(catalogue["bot_help"]) == set(catalogue["bots"])
    for name in {bot for game in GAMES for bot in bot_names(game, yardsticks=False)}:
        assert bot_help(name), f"bot {name} has no line in matchmaker.words.bots"


def test_seats_are_offered_from_1_and_the_max_turns_is_a_safety_cap(
    catalogue: dict[str, Any],
) -> None:
    games = {game["id"]: game for game in catalogue["games"]}
    first = games["purrfect"]["option_help"]["first_proposer"]
    assert first["control"] == "choice"
    assert first["choices"][0] == {"value": 0, "label": "Seat 1", "min_players": 1}
    assert first["choices"][-1] == {"value": "random", "label": "drawn at random",
                                    "min_players": None}  # fmt: skip
    cap = games["clecanian"]["option_help"]["max_turns"]
    assert cap["advanced"] and "safety cap" in cap["help"]
    assert (cap["min"], cap["max"]) == (1, 2000)  # the bounds a table plays
    assert games["clecanian"]["option_help"]["deck"]["advanced"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_terminal_and_the_web_say_the_same_rules(catalogue: dict[str, Any], game: str) -> None:
    (served,) = [g for g in catalogue["games"] if g["id"] == game]
    words = words_for(load_game(game))
    assert served["rules"] == [section.to_json() for section in words.rules_sections()]
    text = words.rules_summary()
    for section in served["rules"]:
        assert f"{section['title']}: {' '.join(section['lines'])}" in text


def test_the_protocol_example_says_what_the_server_answers(catalogue: dict[str, Any]) -> None:
    doc = (SCHEMA_FILE.parent / "protocol.md").read_text()
    section = doc.split("### `GET /api/games`", 1)[1]
    example = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))  # type: ignore[union-attr]
    served = {game["id"]: game for game in catalogue["games"]}
    for game in example["games"]:
        real = served[game["id"]]
        assert game["description"] == real["description"]
        for key, shown in game["option_help"].items():
            if key == "...":
                continue
            for field, value in shown.items():
                if isinstance(value, str) and value.endswith("..."):
                    assert real["option_help"][key][field].startswith(value[:-3].rstrip())
                elif field == "choices":
                    assert all(
                        c in real["option_help"][key]["choices"] for c in value if c != "..."
                    )
                else:
                    assert real["option_help"][key][field] == value, f"{key}.{field}"
    for bot, line in example["bot_help"].items():
        assert bot == "..." or catalogue["bot_help"][bot] == line


# -- the lobby in the browser ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(tmp_path_factory.mktemp("lobby") / "data") as live:
        yield live


@pytest.fixture(params=sorted(SIZES))
def lobby(request: pytest.FixtureRequest, browser: Browser, server: LiveServer) -> Iterator[Page]:
    """The lobby at one screen size; no error may be logged on any page it opens."""
    phone = request.param == "phone"
    context = browser.new_context(viewport=SIZES[request.param], is_mobile=phone, has_touch=phone)
    context.set_default_timeout(15_000)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server.url}/")
    expect(page.get_by_test_id("create-submit")).to_be_visible()
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"errors in the browser: {errors}"


def game_info(catalogue: dict[str, Any], game: str) -> dict[str, Any]:
    (info,) = [g for g in catalogue["games"] if g["id"] == game]
    assert isinstance(info, dict)
    return info


def create_in_view(page: Page) -> None:
    """The "Create table" button is wholly on screen and the page has not been scrolled."""
    expect(page.get_by_test_id("create-submit")).to_be_in_viewport(ratio=1)
    assert page.evaluate("window.scrollY") == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_lobby_describes_the_game_and_its_options(
    lobby: Page, catalogue: dict[str, Any], game: str
) -> None:
    info = game_info(catalogue, game)
    for each in catalogue["games"]:
        expect(lobby.get_by_test_id(f"description-{each['id']}")).to_have_text(each["description"])
    lobby.get_by_test_id("create-game").select_option(game)
    expect(lobby.get_by_test_id("create-description")).to_contain_text(info["description"])
    create_in_view(lobby)
    expect(lobby.get_by_text("explained on the rules pages")).to_have_count(0)
    form = lobby.locator("form.create")
    advanced = [k for k, h in info["option_help"].items() if h["advanced"]]
    for key, help_ in info["option_help"].items():
        control = form.get_by_test_id("create-players" if key == "players" else f"option-{key}")
        label = form.locator(
            f"label[for='{'create-players' if key == 'players' else f'option-{key}'}']"
        )
        expect(label).to_have_text(help_["label"])
        expect(control).to_have_accessible_description(help_["help"])
        if key in advanced:
            expect(control).to_be_hidden()
        else:
            expect(control).to_be_visible()
            expect(form.get_by_text(help_["help"], exact=True)).to_be_visible()
    if advanced:
        form.get_by_test_id("more-options").locator("summary").click()
        for key in advanced:
            expect(form.get_by_test_id(f"option-{key}")).to_be_visible()
            expect(form.get_by_text(info["option_help"][key]["help"], exact=True)).to_be_visible()
    expect(form.get_by_test_id("seat-help")).to_contain_text(catalogue["bot_help"]["medium"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_how_to_play_opens_the_rules_of_each_game(
    lobby: Page, catalogue: dict[str, Any], game: str
) -> None:
    info = game_info(catalogue, game)
    panel = lobby.get_by_test_id(f"rules-{game}")
    expect(panel).to_contain_text(f"How to play {info['title']}")
    first = info["rules"][0]["lines"][0]
    expect(panel.get_by_text(first, exact=True)).to_be_hidden()
    lobby.get_by_test_id("create-game").select_option(game)
    lobby.get_by_test_id("create-how-to-play").click()  # the link beside the game's line
    expect(panel).to_have_attribute("open", "")
    for section in info["rules"]:
        expect(panel.get_by_role("heading", name=section["title"], exact=True)).to_be_visible()
        for line in section["lines"]:
            expect(panel.get_by_text(line, exact=True)).to_be_attached()
    expect(panel.get_by_text(first, exact=True)).to_be_in_viewport()
    panel.locator("summary").click()
    expect(panel.get_by_text(first, exact=True)).to_be_hidden()


def enter_the_table(page: Page, server: LiveServer) -> dict[str, Any]:
    """Create the table, take the seat, see the table page; the table's summary."""
    # the form was filled further down: the action stays in view all the same
    expect(page.get_by_test_id("create-submit")).to_be_in_viewport(ratio=1)
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("created")).to_be_visible()
    page.get_by_test_id("enter-table").click()
    expect(page.get_by_test_id("table-page")).to_be_visible()
    table = page.url.rsplit("/", 1)[1]
    status, summary = http("GET", f"{server.url}/api/tables/{table}")
    assert status == 200
    assert isinstance(summary, dict)
    return summary


def test_a_golf_table_with_changed_options_opens(lobby: Page, server: LiveServer) -> None:
    lobby.get_by_test_id("create-game").select_option("clecanian")
    lobby.get_by_test_id("option-rounds").fill("1")
    lobby.get_by_test_id("option-epilogue").check()
    lobby.get_by_test_id("more-options").locator("summary").click()
    lobby.get_by_test_id("option-max_turns").fill("300")
    lobby.get_by_test_id("create-seat-1").select_option("easy")
    expect(lobby.get_by_test_id("seat-help")).to_contain_text("at random")
    summary = enter_the_table(lobby, server)
    assert summary["game"] == "clecanian"
    assert summary["options"] == {"players": 2, "rounds": 1, "epilogue": True, "max_turns": 300}


def test_a_purrfect_table_with_a_random_first_proposer_opens(
    lobby: Page, server: LiveServer
) -> None:
    lobby.get_by_test_id("create-game").select_option("purrfect")
    first = lobby.get_by_test_id("option-first_proposer")
    expect(first.locator("option")).to_have_text(
        ["Seat 1", "Seat 2", "Seat 3", "Seat 4", "drawn at random"]
    )
    lobby.get_by_test_id("create-players").fill("3")  # the seats offered follow the players
    expect(first.locator("option")).to_have_text(["Seat 1", "Seat 2", "Seat 3", "drawn at random"])
    first.select_option(label="drawn at random")
    summary = enter_the_table(lobby, server)
    assert summary["options"] == {"players": 3, "first_proposer": "random"}
