"""Disputes: reports, freezing, statements, every ruling, permissions, integrity."""

from datetime import timedelta
from html import unescape

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.core.management import CommandError, call_command

from play.common.errors import Refused
from play.games import games
from play.models import ArchivedMove, Dispute, Game, Move, Notification, Ruling
from play.referee import disputes
from play.round import moves
from play.round.moves import StaleMove

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 10, "increment": 0}


def played(game, ann, bob, texts):
    for text in texts:
        game.refresh_from_db()
        moves.submit(game.public_id, ann if game.ply % 2 == 0 else bob, text, game.ply)
    game.refresh_from_db()
    return game


def test_a_report_notifies_the_opponent_and_defaults_to_the_last_ply(active_game, ann, bob):
    game = played(active_game, ann, bob, ["d3d4", "e7e5"])
    dispute = disputes.report(game, bob, "misclick", "I meant e7e6.")
    assert (dispute.ply, dispute.seat, dispute.status, dispute.froze_game) == (2, 1, "open", False)
    assert ann.notifications.filter(kind="dispute", text__contains="bob opened a dispute").exists()
    game.refresh_from_db()
    assert game.status == "active"  # a misclick report does not freeze


def test_rules_and_clock_reports_freeze_the_game_and_its_clocks(timed_game, ann, bob, clock):
    game = played(timed_game(LIVE), ann, bob, ["d3d4"])
    clock.advance(minutes=3)
    disputes.report(game, bob, "clock", "The clock jumped.")
    game.refresh_from_db()
    assert game.status == "disputed" and game.deadline is None and game.clocks[1] == 7 * 60
    clock.advance(hours=5)  # frozen: nothing runs out
    with pytest.raises(StaleMove, match="frozen"):
        moves.submit(game.public_id, bob, "e7e5", 1)


def test_one_open_dispute_per_player_per_game_and_a_daily_limit(
    active_game, ann, bob, settings, make_user
):
    disputes.report(active_game, ann, "other", "First.")
    with pytest.raises(Refused, match="already have an open dispute"):
        disputes.report(active_game, ann, "other", "Second.")
    settings.DISPUTES_PER_DAY = 1
    other = games.join(games.create(ann, "empire-chess", "white", "seek"), make_user("cid"))
    with pytest.raises(Refused, match="wait before opening another") as exc:
        disputes.report(other, ann, "other", "Third.")
    assert exc.value.status == 429


def test_who_may_report_and_when(active_game, ann, bob, make_user, clock):
    with pytest.raises(Refused) as exc:
        disputes.report(active_game, make_user("cid"), "other", "Watching.")
    assert exc.value.status == 403
    with pytest.raises(Refused, match="Say what happened"):
        disputes.report(active_game, ann, "other", "   ")
    with pytest.raises(Refused, match="between 0 and 0"):
        disputes.report(active_game, ann, "other", "Ply?", ply=5)
    games.resign(active_game, bob)
    Game.objects.filter(pk=active_game.pk).update(finished_at=clock.at - timedelta(days=31))
    with pytest.raises(Refused, match="up to 30 days"):
        disputes.report(active_game, ann, "other", "Late.")


def test_the_opponent_adds_a_statement(active_game, ann, bob):
    dispute = disputes.report(active_game, ann, "conduct", "Stalling.")
    with pytest.raises(Refused):
        disputes.add_statement(dispute, ann, "Me again.")
    disputes.add_statement(dispute, bob, "I was thinking.")
    assert Dispute.objects.get().opponent_statement == "I was thinking."


def test_only_referees_rule(active_game, ann, bob):
    dispute = disputes.report(active_game, ann, "other", "Help.")
    with pytest.raises(PermissionDenied):
        disputes.rule(dispute, bob, "reject", "No.")


def make_referee(user, superuser=False):
    user.is_staff, user.is_superuser = True, superuser
    user.save()
    user.groups.add(Group.objects.get(name="Referees"))
    return user


