"""The conformance suite, :func:`sticheln.testing.check_game`: every registered game, the Nim toy
and the example game pass it; games broken on purpose fail it with the check that catches
them named; a game registered from outside the library is offered by the command line."""

from __future__ import annotations

import importlib.util
import io
import random
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import sticheln
import sticheln.core.registry
from sticheln import (
    GAME_NAMES,
    SPECTATOR,
    Card,
    ChoosePain,
    Phase,
    StichelnError,
    StichelnGame,
    StichelnMove,
    StichelnState,
    StichelnView,
    WrongTypeError,
    find_game,
)
from sticheln.cli import main
from sticheln.core.encoding import ObservationWriter
from sticheln.core.wire import HEADER
from sticheln.sticheln.event import CardPlayed, PainCardChosen
from sticheln.testing import CHECKS, CaseReport, CheckReport, ConformanceError, check_game
from tests.toy_games import Nim, NimEncoding, NimState, NimView, Take

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _load_example() -> dict[str, Any]:
    """The example's module, registered in ``sys.modules`` as modules are (its classes'
    annotations are read back through it)."""
    spec = importlib.util.spec_from_file_location("high_card", ROOT / "examples" / "high_card.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["high_card"] = module
    spec.loader.exec_module(module)
    return vars(module)


EXAMPLE = _load_example()
HighCardGame: Any = EXAMPLE["HighCardGame"]


def register_high_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the example game for one test; the registry is as before afterwards."""
    monkeypatch.setitem(
        sticheln.core.registry._FACTORIES,
        "high-card",
        HighCardGame.from_preset,
    )


# -- games that conform --------------------------------------------------------------------------


PRESETS = [(name, preset) for name in GAME_NAMES for preset in find_game(name).info.presets]
"""Every preset of every registered game."""

CASES = [
    (name, preset, players)
    for name, preset in PRESETS
    for players in find_game(name, preset).info.player_counts
]
"""Every player count of every preset of every registered game: one test each, so that
parallel workers share them (check_game of a registered game with its presets plays the same
games)."""

QUICK = {("sticheln", "tiny"), ("hattrick", "tiny"), ("stichling", "ravensburger-2015")}
"""The quickest preset of each game: the quick loop checks these, CI every preset (``slow``)."""


def test_the_presets_cover_every_game_and_the_quick_loop_checks_each() -> None:
    assert {name for name, _ in PRESETS} == {"sticheln", "hattrick", "stichling"}
    assert set(PRESETS) > QUICK
    assert {name for name, _ in QUICK} == {"sticheln", "hattrick", "stichling"}
    assert ("sticheln", "eight-players", 8) in CASES


@pytest.mark.parametrize(
    ("name", "preset", "players"),
    [pytest.param(*case, marks=() if case[:2] in QUICK else pytest.mark.slow) for case in CASES],
)
def test_every_registered_game_conforms_with_every_preset_and_player_count(
    name: str, preset: str, players: int
) -> None:
    game = find_game(name, preset)
    report = check_game(game, presets=False, players=players)
    assert [(case.preset, case.players) for case in report.cases] == [(preset, players)]
    assert all(case.games == 2 and case.moves > 0 for case in report.cases)
    assert report.games == 2
    assert report.moves == sum(case.moves for case in report.cases)
    assert report.game == name


def test_check_game_plays_the_player_counts_it_is_given() -> None:
    game = find_game("sticheln", "tiny")
    report = check_game(game, presets=False, players=[3], games=1)
    assert [(case.preset, case.players) for case in report.cases] == [("tiny", 3)]
    # With the presets, each one plays the counts it allows among those given: tiny has no 5.
    report = check_game(find_game("stichling"), players=(5,), games=1)
    assert [(case.preset, case.players) for case in report.cases] == [
        ("ravensburger-2015", 5),
        ("spieletest", 5),
    ]


@pytest.mark.parametrize(
    ("players", "error", "words"),
    [
        (4, ValueError, r"players 4 must name player counts of the game \(2, 3\)"),
        ((), ValueError, "must name player counts"),
        ([2, 9] * 1000, ValueError, "must name player counts"),
        ("2", WrongTypeError, "an int or a sequence of ints"),
        (2.0, WrongTypeError, "an int or a sequence of ints"),
        ([True], WrongTypeError, "an int or a sequence of ints"),
    ],
    ids=["not-allowed", "none", "long", "text", "float", "bool"],
)
def test_check_game_refuses_a_bad_players_option(
    players: Any, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words) as caught:
        check_game(find_game("sticheln", "tiny"), presets=False, players=players)
    assert len(str(caught.value)) < 300


def test_nim_conforms_when_told_its_illegal_move_error() -> None:
    report = check_game(Nim(), illegal_move_error=ValueError, games=3, seed=5)
    assert report == CheckReport("nim", (CaseReport("ten", 2, 3, report.moves),))
    assert 3 * 4 <= report.moves <= 3 * 10
    with pytest.raises(ConformanceError, match="not IllegalMoveError") as caught:
        check_game(Nim())
    assert caught.value.check == "illegal-move"


@pytest.mark.slow
def test_the_example_game_conforms_alone_and_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    alone = check_game(HighCardGame())
    assert {case.preset for case in alone.cases} == {"standard"}
    assert [case.players for case in alone.cases] == [2, 3, 4]
    register_high_card(monkeypatch)
    registered = check_game(find_game("high-card"))
    assert [(case.preset, case.players) for case in registered.cases] == [
        *(("standard", players) for players in (2, 3, 4)),
        *(("three-colours", players) for players in (2, 3, 4, 5, 6)),
    ]
    assert str(registered).splitlines()[0] == (
        f"high-card: 16 games, {registered.moves} moves, every check passed"
    )
    assert check_game(find_game("high-card"), presets=False).cases == alone.cases


def test_the_same_seed_checks_the_same_games() -> None:
    game = HighCardGame.from_preset("three-colours")
    assert check_game(game, games=1, seed=3) == check_game(game, games=1, seed=3)


# -- games broken on purpose ---------------------------------------------------------------------


@attrs.frozen
class LeakyView(StichelnGame):
    """Shows each player the hand of the next player too."""

    def observe(self, state: StichelnState, player: int) -> StichelnView:
        view = super().observe(state, player)
        return attrs.evolve(view, hand=view.hand | state.hand((player + 1) % state.players))


@attrs.frozen
class OutOfTurn(StichelnGame):
    """Ignores a move of a player who is not to act instead of refusing it."""

    def apply_move(self, state: StichelnState, move: StichelnMove) -> StichelnState:
        if move.player not in state.players_to_act:
            return state
        return super().apply_move(state, move)


@attrs.frozen
class GenerousMoves(StichelnGame):
    """Offers the players waiting for their turn the cards of their hand."""

    def legal_moves(self, state: StichelnState, player: int) -> tuple[StichelnMove, ...]:
        if state.phase is Phase.PLAYING and player != state.to_act:
            return state.hand_moves[player]
        return super().legal_moves(state, player)


@attrs.frozen
class LossyRecord(StichelnGame):
    """Loses the last move of a record when reading it."""

    def replay_from_json(self, text: str) -> tuple[StichelnState, tuple[StichelnMove, ...]]:
        first, moves = super().replay_from_json(text)
        return first, moves[:-1]


@attrs.frozen
class FirstStateRecord(StichelnGame):
    """Reads a record back to the state its game started from, not to the recorded state."""

    def from_json(self, text: str) -> StichelnState:
        return super().replay_from_json(text)[0]


@attrs.frozen
class SameTexts(StichelnGame):
    """Names every move alike."""

    def move_text(self, move: StichelnMove) -> str:
        return "a card"


@attrs.frozen
class LastWins(StichelnGame):
    """Declares the player with the lowest score the winner."""

    def winners(self, state: StichelnState) -> tuple[int, ...]:
        if not state.is_over:
            return ()
        scores = state.scores
        return (scores.index(min(scores)),) if len(set(scores)) > 1 else (0,)


@attrs.frozen
class TrickForgotten(StichelnGame):
    """Forgets the trick in progress when sampling a state from a view."""

    def sample_state(self, view: StichelnView, rng: random.Random) -> StichelnState:
        return super().sample_state(view, rng)._replace(trick_cards=())


@attrs.frozen
class WrongTaker(StichelnGame):
    """Tells, in the explanation of every trick taken, that its first card took it."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        return tuple(
            attrs.evolve(e, explanation=attrs.evolve(e.explanation, winner=0, deciding=1))
            if type(e).__name__ == "TrickTaken" and e.trick.winner != e.trick.seats[0]
            else e
            for e in super().events(state, move, player)
        )


