"""The kernel (``sticheln.core``) and what the games share through it: the import rule, the
registry, what each game declares, moves read from text, the seed policy, the error taxonomy
and the tables shared between threads."""

from __future__ import annotations

import ast
import io
import json
import random
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import sticheln as st
from sticheln import hattrick as ht
from sticheln.cli import main
from sticheln.core import registry
from sticheln.core.setup import GameSetup, SeatTable

PACKAGE = Path(st.__file__).resolve().parent
TOOLS = {"bots", "cli", "adapters", "web", "analysis", "tournament"}
"""The subpackages that are tools: they may use any game."""


def _imports(source: str, module: str) -> Iterator[str]:
    """The ``sticheln`` modules that ``source`` (of module ``module``) imports, at any depth
    of the code (imports inside functions count too)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.rsplit(".", node.level)[0]
                yield f"{base}.{node.module}" if node.module else base
            elif node.module:
                yield node.module


def _layer(module: str) -> str:
    """``core``, the name of a game (``sticheln``, ``hattrick``, ...), or ``tools``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "tools"  # the package's __init__: the public face of everything
    top = parts[1]
    if top == "core":
        return "core"
    if top not in TOOLS and (PACKAGE / top).is_dir():
        return top  # a game's own package
    return "tools"  # the tools and the registry of the built-in games


def import_violations(module: str, source: str) -> list[str]:
    """The imports of ``module`` that break the import rule: the kernel imports only itself,
    a game imports only the kernel and itself, and nothing below the tools imports a tool."""
    layer = _layer(module)
    wrong = []
    for target in _imports(source, module):
        if target != "sticheln" and not target.startswith("sticheln."):
            continue
        target_layer = _layer(target)
        if layer == "tools" or target_layer == "core" or target_layer == layer:
            continue
        wrong.append(f"{module} ({layer}) imports {target} ({target_layer})")
    return wrong


