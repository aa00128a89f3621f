"""Two daphne processes sharing PostgreSQL and Redis: a move posted to one reaches a browser
whose socket is connected to the other."""

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import create_game, sign_up, type_move

pytestmark = [pytest.mark.e2e, pytest.mark.distributed]


def test_a_move_on_one_server_reaches_a_socket_on_the_other(browser, server, second_server):
    white = browser.new_context().new_page()
    black = browser.new_context().new_page()
    sign_up(white, server, "wes")  # on the first server
    sign_up(black, second_server, "xia")  # on the second
    create_game(white, "empire-chess")
    game_path = white.url.removeprefix(server)
    black.goto(second_server + "/")
    black.click("button:has-text('Accept')")
    expect(black).to_have_url(second_server + game_path)
    expect(white.locator("#status")).to_have_text("Your turn.")  # the join crossed over too
    black.evaluate("window.notReloaded = true")
    type_move(white, "d3d4")  # posted to the first server
    expect(black.locator(".moves")).to_contain_text("Sd4")  # pushed by the second
    expect(black.locator("#status")).to_have_text("Your turn.")
    assert black.evaluate("window.notReloaded") is True
