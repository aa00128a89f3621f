"""Ratings: the Glicko-2 formula, rated and casual games, and every ruling's effect on them."""

import pytest
from django.test import override_settings
from django.utils import translation

from play.common.errors import Refused
from play.computer import opponents
from play.games import games
from play.models import Game, Rating, RatingChange
from play.ratings import glicko, ratings
from play.referee import disputes
from play.round import moves, offers

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 10, "increment": 0}
DAYS = {"kind": "days", "days": 3}


def test_glickmans_worked_example():
    """Glickman's paper: 1500/200 beats 1400/30, loses to 1550/100 and 1700/300, tau 0.5."""
    player = glicko.Rating(1500, 200, 0.06)
    results = [(glicko.Rating(1400, 30), 1), (glicko.Rating(1550, 100), 0)]
    results.append((glicko.Rating(1700, 300), 0))
    after = glicko.update(player, results, tau=0.5)
    # The paper rounds mu' to -0.2069 before scaling, hence 1464.06 for 1464.0507.
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_volatility_step_uses_the_deviation_not_the_rating():
    """Where mu is not 0 (unlike the paper's player), f(x) must still read phi squared: a
    2100/50 player with the paper's results keeps a volatility near 0.06, as Glickman's
    algorithm gives (the glicko2 package's 0.060004 reads mu squared there)."""
    after = glicko.update(
        glicko.Rating(2100, 50),
        [
            (glicko.Rating(1400, 30), 1),
            (glicko.Rating(1550, 100), 0),
            (glicko.Rating(1700, 300), 0),
        ],
        tau=0.5,
    )
    assert after.volatility == pytest.approx(0.0600281, abs=0.0000005)
    assert after.rating == pytest.approx(2077.72, abs=0.01)


def test_an_idle_players_deviation_grows_to_the_start_and_no_further():
    sure = glicko.Rating(1800, 50, 0.06)
    assert glicko.idle(sure, 0) == sure
    assert 50 < glicko.idle(sure, 10).rd < 60
    assert glicko.idle(sure, 100_000).rd == 350


def test_shown_and_signed():
    assert ratings.shown(None) == "1500?"
    assert ratings.shown(Rating(rating=1623.4, rd=111)) == "1623?"
    assert ratings.shown(Rating(rating=1623.6, rd=110)) == "1624"
    assert [ratings.signed(x) for x in (12.4, -7.6, 0.2)] == ["+12", "−8", "±0"]


def test_lookup_reads_only_the_ratings_asked_for(ann, bob, monkeypatch):
    """Each game and speed is asked for with its own players: not the cross product of every
    player, game and speed named, which a dashboard's players fill ten times over."""
    for user in (ann, bob):
        for slug in ("empress", "empire"):
            for speed in ("live", "correspondence"):
                Rating.objects.create(user=user, game_slug=slug, speed=speed)
    read = []
    from_db = Rating.from_db.__func__

    def counted(cls, *args, **kwargs):
        read.append(args)
        return from_db(cls, *args, **kwargs)

    monkeypatch.setattr(Rating, "from_db", classmethod(counted))
    keys = [(ann.pk, "empress", "live"), (bob.pk, "empire", "correspondence")]
    found = ratings.lookup(keys)
    assert {k: (r.user_id, r.game_slug, r.speed) for k, r in found.items()} == {k: k for k in keys}
    assert len(read) == 2


@pytest.fixture
def rated(ann, bob):
    """A rated live game of Empire Chess, ann White, bob Black, one move each."""

    def make(time_control=LIVE, slug="empire-chess", plies=("d3d4", "e7e5")):
        game = games.create(ann, slug, "white", "seek", time_control=time_control, rated=True)
        game = games.join(game, bob)
        for text in plies:
            game.refresh_from_db()
            moves.submit(game.public_id, ann if game.ply % 2 == 0 else bob, text, game.ply)
        game.refresh_from_db()
        return game

    return make


def rating(user, speed="live", slug="empire-chess"):
    return Rating.objects.get(user=user, game_slug=slug, speed=speed)


def test_a_rated_game_changes_both_ratings_once_and_keeps_the_change(rated, ann, bob):
    game = rated()
    games.resign(game, bob)
    a, b = rating(ann), rating(bob)
    expected = glicko.update(glicko.Rating(), [(glicko.Rating(), 1)])
    assert a.rating == pytest.approx(expected.rating) and a.rd == pytest.approx(expected.rd)
    assert (a.games, a.wins, b.games, b.losses) == (1, 1, 1, 1)
    assert b.rating == pytest.approx(3000 - expected.rating)
    changes = {c.seat: c for c in game.rating_changes.all()}
    assert changes[0].rating_before == 1500 and changes[0].rating_after == a.rating
    assert changes[1].score == 0 and changes[1].reason == "White wins (resignation)"
    ratings.settle(Game.objects.get(pk=game.pk))  # again: nothing more
    assert RatingChange.objects.count() == 2 and rating(ann).games == 1