@pytest.mark.parametrize("superuser", [False, True], ids=["referee", "superuser"])
def test_no_one_rules_on_a_game_they_play_in(active_game, ann, bob, superuser):
    judge = make_referee(bob, superuser)
    dispute = disputes.report(active_game, ann, "rules", "He moved twice.")
    for kind, details in (("result", {"winner": 1}), ("annul", {}), ("reject", {})):
        with pytest.raises(Refused, match="You play in this game") as refused:
            disputes.rule(dispute, judge, kind, "I win.", **details)
        assert refused.value.status == 403
    with pytest.raises(Refused, match="You play in this game"):
        disputes.take(dispute, judge)
    game = Game.objects.get(pk=active_game.pk)
    assert (game.status, game.winner, Ruling.objects.count()) == ("disputed", None, 0)
    assert Dispute.objects.get().status == "open"


@pytest.mark.parametrize("superuser", [False, True], ids=["referee", "superuser"])
def test_the_case_page_of_a_game_one_plays_in_has_no_ruling_form_and_says_why(
    active_game, ann, bob, superuser, client_of
):
    judge = make_referee(bob, superuser)
    dispute = disputes.report(active_game, ann, "rules", "He moved twice.")
    html = client_of(judge).get(f"/admin/play/dispute/{dispute.pk}/change/").content.decode()
    assert "You play in this game" in html
    assert "Record the ruling" not in html and "Take the case" not in html
    response = client_of(judge).post(
        f"/admin/play/dispute/{dispute.pk}/rule/",
        {"kind": "result", "reason": "Mine.", "winner": "1"},
        follow=True,
    )
    assert "You play in this game" in response.content.decode()
    assert not Ruling.objects.exists() and Game.objects.get(pk=active_game.pk).winner is None


def told(user):
    return Notification.objects.filter(user=user, text__startswith="Ruling").count()


def test_a_decided_dispute_is_not_ruled_again(active_game, ann, bob, referee, make_user):
    other = make_referee(make_user("other-ref"))
    dispute = disputes.report(active_game, ann, "rules", "He moved twice.")
    first = disputes.rule(dispute, referee, "result", "Illegal.", winner=0)
    for kind, details in (("result", {"winner": 1}), ("annul", {}), ("rewind", {"ply": 0})):
        with pytest.raises(Refused, match="already decided by ref at ") as refused:
            disputes.rule(dispute, other, kind, "Again.", **details)
        assert refused.value.status == 409
        assert first.created_at.strftime("%Y-%m-%d %H:%M") in refused.value.message
    game = Game.objects.get(pk=active_game.pk)
    assert (game.status, game.winner, game.reason) == ("finished", 0, "ruling")
    assert list(Ruling.objects.all()) == [first]
    assert told(ann) == told(bob) == 1


def test_a_decided_case_is_changed_only_by_reopening_it_with_a_reason(
    active_game, ann, bob, referee
):
    dispute = disputes.report(active_game, ann, "rules", "He moved twice.")
    with pytest.raises(Refused, match="still open"):
        disputes.reopen(dispute, referee, "Why not.")
    disputes.rule(dispute, referee, "result", "Illegal.", winner=0)
    with pytest.raises(Refused, match="reason"):
        disputes.reopen(dispute, referee, "  ")
    reopening = disputes.reopen(dispute, referee, "New evidence from the server log.")
    assert (reopening.kind, reopening.reason) == ("reopen", "New evidence from the server log.")
    dispute.refresh_from_db()
    assert dispute.status == "review"
    assert Notification.objects.filter(user=bob, text__contains="reopened").count() == 1
    disputes.rule(dispute, referee, "annul", "Both at fault.")
    game = Game.objects.get(pk=active_game.pk)
    assert (game.status, game.reason) == ("aborted", "annulled")
    assert [r.kind for r in Ruling.objects.all()] == ["result", "reopen", "annul"]
    with pytest.raises(Refused, match="reopen"):
        disputes.rule(dispute, referee, "reopen", "Sneaky.")


