"""A game of another package reaches every tool: a small distribution, written into a
directory and put on the path as an installed package is, declares High Card (the example of
:doc:`/adding-a-game`) as an entry point of the group ``sticheln.games``, and is played by the
registry, the command line (a process of its own), the bots, PettingZoo's and OpenSpiel's own
test suites, with no line of the library changed. A plugin that fails to load is named in a
one-line error and leaves the other games alone. And the tools name no built-in game."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import textwrap
import tokenize
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import sticheln as st
from sticheln.bots import bot_names, make_bot, plays
from sticheln.core import registry
from sticheln.core.errors import GamePluginError
from sticheln.core.references import resource

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(st.__file__).resolve().parent


def _distribution(root: Path, name: str, entry_points: str, files: dict[str, str]) -> None:
    """Write the files of an installed distribution ``name`` 0.1 into ``root``."""
    info = root / f"{name.replace('-', '_')}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(entry_points)
    for path, text in files.items():
        (root / path).write_text(text)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory with the High Card distribution installed in it: the two scripts of the
    guide, as the modules ``toy_high_card`` and ``toy_high_card_plugin``."""
    root = tmp_path_factory.mktemp("site")
    game = (ROOT / "examples" / "high_card.py").read_text()
    tools = (ROOT / "examples" / "high_card_tools.py").read_text()
    assert "from high_card import " in tools
    _distribution(
        root,
        "toy-high-card",
        "[sticheln.games]\nhigh-card = toy_high_card_plugin:HighCardToolsGame.from_preset\n",
        {
            "toy_high_card.py": game,
            "toy_high_card_plugin.py": tools.replace("from high_card ", "from toy_high_card "),
        },
    )
    return root


@pytest.fixture(scope="session")
def broken_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory with a distribution whose game's module is missing."""
    root = tmp_path_factory.mktemp("broken")
    _distribution(root, "broken-game", "[sticheln.games]\nbroken = no_such_module:game\n", {})
    return root


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """High Card installed for this test (the registry forgets it once the path is back)."""
    monkeypatch.syspath_prepend(str(site))
    yield site
    monkeypatch.undo()
    assert "high-card" not in st.GAME_NAMES


def _env(*paths: Path) -> dict[str, str]:
    parts = [*map(str, paths), str(PACKAGE.parent), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in parts if p)}