def test_a_draw_counts_half(rated, ann, bob):
    game = rated()
    offers.act(game, ann, "offer")
    offers.act(Game.objects.get(pk=game.pk), bob, "accept")
    assert rating(ann).draws == 1 and rating(ann).rating == pytest.approx(1500)
    assert rating(bob).rd < 350


def test_casual_aborted_and_computer_games_change_no_rating(rated, ann, bob):
    casual = games.join(games.create(ann, "empress", "white", "seek", time_control=LIVE), bob)
    games.resign(casual, bob)
    aborted = rated(plies=())
    games.abort(aborted, ann)
    versus = opponents.start(ann, "empire-chess", 3, "white", {}, LIVE)
    assert not versus.rated
    games.resign(versus, ann)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_rated_game_needs_a_clock_and_is_rated_by_speed(ann, bob, rated):
    with pytest.raises(Refused, match="rated game needs a clock"):
        games.create(ann, "empire-chess", "white", "seek", rated=True)
    game = rated(time_control=DAYS)
    assert game.speed == "correspondence"
    games.resign(game, ann)
    assert rating(bob, "correspondence").wins == 1
    assert not Rating.objects.filter(speed="live").exists()


def test_a_seeks_range_admits_only_players_within_it(ann, bob, make_user):
    Rating.objects.create(user=bob, game_slug="empress", speed="live", rating=1900, rd=80)
    seek = games.create(ann, "empress", "white", "seek", time_control=LIVE, rating_range=200)
    assert (seek.rating_min, seek.rating_max) == (1300, 1700)
    with pytest.raises(Refused, match="rated 1300–1700 in Empress \\(live\\); yours is 1900"):
        games.join(seek, bob)
    assert games.join(seek, make_user("cy")).status == "active"  # new: 1500
    for wrong in (49, 1001, "200"):
        with pytest.raises(Refused, match="range is from ±50 to ±1000"):
            games.create(ann, "empress", "white", "seek", rating_range=wrong)
    with pytest.raises(Refused, match="for open seeks"):
        games.create(ann, "empress", "white", "invite", rating_range=200)


# Rulings: each kind, its effect on both ratings, atomic with the ruling, with its reason.


def ruled(game, player, referee, kind, reason, **details):
    dispute = disputes.report(game, player, "rules", "Something went wrong.")
    return disputes.rule(dispute, referee, kind, reason, **details)


def points(*users):
    return [round(rating(u).rating, 6) for u in users]


def test_setting_another_result_replaces_the_change_for_both(rated, ann, bob, referee):
    game = rated()
    games.resign(game, bob)
    ruling = ruled(game, bob, referee, "result", "Bob's resignation was a misclick.", winner=1)
    # As though bob had won then: the new result weighed against the ratings of that day.
    assert points(bob, ann) == [
        round(glicko.update(glicko.Rating(), [(glicko.Rating(), 1)]).rating, 6)
    ] + [round(glicko.update(glicko.Rating(), [(glicko.Rating(), 0)]).rating, 6)]
    assert (rating(ann).wins, rating(ann).losses, rating(ann).games) == (0, 1, 1)
    kinds = list(game.rating_changes.values_list("kind", "seat", "ruling", "reason"))
    assert kinds[:2] == [("result", 0, None, kinds[0][3]), ("result", 1, None, kinds[1][3])]
    why = "Bob's resignation was a misclick."
    assert kinds[2:] == [
        ("reversal", 0, ruling.pk, why), ("reversal", 1, ruling.pk, why),
        ("result", 0, ruling.pk, why), ("result", 1, ruling.pk, why),
    ]  # fmt: skip
    shown = ratings.panel(Game.objects.get(pk=game.pk))["rating_changes"]
    assert shown[1].startswith("+") and shown[0].startswith("−")


def test_setting_the_same_result_changes_nothing(rated, ann, bob, referee):
    game = rated()
    games.resign(game, bob)
    before = points(ann, bob)
    ruled(game, bob, referee, "result", "The resignation stands.", winner=0)
    assert points(ann, bob) == before and RatingChange.objects.count() == 2


def test_annulling_reverses_the_change_for_both(rated, ann, bob, referee):
    game = rated()
    games.resign(game, bob)
    ruled(game, bob, referee, "annul", "Played on a broken board.")
    assert points(ann, bob) == [1500, 1500]
    assert rating(ann).games == 0 and rating(ann).wins == 0 and rating(bob).losses == 0
    assert rating(ann).rd == pytest.approx(350)
    assert ratings.panel(Game.objects.get(pk=game.pk))["rating_changes"] == {}


def test_a_set_result_on_a_game_in_play_rates_it_with_the_rulings_reason(rated, ann, bob, referee):
    game = rated()
    ruling = ruled(game, bob, referee, "result", "White's flag fell unseen.", winner=1)
    assert [c.ruling_id for c in RatingChange.objects.all()] == [ruling.pk, ruling.pk]
    assert rating(bob).wins == 1


def test_a_rewind_reverses_and_the_resumed_game_is_rated_at_its_end(rated, ann, bob, referee):
    game = rated()
    games.resign(game, bob)
    ruled(game, bob, referee, "rewind", "Resume from the start.", ply=2)
    game.refresh_from_db()
    assert game.status == "active" and points(ann, bob) == [1500, 1500]
    games.resign(game, ann)
    assert rating(bob).wins == 1 and rating(ann).losses == 1 and rating(ann).games == 1


