"""Every install command that the README, the documentation and the program's messages show
works from where the reader stands: a checkout of sticheln (``pip install ".[web]"``), with
extras that exist. The package is not on an index yet, so the released form
(``pip install "sticheln[web]"``) is written on one page only, the Installing page, which says
that it works after a release.

The commands are checked in two ways: their form and their extras, read from the files
(no network), and each distinct command run by pip as written, from the checkout's root, with
``--dry-run --no-deps``. That builds the project's metadata as a real install does (pip fetches
the build backend from the package index, as any install from a checkout does) and reports the
extras pip found, without resolving or downloading the extras' dependencies, which would take
minutes and test the index rather than the commands.

Importing a module of an extra without it raises an :class:`ImportError` that names the extra
and its command: checked in a real interpreter whose path holds sticheln's dependencies and
none of the extras' packages.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[2]

INSTALLING_PAGE = Path("docs/installing.rst")
"""The one page that may show the released form, next to the checkout form."""

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXTRAS = frozenset(PROJECT["optional-dependencies"])

COMMAND = re.compile(
    r"pip install(?P<options>(?:\s+--?[a-z][-a-z]*)*)\s+"
    r"""(?P<target>"[^"\n]*"|'[^'\n]*'|[^\s"'`),;]+)"""
)
"""``pip install``, its options (``-e``), and what it installs, quoted or not."""

REQUIREMENT = re.compile(r"(?P<name>\.|sticheln)(?:\[(?P<extras>[^\]]*)\])?")

TEMPLATE = re.compile(r"\{\w+\}")
"""The extra of a message's template, filled in by its callers (:func:`missing_extra`)."""

MISSING_EXTRA_CALL = re.compile(r"missing_extra\(\s*__name__,\s*\"(?P<extra>[^\"]*)\"")


@attrs.frozen
class Command:
    """An install command as written in a file."""

    path: Path
    line: int
    text: str
    options: tuple[str, ...]
    target: str

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}: {self.text}"


def _files() -> list[Path]:
    docs = sorted(
        path
        for path in (ROOT / "docs").rglob("*")
        if path.suffix in {".rst", ".md", ".py", ".txt"} and "_build" not in path.parts
    )
    sources = sorted((ROOT / "src").rglob("*.py"))
    return [ROOT / "README.md", ROOT / "browser_tests" / "README.md", *docs, *sources]


def _commands() -> list[Command]:
    found = []
    for path in _files():
        text = path.read_text(encoding="utf-8")
        for match in COMMAND.finditer(text):
            found.append(
                Command(
                    path=path.relative_to(ROOT),
                    line=text.count("\n", 0, match.start()) + 1,
                    text=match.group(0),
                    options=tuple(match.group("options").split()),
                    target=match.group("target"),
                )
            )
    return found


COMMANDS = _commands()


def _problem(command: Command) -> str | None:
    """What is wrong with ``command``, or ``None``."""
    quoted = command.target[0] in "\"'"
    target = command.target[1:-1] if quoted else command.target
    requirement = REQUIREMENT.fullmatch(target)
    if requirement is None:
        return f"installs {target!r}, not this checkout ('.') with extras"
    extras = requirement.group("extras")
    if extras is not None and not quoted:
        return "the requirement has brackets and no quotes (a shell such as zsh expands them)"
    if extras is not None and TEMPLATE.fullmatch(extras):
        extras = None  # a message's template: its callers are checked below
    unknown = [
        extra
        for extra in (extras.split(",") if extras is not None else [])
        if extra.strip() not in EXTRAS
    ]
    if unknown:
        return f"names extras that pyproject.toml does not define: {unknown}"
    if requirement.group("name") == "sticheln" and command.path != INSTALLING_PAGE:
        return (
            "names the package on an index, where it is not yet; the released form is "
            f"written on {INSTALLING_PAGE} only"
        )
    if set(command.options) - {"-e", "--editable"}:
        return f"has options other than -e: {command.options}"
    return None


