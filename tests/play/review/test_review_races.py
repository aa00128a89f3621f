"""Asks for a review at once: two for one game make one review; one player's two at once for
two games, one review and one refusal. Real threads, each with its own connection; SQLite in
`make test`, PostgreSQL in `make test-distributed`."""

from functools import partial

import pytest

from play.common.errors import Refused
from play.models import Review
from play.review import reviews
from tests.play.review.played import finished
from tests.play.round.test_races import together

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 10  # threads seldom meet on the first tries


def test_two_asks_for_one_game_at_once_make_one_review(ann, bob, make_user):
    cid = make_user("cid")
    for seed in range(ROUNDS):
        game = finished(ann, bob, plies=2, seed=seed)
        outcomes = together(partial(reviews.ask, ann, game), partial(reviews.ask, cid, game))
        assert all(isinstance(o, Review) for o in outcomes), outcomes
        assert outcomes[0].pk == outcomes[1].pk
        assert Review.objects.filter(game=game).count() == 1
        Review.objects.filter(game=game).update(status=Review.Status.DONE)


def test_one_players_asks_for_two_games_at_once_make_one_review(ann, bob):
    for seed in range(ROUNDS):
        one = finished(ann, bob, plies=2, seed=2 * seed)
        two = finished(ann, bob, plies=2, seed=2 * seed + 1)
        outcomes = together(partial(reviews.ask, ann, one), partial(reviews.ask, ann, two))
        refused = [o for o in outcomes if isinstance(o, Refused)]
        assert len(refused) == 1 and "under way" in refused[0].message, outcomes
        assert Review.objects.filter(status=Review.Status.WAITING).count() == 1
        Review.objects.update(status=Review.Status.DONE)
