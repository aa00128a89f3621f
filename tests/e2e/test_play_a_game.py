"""Two players in two browsers: sign up, create and accept a seek, and play Empire Chess
to checkmate, each seeing the other's moves appear without reloading."""

import re

import pytest
from playwright.sync_api import expect

import rules
from tests.e2e.helpers import create_game, play_through, sign_up, start_game, type_move

pytestmark = pytest.mark.e2e
# A short game in which White mates: the Tower slides like a queen, the Cardinal mates.
GAME = ["f3f4", "b7b6", "h1d5", "c7c5", "c1b2", "d8c7", "f4f5", "a7a5",
        "d1g4", "g8h6", "d5c5", "c7g3", "b2f2", "g3f4", "c5c8"]  # fmt: skip


def test_two_players_play_to_checkmate(browser, server):
    ann, bob = start_game(browser, server, "empire-chess", "ann", "bob")
    play_through(rules.get("empire-chess"), (ann, bob), GAME)
    for page in (ann, bob):
        expect(page.locator("#status")).to_have_text("White wins (checkmate).")
        assert page.evaluate("window.notReloaded") is True
    pgn = ann.request.get(ann.url + "record/").text()
    assert '[Variant "Empire"]' in pgn and pgn.rstrip().endswith("1-0")


def test_an_illegal_typed_move_is_explained_and_kept(browser, server):
    page = browser.new_context().new_page()
    sign_up(page, server, "cid")
    create_game(page, "empire-chess", listing="invite")
    invite = page.locator(".invite-link").input_value()
    other = browser.new_context().new_page()
    sign_up(other, server, "dee")
    other.goto(invite)
    other.click("text=Accept and play")
    expect(page.locator("#status")).to_have_text("Your turn.")
    type_move(page, "a1a5")
    expect(page.locator("#live .notice")).to_have_text("The Tower on a1 cannot move to a5.")
    expect(page.locator("#move-input")).to_have_value("a1a5")
    expect(page.locator("#live")).to_have_attribute("data-ply", "0")


def test_a_dropped_server_is_announced_and_the_typed_move_kept(browser, server):
    """Offline, a typed move cannot be sent: the page says so and keeps it, and the game
    socket's drop, whenever the page notices it (on a busy machine, after), does not hide
    that the move was not played."""
    page = browser.new_context().new_page()
    sockets = []

    def through(socket):  # the game socket, passed to the server, to be dropped at will
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket(re.compile(r"/ws/g/"), through)
    sign_up(page, server, "gus")
    create_game(page, "empire-chess")
    expect(page.locator("body")).to_have_attribute("data-game-socket", "open")
    page.context.set_offline(True)
    type_move(page, "d3d4")
    expect(page.locator("#connection")).to_contain_text("nothing was played")
    expect(page.locator("#move-input")).to_have_value("d3d4")
    sockets[-1].close()  # the socket drops after the failed request
    expect(page.locator("body")).to_have_attribute("data-game-socket", "closed")
    expect(page.locator("#connection")).to_contain_text("nothing was played")
    page.context.set_offline(False)  # back: the server answers (the game waits for its
    page.press("#move-input", "Enter")  # opponent), and the failed request is no longer said
    expect(page.locator("#live .notice")).to_have_text("This game is not in play.")
    expect(page.locator("#connection")).not_to_contain_text("nothing was played")