def test_the_commands_are_found_where_the_reader_meets_them() -> None:
    # Worked out by reading the files: the README's quickstart and web table, the
    # Installing page's forms, the serve command's message, the adapters' guards.
    found = {(str(command.path), command.target) for command in COMMANDS}
    assert {
        ("README.md", "."),
        ("README.md", '".[web]"'),
        ("README.md", '".[dev]"'),
        ("docs/installing.rst", '"sticheln[web]"'),
        ("docs/installing.rst", '".[pettingzoo]"'),
        ("src/sticheln/cli/serve.py", '".[web]"'),
        ("src/sticheln/adapters/__init__.py", '".[{extra}]"'),
    } <= found


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.where)
def test_each_command_installs_this_checkout_with_extras_that_exist(command: Command) -> None:
    problem = _problem(command)
    assert problem is None, f"{command.where}: {problem}"


def test_every_module_that_names_its_extra_names_one_that_exists() -> None:
    named = {
        path.relative_to(ROOT).as_posix(): MISSING_EXTRA_CALL.findall(path.read_text("utf-8"))
        for path in sorted((ROOT / "src").rglob("*.py"))
    }
    named = {path: extras for path, extras in named.items() if extras}
    assert named["src/sticheln/adapters/pettingzoo.py"] == ["pettingzoo"]
    assert named["src/sticheln/adapters/openspiel.py"] == ["openspiel"]
    assert named["src/sticheln/adapters/gymnasium.py"] == ["gymnasium"]
    unknown = {path: extras for path, extras in named.items() if not set(extras) <= EXTRAS}
    assert unknown == {}


@pytest.mark.parametrize(
    ("text", "path", "problem"),
    [
        ('pip install "sticheln[web]"', Path("README.md"), "on an index"),
        ('pip install ".[webb]"', Path("README.md"), "['webb']"),
        ("pip install .[web]", Path("README.md"), "no quotes"),
        ("pip install pettingzoo", Path("docs/pettingzoo.rst"), "'pettingzoo'"),
        ('pip install --user ".[web]"', Path("README.md"), "--user"),
    ],
)
def test_a_wrong_command_is_reported(text: str, path: Path, problem: str) -> None:
    match = COMMAND.search(text)
    assert match is not None
    command = Command(path, 1, text, tuple(match.group("options").split()), match["target"])
    assert problem in (_problem(command) or "")


def test_the_released_form_is_shown_only_where_it_says_it_needs_a_release() -> None:
    released = [command for command in COMMANDS if "sticheln" in command.target]
    assert released
    assert {command.path for command in released} == {INSTALLING_PAGE}
    page = " ".join((ROOT / INSTALLING_PAGE).read_text(encoding="utf-8").split())
    assert "only after a release" in page


def _extras(target: str) -> set[str]:
    """The extras that the requirement ``target`` (quoted or not) names."""
    requirement = REQUIREMENT.fullmatch(target.strip("\"'"))
    assert requirement is not None, target
    extras = requirement.group("extras")
    return set(extras.split(",")) if extras else set()


def test_the_installing_page_shows_every_extra_and_the_readme_links_to_it() -> None:
    on_page = [command for command in COMMANDS if command.path == INSTALLING_PAGE]
    shown = set().union(*(_extras(command.target) for command in on_page))
    assert shown == EXTRAS
    assert "(docs/installing.rst)" in (ROOT / "README.md").read_text(encoding="utf-8")


PIP_DRY_RUN = (
    sys.executable,
    *("-m", "pip", "install", "--dry-run", "--no-deps", "--ignore-installed", "--quiet"),
)


def _checkout_arguments() -> list[tuple[str, ...]]:
    """The distinct commands of the checkout form, as pip's arguments."""
    arguments = {
        (*command.options, *shlex.split(command.target))
        for command in COMMANDS
        if not TEMPLATE.search(command.target) and "sticheln" not in command.target
    }
    return sorted(arguments)


