"""The codec registry and the seat histories: one codec per game and options, events applied
through the table driver, every viewer's entries, copies and pickles."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from matchmaker import load_game
from matchmaker.core.actions import CHANCE
from matchmaker.core.errors import IllegalActionError, MatchmakerError
from matchmaker.core.registry import GAMES
from matchmaker.games.purrfect.actions import PROPOSE
from matchmaker.interop.codecs import CODECS, codec_class, codec_for, codec_named
from matchmaker.interop.history import SeatHistories
from matchmaker.interop.layout import ROW_WIDTH


def played(name: str, seed: int, events: int, **options: object) -> SeatHistories:
    histories = SeatHistories.fresh(codec_for(load_game(name, options)))
    rng = random.Random(seed)
    for _ in range(events):
        state = histories.state
        if state.is_over:
            break
        options_now = state.chance_choices() if state.to_act == CHANCE else state.legal_actions()
        histories.apply(options_now[rng.randrange(len(options_now))])
    return histories


def test_every_game_has_a_codec_and_codecs_are_shared() -> None:
    assert set(CODECS) == set(GAMES)
    for name in GAMES:
        game = load_game(name)
        codec = codec_for(game)
        assert isinstance(codec, codec_class(name))
        assert codec.game_name == name
        assert codec_for(load_game(name)) is codec
        assert codec_named(name, game.options_dict()) is codec
    with pytest.raises(MatchmakerError, match="no research encoding"):
        codec_class("chess")


def test_events_go_through_the_driver() -> None:
    histories = played("purrfect", 0, 0, players=3)
    with pytest.raises(IllegalActionError):
        histories.apply(PROPOSE)  # the deal is a chance node
    assert histories.events == [] and histories.entries == []
    histories = played("purrfect", 0, 40, players=3)
    assert [event.seq for event in histories.events] == list(range(40))
    assert histories.driver.seq == 40
    assert all(len(entries) == 4 for entries in histories.entries)  # three seats, a spectator


@pytest.mark.parametrize(("name", "events"), [("purrfect", 45), ("clecanian", 90)])
def test_copies_and_pickles_keep_every_history(name: str, events: int) -> None:
    histories = played(name, 2, events)
    for copy in (histories.clone(), pickle.loads(pickle.dumps(histories))):
        assert copy.full_text() == histories.full_text()
        assert copy.state.record() == histories.state.record()
        codec = copy.codec
        for viewer in range(codec.players + 1):
            assert copy.information_text(viewer) == histories.information_text(viewer)
            rows = [np.zeros((codec.history_capacity, ROW_WIDTH), np.float32) for _ in "ab"]
            lengths = [np.zeros(1, np.float32) for _ in "ab"]
            copy.encode_history(viewer, rows[0], lengths[0])
            histories.encode_history(viewer, rows[1], lengths[1])
            assert (rows[0] == rows[1]).all() and lengths[0] == lengths[1]
    copy = histories.clone()
    copy.apply_id(copy.codec.legal_ids(copy.state)[0] if copy.state.to_act >= 0 else 0)
    assert len(copy.events) == len(histories.events) + 1
    assert copy.driver is not histories.driver and copy.state is not histories.state
