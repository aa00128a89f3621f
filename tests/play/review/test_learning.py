"""Learn from your mistakes: a side's mistakes and blunders in the game worked by hand (see
test_reviews.py), the position before each, the computer's move right at once, another
judged by the worker's evaluation against the chance the mover had, bad input refused."""

import math

import pytest

from bots.analyse import Opinion
from play.models import Evaluation
from play.review import evaluations, learning, reviews
from tests.play.review.played import finished
from tests.play.review.test_reviews import scripted, worked_off

pytestmark = pytest.mark.django_db


@pytest.fixture
def reviewed(ann, bob, monkeypatch):
    game = finished(ann, bob, "empire-chess", plies=6)
    scripted(monkeypatch, [0, -100, 138, -50, -50, 100, 200])
    monkeypatch.setattr(reviews.reckoning, "curves", lambda: {"empire-chess": math.log(3) / 100})
    reviews.ask(ann, game)
    worked_off()
    return game


def test_each_sides_mistakes_and_blunders(reviewed):
    assert [(m.ply, m.mark, round(m.chance, 3)) for m in learning.mistakes(reviewed, 0)] == [
        (3, "??", 81.996), (5, "?", 36.603)
    ]  # fmt: skip
    assert [(m.ply, m.mark) for m in learning.mistakes(reviewed, 1)] == [(6, "??")]  # no ?!


def test_the_computers_move_is_right_and_the_game_s_is_refused(reviewed, client_of, ann):
    page = client_of(ann)
    shown = page.get(f"/g/{reviewed.public_id}/learn/").content.decode()
    assert "Mistake 1 of 2: at ply 3" in shown and "<svg" in shown
    first = learning.mistakes(reviewed, 0)[0]
    right = page.post(f"/g/{reviewed.public_id}/learn/", {"side": 0, "n": 0, "move": first.better})
    assert "Right: that is the computer's move." in right.content.decode()
    again = page.post(f"/g/{reviewed.public_id}/learn/", {"side": 0, "n": 0, "move": first.played})
    assert again.status_code == 400 and "the move played in the game" in again.content.decode()
    bad = page.post(f"/g/{reviewed.public_id}/learn/", {"side": 0, "n": 0, "move": "z9z9"})
    assert bad.status_code == 400 and 'role="alert"' in bad.content.decode()
    assert not Evaluation.objects.exists()


@pytest.mark.parametrize(("score", "holds"), [(-150, True), (40, False)])
def test_another_move_is_judged_by_the_workers_evaluation(
    reviewed, client_of, ann, monkeypatch, score, holds
):
    """Before its blunder at ply 3 White had 81.996. After the move tried, Black to move at
    -150 has 100/(1+3^1.5) = 16.1, so White 83.9: within 5 of 81.996, it holds; at 40, Black
    has 60.8 and White 39.2: it does not."""
    first = learning.mistakes(reviewed, 0)[0]
    state = learning.position_before(reviewed, first)
    game_rules = reviewed.rules
    other = next(
        m for m in game_rules.legal_moves(state)
        if game_rules.display(state, m) not in (first.better, first.played)
    )  # fmt: skip
    page = client_of(ann)
    tried = page.post(f"/g/{reviewed.public_id}/learn/", {"side": 0, "n": 0, "move": other})
    assert "checking your move" in tried.content.decode()
    waiting = Evaluation.objects.get()
    monkeypatch.setattr(evaluations.bots, "analyse", lambda *a: Opinion(score, None, ()))
    evaluations.work()
    verdict = page.get(
        f"/g/{reviewed.public_id}/learn/{waiting.token}/", {"side": 0, "n": 0}
    ).content.decode()
    assert ("Good:" in verdict) is holds and ("Not quite:" in verdict) is not holds


def test_bad_input_is_400_and_a_visitor_is_asked_to_log_in(reviewed, client):
    address = f"/g/{reviewed.public_id}/learn/"
    assert client.get(address, {"side": "2"}).status_code == 400
    assert client.get(address, {"n": "9"}).status_code == 400
    assert client.get(address, {"n": "x"}).status_code == 400
    assert client.post(address, {"side": 0, "n": 0, "move": "d3d4"}).status_code == 403
