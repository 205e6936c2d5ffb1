"""Player views: what one player may see."""

from __future__ import annotations

import attrs
import pytest

import sticheln as st
from sticheln import Card, CardSet, ChoosePain, Phase, PlayCard, UnknownPlayerError

from .test_engine import MINI, MINI_DEALS, play_mini


def mini() -> st.StichelnState:
    return st.new_game(3, rules=MINI, first_leader=1, deals=MINI_DEALS)


@pytest.mark.rule("ST-PAIN-1")
def test_picks_stay_hidden_until_everyone_has_chosen() -> None:
    state = st.apply_move(mini(), ChoosePain(0, Card.parse("B0")))
    state = st.apply_move(state, ChoosePain(1, Card.parse("Y0")))
    own = st.observe(state, 0)
    assert own.pain_cards == (Card.parse("B0"), None, None)
    assert own.own_pain_card == Card.parse("B0")
    assert own.has_chosen == (True, True, False)
    other = st.observe(state, 2)
    assert other.pain_cards == (None, None, None)
    assert other.players_to_act == (2,)
    state = st.apply_move(state, ChoosePain(2, Card.parse("R0")))
    assert st.observe(state, 2).pain_cards == (
        Card.parse("B0"),
        Card.parse("Y0"),
        Card.parse("R0"),
    )


def test_view_shows_own_hand_and_public_cards_only() -> None:
    state = mini()
    for seat, name in enumerate(["B0", "Y0", "R0"]):
        state = st.apply_move(state, ChoosePain(seat, Card.parse(name)))
    state = st.apply_move(state, PlayCard(1, Card.parse("R2")))
    view = st.observe(state, 0)
    assert view.hand == CardSet.parse("R1 Y2")
    assert view.hand_sizes == (2, 1, 2)
    assert view.current_trick == ((1, Card.parse("R2")),)
    assert view.to_act == 2
    assert view.phase is Phase.PLAYING
    # Player 0 has not seen Y1 B2 (player 2's hand) nor B1 (player 1's).
    assert view.unseen_cards == CardSet.parse("B1 Y1 B2")
    assert not hasattr(view, "hands")
    # No field of the view holds a card of another player's hand.
    hidden = state.hands[1] | state.hands[2]
    for field in attrs.fields(st.StichelnView):
        assert hidden.isdisjoint(_cards_in(getattr(view, field.name))), field.name


def test_view_after_the_game_shows_everything_public() -> None:
    state = play_mini()
    view = st.observe(state, 1)
    assert view.is_over
    assert view.scores == (-6, -3, 1)
    assert view.finished_rounds == state.finished_rounds
    assert view.to_act is None


def test_observe_checks_the_player() -> None:
    with pytest.raises(UnknownPlayerError):
        st.observe(mini(), 3)


@pytest.mark.rule("ST-PAIN-1")
def test_views_equal_when_only_hidden_cards_differ() -> None:
    # Swap a card between player 1 and player 2: player 0 cannot tell the difference.
    swapped = [["R1 Y2 B0", "R2 Y0 Y1", "R0 B1 B2"], *MINI_DEALS[1:]]
    a = st.new_game(3, rules=MINI, first_leader=1, deals=MINI_DEALS)
    b = st.new_game(3, rules=MINI, first_leader=1, deals=swapped)
    assert st.observe(a, 0) == st.observe(b, 0)
    assert st.observe(a, 1) != st.observe(b, 1)


def _cards_in(value: object) -> CardSet:
    """Every card found in a (nested) view field."""
    if isinstance(value, Card):
        return CardSet.of([value])
    if isinstance(value, CardSet):
        return value
    found = CardSet()
    if isinstance(value, tuple):
        for item in value:
            found |= _cards_in(item)
    return found