def test_reject_thaws_a_frozen_game_and_the_clock_runs_on(timed_game, ann, bob, referee, clock):
    game = played(timed_game(LIVE), ann, bob, ["d3d4"])
    dispute = disputes.report(game, bob, "rules", "That was illegal.")
    clock.advance(hours=1)
    with pytest.raises(Refused, match="gives its reason"):
        disputes.rule(dispute, referee, "reject", "  ")
    disputes.rule(dispute, referee, "reject", "Soldiers step sideways; the move was legal.")
    game.refresh_from_db()
    dispute.refresh_from_db()
    assert dispute.status == "rejected" and game.status == "active"
    assert game.deadline == clock.at + timedelta(minutes=10)
    assert bob.notifications.filter(text__contains="Soldiers step sideways").exists()


def test_uphold_keeps_the_game(active_game, ann, referee):
    dispute = disputes.report(active_game, ann, "conduct", "Rude chat.")
    ruling = disputes.rule(dispute, referee, "uphold", "Noted; a warning was given.")
    assert ruling.kind == "uphold" and Dispute.objects.get().status == "ruled"
    assert Game.objects.get(pk=active_game.pk).status == "active"


@pytest.mark.parametrize(
    "winner, text", [(0, "White wins (referee's ruling)"), (None, "Draw (referee's ruling)")]
)
def test_set_the_result(active_game, ann, bob, referee, winner, text):
    dispute = disputes.report(active_game, ann, "connection", "Bob left.")
    disputes.rule(dispute, referee, "result", "Abandoned.", winner=winner)
    game = Game.objects.get(pk=active_game.pk)
    assert (game.status, game.winner, game.reason) == ("finished", winner, "ruling")
    assert game.result_text == text


def test_annul(active_game, ann, referee):
    disputes.rule(
        disputes.report(active_game, ann, "help", "An engine."), referee, "annul", "Both cheated."
    )
    game = Game.objects.get(pk=active_game.pk)
    assert (game.status, game.reason, game.result_text) == (
        "aborted",
        "annulled",
        "Annulled by a referee",
    )


def test_rewind_archives_the_cut_moves_restores_clocks_and_play_resumes(
    timed_game, ann, bob, referee, clock
):
    game = timed_game(LIVE)
    for text in ["d3d4", "e7e5", "d4d5", "a7a6"]:
        clock.advance(seconds=30)
        game = played(game, ann, bob, [text])
    clocks_at_two = Move.objects.get(game=game, ply=2).clock_after
    dispute = disputes.report(game, ann, "misclick", "d4d5 was a slip.")
    disputes.rule(dispute, referee, "rewind", "Taken back.", ply=2, seat=0, seconds=60)
    game.refresh_from_db()
    assert game.ply == 2 and game.status == "active" and game.turn == 0
    assert game.position == Move.objects.get(game=game, ply=2).position_after
    assert game.clocks == [clocks_at_two[0] + 60, clocks_at_two[1]]
    assert list(ArchivedMove.objects.values_list("ply", "text")) == [(3, "d4d5"), (4, "a7a6")]
    moves.submit(game.public_id, ann, "d4e4", 2)  # play goes on from there
    call_command("verify_games", game.public_id)


def test_rewind_revives_a_finished_game(active_game, ann, bob, referee):
    game = played(active_game, ann, bob, ["d3d4"])
    games.resign(game, bob)
    disputes.rule(
        disputes.report(game, bob, "misclick", "Resigned by mistake."),
        referee,
        "rewind",
        "Undone.",
        ply=1,
    )
    game.refresh_from_db()
    assert (game.status, game.winner, game.reason, game.turn) == ("active", None, "", 1)


def test_add_time(timed_game, ann, bob, referee):
    game = timed_game(LIVE)
    dispute = disputes.report(game, bob, "connection", "Lag.")
    disputes.rule(dispute, referee, "add-time", "Lag confirmed.", seat=1, seconds=120)
    game.refresh_from_db()
    assert game.clocks[1] == 600 + 120


def test_bad_ruling_details_are_refused(active_game, ann, referee):
    dispute = disputes.report(active_game, ann, "other", "Hmm.")
    with pytest.raises(Refused, match="Rewind to a ply"):
        disputes.rule(dispute, referee, "rewind", "Back.", ply=9)
    with pytest.raises(Refused, match="no running clock"):
        disputes.rule(dispute, referee, "add-time", "More.", seat=0, seconds=60)
    assert not Ruling.objects.exists()


