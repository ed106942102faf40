"""Filling the build's templates: the ``__NAME__`` placeholders of every file the
build fills in (the page, the help pages, the service worker, the boot modules),
and the page's words from a catalogue (its ``data-i18n`` elements and attributes)."""

from __future__ import annotations

import html
import re
import sys

#: The one placeholder syntax of every file the build fills in (the page, the
#: help template and fragments, the service worker, the boot modules): a name in
#: capitals between double underscores, ``__CSP__``. It is an identifier in
#: JavaScript and plain text in HTML, so each source stays valid in its own
#: language before it is filled.
PLACEHOLDER = re.compile(r"__([A-Z][A-Z0-9_]*)__")


def fill(template: str, values: dict[str, str], source: str) -> str:
    """``template`` with each placeholder replaced by its value; the build stops
    on a placeholder it has no value for (a value may go unused: the help
    fragments share one set of values)."""
    missing = sorted(set(PLACEHOLDER.findall(template)) - values.keys())
    if missing:
        sys.exit(f"build.py: {source} has placeholders the build does not fill: "
                 + ", ".join(f"__{name}__" for name in missing))
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


_TEXT = re.compile(r'(<(\w+)\b[^>]*\bdata-i18n="([\w.-]+)"[^>]*>)(</\2>)')
_ATTRIBUTE = re.compile(r'\bdata-i18n-(title|aria-label|label|placeholder)="([\w.-]+)"')


def fill_text(page: str, messages: dict[str, str]) -> str:
    """Put the catalogue's words into the page's empty data-i18n elements and its
    data-i18n-title, -aria-label, -label and -placeholder attributes (the page's text lives in
    the catalogues; the app swaps it for another language at run time)."""
    page = _TEXT.sub(lambda m: m.group(1) + html.escape(messages[m.group(3)]) + m.group(4), page)
    return _ATTRIBUTE.sub(
        lambda m: f'{m.group(0)} {m.group(1)}="{html.escape(messages[m.group(2)])}"', page)
