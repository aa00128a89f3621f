"""Steps the championships' tests share."""

from play.games import games
from play.leagues import championships
from play.models import Game


def begin(league, users, clock):
    """The players join, and the league's first edition begins at once."""
    for user in users:
        championships.join(league, user)
    league.first_edition_at = clock()
    league.save()
    return championships.start_if_due(league, clock())


def finish(group, order):
    """End every game of the group still in play: of its two players, the one earlier in
    `order` (players) wins; a player not in `order` loses."""
    place = {u.pk: i for i, u in enumerate(order)}
    for game in Game.objects.filter(league_group=group, status="active").prefetch_related(
        "seats__user"
    ):
        seats = sorted(game.seats.all(), key=lambda s: (place.get(s.user_id, len(place)),
                                                          s.user.username))  # fmt: skip
        games.resign(game, seats[1].user)
