"""The Settings dialog's controls that the build writes from the declarations
(castling.app.storage.records): a switch for each on/off setting in its group
(``switch(GROUP)``), and an option for each value of a setting with named values
(``CHOICES``, in their order). index.html holds the groups and fieldsets, each
with its placeholder; the words are the catalogue's."""

from __future__ import annotations

from castling.app.storage.records import CHOICES, SWITCH_ROWS

#: How each setting with named values shows a value in the Settings dialog (its values,
#: in order, are records.CHOICES; its words, the catalogue's settings.NAME.VALUE).
OPTIONS = {
    "tap": '<label class="choice"><input type="radio" name="tap" value="{value}" '
           'data-setting="tap"> <span data-i18n="settings.tap.{value}"></span></label>',
    "speed": '<label><input type="radio" name="speed" value="{value}" data-setting="speed">'
             '<span data-i18n="settings.speed.{value}"></span></label>',
    "card_back": '<label><input type="radio" name="card_back" value="{value}"><span class="picture '
                 'back-picture" data-back="{value}" aria-hidden="true"></span>'
                 '<span data-i18n="settings.card_back.{value}"></span></label>',
    "table": '<label><input type="radio" name="table" value="{value}"><span class="picture '
             'felt-picture" data-felt="{value}" aria-hidden="true"></span>'
             '<span data-i18n="settings.table.{value}"></span></label>',
    "card_size": '<label><input type="radio" name="card_size" value="{value}">'
                 '<span data-i18n="settings.card_size.{value}"></span></label>',
}

SWITCH = ('<label class="switch-row"><span data-i18n="settings.{name}"></span> <input '
          'type="checkbox" role="switch" class="switch" data-setting="{name}"></label>')


def settings_markup() -> dict[str, str]:
    """index.html's placeholders for them: SWITCHES_GROUP and CHOICES_NAME."""
    switches = {f"SWITCHES_{group.upper()}": "\n      ".join(SWITCH.format(name=name) for name in names)
                for group, names in SWITCH_ROWS.items()}
    choices = {f"CHOICES_{name.upper()}": "\n        ".join(
        option.format(value=value) for value in CHOICES[name]) for name, option in OPTIONS.items()}
    return switches | choices
