"""Reporting a player, from their profile or a chat line of theirs, into the moderators'
queue; and the queue itself, for the Moderators group."""

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from play.models import Report
from play.round import chat

pytestmark = pytest.mark.django_db
WORDS = {"reason": "abuse", "text": "He insulted me in our game."}


def test_a_player_reports_another_from_the_profile(ann, bob, client_of):
    client = client_of(ann)
    assert 'href="/@/bob/report/"' in client.get("/@/bob/").content.decode()
    page = client.get("/@/bob/report/").content.decode()
    assert 'value="cheating"' in page and 'value="boosting"' in page and "<textarea" in page
    answer = client.post("/@/bob/report/", WORDS, follow=True)
    assert "Thank you: your report waits for the moderators." in answer.content.decode()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason) == (ann, bob, "abuse")
    assert report.text == WORDS["text"] and report.status == "open" and report.line is None


def test_a_chat_line_is_reported_with_its_words_quoted(active_game, ann, bob, client_of):
    line = chat.post(active_game, bob, "you are a patzer")
    game_page = client_of(ann).get(f"/g/{active_game.public_id}/").content.decode()
    assert f'href="/@/bob/report/?line={line.pk}"' in game_page
    assert "/@/ann/report/?line=" not in game_page  # not one's own lines
    form = client_of(ann).get(f"/@/bob/report/?line={line.pk}").content.decode()
    assert '<blockquote translate="no">you are a patzer</blockquote>' in form
    client_of(ann).post(f"/@/bob/report/?line={line.pk}", WORDS)
    assert Report.objects.get().line == line


def test_a_report_is_refused_with_the_reason_and_nothing_kept(ann, bob, active_game, client_of):
    client = client_of(ann)
    own_line = chat.post(active_game, ann, "mine")
    cases = [
        ("/@/bob/report/", {"reason": "abuse", "text": "   "}, 400, "This field is required."),
        ("/@/bob/report/", {}, 400, "This field is required."),
        ("/@/bob/report/", {"reason": "spite", "text": "x"}, 400, "Select a valid choice"),
        (
            "/@/bob/report/",
            {"reason": "abuse", "text": "x" * 2001},
            400,
            "has at most 2000 characters",
        ),
        ("/@/ann/report/", WORDS, 400, "That is you."),
        (f"/@/bob/report/?line={own_line.pk}", WORDS, 404, "not this player"),
        ("/@/bob/report/?line=x", WORDS, 400, "Malformed request"),
        ("/@/nobody/report/", WORDS, 404, "There is no player called nobody."),
    ]
    for address, data, status, said in cases:
        answer = client.post(address, data)
        assert answer.status_code == status and said in answer.content.decode(), address
    assert not Report.objects.exists()
    assert Client().post("/@/bob/report/", WORDS)["Location"].startswith("/login/")


def test_the_moderators_see_the_queue_and_mark_reports_handled(ann, bob, make_user, client_of):
    client_of(ann).post("/@/bob/report/", WORDS)
    moderator = make_user("mod")
    moderator.is_staff = True
    moderator.save()
    desk = client_of(moderator)
    assert desk.get("/admin/play/report/").status_code == 403  # staff, not a moderator
    moderator.groups.add(Group.objects.get(name="Moderators"))
    queue = desk.get("/admin/play/report/?status__exact=open").content.decode()
    assert 'href="/@/bob/"' in queue and "Abuse: insults" in queue
    report = Report.objects.get()
    desk.post("/admin/play/report/", {"action": "mark_handled", "_selected_action": [report.pk]})
    assert Report.objects.get().status == "handled"
