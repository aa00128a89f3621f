"""Playing a game through the API, as lichess's board API (a person's own client) and bot
API (an engine on a bot account) do: each action is the site's own service (play/round/,
play/games/), refused as the page refuses it. Imperia's additions: the setup phase's
arrangement, and a move's expected ply (docs/api.md)."""

from __future__ import annotations

from django.db import transaction

from play.accounts import bots
from play.api.params import Params
from play.common import numbers, players
from play.common.errors import Refused
from play.games import setup
from play.models import Game
from play.round import chat, moves, offers

SCOPES = {"board": "board:play", "bot": "bot:play"}
MOST_MOVE = 2000  # characters: an Imperial Chess charge of a dozen parts is far less
ANSWERS = {"yes": "offer", "no": "decline"}  # "yes" accepts a standing offer (offering back)


def check_api(is_bot: bool, api: str) -> None:
    """Refused unless the caller plays through this API: a bot the bot API, a person the
    board API."""
    if api == "bot" and not is_bot:
        raise Refused("The bot API is for bot accounts: upgrade this one "
                      "(POST /api/bot/account/upgrade), or use /api/board/.", 403)  # fmt: skip
    if api == "board" and is_bot:
        raise Refused("A bot account plays through /api/bot/.", 403)


def game_for(public_id: str, user, api: str) -> Game:
    """The game the call acts on, if the caller plays in it through this API."""
    check_api(bots.is_bot(user), api)
    game = Game.objects.prefetch_related("seats__user").filter(public_id=public_id[:12]).first()
    if game is None:
        raise Refused("There is no such game.", 404)
    game.seat_of_player(user, "Only the players of this game act on it.")
    return game


def move(public_id: str, user, api: str, text: str, params: Params) -> Game:
    """The move, in the game's own notation (an Imperial Chess charge is its parts joined
    by commas); `ply` and `revision`, if sent, those of the state it was chosen on: a move on
    an older board is 409, and so is one chosen before a takeback or a rewind brought its
    ply back on another position.
    The move service itself checks the game and the player, as for a page's move. Whether
    the player is a bot is read from the ids held a few seconds (play/common/players.py), as
    it is asked on every move: an account made a bot is one from its next move on its own
    server, and within seconds on the others."""
    check_api(players.is_bot(user), api)
    if len(text) > MOST_MOVE:
        raise Refused(f"Malformed move: at most {MOST_MOVE} characters.")
    ply = params.number("ply", numbers.MOST_PLIES)
    revision = params.number("revision", numbers.MOST_REVISIONS)
    try:
        return moves.submit(public_id[:12], user, text, ply, board_revision=revision)
    except Game.DoesNotExist:
        raise Refused("There is no such game.", 404) from None
    except moves.StaleMove as exc:
        if Game.objects.filter(public_id=public_id[:12], status=Game.Status.SETUP).exists():
            raise Refused("The players are arranging their pieces: send the arrangement "
                          f"(POST /api/…/game/{public_id}/setup) first.", 409) from None  # fmt: skip
        raise exc


def arrange(game: Game, user, params: Params) -> None:
    """Imperial Shuffle's setup: the arrangement sent (one board in the position notation),
    or with none the draft the player was dealt, submitted."""
    if game.status != Game.Status.SETUP:
        raise Refused("This game has no setup phase to arrange now.", 409)
    text = params.text("arrangement", most=2000).strip()
    with transaction.atomic():  # an arrangement refused leaves the draft as it was
        if text:
            setup.load(game, user, text)
        setup.submit(game, user)


def post_chat(game: Game, user, params: Params) -> None:
    if params.text("room", "player", most=20) != "player":
        raise Refused("Only the players' room is written to here (room=player).")
    chat.post(game, user, params.text("text", most=chat.LIMIT * 2))


MOST_CHAT = 1000  # lines of a game's chat history, the latest


def chat_history(game: Game) -> list[dict]:
    """The players' chat so far, oldest first, as lichess's history of a game's chat."""
    latest = game.messages.select_related("user").order_by("-created_at", "-pk")[:MOST_CHAT]
    return [{"user": m.user.username, "text": m.text} for m in reversed(latest)]


def answer(game: Game, user, what: str, choice: str) -> None:
    """A draw (`draw`) or takeback (`takeback`) offered or accepted (`yes`), or declined
    (`no`)."""
    if choice not in ANSWERS:
        raise Refused("Answer yes or no.", 400)
    if what == "draw":
        offers.act(game, user, ANSWERS[choice])
        return
    standing = offers.standing_offer(game, "takeback")
    action = ANSWERS[choice]
    if choice == "yes" and standing is not None and standing.seat != game.seat_of(user).index:
        action = "accept"
    offers.takeback(game, user, action)
