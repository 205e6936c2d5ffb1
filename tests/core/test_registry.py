"""The registry's listings: the title and presets of a game without loading it."""

from __future__ import annotations

from typing import Any

import pytest

import sticheln as st
from sticheln.core import registry
from sticheln.core.registry import GameListing, game_listing
from tests.toy_games import Nim

BUILT_IN = ("sticheln", "hattrick", "stichling")


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_listing_of_a_built_in_game_is_what_its_info_says(name: str) -> None:
    # The listing is written out beside the registration; the game's info is the truth.
    info = st.find_game(name).info
    assert registry._LISTINGS[name] == GameListing(
        info.title, tuple(info.presets), info.default_preset
    )
    assert game_listing(name.upper()) is registry._LISTINGS[name]


def test_the_listings_of_the_built_in_games_read_as_the_rulebooks_name_them() -> None:
    assert game_listing("stichling") == (
        "Stichling",
        ("ravensburger-2015", "spieletest", "tiny"),
        "ravensburger-2015",
    )
    assert game_listing("sticheln").default_preset == "nsv"


def test_a_game_registered_without_a_listing_is_listed_from_its_info(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._FACTORIES, "nim", lambda preset: Nim())
    assert game_listing("nim") == ("Nim", ("ten",), "ten")


def test_replacing_a_game_without_a_listing_drops_its_listing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setattr(registry, "_LISTINGS", dict(registry._LISTINGS))
    st.register_game("sticheln", lambda preset: Nim(), replace=True)
    assert game_listing("sticheln").title == "Nim"


@pytest.mark.parametrize(
    ("listing", "error", "words"),
    [
        (("Title", ("a",), "a"), st.WrongTypeError, "must be a GameListing"),
        (GameListing("Title", ["a"], "a"), st.WrongTypeError, "tuple of preset names"),  # type: ignore[arg-type]
        (GameListing("Title", ("a", 3), "a"), st.WrongTypeError, "tuple of preset names"),  # type: ignore[arg-type]
        (GameListing("Title", ("a" * 3000,), "b" * 3000), ValueError, "not among its presets"),
    ],
    ids=["plain-tuple", "list-of-presets", "number-preset", "unknown-default"],
)
def test_a_bad_listing_is_refused_with_a_short_message(
    listing: Any, error: type[Exception], words: str
) -> None:
    before = list(st.GAME_NAMES)
    with pytest.raises(error, match=words) as info:
        st.register_game("listed", lambda preset: Nim(), listing=listing)
    assert len(str(info.value)) < 300
    assert list(st.GAME_NAMES) == before


def test_game_listing_refuses_what_is_not_a_known_name() -> None:
    with pytest.raises(st.WrongTypeError, match="must be a string"):
        game_listing(3)  # type: ignore[arg-type]
    with pytest.raises(st.UnknownNameError, match="no game 'go'; known games: sticheln"):
        game_listing("go")