@attrs.frozen
class ScoreForgotten(StichelnGame):
    """Leaves the pain card out of the explanations of a round's scores."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        return tuple(
            attrs.evolve(
                e,
                explanations=tuple(
                    attrs.evolve(x, items=x.items[1:], total=sum(i.points for i in x.items[1:]))
                    for x in e.explanations
                ),
            )
            if type(e).__name__ == "RoundScored"
            else e
            for e in super().events(state, move, player)
        )


@attrs.frozen
class PainShownToAll(StichelnGame):
    """Tells every seat which pain card a player chose, though it lies face down."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        found = super().events(state, move, player)
        if isinstance(move, ChoosePain) and player != SPECTATOR:
            return (PainCardChosen(move.player, move.card), *found[1:])
        return found


@attrs.frozen
class LastEventFirst(StichelnGame):
    """Tells the last event of a move first: the trick taken before the card that ends it."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        found = super().events(state, move, player)
        return (*found[-1:], *found[:-1])


@attrs.frozen
class OwnMovesOnly(StichelnGame):
    """Tells a seat nothing of the moves of the other seats."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        found = super().events(state, move, player)
        return found if player in (move.player, SPECTATOR) else ()


@attrs.frozen
class RedOneEcho(StichelnGame):
    """Tells a move twice when the next seat holds R1, which the seat told cannot see."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        found = super().events(state, move, player)
        if player != SPECTATOR and Card.parse("R1") in state.hand((player + 1) % state.players):
            return (*found, found[0])
        return found


@attrs.frozen
class BorrowedCardPlayed(CardPlayed):
    """A card played, written as an event of another game."""

    wire_game = "another-game"


@attrs.frozen
class BorrowedEvents(StichelnGame):
    """Writes the cards played as events of another game."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        return tuple(
            BorrowedCardPlayed(e.player, e.card) if type(e) is CardPlayed else e
            for e in super().events(state, move, player)
        )


