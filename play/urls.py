"""The site's addresses: each room's own, in one list."""

from play.accounts import urls as accounts
from play.api import urls as api
from play.clubs import urls as clubs
from play.computer import urls as computer
from play.forum import urls as forum
from play.games import urls as games
from play.inbox import urls as inbox
from play.leagues import urls as leagues
from play.learn import urls as learn
from play.lobby import urls as lobby
from play.moderation import urls as moderation
from play.notify import urls as notify
from play.privacy import urls as privacy
from play.puzzles import urls as puzzles
from play.ratings import urls as ratings
from play.referee import urls as referee
from play.relations import urls as relations
from play.review import urls as review
from play.round import urls as round_
from play.search import urls as search
from play.tournaments import urls as tournaments
from play.webapp import urls as webapp
from play.webpush import urls as webpush

urlpatterns = [
    *lobby.urlpatterns,
    *round_.urlpatterns,
    *computer.urlpatterns,
    *review.urlpatterns,
    *ratings.urlpatterns,
    *referee.urlpatterns,
    *notify.urlpatterns,
    *accounts.urlpatterns,
    *relations.urlpatterns,
    *moderation.urlpatterns,
    *inbox.urlpatterns,
    *clubs.urlpatterns,
    *forum.urlpatterns,
    *search.urlpatterns,
    *privacy.urlpatterns,
    *games.urlpatterns,
    *learn.urlpatterns,
    *puzzles.urlpatterns,
    *leagues.urlpatterns,
    *tournaments.urlpatterns,
    *api.urlpatterns,
    *webpush.urlpatterns,
    *webapp.urlpatterns,
]