@pytest.mark.parametrize(
    "kind, details", [("reject", {}), ("uphold", {}), ("add-time", {"seat": 0, "seconds": 60})]
)
def test_rulings_that_leave_the_result_leave_the_ratings(rated, ann, bob, referee, kind, details):
    game = rated()
    if kind != "add-time":
        games.resign(game, bob)
    before = points(ann, bob) if kind != "add-time" else None
    ruled(game, bob, referee, kind, "Nothing to change.", **details)
    if before:
        assert points(ann, bob) == before
    assert RatingChange.objects.count() == (2 if kind != "add-time" else 0)


def test_reopening_and_ruling_again_changes_nothing_twice(rated, ann, bob, referee):
    game = rated()
    games.resign(game, bob)
    ruling = ruled(game, bob, referee, "result", "Bob's misclick.", winner=1)
    once = points(ann, bob)
    disputes.reopen(ruling.dispute, referee, "A second look.")
    disputes.rule(ruling.dispute, referee, "result", "Still bob's.", winner=1)
    assert points(ann, bob) == once and RatingChange.objects.count() == 6
    disputes.reopen(ruling.dispute, referee, "A third look.")
    disputes.rule(ruling.dispute, referee, "result", "The resignation stands.", winner=0)
    expected = glicko.update(glicko.Rating(), [(glicko.Rating(), 1)]).rating
    assert points(ann)[0] == pytest.approx(expected) and rating(ann).games == 1
    assert RatingChange.objects.count() == 10


def test_a_ruling_that_fails_changes_no_rating(rated, ann, bob, referee):
    game = rated()
    games.resign(game, bob)
    before = points(ann, bob)
    with pytest.raises(Refused):
        ruled(game, bob, referee, "rewind", "Too far.", ply=99)
    assert points(ann, bob) == before and RatingChange.objects.count() == 2


def test_a_replaced_result_moves_ratings_as_they_are_now(rated, ann, bob, make_user, referee):
    """Later games count on top: a ruling changes only its own game's part."""
    first = rated()
    games.resign(first, bob)
    cy = make_user("cy")
    later = games.join(
        games.create(ann, "empire-chess", "white", "seek", time_control=LIVE, rated=True), cy
    )
    games.abort(later, ann)  # nothing
    later = games.join(
        games.create(cy, "empire-chess", "white", "seek", time_control=LIVE, rated=True), ann
    )
    for text in ("d3d4", "e7e5"):
        later.refresh_from_db()
        moves.submit(later.public_id, cy if later.ply % 2 == 0 else ann, text, later.ply)
    games.resign(Game.objects.get(pk=later.pk), cy)
    now = rating(ann).rating
    first_part = first.rating_changes.get(seat=0).change
    ruled(first, bob, referee, "annul", "Void.")
    assert rating(ann).rating == pytest.approx(now - first_part)
    assert rating(ann).games == 1


def test_a_long_history_is_thinned_by_the_database_keeping_the_first_and_last(ann, bob, rated):
    for _ in range(7):
        games.resign(rated(), bob)
    every = [after for _, after in ratings.history(ann, most=100)[("empire-chess", "live")]]
    thinned = [after for _, after in ratings.history(ann, most=3)[("empire-chess", "live")]]
    assert len(every) == 7 and thinned == [every[0], every[3], every[6]]


def test_the_case_page_shows_each_rating_change_and_its_reason(rated, ann, bob, referee, client_of):
    game = rated()
    games.resign(game, bob)
    ruling = ruled(game, bob, referee, "annul", "Played on a broken board.")
    html = client_of(referee).get(f"/admin/play/dispute/{ruling.dispute_id}/change/")
    html = html.content.decode()
    assert "Its effect on ratings" in html
    assert html.count(f"Reversed (ruling {ruling.pk})") == 2
    assert html.count("Played on a broken board.") >= 2 and "White wins (resignation)" in html


def test_an_absent_players_rating_enters_the_game_less_sure(rated, ann, bob, clock):
    from datetime import timedelta

    Rating.objects.create(
        user=ann, game_slug="empire-chess", speed="live", rating=1700, rd=60,
        last_played_at=clock() - timedelta(days=100),
    )  # fmt: skip
    games.resign(rated(), bob)
    change = RatingChange.objects.get(user=ann)
    grown = glicko.idle(glicko.Rating(1700, 60), 100 / ratings.PERIOD_DAYS).rd  # 77: 21 periods
    assert change.rating_before == 1700 and change.rd_before == pytest.approx(grown)
    assert grown > 76
    assert change.rd_after < change.rd_before


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")])
def test_the_rating_historys_reason_is_kept_in_english_whoever_ends_the_game(rated, ann, bob):
    """A record, as a game's moves are: the same whichever reader's language ended it."""
    game = rated()
    with translation.override("en-xa"):
        games.resign(game, bob)
    reasons = {c.reason for c in game.rating_changes.all()}
    assert reasons == {"White wins (resignation)"}
