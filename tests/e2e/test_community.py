"""Players who find one another, and moderators who keep the peace, in the browser: a friend
followed, seen online and watched; a block that refuses a challenge and a message; a chat line
reported, and the moderator's mute said in the player's open game at once; a closed account
refused at login; a player's data downloaded, then their account deleted."""

import json
import zipfile

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import PASSWORD, log_in, sign_up, start_game
from tests.e2e.test_messages import established

pytestmark = pytest.mark.e2e


def moderator(name: str) -> None:
    """A staff account in the Moderators group, as an operator makes one."""
    run_django(
        "from django.contrib.auth import get_user_model\n"
        "from django.contrib.auth.models import Group\n"
        f"user = get_user_model().objects.create_user({name!r}, password={PASSWORD!r})\n"
        "user.is_staff = True\nuser.save()\n"
        "user.groups.add(Group.objects.get(name='Moderators'))"
    )


def test_a_friend_is_followed_seen_online_and_watched(browser, server):
    ben, cat = start_game(browser, server, "empress", "fr-ben", "fr-cat")
    amy = browser.new_context().new_page()
    sign_up(amy, server, "fr-amy")
    amy.goto(server + "/@/fr-ben/")
    amy.click("main button:has-text('Follow')")
    expect(amy.locator("main button:has-text('Unfollow')")).to_be_visible()
    amy.goto(server + "/")
    online = amy.locator("section[aria-labelledby=friends-h]")
    expect(online).to_contain_text("fr-ben")  # his game's page is open: he is online
    online.locator("a:has-text('watch their Empress')").click()
    expect(amy).to_have_url(ben.url)
    expect(amy.locator("main")).to_contain_text("fr-cat")  # a spectator of their game
    amy.goto(server + "/relations/following/")
    expect(amy.locator("table.list")).to_contain_text("fr-ben")


def test_a_block_refuses_a_challenge_and_a_message(browser, server):
    dan, eve = (browser.new_context().new_page() for _ in range(2))
    sign_up(dan, server, "bl-dan")
    sign_up(eve, server, "bl-eve")
    established("bl-dan", "bl-eve")
    dan.goto(server + "/@/bl-eve/")
    dan.click("main button:has-text('Block')")
    expect(dan.locator("main")).to_contain_text("You block this player.")

    eve.goto(server + "/@/bl-dan/")
    eve.click("text=Send the challenge")
    expect(eve.locator(".messages")).to_contain_text("This player does not take games with you.")
    eve.goto(server + "/inbox/bl-dan/")
    expect(eve.locator("#write")).to_contain_text("This player does not take messages from you.")
    expect(eve.locator("#write textarea")).to_have_count(0)
    dan.goto(server + "/@/bl-eve/")
    dan.click("main button:has-text('Unblock')")
    eve.reload()
    expect(eve.locator("#write textarea")).to_be_visible()


def test_a_reported_chat_line_the_moderators_mute_said_at_once_and_a_closed_account(
    browser, server
):
    fay, gus = start_game(browser, server, "empire-chess", "md-fay", "md-gus")
    game = fay.url
    gus.fill("#chat-input", "you play like a potato")
    gus.press("#chat-input", "Enter")
    line = fay.locator("#chat-log p", has_text="you play like a potato")
    expect(line).to_be_visible()
    line.locator("a:has-text('Report')").click()
    expect(fay.locator("blockquote")).to_have_text("you play like a potato")
    fay.check("input[value=abuse]")
    fay.fill("#id_text", "Insults in our game.")
    fay.click("main button:has-text('Send the report')")
    expect(fay.locator(".messages")).to_contain_text("your report waits for the moderators")
    fay.goto(game)

    moderator("md-mod")
    desk = browser.new_context().new_page()
    log_in(desk, server, "md-mod", "/admin/")
    expect(desk.locator("#site-name")).to_be_visible()
    desk.goto(server + "/admin/play/report/?status__exact=open")
    desk.locator("#result_list tbody th a").first.click()
    expect(desk.locator("#content")).to_contain_text("you play like a potato")
    desk.select_option("#id_kind", "mute")
    desk.fill("#id_reason", "Insults in a game's chat.")
    desk.select_option("#id_hours", "24")
    desk.click("button:has-text('Do it')")
    expect(desk.locator(".messagelist")).to_contain_text("Done: Muted in chats and messages.")

    # Gus's game page says so in its chat, pushed: no reload.
    expect(gus.locator("#chat-log .notice")).to_contain_text("The moderators muted you")
    assert gus.evaluate("window.notReloaded") is True
    gus.fill("#chat-input", "sorry")
    gus.press("#chat-input", "Enter")
    expect(gus.locator("#chat-log .notice")).to_contain_text("The moderators muted you")
    expect(fay.locator("#chat-log")).not_to_contain_text("sorry")
    gus.click("#bell")
    expect(gus.locator(".notes")).to_contain_text(
        "You are muted in chats and messages for 24 hours."
    )

    desk.goto(server + "/admin/play/sanction/")
    desk.locator("#result_list a:has-text('md-gus')").first.click()
    desk.select_option("#id_kind", "close")
    desk.fill("#id_reason", "Abuse.")
    desk.click("button:has-text('Do it')")
    expect(desk.locator(".messagelist")).to_contain_text("Done: Account closed.")
    expect(fay.locator("#status")).to_have_text("White wins (resignation).")  # his, resigned
    login = browser.new_context().new_page()
    log_in(login, server, "md-gus")
    expect(login.locator("main")).to_contain_text("The moderators closed this account.")
    login.click("text=Read why, and appeal")
    login.fill("#id_username", "md-gus")
    login.fill("#id_password", PASSWORD)
    login.click("main button:has-text('Continue')")
    expect(login.locator("main")).to_contain_text("Abuse.")


def test_a_player_downloads_their_data_then_deletes_their_account(browser, server):
    hal, ivy = start_game(browser, server, "empress", "gd-hal", "gd-ivy")
    game = hal.url
    hal.fill("#chat-input", "good luck")
    hal.press("#chat-input", "Enter")
    expect(ivy.locator("#chat-log")).to_contain_text("good luck")
    hal.goto(server + "/settings/")
    with hal.expect_download() as download:
        hal.click("text=Download your data")
    zipped = zipfile.ZipFile(download.value.path())
    account = json.loads(zipped.read("account.json"))
    assert account["username"] == "gd-hal" and account["settings"]["messages_from"] == "everyone"
    public_id = game.rstrip("/").rsplit("/", 1)[1]
    assert f"games/imperia-empress-{public_id}.txt" in zipped.namelist()
    assert json.loads(zipped.read("chat.json"))["games"][0]["text"] == "good luck"

    hal.click("text=Delete your account")
    hal.fill("#id_password", PASSWORD)
    hal.check("#id_sure")
    hal.click("main button:has-text('Delete my account')")
    expect(hal.locator(".messages")).to_contain_text("Your account is deleted.")
    ivy.reload()
    expect(ivy.locator("#status")).to_contain_text("resignation")  # hal's game, resigned
    expect(ivy.locator("main")).to_contain_text("deleted")
    expect(ivy.locator("#chat-log")).not_to_contain_text("good luck")
    log_in(hal, server, "gd-hal")
    expect(hal.locator(".errorlist")).to_be_visible()