def test_rulings_are_append_only(active_game, ann, referee):
    ruling = disputes.rule(
        disputes.report(active_game, ann, "other", "X."), referee, "uphold", "Fine."
    )
    ruling.reason = "Changed"
    with pytest.raises(ValueError, match="never changed"):
        ruling.save()
    with pytest.raises(ValueError, match="never deleted"):
        ruling.delete()


def test_both_players_see_the_case_and_ruling_on_the_game_page(
    active_game, ann, bob, referee, client_of, client
):
    dispute = disputes.report(active_game, ann, "misclick", "Slip of the mouse.")
    disputes.rule(dispute, referee, "uphold", "Understood.")
    for user in (ann, bob):
        html = client_of(user).get(f"/g/{active_game.public_id}/").content.decode()
        assert (
            "Slip of the mouse." in html
            and "Ruling: Uphold the report" in html
            and "Understood." in html
        )
    assert "Slip of the mouse." not in client.get(f"/g/{active_game.public_id}/").content.decode()


def test_both_players_see_their_cases_on_the_dashboard(active_game, ann, bob, client_of):
    disputes.report(active_game, ann, "misclick", "Oops.")
    for user in (ann, bob):
        html = client_of(user).get("/").content.decode()
        assert "Misclick / takeback, opened by ann: <strong>Open</strong>" in html


def test_the_report_form_on_the_game_page(active_game, client_of, ann):
    response = client_of(ann).post(
        f"/g/{active_game.public_id}/dispute/",
        {"category": "other", "statement": "See ply 0.", "ply": "0"},
    )
    assert response.status_code == 302 and Dispute.objects.get().statement == "See ply 0."


# --- the referee's desk ---------------------------------------------------------------------------
def test_a_referee_has_the_disputes_and_not_the_rest_of_the_admin(
    active_game, ann, referee, client_of
):
    dispute = disputes.report(active_game, ann, "rules", "Check it.")
    client = client_of(referee)
    assert client.get("/admin/play/dispute/").status_code == 200
    html = client.get(f"/admin/play/dispute/{dispute.pk}/change/").content.decode()
    assert (
        "Check it." in html
        and "Integrity: The move log replays" in html
        and "Rules version 1" in html
    )
    assert '<svg class="board"' in html and "after ply 0 of 0" in html
    # The clock as the game page says it; steps every font draws; the admin's own frame,
    # not the site's (whose element rules pulled its menu out of place).
    assert "Clock: No clock." in html and "{'kind'" not in html
    assert "⏮" not in html and "⏭" not in html and "« Start" in html and "End »" in html
    assert "css/site" not in html and "css/imperia" in html
    desk = client.get("/admin/play/dispute/").content.decode()
    assert desk.count('<th scope="col" class="') == 5  # five short columns beside the filter
    assert f"{active_game.public_id} (Empire Chess), ply 0" in desk
    assert client.get("/admin/auth/user/").status_code == 403
    assert client.get(f"/admin/play/game/{active_game.pk}/change/").status_code == 200  # view only
    client.post(f"/admin/play/dispute/{dispute.pk}/take/")
    assert Dispute.objects.get().status == "review"
    response = client.post(
        f"/admin/play/dispute/{dispute.pk}/rule/",
        {"kind": "result", "reason": "Illegal move.", "winner": "1"},
    )
    assert response.status_code == 302
    assert Game.objects.get(pk=active_game.pk).winner == 1


def test_players_cannot_reach_the_referees_desk(active_game, ann, client_of):
    dispute = disputes.report(active_game, ann, "rules", "Check it.")
    response = client_of(ann).get(f"/admin/play/dispute/{dispute.pk}/change/")
    assert response.status_code == 302 and "/admin/login/" in response.url


def test_make_referee_command(make_user):
    user = make_user("judge")
    call_command("make_referee", "judge")
    user.refresh_from_db()
    assert user.is_staff and not user.is_superuser and user.has_perm("play.referee")