def _command(*argv: str, paths: tuple[Path, ...]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sticheln", *argv],
        env=_env(*paths),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


# -- the registry ---------------------------------------------------------------------------------


@pytest.mark.usefixtures("installed")
def test_the_installed_game_is_found_by_name_and_listed() -> None:
    assert list(st.GAME_NAMES)[:3] == ["sticheln", "hattrick", "stichling"]
    assert "high-card" in st.GAME_NAMES
    game = st.find_game("High-Card", "three-colours")
    assert game.info.title == "High Card"
    assert game.info.rules_name == "three-colours"
    assert game.info.default_players == 4
    assert game.info.score_range(3) == (0, 5)
    assert game.info.screen is None


def test_a_game_is_not_known_before_its_package_is_on_the_path() -> None:
    assert "high-card" not in st.GAME_NAMES
    with pytest.raises(st.UnknownNameError, match="no game 'high-card'"):
        st.find_game("high-card")


def test_a_broken_plugin_is_named_and_leaves_the_other_games_alone(
    broken_site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(broken_site))
    with pytest.warns(registry.GamePluginWarning, match="'broken'"):
        names = list(st.GAME_NAMES)
    assert "broken" not in names
    assert names[:3] == ["sticheln", "hattrick", "stichling"]
    with pytest.raises(GamePluginError) as caught:
        st.find_game("broken")
    message = str(caught.value)
    assert "\n" not in message
    assert "'broken' (no_such_module:game, from broken-game 0.1) cannot be loaded" in message
    assert "ModuleNotFoundError" in message
    assert st.find_game("sticheln").info.title == "Sticheln"
    assert st.find_game("hattrick").info.title == "Hattrick"


def test_a_plugin_that_builds_another_game_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _distribution(
        tmp_path,
        "misnamed",
        "[sticheln.games]\nmisnamed = misnamed_game:game\n",
        {"misnamed_game.py": "from sticheln import find_game\n\ngame = find_game\n"},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", registry.GamePluginWarning)
        with pytest.raises(GamePluginError, match=r"'misnamed' .*: its factory fails"):
            st.find_game("misnamed")


def test_a_registered_game_comes_before_a_plugin_of_the_same_name(
    installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setattr(registry, "_PLUGINS", {})
    monkeypatch.setattr(registry, "_scanned_path", None)
    st.register_game("high-card", lambda preset: st.find_game("sticheln"))
    assert st.find_game("high-card").info.name == "sticheln"


# -- the command line, as an installed command --------------------------------------------------


def test_the_command_plays_simulates_and_replays_the_installed_game(
    site: Path, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    played = _command(
        "play", "--game", "high-card", "--auto", "--players", "3", "--seed", "1",
        "--bots", "ismcts:iterations=20:seed=1,lowest,random", "--save", str(path),
        paths=(site,),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "Winner" in played.stdout
    record = json.loads(path.read_text())
    assert record["game"] == "high-card"
    assert len(record["moves"]) == 15
    replayed = _command("replay", str(path), paths=(site,))
    assert replayed.returncode == 0, replayed.stderr
    shown = " ".join(replayed.stdout.split())
    assert "High Card, rules standard, 3 players" in shown, shown
    assert "Winner" in shown
    simulated = _command(
        "simulate", "--game", "high-card", "--rules", "three-colours", "--players", "2",
        "--games", "4", "--seed", "3", "--bots", "lowest,random", "--jobs", "2", "--json",
        paths=(site,),
    )  # fmt: skip
    assert simulated.returncode == 0, simulated.stderr
    assert "lowest" in simulated.stdout
    helped = _command("play", "--help", paths=(site,))
    assert "high-card" in helped.stdout


def test_the_command_names_a_broken_plugin_in_one_line(site: Path, broken_site: Path) -> None:
    failed = _command("play", "--game", "broken", "--auto", paths=(site, broken_site))
    assert failed.returncode == 2
    errors = [line for line in failed.stderr.splitlines() if line.startswith("sticheln: error")]
    assert len(errors) == 1
    assert "game plugin 'broken' (no_such_module:game, from broken-game 0.1)" in errors[0]
    ok = _command("play", "--auto", "--players", "3", "--seed", "1", paths=(site, broken_site))
    assert ok.returncode == 0, ok.stderr
    assert "Winner" in ok.stdout


# -- the bots -----------------------------------------------------------------------------------


def _play(game: st.Game[Any, Any, Any], bots: list[Any], seed: int) -> Any:
    state = game.new_game(len(bots), seed=seed)
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.players_to_act(state)[0]
        moves = game.legal_moves(state, seat)
        move = bots[seat].choose(game.observe(state, seat), moves, rng)
        assert move in moves
        state = game.apply_move(state, move)
    return state


@pytest.mark.slow
@pytest.mark.usefixtures("installed")
def test_every_bot_that_plays_the_installed_game_plays_it() -> None:
    game = st.find_game("high-card")
    assert bot_names(game) == ("random", "ismcts", "pimc", "lowest")
    specs = ["random:seed=1", "ismcts:iterations=30:seed=2", "lowest"]
    for spec in [*specs, "pimc"]:
        assert plays(spec, game)
    final = _play(game, [make_bot(spec, game) for spec in specs], seed=4)
    assert sum(game.scores(final)) == 5
    specs = ["pimc:samples=3:seed=5", "random:seed=1", "lowest"]
    final = _play(game, [make_bot(spec, game) for spec in specs], seed=4)
    assert sum(game.scores(final)) == 5
    assert not plays("heuristic", game)
    with pytest.raises(st.UnknownNameError) as caught:
        make_bot("heuristic", game)
    assert str(caught.value) == (
        "the heuristic bot does not play High Card: the game declares none (its GameKit's "
        "or GameInfo's bots={'heuristic': 'module:factory'}); bots that do: random, ismcts, "
        "pimc, lowest"
    )


@pytest.mark.usefixtures("installed")
def test_the_search_plays_the_installed_game_on_the_protocol_path() -> None:
    from sticheln.bots import ISMCTSBot

    game = st.find_game("high-card", "three-colours")
    bot = ISMCTSBot(game, iterations=40, seed=1)
    assert bot.playout_policy is None
    final = _play(game, [bot, make_bot("random", game)], seed=2)
    assert game.is_over(final)
    assert bot._fast_sampler(game.observe(final, 0), random.Random(0)) is None


# -- the adapters, with their own test suites ------------------------------------------------------


@pytest.mark.usefixtures("installed")
def test_pettingzoos_api_test_passes_for_the_installed_game() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from sticheln.adapters.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dict observation's advice, as for classic envs
        for players in (2, 3):
            api_test(env("high-card", players), num_cycles=40)
        api_test(env("high-card", preset="three-colours"), num_cycles=60)


@pytest.mark.usefixtures("installed")
def test_openspiels_random_sim_test_passes_for_the_installed_game() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from sticheln.adapters import openspiel as adapter

    adapter.register()
    for players in (2, 3, 4):
        game = pyspiel.load_game(adapter.short_name("high-card"), {"players": players})
        assert game.num_players() == players
        assert (game.min_utility(), game.max_utility()) == (0.0, 5.0)
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    assert pyspiel.load_game(adapter.short_name("high-card")).num_players() == 4


def test_openspiel_refuses_a_game_without_score_bounds(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from sticheln.adapters import openspiel as adapter

    monkeypatch.syspath_prepend(str(site))
    plugin = __import__("toy_high_card_plugin")
    bare = plugin.HIGH_CARD_TOOLS.evolve(score_bounds=None)

    @attrs.frozen
    class BareHighCard(plugin.HighCardToolsGame):
        kit = bare

    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    st.register_game("bare-high-card", lambda preset: BareHighCard(bare.rules(preset)))
    adapter.register(["bare-high-card"])
    assert st.find_game("bare-high-card").kit.score_bounds is None
    with pytest.raises(Exception, match=r"High Card declares no score bounds.*score_bounds"):
        pyspiel.load_game(adapter.short_name("bare-high-card"))


def test_the_learning_adapters_refuse_a_game_without_an_encoding(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    from sticheln.adapters import openspiel as adapter
    from sticheln.adapters.pettingzoo import env

    monkeypatch.syspath_prepend(str(site))
    example = __import__("toy_high_card")
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    st.register_game("plain-high-card", lambda preset: example.HighCardGame())
    adapter.register(["plain-high-card"])
    said = r"High Card has no encoding for learning agents .*: give its GameKit an encoding"
    with pytest.raises(st.NotProvidedError, match=said):
        env("plain-high-card", 2)
    with pytest.raises(Exception, match=said):
        pyspiel.load_game(adapter.short_name("plain-high-card"))


# -- what the built-in games declare --------------------------------------------------------------


@pytest.mark.parametrize("name", ["sticheln", "hattrick", "stichling"])
def test_the_declared_references_and_files_of_the_built_in_games_exist(name: str) -> None:
    from sticheln.core.references import resolve

    info = st.find_game(name).info
    for field in (
        "playout_policy",
        "fast_playouts",
        "hand_sampler",
        "solver_position",
        "solver_values",
        "screen",
    ):
        value = getattr(info, field)
        if value is not None:
            assert callable(resolve(value, field))
    for _, factory in info.bots:
        assert callable(resolve(factory, "bot"))
    assert info.bot("heuristic") is not None
    assert info.web_renderer is not None
    assert resource(info.web_renderer).is_file()
    assert info.score_bounds is not None


def test_importing_the_library_imports_no_declared_tool() -> None:
    code = (
        "import sys, sticheln; from sticheln import find_game\n"
        "for name in ('sticheln', 'hattrick', 'stichling'): find_game(name).info\n"
        "print(sorted(m for m in sys.modules if m.startswith(('sticheln.bots', "
        "'sticheln.cli'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], env=_env(), capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


# -- the tools name no game -----------------------------------------------------------------------

GAME_PACKAGES = ("sticheln", "hattrick", "stichling")
"""The folders of the built-in games, where each game's own code lives."""
ALLOWED = ("__init__.py", "games.py")
"""The package's root, which re-exports Sticheln's API as the package's own (as python-chess
keeps chess at its root), and the one list that registers the built-in games."""
TOOLS = sorted(
    str(path.relative_to(PACKAGE))
    for path in PACKAGE.rglob("*.py")
    if path.relative_to(PACKAGE).parts[0] not in (*GAME_PACKAGES, *ALLOWED)
)
"""Every module outside the games' folders: the kernel and the tools."""
WEB_PAGES = sorted(
    str(path.relative_to(PACKAGE)) for path in (PACKAGE / "web" / "static").glob("*.js")
)
NAMES = re.compile(r"hattrick|stichling", re.IGNORECASE)
TITLE = re.compile(r"Sticheln(?!Error)")
"""Sticheln's title; ``StichelnError``, the library's base error, is not the game."""
QUOTED = re.compile(r"""^[rbuf]*(['"])sticheln\1$""", re.IGNORECASE)
"""The name ``"sticheln"`` as a string: the game's name (the package is imported by name)."""
GAME_FOLDERS = {"sticheln"}
"""``sticheln.sticheln``: the folder of Sticheln, whose name is the package's (the other games'
folders are caught by their names)."""


def _code_tokens(source: str) -> Iterator[tokenize.TokenInfo]:
    """The names and the strings of ``source`` that are code: not docstrings, not comments
    (the documentation may take a built-in game as its example)."""
    previous = tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and previous in (
            tokenize.NEWLINE,
            tokenize.NL,
            tokenize.INDENT,
            tokenize.DEDENT,
        ):
            previous = token.type
            continue  # a statement that is a string alone: a docstring
        if token.type in (tokenize.NAME, tokenize.STRING):
            yield token
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            previous = token.type


def game_names_in(source: str) -> list[str]:
    """Where ``source`` names a built-in game in its code: ``line: text``."""
    found = []
    tokens = list(_code_tokens(source))
    for i, token in enumerate(tokens):
        text = token.string
        named = NAMES.search(text) or TITLE.search(text)
        if token.type == tokenize.STRING:
            named = named or QUOTED.match(text)
        elif text == "sticheln" and i + 1 < len(tokens):
            # "sticheln.sticheln.engine": a module of Sticheln's folder
            named = named or (tokens[i + 1].string in GAME_FOLDERS)
        if named:
            found.append(f"{token.start[0]}: {text}")
    return found


def test_the_name_check_finds_each_way_of_naming_a_game() -> None:
    source = textwrap.dedent('''\
        """Docstrings may say Sticheln and Hattrick."""
        from sticheln.core import StichelnError  # comments too: Stichling
        from sticheln.sticheln.engine import new_game
        from sticheln import StichelnGame
        GAME = "sticheln"
        OTHER = {"name": "hattrick"}
        def f():
            """Nor does a function's docstring count: Sticheln."""
            return find_game("Stichling")
        ''')
    assert game_names_in(source) == [
        "3: sticheln",
        "4: StichelnGame",
        '5: "sticheln"',
        '6: "hattrick"',
        '9: "Stichling"',
    ]


@pytest.mark.parametrize("path", TOOLS)
def test_the_tools_name_no_built_in_game(path: str) -> None:
    source = (PACKAGE / path).read_text(encoding="utf-8")
    assert game_names_in(source) == []


@pytest.mark.parametrize("path", WEB_PAGES)
def test_the_web_page_scripts_name_no_game(path: str) -> None:
    """The page's scripts draw any game: a game's renderer lives in the game's folder."""
    source = (PACKAGE / path).read_text(encoding="utf-8")
    assert re.findall(r"hattrick|stichling|sticheln", source, re.IGNORECASE) == []


def test_the_web_page_scripts_are_found() -> None:
    assert "web/static/board.js" in WEB_PAGES
    assert "web/static/render-generic.js" in WEB_PAGES


def test_the_tools_import_no_code_of_a_game() -> None:
    """Beyond the registry (``sticheln.games``, the one list of the built-in games), a tool
    imports only the kernel and the tools."""
    import ast

    allowed = (
        "sticheln.core",
        "sticheln.bots",
        "sticheln.cli",
        "sticheln.adapters",
        "sticheln.analysis",
        "sticheln.tournament",
        "sticheln.web",
    )
    wrong = []
    for path in TOOLS:
        for node in ast.walk(ast.parse((PACKAGE / path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                if module != "sticheln" and not module.startswith("sticheln."):
                    continue
                fine = module in ("sticheln.games", "sticheln.testing") or module.startswith(
                    allowed
                )
                if module == "sticheln" and isinstance(node, ast.ImportFrom):
                    fine = all(alias.name in ("__version__",) for alias in node.names)
                if not fine:
                    wrong.append(f"{path}: {module}")
    assert wrong == []


# -- the web server ------------------------------------------------------------------------------


@pytest.mark.usefixtures("installed")
def test_the_web_server_lists_deals_and_plays_the_installed_game(tmp_path: Path) -> None:
    pytest.importorskip("starlette")  # the web extra, which CI installs
    from tests.web_helpers import create, server, watch_to_end

    with server(tmp_path / "web.sqlite3") as client:
        games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
        high_card = games["high-card"]
        assert high_card["title"] == "High Card"
        assert high_card["renderer"] is None  # the page draws it with its generic renderer
        assert {"random", "ismcts", "lowest"} <= set(high_card["bots"])
        assert "heuristic" not in high_card["bots"]
        answer = create(client, "high-card", ["lowest", "random", "random"])
        spectator = watch_to_end(client, answer["id"])
        assert spectator.last["over"]
        info = client.get(f"/api/tables/{answer['id']}").json()
        assert info["game"] == "high-card"
        assert info["status"] == "over"
        record = client.get(f"/api/tables/{answer['id']}/record").text
        assert st.load_record(record).state.scores == tuple(spectator.last["scores"])
        frames = client.get(f"/api/tables/{answer['id']}/replay").json()["frames"]
        assert len(frames) == len(spectator.table.moves) + 1
        assert client.get(f"/table/{answer['id']}").status_code == 200
        assert client.get("/rules").status_code == 200
        refused = client.post(
            "/api/tables", json={"game": "high-card", "seats": ["heuristic", "random", "random"]}
        )
        assert refused.status_code == 400
        assert refused.json()["error"].startswith("seats[0]: the heuristic bot does not play")


def test_the_name_check_reads_the_kernel_and_every_tool() -> None:
    assert {"core/kit.py", "core/registry.py", "bots/ismcts.py", "cli/play.py"} <= set(TOOLS)
    assert {"adapters/openspiel.py", "web/app.py", "testing.py", "__main__.py"} <= set(TOOLS)
    assert not [path for path in TOOLS if path.split("/")[0] in GAME_PACKAGES]
    assert "games.py" not in TOOLS
