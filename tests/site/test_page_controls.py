"""Every control the built page ends up with is in the reference's §5: the ones
index.html writes out, and the ones the build writes from their declarations
(the Settings dialog's switches and choices, scripts/settings_markup.py; the
menu's buttons, scripts/menu_markup.py)."""

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from scripts import menu_markup  # noqa: E402
from castling.app.storage.records import CHOICES, SWITCH_ROWS  # noqa: E402

RULES = ROOT / "docs" / "rules.md"


def section_5() -> str:
    text = RULES.read_text(encoding="utf-8")
    start = text.index("\n## 5.")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def controls(site: Path, attribute: str) -> set[str]:
    return set(re.findall(rf'{attribute}="([^"]+)"', (site / "index.html").read_text(encoding="utf-8")))


def test_the_built_page_holds_the_generated_controls(site):
    # (So that the test below sees them: the build wrote them into the page.)
    assert set(menu_markup.actions()) <= controls(site, "data-action")
    settings = {name for names in SWITCH_ROWS.values() for name in names} | {"tap", "speed"}
    assert settings <= controls(site, "data-setting") and {"tap", "speed"} <= CHOICES.keys()


@pytest.mark.parametrize("attribute", ["data-action", "data-setting"])
def test_every_control_of_the_page_is_in_section_5(site, attribute):
    # A control added to the page is an interface tools use: it goes into the
    # reference with it, written `value` or attribute="value".
    values = controls(site, attribute)
    assert values
    reference = section_5()
    missing = sorted(value for value in values
                     if f"`{value}`" not in reference and f'{attribute}="{value}"' not in reference)
    assert not missing, f"docs/rules.md §5 does not name {attribute} {missing}"
