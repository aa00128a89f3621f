"""The computer's review of a whole game: asked for from a finished game's page, evaluated a
chunk at a time by the evaluations' worker, kept, and shown to everyone who opens the game;
a fair queue (one a player at a time, a day's limit, the site's own), and the review a page
shows checked against the game worked by hand in tests/bots/test_review.py."""

import math

import pytest
from django.test import Client

import rules
from bots.analyse import Opinion
from play.common.errors import Refused
from play.games import games
from play.models import Game, Review
from play.review import reviews
from tests.play.review.played import finished

pytestmark = pytest.mark.django_db


def worked_off() -> int:
    """Every chunk of the waiting reviews evaluated, as the worker does: how many chunks."""
    chunks = 0
    while reviews.work() is not None:
        chunks += 1
    return chunks


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(reviews, "SECONDS", 0.02)


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_every_game_is_reviewed_to_its_last_position(ann, bob, client_of, quick, slug):
    game = finished(ann, bob, slug)
    review = reviews.ask(ann, game)
    assert (review.status, review.positions) == ("waiting", game.ply + 1)
    assert worked_off() == math.ceil((game.ply + 1) / reviews.CHUNK)
    review.refresh_from_db()
    assert review.status == "done" and len(review.evaluations) == game.ply + 1
    game_rules = game.rules
    texts = reviews.positions_of(game)
    for ply, (side, _score, _mate, best) in enumerate(review.evaluations):
        state = game_rules.resume(texts[: ply + 1], game.options)
        if game_rules.to_move(state) is not None:
            assert side == game_rules.to_move(state)
        if best:  # the engine's move, as the game writes it, legal there
            legal = game_rules.legal_moves(state)
            assert best in [game_rules.display_line(state, [move])[0] for move in legal]
    page = client_of(bob).get(game.get_absolute_url()).content.decode()
    assert "review-chart" in page and page.count('class="review-moves"') == 1
    assert page.count("hx-push-url") >= 2 * game.ply  # a point and a row a ply, each a link


def scripted(monkeypatch, scores):
    """The engine made to say `scores[i]` (for the side to move) of the i-th position asked,
    its best move the first legal one."""
    asked = iter(scores)

    def analyse(slug, state, seconds):
        game_rules = rules.get(slug)
        return Opinion(next(asked), None, (game_rules.legal_moves(state)[0],))

    monkeypatch.setattr(reviews.bots, "analyse", analyse)


def test_the_page_shows_the_game_worked_by_hand(ann, bob, client, monkeypatch):
    """tests/bots/test_review.py's game: its scores and curve, its marks and accuracies."""
    game = finished(ann, bob, "empire-chess", plies=6)
    assert game.ply == 6 and game.reason == "resign"
    scripted(monkeypatch, [0, -100, 138, -50, -50, 100, 200])
    monkeypatch.setattr(reviews.reckoning, "curves", lambda: {"empire-chess": math.log(3) / 100})
    reviews.ask(ann, game)
    worked_off()
    page = client.get(game.get_absolute_url()).content.decode()
    # The sides: Empire 66.4 % with one ? and one ??; Kingdom 32.8 % with one ?! and one ??.
    assert "66.4 %</td><td>0</td><td>1</td><td>1</td>" in page
    assert "32.8 %</td><td>1</td><td>0</td><td>1</td>" in page
    marks = [row.split("</td><td>")[2] for row in page.split("<tr><td>")[1:7]]
    assert marks == ["", "?!", "??", "", "?", "??"]
    chances = [row.split("</td><td>")[3] for row in page.split("<tr><td>")[1:7]]
    assert chances == ["75 %", "82 %", "63 %", "37 %", "25 %", "90 %"]


def test_only_a_finished_game_is_reviewed_by_a_player_with_an_account(ann, bob, active_game):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(Refused, match="once it has ended") as refused:
        reviews.ask(ann, active_game)
    assert refused.value.status == 409
    game = finished(ann, bob)
    with pytest.raises(Refused, match="Log in") as refused:
        reviews.ask(AnonymousUser(), game)
    assert refused.value.status == 403
    assert not Review.objects.exists()


def test_two_asks_for_one_game_make_one_review(ann, bob, make_user):
    game = finished(ann, bob)
    first = reviews.ask(ann, game)
    assert reviews.ask(make_user("cid"), game).pk == first.pk  # a viewer's: the same one
    assert Review.objects.count() == 1 and Review.objects.get().requested_by == ann


def test_a_player_has_one_review_under_way_and_a_days_worth(ann, bob, monkeypatch, quick):
    one, two, three = (finished(ann, bob, seed=s) for s in (1, 2, 3))
    reviews.ask(ann, one)
    with pytest.raises(Refused, match="under way") as refused:
        reviews.ask(ann, two)
    assert refused.value.status == 409
    worked_off()
    monkeypatch.setattr(reviews, "A_DAY", 2)
    reviews.ask(ann, two)
    worked_off()
    with pytest.raises(Refused, match="2 reviews today") as refused:
        reviews.ask(ann, three)
    assert refused.value.status == 429
    assert Review.objects.filter(game=three).count() == 0


def test_past_the_sites_queue_asking_waits(ann, bob, monkeypatch):
    monkeypatch.setattr(reviews, "QUEUED", 0)
    with pytest.raises(Refused, match="many games to review") as refused:
        reviews.ask(ann, finished(ann, bob))
    assert refused.value.status == 429 and not Review.objects.exists()


