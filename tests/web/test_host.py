"""The features' one way into the app: the App and the tests' stand-in are
both a Host, with the same calls; no feature reaches for the App itself; and
every command the page's buttons name is one a feature added."""

from __future__ import annotations

import ast
import inspect
import re
import sys
from pathlib import Path

import pytest

from castling_web.app import App
from castling_web.host import Host

from .fake_page import Document, Window
from .stand_in import StandInApp

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB.parent))     # the build's parts: the menu it writes
from scripts import menu_markup  # noqa: E402
#: the snapshot's list of imports (preload.py) is not a feature: it must name the app
NOT_FEATURES = {"app.py", "preload.py"}


def members(protocol) -> set[str]:
    calls = {name for name, value in vars(protocol).items()
             if callable(value) and not name.startswith("_")}
    return calls | set(protocol.__annotations__)


@pytest.fixture
def app():
    """The real App on a fake page (not started: nothing read, nothing drawn)."""
    return App(Document(), Window())


def test_the_app_and_the_stand_in_are_hosts(app):
    assert isinstance(app, Host)
    assert isinstance(StandInApp(), Host)


@pytest.mark.parametrize("host", [App, StandInApp])
def test_each_call_of_the_host_takes_what_the_protocol_says(host):
    for name in members(Host):
        wanted = getattr(Host, name, None)
        if not callable(wanted):
            continue
        assert callable(getattr(host, name)), name
        expected = list(inspect.signature(wanted).parameters)
        assert list(inspect.signature(getattr(host, name)).parameters) == expected, name


def test_the_protocol_is_narrow():
    """Features see the page, the game, the table and a few calls: no feature of the App."""
    assert not members(Host) & {"advice", "replay", "show_me", "pointer", "keyboard",
                                "dialogs", "settings", "timer", "commands"}


@pytest.mark.parametrize("path", sorted((WEB / "castling_web").glob("*.py")), ids=lambda p: p.name)
def test_no_feature_imports_the_app(path):
    if path.name in NOT_FEATURES:
        return
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            assert node.module not in ("app", "castling_web.app"), path.name
        elif isinstance(node, ast.Import):
            assert "castling_web.app" not in {alias.name for alias in node.names}, path.name


def test_every_action_of_the_page_is_a_command(app):
    page = (WEB / "index.html").read_text(encoding="utf-8")
    actions = set(re.findall(r'data-action="([^"]+)"', page)) | set(menu_markup.actions())
    assert actions and actions <= set(app.commands.actions)



def test_features_see_a_view_of_the_session_of_at_most_25_members():
    """The page gets the session through a typed view with what its features use
    (mypy --strict holds them to it: tests/engine/test_types.py), and only the App,
    which builds the session and its helpers, names the session's class."""
    from castling.app.session import Session
    from castling_web.host import SessionView

    view = {name for name in vars(SessionView) if not name.startswith("_")}
    assert 10 < len(view) <= 25, sorted(view)
    assert view <= set(vars(Session)) | {"store", "preferences", "today", "win_news"}
    assert isinstance(inspect.getattr_static(Host, "session"), property)
    for path in sorted((WEB / "castling_web").glob("*.py")):
        if path.name not in NOT_FEATURES:
            text = path.read_text(encoding="utf-8")
            assert "from castling.app.session import" not in text, path.name
