"""Cards, colours and card sets."""

from __future__ import annotations

import pickle

import attrs
import pytest

from sticheln import Card, CardError, CardSet, Color, WrongTypeError

pytestmark = pytest.mark.rule("ST-DECK-1")


def test_card_str_and_repr() -> None:
    card = Card(Color.BLUE, 11)
    assert str(card) == "B11"
    assert repr(card) == "Card(Color.BLUE, 11)"
    assert str(Card(Color.GRAY, 0)) == "A0"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B11", Card(Color.BLUE, 11)),
        ("b11", Card(Color.BLUE, 11)),
        (" r 3 ", Card(Color.RED, 3)),
        ("blue 11", Card(Color.BLUE, 11)),
        ("Grey 0", Card(Color.GRAY, 0)),
        ("gray14", Card(Color.GRAY, 14)),
        ("A7", Card(Color.GRAY, 7)),
        ("violet2", Card(Color.PURPLE, 2)),
        ("P20", Card(Color.PURPLE, 20)),
    ],
)
def test_parse_accepts_names(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "not a card name"),
        ("Q5", "unknown colour 'Q'"),
        ("B", "not a card name"),
        ("11", "not a card name"),
        ("B21", "above 20"),
        ("B-1", "not a card name"),
        ("B1.5", "not a card name"),
        ("orange3", "unknown colour"),
    ],
)
def test_parse_rejects_nonsense(text: str, fragment: str) -> None:
    with pytest.raises(CardError, match=fragment) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(WrongTypeError, match="must be a string"):
        Card.parse(11)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="must be a string"):
        CardSet.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [-1, 21])
def test_card_value_is_checked(value: int) -> None:
    with pytest.raises(CardError, match="card value must be an int from 0 to 20"):
        Card(Color.RED, value)


@pytest.mark.parametrize("value", [3.0, True, "3", None])
def test_card_value_of_another_type_is_a_type_error(value: object) -> None:
    with pytest.raises(WrongTypeError, match="card value must be an int") as info:
        Card(Color.RED, value)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)


def test_card_colour_is_checked() -> None:
    with pytest.raises(WrongTypeError, match="colour"):
        Card("R", 3)  # type: ignore[arg-type]


def test_cards_are_frozen_values() -> None:
    card = Card(Color.RED, 3)
    assert card == Card.parse("R3")
    assert hash(card) == hash(Card.parse("R3"))
    assert card != Card(Color.RED, 4)
    assert card != Card(Color.YELLOW, 3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.value = 4  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) == card


def test_cards_have_no_strength_order() -> None:
    with pytest.raises(TypeError):
        _ = Card(Color.RED, 3) < Card(Color.RED, 4)  # type: ignore[operator]


def test_display_order_is_colour_then_value() -> None:
    cards = CardSet.parse("A0 B2 R14 Y0 R0 G5 P1 B1").cards
    assert [str(c) for c in cards] == ["R0", "R14", "Y0", "G5", "B1", "B2", "P1", "A0"]


def test_card_set_operations() -> None:
    a = CardSet.parse("R1 R2 B3")
    b = CardSet.parse("R2, Y4")
    assert a | b == CardSet.parse("R1 R2 B3 Y4")
    assert a & b == CardSet.parse("R2")
    assert a - b == CardSet.parse("R1 B3")
    assert a ^ b == CardSet.parse("R1 B3 Y4")
    assert len(a) == 3
    assert Card.parse("B3") in a
    assert Card.parse("B4") not in a
    assert "B3" not in a
    assert a.of_color(Color.RED) == CardSet.parse("R1 R2")
    assert a.add(Card.parse("G0")) == CardSet.parse("R1 R2 B3 G0")
    assert a.remove(Card.parse("R1")) == CardSet.parse("R2 B3")
    assert not CardSet()
    assert CardSet.parse("R2").issubset(a)
    assert a.isdisjoint(CardSet.parse("G1"))
    assert str(a) == "R1 R2 B3"
    assert repr(a) == "CardSet.parse('R1 R2 B3')"


def test_card_set_remove_missing_card_raises_key_error() -> None:
    with pytest.raises(KeyError):
        CardSet.parse("R1").remove(Card.parse("R2"))


def test_card_set_of_accepts_names_and_rejects_other_things() -> None:
    assert CardSet.of(["R1", Card.parse("B2")]) == CardSet.parse("R1 B2")
    with pytest.raises(WrongTypeError, match="is not a card"):
        CardSet.of([3])  # type: ignore[list-item]
    with pytest.raises(CardError, match="'X1'"):
        CardSet.parse("R1 X1")


def test_card_set_equality_ignores_cached_indices() -> None:
    a = CardSet.parse("R1 B2")
    _ = a.indices
    assert a == CardSet(a.mask)
    assert hash(a) == hash(CardSet(a.mask))
    assert [c.index for c in a] == list(a.indices)