def test_a_chunk_at_a_time_and_a_lapsed_worker_is_taken_over(ann, bob, quick, clock):
    game = finished(ann, bob, plies=20)
    reviews.ask(ann, game)
    claimed = reviews.claim()
    assert reviews.claim() is None  # AT_ONCE: one at a time
    clock.advance(seconds=reviews.LEASE.total_seconds() + 1)  # the first worker died
    pk, token = reviews.claim()
    assert reviews.run(pk, token) == "waiting"
    assert reviews.run(*claimed) == "waiting"  # its claim was taken: nothing kept
    review = Review.objects.get()
    assert len(review.evaluations) == reviews.CHUNK and review.status == "waiting"
    worked_off()
    review.refresh_from_db()
    assert review.status == "done" and len(review.evaluations) == game.ply + 1


def test_a_failed_review_is_asked_again_and_goes_on_where_it_stopped(ann, bob, quick, monkeypatch):
    game = finished(ann, bob, plies=12)
    reviews.ask(ann, game)
    reviews.work()
    kept = list(Review.objects.get().evaluations)

    def broken(*args):
        raise RuntimeError("the engine died")

    monkeypatch.setattr(reviews.bots, "analyse", broken)
    assert reviews.work() == "failed"
    review = Review.objects.get()
    assert review.status == "failed" and review.evaluations == kept
    monkeypatch.undo()
    monkeypatch.setattr(reviews, "SECONDS", 0.02)
    reviews.ask(bob, game)
    worked_off()
    review.refresh_from_db()
    assert review.status == "done" and review.evaluations[: len(kept)] == kept


@pytest.mark.parametrize("slug", ["empire-chess", "empire", "empress"])
def test_the_record_carries_the_review_and_reads_back_as_the_same_game(
    ann, bob, client_of, monkeypatch, slug
):
    game = finished(ann, bob, slug, plies=6)
    scripted(monkeypatch, [0, -100, 138, -50, -50, 100, 200])
    monkeypatch.setattr(reviews.reckoning, "curves", lambda: {slug: math.log(3) / 100})
    reviews.ask(ann, game)
    worked_off()
    page = client_of(ann)
    record = page.get(f"/g/{game.public_id}/record/").content.decode()
    if slug == "empire":  # SGF: the marks as move annotations, the rest in C[]
        assert record.count("BM[2]") == 2 and record.count("BM[1]") == 1
        assert record.count("DO[]") == 1 and "C[[%eval 138.00\\] Inaccuracy." in record
    else:  # PGN: the marks as glyphs; in a comment the evaluation after the move, for the
        # first side, in the engine's units (the scripted scores: pawns, or points)
        assert record.count("$4") == 2 and record.count("$2") == 1 and record.count("$6") == 1
        flat = record.replace("\n", " ")  # wrapped at 79 characters
        assert "{ [%eval 100.00] }" in flat and "{ [%eval 138.00] Inaccuracy." in flat
        assert "{ [%eval 200.00] Blunder." in flat
    answer = page.post("/import/", {"game": slug, "record": record})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    copy = Game.objects.get(imported=True)
    assert [m.text for m in copy.moves.all()] == [m.text for m in game.moves.all()]


def test_the_api_gives_the_review_as_lichess_does(ann, bob, monkeypatch):
    from django.test import Client

    from tests.play.api.lichess import check

    game = finished(ann, bob, "empire-chess", plies=6)
    scripted(monkeypatch, [0, -100, 138, -50, -50, 100, 200])
    monkeypatch.setattr(reviews.reckoning, "curves", lambda: {"empire-chess": math.log(3) / 100})
    address = f"/game/export/{game.public_id}"
    assert "analysis" not in Client().get(address, HTTP_ACCEPT="application/json").json()
    reviews.ask(ann, game)
    worked_off()
    data = Client().get(address, HTTP_ACCEPT="application/json").json()
    check(data, "GameJson")
    assert data["players"]["white"]["analysis"] == {
        "inaccuracy": 0, "mistake": 1, "blunder": 1, "accuracy": 66
    }  # fmt: skip
    assert data["players"]["black"]["analysis"]["accuracy"] == 33
    evals = [entry.get("eval") for entry in data["analysis"]]
    assert evals == [10000, 13800, 5000, -5000, -10000, 20000]  # White's, in centipawns
    second = data["analysis"][1]
    assert (
        second["judgment"]["name"] == "Inaccuracy"
        and second["best"] in second["judgment"]["comment"]
    )
    assert "judgment" not in data["analysis"][0]
    plain = Client().get(address + "?evals=false", HTTP_ACCEPT="application/json").json()
    assert "analysis" not in plain and "analysis" not in plain["players"]["white"]
    assert Client().get(address + "?evals=maybe").status_code == 400
    record = Client().get(address).content.decode()
    assert "$6 { [%eval 138.00] Inaccuracy." in record.replace("\n", " ")


def test_a_ruling_that_changes_the_game_leaves_its_review_to_ask_again(
    ann, bob, quick, monkeypatch
):
    from play.common import clocks
    from play.games.lifecycle import rewind

    game = finished(ann, bob, "empire-chess", plies=6)
    reviews.ask(ann, game)
    worked_off()
    assert reviews.shown(game).reckoned is not None
    rewind(game, 4, clocks.now())  # a referee's rewind: the game goes on from ply 4
    game.revision += 1
    game.save()
    games.resign(game, ann)  # and ends otherwise
    game.refresh_from_db()
    assert game.ply == 4 and reviews.shown(game).review is None
    assert (
        "analysis"
        not in Client().get(f"/game/export/{game.public_id}", HTTP_ACCEPT="application/json").json()
    )
    review = reviews.ask(bob, game)
    assert (review.status, review.positions, review.evaluations) == ("waiting", 5, [])
    worked_off()
    assert len(reviews.shown(game).reckoned.moves) == 4
