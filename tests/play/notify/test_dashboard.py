"""The dashboard: your turn (soonest deadline first), waiting, challenges, finished; counts."""

import pytest

from play.games import games
from play.models import Game
from play.round import moves

pytestmark = pytest.mark.django_db


def section(html, heading, next_heading):
    return html[html.index(heading) : html.index(next_heading)]


def test_games_sorted_by_time_left_and_split_by_whose_turn(ann, bob, client_of, clock):
    slow = games.join(
        games.create(ann, "empress", "white", "seek", None, {"kind": "days", "days": 7}), bob
    )
    fast = games.join(
        games.create(ann, "empire-chess", "white", "seek", None, {"kind": "days", "days": 1}), bob
    )
    theirs = games.join(games.create(ann, "empire-chess", "black", "seek"), bob)
    html = client_of(ann).get("/").content.decode()
    mine = section(html, "Your turn", "Waiting for your opponent")
    assert mine.index(fast.public_id) < mine.index(slow.public_id)
    assert theirs.public_id in section(html, "Waiting for your opponent", "Challenges")
    assert '<span class="badge-count hot">2</span>' in html  # the header count
    moves.submit(fast.public_id, ann, "d3d4", 0)
    html = client_of(ann).get("/").content.decode()
    assert fast.public_id in section(html, "Waiting for your opponent", "Challenges")


def test_every_game_is_reachable_by_pages(ann, bob, client_of):
    for _ in range(23):
        games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    client = client_of(ann)
    first = client.get("/").content.decode()
    assert "Page 1 of 2 (23 in all)" in first
    second = client.get("/", {"turn": 2}).content.decode()
    ids = set(Game.objects.values_list("public_id", flat=True))
    shown = {
        i for i in ids if i in first.split("Waiting for")[0] or i in second.split("Waiting for")[0]
    }
    assert shown == ids


def test_challenges_sent_and_received_and_declined(ann, bob, client_of):
    client_of(ann).post(
        "/@/bob/challenge/",
        {
            "game": "empire",
            "side": "white",
            "time_control": "days",
            "days": "3",
            "listing": "invite",
        },
    )
    challenge = Game.objects.get()
    assert challenge.invited_user == bob and challenge.time_control == {"kind": "days", "days": 3}
    assert challenge.public_id in client_of(ann).get("/").content.decode()
    html = client_of(bob).get("/").content.decode()
    assert "from ann" in html and f"/invite/{challenge.invite_token}" in html
    assert bob.notifications.filter(kind="challenge").exists()
    client_of(bob).post(f"/g/{challenge.public_id}/decline/")
    challenge.refresh_from_db()
    assert (challenge.status, challenge.reason) == ("aborted", "declined")


def test_a_challenge_is_sent_with_the_fields_the_profiles_form_has(ann, bob, client_of):
    """The profile's challenge form has no "Opponent" choice (a challenge is always for the
    player whose profile it is): what it sends must make a challenge."""
    page = client_of(ann).get("/@/bob/").content.decode()
    form = page[page.index('action="/@/bob/challenge/"') :]
    form = form[: form.index("</form>")]
    assert 'name="listing"' not in form
    sent = {"game": "empress", "side": "white", "time_control": "live", "minutes": "5",
            "increment": "3", "rated": "on"}  # fmt: skip
    response = client_of(ann).post("/@/bob/challenge/", sent)
    challenge = Game.objects.get()
    assert response.url == challenge.get_absolute_url() and challenge.invited_user == bob


def test_a_challenges_page_says_who_may_accept_it(ann, bob, client_of):
    challenge = games.create(ann, "empress", "white", "invite", invited=bob)
    html = client_of(ann).get(challenge.get_absolute_url()).content.decode()
    assert "Sent to bob: it waits on their dashboard, and only they may accept it." in html
    assert "the first person to open it" not in html
    link = games.create(ann, "empress", "white", "invite")
    html = client_of(ann).get(link.get_absolute_url()).content.decode()
    assert "the first person to open it and accept plays you" in html


def test_a_refused_challenge_says_which_field_is_wrong(ann, bob, client_of):
    client = client_of(ann)
    sent = {"game": "empress", "side": "white", "time_control": "live", "minutes": "0"}
    client.post("/@/bob/challenge/", sent)
    html = client.get("/@/bob/").content.decode()
    assert "Check the challenge: Minutes: " in html and not Game.objects.exists()


def test_a_challenge_is_declined_from_the_lists_own_form_with_csrf_checks_on(ann, bob):
    """The lists are drawn by Jinja2 (play_extras.game_list): their forms carry the token."""
    from django.test import Client

    challenge = games.create(ann, "empress", "white", "invite", invited=bob)
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    html = client.get("/").content.decode()
    form = html[html.index(f'action="/g/{challenge.public_id}/decline/"') :]
    token = form.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    client.post(f"/g/{challenge.public_id}/decline/", {"csrfmiddlewaretoken": token})
    challenge.refresh_from_db()
    assert (challenge.status, challenge.reason) == ("aborted", "declined")


def test_a_lists_page_links_keep_the_other_lists_pages(ann, bob, client_of):
    for _ in range(23):
        games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    html = client_of(ann).get("/", {"turn": 2, "finished": 1}).content.decode()
    assert 'href="?turn=1&amp;finished=1">← Newer</a>' in html
    assert "Page 2 of 2 (23 in all)" in html


def test_only_the_invited_player_may_accept_a_direct_challenge(ann, bob, make_user):
    from play.common.errors import Refused

    game = games.create(ann, "empire-chess", "white", "invite", invited=bob)
    with pytest.raises(Refused, match="for another player"):
        games.join(game, make_user("cid"))
    assert games.join(game, bob).status == "active"


