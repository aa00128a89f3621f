"""The platform's tables, in one Django app (`play`) so that its migrations stay one history;
the models live in modules by domain and are all importable from here."""

from play.common.players import GUEST_PREFIX, is_guest, shown_name
from play.models.accounts import Computer, Login, Profile, TwoFactor
from play.models.api import ApiToken

# The migrations name the defaults and choices by their place here.
from play.models.base import (
    PUBLIC_ID,
    Bounded,
    game_choices,
    known,
    new_invite_token,
    new_public_id,
    prefetched,
)
from play.models.clubs import Club, ClubLetter, JoinRequest, Membership
from play.models.explorer import ExploredGame, OpeningMove
from play.models.forum import Board, Post, Reaction, Thread, ThreadFollower
from play.models.games import DECLINE_REASONS, REASONS, Game, Move, Seat
from play.models.inbox import Conversation, Correspondent, Letter
from play.models.leagues import Championship, CupEntry, Edition, Entrant, LeagueGroup, Member
from play.models.learn import LessonStars
from play.models.lobby import PoolEntry
from play.models.moderation import Appeal, Report, Sanction
from play.models.notify import Delivery, Notification
from play.models.puzzles import PuzzleAttempt, PuzzleRating, PuzzleScore
from play.models.ratings import Rating, RatingChange
from play.models.referee import ArchivedMove, Dispute, Ruling
from play.models.relations import Relation
from play.models.review import AnalysisTree, Evaluation, Review, Study
from play.models.round import ChatMessage, Forecast, Note, Offer
from play.models.tournaments import (
    Pairing,
    Participant,
    Tournament,
    TournamentMessage,
    TournamentPlan,
)
from play.models.webpush import PushChoices, PushDevice, QueuedPush

__all__ = [
    "ApiToken",
    "Appeal",
    "GUEST_PREFIX",
    "REASONS",
    "DECLINE_REASONS",
    "AnalysisTree",
    "ArchivedMove",
    "Bounded",
    "Board",
    "ChatMessage",
    "Club",
    "ClubLetter",
    "Championship",
    "CupEntry",
    "Computer",
    "Conversation",
    "Correspondent",
    "Delivery",
    "Dispute",
    "Edition",
    "Entrant",
    "Evaluation",
    "ExploredGame",
    "Forecast",
    "JoinRequest",
    "Post",
    "Reaction",
    "Thread",
    "ThreadFollower",
    "Membership",
    "Game",
    "LeagueGroup",
    "Letter",
    "LessonStars",
    "Login",
    "Member",
    "Move",
    "Note",
    "Notification",
    "Offer",
    "OpeningMove",
    "Pairing",
    "Participant",
    "PoolEntry",
    "PushChoices",
    "PushDevice",
    "PuzzleAttempt",
    "PuzzleRating",
    "PuzzleScore",
    "QueuedPush",
    "Profile",
    "Rating",
    "RatingChange",
    "Relation",
    "Report",
    "Review",
    "Ruling",
    "Sanction",
    "Seat",
    "Study",
    "Tournament",
    "TournamentMessage",
    "TournamentPlan",
    "TwoFactor",
    "is_guest",
    "game_choices",
    "known",
    "new_invite_token",
    "PUBLIC_ID",
    "new_public_id",
    "prefetched",
    "shown_name",
]
