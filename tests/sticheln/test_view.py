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


# -- repr and str -----------------------------------------------------------------------------


def _readme_position() -> st.StichelnState:
    """The README's game (four players, seed 7): pain cards R1 R0 R4 R2, the first trick
    Y9 Y11 B10 G3 taken by seat 2 with B10, who leads Y6."""
    state = st.new_game(players=4, seed=7)
    for player, card in [*enumerate(["R1", "R0", "R4", "R2", "Y9", "Y11", "B10", "G3"]), (2, "Y6")]:
        state = st.apply_move(state, st.parse_move(state, player % 4, card))
    return state


def test_a_view_prints_what_its_player_sees() -> None:
    view = st.observe(_readme_position(), 0)
    assert repr(view) == (
        "<StichelnView player 0, 4 players, round 1/4, trick 2, player 3 to play, 13 cards in hand>"
    )
    # Seat 0 holds its 15 cards less R1 (its pain card) and Y9; R1 costs 1, seat 2's four won
    # cards score 4 against R4's 4, seat 3's R2 costs 2.
    assert str(view) == (
        "Sticheln · round 1 of 4 · trick 2 · player 3 to play · seen by player 0\n"
        "Hand:\n"
        "  red     R3 R6 R8 R10 R11  (pain colour)\n"
        "  yellow  Y2\n"
        "  green   G0 G1 G9 G10\n"
        "  purple  P3 P6 P8\n"
        "On the table: 2:Y6 (lead colour yellow), player 2 would take it\n"
        "Tricks of the round:\n"
        "  1) 0:Y9 1:Y11 2:B10 3:G3 -> 2\n"
        "Player  Cards  Pain card  Won  This round  Total\n"
        "0          13  R1           0          -1      0\n"
        "1          13  R0           0           0      0\n"
        "2          12  R4           4           0      0\n"
        "3          13  R2           0          -2      0"
    )
    spectator = st.observe(_readme_position(), st.SPECTATOR)
    assert repr(spectator) == (
        "<StichelnView spectator, 4 players, round 1/4, trick 2, player 3 to play>"
    )
    assert "Hand" not in str(spectator)


def test_a_state_prints_every_hand() -> None:
    state = _readme_position()
    assert repr(state) == "<StichelnState 4 players, round 1/4, trick 2, player 3 to play>"
    assert str(state).splitlines()[:6] == [
        "Sticheln · round 1 of 4 · trick 2 · player 3 to play",
        "Hands:",
        "  0  R3 R6 R8 R10 R11  Y2  G0 G1 G9 G10  P3 P6 P8",
        "  1  R5  Y0 Y3 Y7  G2 G4 G7 G11  B2 B5 B8  P1 P4",
        "  2  R7 R9  Y4  G5 G6 G8  B1 B3 B4 B9  P7 P11",
        "  3  Y1 Y5 Y8 Y10  B0 B6 B7 B11  P0 P2 P5 P9 P10",
    ]


def test_the_pain_cards_show_as_chosen_until_revealed_and_a_state_shows_them() -> None:
    state = st.new_game(players=4, seed=7)
    for player, card in enumerate(["R1", "R0", "R4"]):
        state = st.apply_move(state, st.parse_move(state, player, card))
    view = st.observe(state, 0)
    assert repr(view) == (
        "<StichelnView player 0, 4 players, round 1/4, choosing pain cards, waiting for [3], "
        "14 cards in hand>"
    )
    assert str(view) == (
        "Sticheln · round 1 of 4 · choosing pain cards · waiting for 3 · seen by player 0\n"
        "Hand:\n"
        "  red     R3 R6 R8 R10 R11\n"
        "  yellow  Y2 Y9\n"
        "  green   G0 G1 G9 G10\n"
        "  purple  P3 P6 P8\n"
        "Player  Cards  Pain card  Won  This round  Total\n"
        "0          14  R1           0           -      0\n"
        "1          14  chosen       0           -      0\n"
        "2          14  chosen       0           -      0\n"
        "3          15  choosing     0           -      0"
    )
    assert str(state).splitlines()[-3:] == [
        "1          14  R0           0           -      0",
        "2          14  R4           0           -      0",
        "3          15  choosing     0           -      0",
    ]


def test_a_finished_game_prints_its_scoreboard() -> None:
    state = play_mini()
    scoreboard = [
        "Round  Player 0  Player 1  Player 2  Pain cards",
        "1            -2         0        -2  B0 Y0 R0",
        "2            -2        -1        +1  R2 Y1 B0",
        "3            -2        -2        +2  B2 R2 B1",
        "Total        -6        -3         1",
        "Winner: player 2",
    ]
    assert str(state).splitlines() == ["Sticheln · game over", *scoreboard]
    view = st.observe(state, 1)
    assert str(view).splitlines() == ["Sticheln · game over · seen by player 1", *scoreboard]
    assert repr(view) == "<StichelnView player 1, 3 players, over, scores [-6, -3, 1]>"
