"""The online tables' chance (``matchmaker.server.chance``): system random bytes, read in pools."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from matchmaker.server.chance import POOL_BYTES, SystemChance


@given(st.integers(min_value=0, max_value=200))
def test_bits_are_in_range(k: int) -> None:
    chance = SystemChance()
    for _ in range(20):
        assert 0 <= chance.getrandbits(k) < 2**k


def test_every_choice_comes_up_and_the_pool_is_refilled() -> None:
    chance = SystemChance()
    counts = Counter(chance.randrange(7) for _ in range(5000))  # well over one pool of bytes
    assert sorted(counts) == list(range(7))
    assert min(counts.values()) > 500  # each about 714; a fixed or stuck source fails this
    assert 0 <= chance.random() < 1
    assert len(chance.randbytes(POOL_BYTES + 5)) == POOL_BYTES + 5


def test_two_tables_draw_differently() -> None:
    first, second = SystemChance(), SystemChance()
    assert [first.getrandbits(64) for _ in range(4)] != [second.getrandbits(64) for _ in range(4)]