@attrs.frozen
class CardFirstPlayed(CardPlayed):
    """A card played, whose JSON gives the card before the player."""

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        return {**{key: data[key] for key in HEADER}, "card": data["card"], "player": self.player}


@attrs.frozen
class CardFirstEvents(StichelnGame):
    """Writes the JSON of a card played with its fields out of order."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        return tuple(
            CardFirstPlayed(e.player, e.card) if type(e) is CardPlayed else e
            for e in super().events(state, move, player)
        )


@attrs.frozen
class EventsOfAnyMove(StichelnGame):
    """Tells no events of a move that is not legal instead of refusing it."""

    def events(self, state: StichelnState, move: StichelnMove, player: int) -> tuple[Any, ...]:
        if move not in self.legal_moves(state, move.player):
            return ()
        return super().events(state, move, player)


class MutatingNim(Nim):
    """Changes the state it is given when applying a move."""

    def apply_move(self, state: NimState, move: Take) -> NimState:
        after = super().apply_move(state, move)
        object.__setattr__(state, "last", move.player)
        return after


class EndlessNim(Nim):
    """Lets a player only pass, so that no game ends."""

    def legal_moves(self, state: NimState, player: int) -> tuple[Take, ...]:
        return (Take(player, 0),) if super().legal_moves(state, player) else ()

    def apply_move(self, state: NimState, move: Take) -> NimState:
        if move not in self.legal_moves(state, move.player):
            raise ValueError(f"illegal {move}")
        return NimState(state.tokens, 1 - move.player, state.taken, state.last)


class TwoWinnersNim(Nim):
    """Names the winner twice."""

    def winners(self, state: NimState) -> tuple[int, ...]:
        return super().winners(state) * 2


@attrs.frozen
class ReversedSeats(StichelnGame):
    """Lists the players who still choose a pain card from the highest seat down."""

    def players_to_act(self, state: StichelnState) -> tuple[int, ...]:
        return tuple(reversed(super().players_to_act(state)))


@attrs.frozen
class TrustingScores(StichelnGame):
    """Reads the scores of anything that has scores, another game's state too."""

    def scores(self, state: StichelnState) -> tuple[int, ...]:
        return tuple(getattr(state, "scores", ()))