@pytest.mark.slow
@pytest.mark.parametrize("arguments", _checkout_arguments(), ids=" ".join)
def test_pip_installs_the_checkout_as_written(arguments: tuple[str, ...], tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    result = subprocess.run(
        [*PIP_DRY_RUN, "--report", str(report), *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    (install,) = json.loads(report.read_text(encoding="utf-8"))["install"]
    assert install["metadata"]["name"] == "sticheln"
    assert install["is_direct"]
    requested = set(install.get("requested_extras") or ())
    assert requested == _extras(arguments[-1])
    assert requested <= set(install["metadata"]["provides_extra"])


# --- importing a module of an extra without it -----------------------------------------------

BASE = ("attr", "attrs", "rich", "pygments", "markdown_it", "mdurl")
"""The top-level packages of sticheln's dependencies (attrs, rich and rich's own)."""


def _run_without_extras(
    tmp_path: Path, code: list[str], *, also: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """Run Python (without site-packages) on a path of sticheln's sources, its dependencies
    and the packages ``also``: the packages of the extras are not on it."""
    site = tmp_path / "site"
    site.mkdir()
    for name in (*BASE, *also):
        spec = importlib.util.find_spec(name)
        assert spec is not None, name
        assert spec.submodule_search_locations, name
        folder = Path(next(iter(spec.submodule_search_locations)))
        (site / name).symlink_to(folder)
        libs = folder.with_name(f"{name}.libs")  # numpy's bundled libraries
        if libs.exists():
            (site / libs.name).symlink_to(libs)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])}
    return subprocess.run(
        [sys.executable, "-S", *code],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


MESSAGES = [
    (
        "sticheln.adapters.pettingzoo",
        (),
        "ImportError: sticheln.adapters.pettingzoo needs the pettingzoo extra, and numpy is "
        'not installed: pip install ".[pettingzoo]" in a checkout of sticheln',
    ),
    (
        "sticheln.adapters.pettingzoo",
        ("numpy",),
        "ImportError: sticheln.adapters.pettingzoo needs the pettingzoo extra, and gymnasium "
        'is not installed: pip install ".[pettingzoo]" in a checkout of sticheln',
    ),
    (
        "sticheln.adapters.gymnasium",
        (),
        "ImportError: sticheln.adapters.gymnasium needs the gymnasium extra, and gymnasium is "
        'not installed: pip install ".[gymnasium]" in a checkout of sticheln',
    ),
    (
        "sticheln.adapters.openspiel",
        (),
        "ImportError: sticheln.adapters.openspiel needs the openspiel extra, and numpy is "
        'not installed: pip install ".[openspiel]" in a checkout of sticheln',
    ),
    (
        "sticheln.adapters.openspiel",
        ("numpy",),
        "ImportError: sticheln.adapters.openspiel needs the openspiel extra, and pyspiel is "
        'not installed: pip install ".[openspiel]" in a checkout of sticheln',
    ),
    (
        "sticheln.sticheln.batch",
        (),
        "ImportError: sticheln.sticheln.batch needs numpy, the rl extra: "
        'pip install ".[rl]" in a checkout of sticheln',
    ),
    (
        "sticheln.hattrick.batch",
        (),
        "ImportError: sticheln.hattrick.batch needs numpy, the rl extra: "
        'pip install ".[rl]" in a checkout of sticheln',
    ),
    (
        "sticheln.stichling.batch",
        (),
        "ImportError: sticheln.stichling.batch needs numpy, the rl extra: "
        'pip install ".[rl]" in a checkout of sticheln',
    ),
]


@pytest.mark.parametrize(("module", "also", "message"), MESSAGES)
def test_importing_a_module_without_its_extra_names_the_extra(
    module: str, also: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    for name in also:
        pytest.importorskip(name)  # the packages the message is about come after, from extras
    result = _run_without_extras(tmp_path, ["-c", f"import {module}"], also=also)
    assert result.returncode == 1
    assert result.stderr.rstrip().splitlines()[-1] == message


def test_the_library_plays_without_any_extra(tmp_path: Path) -> None:
    code = (
        "import sticheln as st, sticheln.adapters\n"
        "state = st.new_game(players=4, seed=7)\n"
        "print(*[st.move_text(move) for move in st.legal_moves(state, 0)][:3])\n"
    )
    result = _run_without_extras(tmp_path, ["-c", code])
    assert (result.returncode, result.stdout, result.stderr) == (0, "R1 R3 R6\n", "")


def test_serve_without_the_web_extra_prints_the_checkout_command(tmp_path: Path) -> None:
    result = _run_without_extras(tmp_path, ["-m", "sticheln", "serve"])
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        'sticheln serve needs the web extra: pip install ".[web]" in a checkout of sticheln\n'
    )