def _modules() -> Iterator[tuple[str, str]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(relative.parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path.read_text(encoding="utf-8")


def test_the_layers_are_what_the_design_page_says() -> None:
    layers = {module: _layer(module) for module, _ in _modules()}
    assert layers["sticheln.core.cards"] == "core"
    assert layers["sticheln.sticheln.engine"] == "sticheln"
    assert layers["sticheln.hattrick.engine"] == "hattrick"
    assert layers["sticheln.hattrick"] == "hattrick"
    assert layers["sticheln.bots.ismcts"] == "tools"
    assert layers["sticheln.cli.play"] == "tools"
    games = {layer for layer in layers.values()} - {"core", "tools"}
    assert {"sticheln", "hattrick"} <= games


def test_the_import_arrows_run_from_games_into_the_kernel_only() -> None:
    wrong = [v for module, source in _modules() for v in import_violations(module, source)]
    assert wrong == []


def test_the_import_check_catches_a_kernel_that_imports_a_game() -> None:
    assert import_violations(
        "sticheln.core.kit", "from sticheln.sticheln.engine import new_game\n"
    ) == ["sticheln.core.kit (core) imports sticheln.sticheln.engine (sticheln)"]
    inside = "def f():\n    from sticheln.hattrick import HattrickGame\n"
    assert import_violations("sticheln.sticheln.engine", inside) == [
        "sticheln.sticheln.engine (sticheln) imports sticheln.hattrick (hattrick)"
    ]
    assert import_violations("sticheln.hattrick.view", "from ..bots import RandomBot\n") == [
        "sticheln.hattrick.view (hattrick) imports sticheln.bots (tools)"
    ]
    assert import_violations("sticheln.hattrick.view", "from sticheln.core import Card\n") == []


# -- the registry and what each game declares --------------------------------------------------


def test_each_game_declares_itself() -> None:
    sticheln_info = st.find_game("sticheln").info
    assert sticheln_info == st.GameInfo(
        name="sticheln",
        title="Sticheln",
        player_counts=(3, 4, 5, 6),
        presets=("nsv", "amigo-1993", "online-5-rounds", "eight-players", "tiny"),
        default_preset="nsv",
        rules_name="nsv",
        simultaneous_moves=True,
        default_players=4,
        score_bounds=((-108, 135), (-264, 240), (-525, 375), (-630, 540)),
        bots={"heuristic": "sticheln.sticheln.bot:make_heuristic_bot"},
        playout_policy="sticheln.sticheln.bot:playout_policy",
        fast_playouts="sticheln.sticheln.playout:round_search",
        screen="sticheln.sticheln.screen:StichelnScreen",
        web_renderer="sticheln.sticheln:render.js",
        solver_position="sticheln.sticheln.endgame:solver_position",
        solver_values="sticheln.sticheln.endgame:solver_values",
        random_games="sticheln.sticheln.batch:random_games",
        deal_scores_public=True,
        move_hint="sticheln.sticheln.hints:move_hint",
        preset_notes=sticheln_info.preset_notes,
    )
    assert [key for key, _, _ in sticheln_info.preset_notes] == list(sticheln_info.presets)
    assert sticheln_info.preset_note("online-5-rounds") == (
        "Online, five rounds",
        "Five rounds whatever the number of players; a trick of zeros goes to its leader.",
    )
    assert sticheln_info.preset_note("no-such-preset") is None
    assert sticheln_info.score_range(3) == (-108, 135)
    assert sticheln_info.score_range(2) is None
    hattrick_info = st.find_game("hattrick", "passes-shown").info
    assert hattrick_info.title == "Hattrick"
    assert hattrick_info.player_counts == (4, 5, 6)
    assert hattrick_info.rules_name == "passes-shown"
    assert hattrick_info.simultaneous_moves is False
    assert hattrick_info.random_games == "sticheln.hattrick.batch:random_games"
    stichling_info = st.find_game("stichling").info
    assert stichling_info.random_games == "sticheln.stichling.batch:random_games"
    assert st.find_game("sticheln", "eight-players").info.player_counts == (3, 4, 5, 6, 7, 8)


def test_register_game_checks_its_arguments() -> None:
    with pytest.raises(st.WrongTypeError, match="name must be a string"):
        st.register_game(3, lambda preset: st.StichelnGame())  # type: ignore[arg-type]
    with pytest.raises(st.WrongTypeError, match="must be callable"):
        st.register_game("other", "not a factory")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lower case"):
        st.register_game("Other Game", lambda preset: st.StichelnGame())
    with pytest.raises(ValueError, match="already registered"):
        st.register_game("sticheln", lambda preset: st.StichelnGame())


def test_a_registered_game_is_found_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    short = st.StichelnRules(name="short", rounds=1)
    registry.register_game("short-sticheln", lambda preset: st.StichelnGame(short))
    game = st.find_game("Short-Sticheln")
    assert game.info.rules_name == "short"


def test_find_game_names_wrong_types_and_unknown_names() -> None:
    with pytest.raises(st.WrongTypeError):
        st.find_game(None)  # type: ignore[arg-type]
    with pytest.raises(st.WrongTypeError):
        st.find_game("sticheln", 3)  # type: ignore[arg-type]
    with pytest.raises(st.UnknownNameError, match="no game 'chess'; known games: sticheln"):
        st.find_game("chess")
    with pytest.raises(LookupError):
        st.find_game("hattrick", "nsv")


# -- moves read from text ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["sticheln", "hattrick"])
def test_parse_move_reads_back_every_move_text(name: str) -> None:
    game = st.find_game(name)
    rng = random.Random(5)
    state = game.new_game(4, seed=5)
    checked = 0
    while not game.is_over(state):
        for player in game.players_to_act(state):
            for move in game.legal_moves(state, player):
                assert game.parse_move(state, player, game.move_text(move)) == move
                assert game.parse_move(state, player, game.move_text(move).lower()) == move
                checked += 1
        player = rng.choice(game.players_to_act(state))
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
    assert checked > 100


def test_parse_move_says_why_a_text_names_no_legal_move() -> None:
    hands = [
        "R0 R1 R2 R3 R4 Y0 Y1 Y2 Y3 Y4 G0 G1 G2 G3 G4",
        "R5 R6 R7 R8 Y5 Y6 Y7 Y8 G5 G6 G7 G8 B0 B1 B2",
        "B3 B4 B5 B6 B7 B8 P0 P1 P2 P3 P4 P5 P6 P7 P8",
    ]
    state = st.new_game(3, deals=[hands] * 3)
    assert st.parse_move(state, 0, "red 3") == st.ChoosePain(0, st.Card.parse("R3"))
    with pytest.raises(st.InvalidMoveError, match="'hello' is not a card name"):
        st.parse_move(state, 0, "hello")
    with pytest.raises(st.IllegalMoveError, match="R5 is not in player 0's hand") as info:
        st.parse_move(state, 0, "R5")
    assert info.value.reason == "R5 is not in player 0's hand"
    assert info.value.move == st.ChoosePain(0, st.Card.parse("R5"))
    with pytest.raises(st.WrongTypeError):
        st.parse_move(state, 0, 5)  # type: ignore[arg-type]
    with pytest.raises(st.UnknownPlayerError):
        st.parse_move(state, 3, "R3")


def test_hattrick_parse_move_says_whose_turn_it_is() -> None:
    state = ht.new_game(4, seed=7)
    card = str(state.hands[1].cards[0])
    with pytest.raises(st.IllegalMoveError, match="it is player 0's turn, not player 1's"):
        ht.parse_move(state, 1, card)


# -- the seed policy -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["sticheln", "hattrick"])
def test_the_recorded_seed_is_the_one_given(name: str) -> None:
    game = st.find_game(name)
    state = game.new_game(4, seed=7)
    assert json.loads(game.to_json(state))["seed"] == 7
    drawn = json.loads(game.to_json(game.new_game(4)))
    again = json.loads(game.to_json(game.new_game(4, seed=drawn["seed"])))
    assert type(drawn["seed"]) is int
    assert again["deals"] == drawn["deals"]


def test_given_deals_record_no_seed_unless_one_is_given() -> None:
    deals = [state.hands for state in [st.new_game(3, seed=1)]] * 3
    assert st.new_game(3, deals=deals).setup.seed is None
    assert st.new_game(3, seed=4, deals=deals).setup.seed == 4
    hattrick_deals = ht.new_game(4, seed=1).setup.deals
    assert ht.new_game(4, deals=hattrick_deals).setup.seed is None
    assert ht.new_game(4, seed=4, deals=hattrick_deals).setup.seed == 4


@pytest.mark.parametrize("name", ["sticheln", "hattrick"])
def test_the_command_line_deals_the_game_of_its_seed(name: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--game", name, "--auto", "--players", "4", "--seed", "7", "--save", str(path)]
    assert main(argv, stdout=io.StringIO(), stderr=io.StringIO()) == 0
    record = json.loads(path.read_text())
    game = st.find_game(name)
    assert record["seed"] == 7
    assert record["deals"] == json.loads(game.to_json(game.new_game(4, seed=7)))["deals"]


# -- wrong types ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: st.new_game(4, rules="nsv"),
        lambda: st.new_game(4, seed="x"),
        lambda: st.new_game(4, seed=1.5),
        lambda: st.new_game(4, first_leader="0"),
        lambda: ht.new_game(4, rules=st.NSV),
        lambda: st.Card(st.Color.RED, "3"),
        lambda: st.Card("R", 3),
        lambda: st.Card.parse(None),
        lambda: st.legal_moves(st.new_game(3, seed=1), None),
        lambda: st.legal_moves(st.new_game(3, seed=1), True),
        lambda: st.legal_moves(st.new_game(3, seed=1), 0.0),
        lambda: st.observe(st.new_game(3, seed=1), "0"),
        lambda: ht.legal_moves(ht.new_game(4, seed=1), True),
        lambda: ht.observe(ht.new_game(4, seed=1), None),
        lambda: st.PlayCard(False, st.Card.parse("R1")),
        lambda: st.StichelnRules.preset(None),
        lambda: st.find_game(4),
    ],
)
def test_arguments_of_the_wrong_type_raise_type_errors(call: object) -> None:
    with pytest.raises(st.WrongTypeError) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, st.StichelnError)