class TrustingNim(Nim):
    """Reads the tokens of any value, ``None`` too."""

    def is_over(self, state: NimState) -> bool:
        return getattr(state, "tokens", 0) == 0


class TooFewTokens(NimEncoding):
    """Declares at most 5 tokens, of the 10 a game starts with."""

    def write(self, view: NimView, writer: ObservationWriter) -> None:
        writer.numbers("tokens", [view.state.tokens], 0, 5)
        writer.flags("to_move", [view.state.to_move == view.player])


class NarrowNim(Nim):
    """An encoding whose range of tokens is too narrow."""

    def encoding(self, players: int) -> NimEncoding:
        return TooFewTokens(self, players)


class TwoForTrue(NimEncoding):
    """Writes 2 for a flag, past the writer's methods."""

    def write(self, view: NimView, writer: ObservationWriter) -> None:
        super().write(view, writer)
        writer.values[-1] = 2 * writer.values[-1]


class DoubleFlagNim(Nim):
    """An encoding that puts a 2 into a segment of 0/1 entries."""

    def encoding(self, players: int) -> NimEncoding:
        return TwoForTrue(self, players)


BROKEN: list[tuple[Any, str, dict[str, Any]]] = [
    (TrustingScores(), "wrong-types", {}),
    (TrustingNim(), "wrong-types", {"illegal_move_error": ValueError}),
    (ReversedSeats(), "players-to-act", {}),
    (LeakyView(), "sample-state", {}),
    (TrickForgotten(), "sample-state", {}),
    (OutOfTurn(), "illegal-move", {}),
    (GenerousMoves(), "legal-moves", {}),
    (LossyRecord(), "record", {}),
    (FirstStateRecord(), "record", {}),
    (SameTexts(), "move-text", {}),
    (LastWins(), "winners", {}),
    (WrongTaker(), "explanations", {}),
    (ScoreForgotten(), "explanations", {}),
    (PainShownToAll(), "events", {}),
    (LastEventFirst(), "events", {}),
    (OwnMovesOnly(), "events", {}),
    (RedOneEcho(), "events", {}),
    (BorrowedEvents(), "wire", {}),
    (CardFirstEvents(), "wire", {}),
    (EventsOfAnyMove(), "illegal-move", {}),
    (MutatingNim(), "immutable", {"illegal_move_error": ValueError}),
    (EndlessNim(), "game-length", {"illegal_move_error": ValueError, "max_moves": 30}),
    (TwoWinnersNim(), "winners", {"illegal_move_error": ValueError}),
    (NarrowNim(), "encoding", {"illegal_move_error": ValueError}),
    (DoubleFlagNim(), "encoding", {"illegal_move_error": ValueError}),
]