# --- integrity ----------------------------------------------------------------------------------
def test_verify_games_reports_a_tampered_log(active_game, ann, bob, capsys):
    played(active_game, ann, bob, ["d3d4", "e7e5"])
    call_command("verify_games")
    assert "1 games checked, 0 disagree." in capsys.readouterr().out
    Move.objects.filter(game=active_game, ply=1).update(created_at=active_game.created_at)
    with pytest.raises(CommandError, match=active_game.public_id):
        call_command("verify_games")
    assert "Ply 1: the hash chain is broken" in capsys.readouterr().out


def test_a_refused_report_or_statement_comes_back_with_what_was_typed(
    active_game, client_of, ann, bob
):
    """Only a script gets past the browser's own checks, but nothing typed is lost then
    either: the page comes back with the text and the reason."""
    url = f"/g/{active_game.public_id}/dispute/"
    typed = "He moved my Kaiser while I looked away, twice."
    response = client_of(ann).post(url, {"category": "no-such", "statement": typed, "ply": "0"})
    html = unescape(response.content.decode())
    assert response.status_code == 400 and typed in html and "<details open>" in html
    assert not Dispute.objects.exists()

    client_of(ann).post(url, {"category": "other", "statement": "See ply 0.", "ply": "0"})
    response = client_of(ann).post(url, {"category": "rules", "statement": typed, "ply": "0"})
    html = unescape(response.content.decode())
    assert response.status_code == 409 and typed in html
    assert "You already have an open dispute on this game." in html

    dispute = Dispute.objects.get()
    answer = "x" * 4001  # over the limit
    response = client_of(bob).post(f"/disputes/{dispute.pk}/statement/", {"statement": answer})
    html = unescape(response.content.decode())
    assert response.status_code == 400 and f">{answer}</textarea>" in html
    assert "Write a statement of up to 4000 characters." in html
    dispute.refresh_from_db()
    assert dispute.opponent_statement == ""


def test_the_case_page_offers_reopening_once_decided(active_game, ann, referee, client_of):
    dispute = disputes.report(active_game, ann, "rules", "He moved twice.")
    disputes.rule(dispute, referee, "uphold", "Seen.")
    client = client_of(referee)
    html = client.get(f"/admin/play/dispute/{dispute.pk}/change/").content.decode()
    assert "Reopen the case" in html and "Record the ruling" not in html
    again = client.post(
        f"/admin/play/dispute/{dispute.pk}/rule/", {"kind": "annul", "reason": "No."}, follow=True
    )
    assert "already decided by ref" in again.content.decode()
    client.post(f"/admin/play/dispute/{dispute.pk}/reopen/", {"reason": "A second look."})
    assert Dispute.objects.get().status == "review"
    html = client.get(f"/admin/play/dispute/{dispute.pk}/change/").content.decode()
    assert "Record the ruling" in html and "A second look." in html


def test_a_ruling_with_the_longest_reason_tells_both_players_within_a_notices_bound(
    active_game, ann, bob, referee
):
    """A notice is at most 300 characters (PostgreSQL refuses more): a long reason is cut in
    the notice, and kept whole with the ruling."""
    dispute = disputes.report(active_game, ann, "other", "Look.")
    reason = "Because " + "x" * 3990
    disputes.rule(dispute, referee, "uphold", reason)
    for player in (ann, bob):
        note = Notification.objects.filter(user=player, text__startswith="Ruling").get()
        assert len(note.text) == 300 and note.text.endswith("…")
    assert Ruling.objects.get().reason == reason


def test_a_refused_ruling_names_the_field_it_lacks(active_game, ann, referee, client_of):
    dispute = disputes.report(active_game, ann, "rules", "He moved twice.")
    before = Game.objects.get(pk=active_game.pk).status
    response = client_of(referee).post(
        f"/admin/play/dispute/{dispute.pk}/rule/", {"kind": "annul", "reason": ""}, follow=True
    )
    assert "Check the form: Public reason: This field is required." in response.content.decode()
    assert not Ruling.objects.exists() and Game.objects.get(pk=active_game.pk).status == before
