"""Messages as toasts: shown as text, gone by themselves or when closed, and a
message about the game shown before goes when another game is shown."""

from __future__ import annotations

from castling_web.toasts import LASTING_MS, MESSAGE_MS, Toasts

from .fake_page import Document, Window


def shown(document) -> bool:
    return not document.getElementById("toast").hidden


def test_a_message_shows_then_leaves_by_itself_and_a_link_stays_longer():
    document, window = Document(), Window()
    toasts = Toasts(document, window)
    toasts.show("<b>Hello</b>")
    assert shown(document) and document.getElementById("notice").textContent == "<b>Hello</b>"
    hide, ms = window.timers[0]
    assert ms == MESSAGE_MS
    hide()
    assert not shown(document)
    toasts.show("a link", lasting=True)
    assert max(ms for _, ms in window.timers) == LASTING_MS > MESSAGE_MS


def test_the_close_button_closes_it():
    document, window = Document(), Window()
    Toasts(document, window).show("Hello")
    (handler,) = document.getElementById("toast-close").listeners["click"]
    handler(None)
    assert not shown(document)


def test_a_message_from_before_goes_with_the_game_and_one_about_the_switch_stays():
    document, window = Document(), Window()
    toasts = Toasts(document, window)
    toasts.show("about the new game")       # shown while the switch is handled
    toasts.clear_stale()
    assert shown(document)
    assert all(ms > 0 for _, ms in window.timers)   # the turn does not end by a timer,
    (end_of_turn,) = window.microtasks      # which input may overtake, but with the handler
    end_of_turn()                           # it has returned: it is old news now
    toasts.clear_stale()
    assert not shown(document)


def test_a_late_reply_is_old_news_at_the_next_switch():
    """The "copied" confirmation comes from the clipboard's promise, later than
    the share it answers: it is never a switch's own message, so the next switch
    takes it away, whatever has run in between."""
    document, window = Document(), Window()
    toasts = Toasts(document, window)
    toasts.show("link copied", lasting=True, reply=True)
    assert shown(document)
    toasts.clear_stale()                    # a switch, before the reply's turn has ended
    assert not shown(document)