@pytest.mark.parametrize(
    ("game", "check", "options"), BROKEN, ids=[type(game).__name__ for game, _, _ in BROKEN]
)
def test_a_broken_game_fails_the_check_that_catches_it(
    game: Any, check: str, options: dict[str, Any]
) -> None:
    with pytest.raises(ConformanceError, match=f"check '{check}' failed") as caught:
        check_game(game, seed=1, **options)
    error = caught.value
    assert error.check == check
    assert check in CHECKS
    name = game.info.name
    assert error.game == name
    assert error.seed == 1
    assert error.players == game.info.player_counts[0]
    assert error.move_number is not None
    assert error.preset == game.info.rules_name
    assert str(error).startswith(
        f"{name}, rules {error.preset!r}, {error.players} players, seed 1, "
        f"after move {error.move_number}: check '{check}' failed: "
    )
    assert len(str(error)) < 800
    assert isinstance(error, AssertionError)
    assert not isinstance(error, StichelnError)


def test_an_observation_outside_its_ranges_is_named() -> None:
    with pytest.raises(ConformanceError, match=r"segment 'tokens': 10 is outside its range 0..5"):
        check_game(NarrowNim(), illegal_move_error=ValueError)
    with pytest.raises(
        ConformanceError, match=r"segment 'to_move' holds \[2\], outside its range 0..1"
    ):
        check_game(DoubleFlagNim(), illegal_move_error=ValueError)


def test_a_failure_comes_back_with_its_seed() -> None:
    with pytest.raises(ConformanceError) as first:
        check_game(LossyRecord(), seed=4)
    with pytest.raises(ConformanceError) as again:
        check_game(LossyRecord(), seed=first.value.seed, games=1)
    assert str(again.value) == str(first.value)


def test_a_leaked_card_is_named_in_the_message() -> None:
    with pytest.raises(ConformanceError, match=r"they differ in hand\b") as caught:
        check_game(LeakyView())
    assert "a hidden card?" in caught.value.detail


def test_a_game_that_raises_fails_with_the_check_in_progress() -> None:
    @attrs.frozen
    class BrokenObserve(StichelnGame):
        def observe(self, state: StichelnState, player: int) -> StichelnView:
            if state.phase is Phase.PLAYING:
                raise KeyError(player)
            return super().observe(state, player)

    with pytest.raises(
        ConformanceError, match="check 'view' failed: unexpected KeyError"
    ) as caught:
        check_game(BrokenObserve())
    assert isinstance(caught.value.__cause__, KeyError)
    assert caught.value.move_number == 3


def test_wrong_options_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        check_game(Nim(), games=0)
    with pytest.raises(ValueError, match="at least 1"):
        check_game(Nim(), max_moves=0)
    with pytest.raises(WrongTypeError, match="games must be an int"):
        check_game(Nim(), games="2")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="illegal_move_error must be an exception class"):
        check_game(Nim(), illegal_move_error=int)  # type: ignore[arg-type]


def test_every_check_is_described_here_and_in_the_reference() -> None:
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", name) for name in CHECKS)
    assert all(description and description[0].islower() for description in CHECKS.values())
    page = DOCS / "api" / "testing.rst"
    table = " ".join(page.read_text(encoding="utf-8").split())
    missing = [name for name, text in CHECKS.items() if f"* - ``{name}`` - {text} " not in table]
    assert missing == []
    assert table.count("* - ``") == len(CHECKS)


# -- a game from outside the library on the command line ------------------------------------------


def test_a_registered_game_is_offered_by_sticheln_play(monkeypatch: pytest.MonkeyPatch) -> None:
    register_high_card(monkeypatch)
    out, err = io.StringIO(), io.StringIO()
    args = ["play", "--game", "high-card", "--auto", "--players", "3", "--seed", "1"]
    assert main(args, stdout=out, stderr=err) == 0, err.getvalue()
    output = out.getvalue()
    assert output.startswith("High Card, rules standard, 3 players, seed 1")
    assert "Winner" in output
    help_out = io.StringIO()
    assert main(["play", "--help"], stdout=help_out, stderr=io.StringIO()) == 0
    text = " ".join(help_out.getvalue().split())
    assert re.search(r"the game: [^()]*\bhigh-\s?card \(default: sticheln\)", text), text
    assert re.search(r"for High Card standard, three-\s?colours \(default: standard\)", text), text


def test_the_registry_is_clean_after_a_test_that_registered() -> None:
    assert "high-card" not in GAME_NAMES