def test_the_seat_whose_turn_it_is_must_be_given_as_an_int() -> None:
    state = st.new_game(3, seed=1)
    for player in range(3):
        state = st.apply_move(state, st.legal_moves(state, player)[0])
    assert state.to_act == 0
    assert st.legal_moves(state, 0)
    with pytest.raises(st.WrongTypeError):
        st.legal_moves(state, False)
    hattrick = ht.new_game(4, seed=1)
    hattrick = ht.apply_move(hattrick, ht.legal_moves(hattrick, 0)[0])
    with pytest.raises(st.WrongTypeError):
        ht.legal_moves(hattrick, True)
    with pytest.raises(st.UnknownPlayerError):
        st.PlayCard(-1, st.Card.parse("R1"))
    with pytest.raises(st.UnknownPlayerError):
        ht.Pass(-2, st.Card.parse("R1"))


# -- values shared between threads ---------------------------------------------------------------


def test_a_seat_table_grown_by_many_threads_gives_each_seat_its_own_entry() -> None:
    def build(seat: int) -> int:
        time.sleep(0.002)  # a slow build, so that unguarded threads would overlap
        return seat

    table: SeatTable[int] = SeatTable(build)
    threads = [threading.Thread(target=table.ensure, args=(12,)) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(table) == 12
    assert [table[seat] for seat in range(12)] == list(range(12))


def test_threads_sampling_different_games_get_their_own_past_deals() -> None:
    views = []
    for seed in (1, 2):
        state = st.new_game(3, seed=seed)
        rng = random.Random(seed)
        while state.round_number < 2:
            player = rng.choice(state.players_to_act)
            state = st.apply_move(state, rng.choice(st.legal_moves(state, player)))
        views.append(st.observe(state, 0))
    failures: list[int] = []

    def sample(view: st.StichelnView, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(300):
            sampled = st.sample_state(view, rng)
            past = [deal.hands for deal in sampled.setup.deals[:2]]
            played = [
                tuple(sorted(c.index for t in r.tricks for s, c in t.plays if s == p))
                for r in view.finished_rounds
                for p in range(3)
            ]
            dealt = [
                tuple(sorted(card.index for card in hand - st.CardSet.of([r.pain_cards[p]])))
                for hands, r in zip(past, view.finished_rounds, strict=True)
                for p, hand in enumerate(hands)
            ]
            if dealt != played:
                failures.append(seed)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=sample, args=(views[i % 2], i)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []


# -- one dialect -------------------------------------------------------------------------------

DIALECT = [
    "{Title}Game",
    "{TITLE}",
    "{Title}Rules",
    "{TITLE}_PRESETS",
    "{Title}State",
    "{Title}View",
    "{Title}Move",
    "{Title}Event",
    "{Title}Record",
    "{TITLE}_RECORD_VERSION",
    "new_game",
    "legal_moves",
    "apply_move",
    "observe",
    "sample_state",
    "events",
    "parse_move",
    "move_text",
    "move_from_dict",
    "would_take",
]
"""The names every game's package gives (the table of docs/api/index.rst)."""


@pytest.mark.parametrize(
    ("package", "title"),
    [
        ("sticheln.sticheln", "Sticheln"),
        ("sticheln.hattrick", "Hattrick"),
        ("sticheln.stichling", "Stichling"),
    ],
)
def test_every_game_speaks_the_same_dialect(package: str, title: str) -> None:
    import importlib

    module = importlib.import_module(package)
    names = [pattern.format(Title=title, TITLE=title.upper()) for pattern in DIALECT]
    assert [name for name in names if name not in module.__all__] == []
    assert [name for name in names if not hasattr(module, name)] == []


@pytest.mark.parametrize(
    "package", ["sticheln.sticheln", "sticheln.hattrick", "sticheln.stichling"]
)
def test_every_game_starts_from_the_kernels_setup(package: str) -> None:
    import importlib

    import sticheln.core

    module = importlib.import_module(package)
    players = 4
    state = module.new_game(players, seed=5)
    assert type(state.setup) is GameSetup
    assert st.GameSetup is sticheln.core.GameSetup is GameSetup
    loaded = module.__dict__[f"{package.rsplit('.', 1)[1].title()}Record"].from_state(state)
    assert loaded.replay().setup == state.setup


def test_sticheln_names_are_at_the_root_too() -> None:
    import sticheln.sticheln as game

    assert [
        name for name in game.__all__ if getattr(st, name, None) is not getattr(game, name)
    ] == [
        "CardPlayed",
        "GameOver",
        "PainCardChosen",
        "PainCardsRevealed",
        "RoundScored",
        "RoundStarted",
        "TrickTaken",
    ]  # the events are Sticheln's alone: sticheln.sticheln.GameOver, not sticheln.GameOver


@pytest.mark.parametrize(
    ("package", "old"),
    [
        ("sticheln", "GameState"),
        ("sticheln", "PlayerView"),
        ("sticheln", "Rules"),
        ("sticheln", "PRESETS"),
        ("sticheln", "GameRecord"),
        ("sticheln", "RECORD_VERSION"),
        ("sticheln", "Move"),
        ("sticheln.stichling", "game_winners"),
        ("sticheln.stichling", "game_ranking"),
    ],
)
def test_the_names_of_the_old_dialect_are_gone(package: str, old: str) -> None:
    import importlib

    assert not hasattr(importlib.import_module(package), old)
