"""The forum in the browser: a thread started on general talk with a board drawn from a
position, a reply quoting it from another player's page, its writer told, and the thread found
by a word of it; every page passing axe."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import ESTABLISHED, log_in, no_violations

pytestmark = pytest.mark.e2e
POSITION = "8/2q5/5e2/8/1Q1E4/8/5q2/Q7[QQQQqqqqq] w 0 12"


def test_a_thread_with_a_board_a_reply_and_a_quote(browser, server):
    run_django(ESTABLISHED + "established('forum-wes')\nestablished('forum-oli')")
    writer = browser.new_context().new_page()
    log_in(writer, server, "forum-wes")
    writer.goto(server + "/forum/")
    no_violations(writer)
    writer.get_by_role("link", name="General talk").click()
    writer.fill("#id_title", "A queen's fork in Empress")
    writer.fill("#id_text", f"How does **White** win here?\n\n```empress After twelve moves\n"
                            f"{POSITION}\n```\n")  # fmt: skip
    writer.click("text=Start the thread")
    expect(writer.locator("h1")).to_have_text("A queen's fork in Empress")
    board = writer.locator("#post-1 figure svg")
    expect(board).to_be_visible()
    expect(board.locator("title").first).to_contain_text("After twelve moves")
    expect(writer.locator("#post-1 figcaption")).to_have_text("After twelve moves")
    no_violations(writer)
    thread = writer.url

    reader = browser.new_context().new_page()
    log_in(reader, server, "forum-oli")
    reader.goto(thread)
    reader.locator("#post-1").get_by_role("link", name="Quote").click()
    expect(reader.locator("#id_text")).to_have_value(
        "> **@forum-wes:**\n>\n> How does **White** win here?\n>\n> ```empress After twelve "
        f"moves\n> {POSITION}\n> ```\n\n"
    )
    reader.locator("#id_text").press("End")
    reader.locator("#id_text").type("The queen on b4 forks them.")
    reader.click("text=Post the reply")
    expect(reader.locator("#post-2 blockquote")).to_contain_text("How does White win here?")
    expect(reader.locator("#post-2 blockquote figure svg")).to_be_visible()  # quoted, drawn
    expect(reader.locator("#post-2")).to_contain_text("The queen on b4 forks them.")
    no_violations(reader)

    writer.goto(server + "/notifications/")
    expect(writer.locator("main")).to_contain_text(
        "forum-oli wrote in “A queen's fork in Empress”."
    )
    writer.goto(server + "/forum/search/?q=forks+queen")
    expect(writer.locator(".found li")).to_have_count(1)
    writer.locator(".found a").click()
    expect(writer.locator("#post-2")).to_be_visible()
