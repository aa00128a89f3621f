"""The clubs' pages: founding one, a club's page as a visitor, a member and a leader see it,
joining and leaving, deciding requests, and each leader's page and action refused to others
with nothing changed."""

import pytest

from play.clubs import clubs
from play.models import Club, JoinRequest, Membership

pytestmark = pytest.mark.django_db


def test_an_established_player_founds_a_club_from_the_form(founder, client_of):
    client = client_of(founder)
    assert 'href="/clubs/new/">Found a club</a>' in client.get("/clubs/").content.decode()
    form = {"name": "  Imperial  Circle ", "description": "Hello <b>all</b>", "games": ["empress"],
            "language": "de", "admission": "request", "question": "Why?", "forum": "public"}  # fmt: skip
    answer = client.post("/clubs/new/", form)
    assert answer.status_code == 302 and answer["Location"] == "/club/imperial-circle/"
    club = Club.objects.get()
    assert (club.name, club.language, club.admission, club.question, club.forum) == (
        "Imperial Circle", "de", "request", "Why?", "public"
    )  # fmt: skip
    page = client.get("/club/imperial-circle/").content.decode()
    assert '<h1 translate="no">Imperial Circle</h1>' in page and "You lead this club." in page
    assert "&lt;b&gt;all&lt;/b&gt;" in page and "<b>all" not in page
    assert "/club/imperial-circle/requests/" in page


def test_a_new_player_is_told_why_they_may_not_found_one(ann, client_of):
    page = client_of(ann).get("/clubs/new/").content.decode()
    assert (
        "at least 7 days old" in page
        and "<form" not in page.split("<main")[1].split("</main>")[0].split("Found a club</h1>")[1]
    )
    assert client_of(ann).post("/clubs/new/", {"name": "Mine"}).status_code == 400
    assert not Club.objects.exists()


def test_a_bad_form_keeps_what_was_typed_and_says_why(founder, client_of):
    form = {"name": "A club", "description": "x", "games": ["no-such-game"], "language": "xx",
            "admission": "open", "question": "", "forum": "members"}  # fmt: skip
    answer = client_of(founder).post("/clubs/new/", form)
    page = answer.content.decode()
    assert answer.status_code == 400 and 'value="A club"' in page
    assert "Select a valid choice." in page
    assert not Club.objects.exists()


def test_a_visitor_sees_the_club_and_is_asked_to_log_in(club, client):
    page = client.get("/club/empress-circle/").content.decode()
    assert '<h1 translate="no">Empress Circle</h1>' in page and "to join the club" in page
    assert "<p>We play <strong>Empress</strong> on Sundays.</p>" in page
    assert client.post("/club/empress-circle/join/").status_code == 302  # to the login
    assert client.get("/club/no-such-club/").status_code == 404


def test_joining_an_open_club_and_leaving_it(club, ann, client_of):
    client = client_of(ann)
    answer = client.post("/club/empress-circle/join/", follow=True)
    assert "You are a member of Empress Circle." in answer.content.decode()
    assert clubs.is_member(ann, club)
    answer = client.post("/club/empress-circle/leave/", follow=True)
    assert "You are not a member of Empress Circle any more." in answer.content.decode()
    assert not clubs.is_member(ann, club)


def test_a_request_answered_from_the_leaders_page(asked_club, founder, ann, client_of):
    client = client_of(ann)
    page = client.get("/club/dots-society/").content.decode()
    assert "Which games of Empress have you played?" in page and 'name="answer"' in page
    answer = client.post("/club/dots-society/join/", {"answer": "<i>Many</i>"}, follow=True)
    assert "Your request is sent" in answer.content.decode()
    assert "a leader will answer" in client.get("/club/dots-society/").content.decode()
    leader = client_of(founder)
    assert "1 request to join" in leader.get("/club/dots-society/").content.decode()
    requests = leader.get("/club/dots-society/requests/").content.decode()
    assert (
        "&lt;i&gt;Many&lt;/i&gt;" in requests
        and "/club/dots-society/requests/ann/accept/" in requests
    )
    accepted = leader.post("/club/dots-society/requests/ann/accept/", follow=True)
    assert "ann is a member now." in accepted.content.decode()
    assert clubs.is_member(ann, asked_club)
    again = leader.post("/club/dots-society/requests/ann/accept/", follow=True)
    assert "ann has no request to join." in again.content.decode()  # a stale click


def test_a_non_leader_acting_as_a_leader_is_refused_with_nothing_changed(
    asked_club, founder, ann, make_user, client_of
):
    bob = make_user("bob")
    clubs.join(ann, asked_club, "Some.")
    clubs.accept(founder, asked_club, ann)
    clubs.join(bob, asked_club, "Me too.")
    client = client_of(ann)
    for address in [
        "/club/dots-society/requests/",
        "/club/dots-society/describe/",
        "/club/dots-society/write/",
    ]:
        assert client.get(address).status_code == 403
    form = {"name": "Taken", "description": "x", "games": ["empress"], "language": "en",
            "admission": "open", "question": "", "forum": "public"}  # fmt: skip
    assert client.post("/club/dots-society/describe/", form).status_code == 403
    assert client.post("/club/dots-society/write/", {"text": "Spam"}).status_code == 403
    for address in [
        "/club/dots-society/requests/bob/accept/",
        "/club/dots-society/members/zoe/remove/",
        "/club/dots-society/members/ann/appoint/",
    ]:
        answer = client.post(address, follow=True)
        assert "Only the club&#x27;s leaders do that." in answer.content.decode()
    asked_club.refresh_from_db()
    assert (asked_club.name, asked_club.admission, asked_club.members_count) == (
        "Dots Society",
        "request",
        2,
    )
    assert list(
        Membership.objects.filter(leader=True).values_list("user__username", flat=True)
    ) == ["zoe"]
    assert list(JoinRequest.objects.values_list("user__username", flat=True)) == ["bob"]


def test_the_members_are_paged_and_searched(club, players, client):
    for player in players(60, "mem"):
        clubs.join(player, club)
    page = client.get("/club/empress-circle/").content.decode()
    assert page.count('href="/@/mem') == 50 and "?page=2" in page
    found = client.get("/club/empress-circle/?member=mem05").content.decode()
    assert found.count('href="/@/mem') == 1 and "begins with “mem05”" in found
    assert client.get("/club/empress-circle/?page=x").status_code == 400
    long = client.get("/club/empress-circle/?member=" + "m" * 5000)
    assert long.status_code == 200 and 'value="' + "m" * 60 + '"' in long.content.decode()


def test_the_list_of_clubs_is_searched_by_name(club, established, client):
    clubs.found(established("yan"), name="Dots Lovers", description="x", games=["empire"],
                language="ru", admission="open", question="", forum="public")  # fmt: skip
    page = client.get("/clubs/?q=DOTS").content.decode()
    assert "Dots Lovers" in page and "Empress Circle" not in page
    assert "No club's name holds “zzz”" in client.get("/clubs/?q=zzz").content.decode()


def test_a_leader_writes_to_all_members(club, founder, ann, client_of):
    clubs.join(ann, club)
    client = client_of(founder)
    page = client.get("/club/empress-circle/write/").content.decode()
    assert "7 more messages to all this week" in page
    answer = client.post("/club/empress-circle/write/", {"text": "Arena on Sunday."}, follow=True)
    assert "Sent to 1 member." in answer.content.decode()
    assert "Arena on Sunday." in client_of(ann).get("/inbox/zoe/").content.decode()
    assert "6 more messages" in client.get("/club/empress-circle/write/").content.decode()