def test_a_game_revived_by_a_ruling_is_in_play_again_and_no_longer_finished(
    active_game, ann, bob, client_of, referee
):
    """The lists are read through the seats' end (Seat.finished_at): a game that ended has
    one, and a rewind takes it away again."""
    from play.notify.dashboard import finished, my_turn, waiting
    from play.referee import disputes

    moves.submit(active_game.public_id, ann, "d3d4", 0)
    games.resign(Game.objects.get(pk=active_game.pk), bob)
    assert set(active_game.seats.values_list("finished_at", flat=True)) != {None}
    assert list(finished(ann)) == list(finished(bob)) == [active_game]
    assert not my_turn(bob).exists() and not waiting(ann).exists()
    dispute = disputes.report(Game.objects.get(pk=active_game.pk), bob, "misclick", "Oops.")
    disputes.rule(dispute, referee, "rewind", "Undone.", ply=1)
    assert list(my_turn(bob)) == list(waiting(ann)) == [active_game]
    assert not finished(ann).exists()
    html = client_of(bob).get("/").content.decode()
    assert active_game.public_id in section(html, "Your turn", "Waiting for your opponent")


def test_the_lobby_reads_its_lists_players_and_ratings_once_for_all_the_lists(
    ann, bob, make_user, client_of
):
    """Every list (open seeks, your turn, waiting, challenges both ways, finished) has games
    with players and ratings; their seats, players and ratings are read once for all the
    lists, so the queries are as many with many games, players and lists full as with few
    (they were 26, four a list)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def add_one_of_each(n):
        carl = make_user(f"carl{n}")
        games.create(carl, "empress", "white", "seek")  # an open seek
        games.join(games.create(ann, "empire-chess", "white", "seek"), carl)  # ann's turn
        games.join(games.create(ann, "empire-chess", "black", "seek"), carl)  # waiting
        games.create(ann, "empress", "white", "invite", invited=carl)  # sent
        games.create(carl, "empress", "white", "invite", invited=ann)  # received
        games.resign(games.join(games.create(ann, "empress", "white", "seek"), bob), ann)

    def queries():
        client = client_of(ann)
        with CaptureQueriesContext(connection) as counted:
            html = client.get("/").content.decode()
        assert "Page 1 of" not in html or "carl" in html
        return len(counted)

    add_one_of_each(1)
    few = queries()
    for n in range(2, 6):
        add_one_of_each(n)
    assert queries() == few <= 21, few


def test_a_long_list_is_counted_only_a_few_pages_ahead_and_every_page_is_reached(
    ann, bob, client_of, monkeypatch
):
    """A player's 20,000 finished games are not counted to show twenty: a list is counted up
    to a few pages past the one shown (here none), says "more than" beyond, and each later
    page is reached from the one before."""
    from play.common import paging

    monkeypatch.setattr(paging, "PAGES_AHEAD", 0)
    for _ in range(23):
        games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    client = client_of(ann)
    first = client.get("/").content.decode()
    assert "Page 1 (more than 20 in all)" in first and "?turn=2" in first
    second = client.get("/", {"turn": 2}).content.decode()
    assert "Page 2 of 2 (23 in all)" in second
    ids = set(Game.objects.values_list("public_id", flat=True))
    shown = {i for i in ids if i in first.split("Waiting for")[0] + second.split("Waiting for")[0]}
    assert shown == ids


def test_a_list_counted_to_its_end_says_how_many(rf):
    from play.common import paging

    page = paging.page(rf.get("/", {"p": "2"}), list(range(45)), "p", per_page=20)
    assert (page.paginator.count, page.paginator.more_than, page.paginator.num_pages) == (
        45,
        None,
        3,
    )
    assert list(page) == list(range(20, 40))
    far = paging.page(rf.get("/"), list(range(500)), "p", per_page=20)
    assert far.paginator.more_than == (1 + paging.PAGES_AHEAD) * 20 and far.has_next()


def test_a_first_page_that_holds_its_whole_list_is_not_counted(
    ann, bob, rf, django_assert_num_queries
):
    """A list that fits on its first page is counted by its length: one query, not a count
    and a read (the lobby shows seven lists, most of them short)."""
    from play.common import paging

    for _ in range(3):
        games.create(ann, "empress", "white", "seek")

    def listed():
        return Game.objects.order_by("pk")

    with django_assert_num_queries(1):
        page = paging.page(rf.get("/"), listed(), "p", per_page=20)
        assert (page.paginator.count, len(page), page.has_next()) == (3, 3, False)
    assert list(page) == list(listed())
    for _ in range(20):
        games.create(ann, "empress", "white", "seek")
    with django_assert_num_queries(2):  # more than a page: read, then counted
        page = paging.page(rf.get("/"), listed(), "p", per_page=20)
        assert (page.paginator.count, len(page), page.has_next()) == (23, 20, True)
    assert list(page) == list(listed()[:20])


@pytest.mark.parametrize("listed", ["sent", "received", "seeks"])
def test_the_open_lists_are_read_from_an_index_in_their_order(ann, listed):
    """Open seeks and challenges both ways, newest first, are read along an index that holds
    both what they look for and their order: not along every game's created_at, which at
    22,000 games took 11-18 ms for a list with nothing in it (bench/pages.py)."""
    from django.db import connection

    from play.lobby import seeks
    from play.notify import dashboard

    queryset = {
        "sent": dashboard.challenges_sent(ann),
        "received": dashboard.challenges_received(ann),
        "seeks": seeks.listed(ann),
    }[listed]
    plan = queryset[:21].explain()
    if connection.vendor == "sqlite":
        assert "USING INDEX play_game_" in plan and "SCAN play_game" not in plan, plan
        assert "TEMP B-TREE FOR ORDER BY" not in plan, plan
