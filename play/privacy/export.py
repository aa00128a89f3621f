"""Download my data: a ZIP of what the player's account holds. `account.json` (the account,
the settings, whom they follow and block, their ratings, tokens and devices by name, their
moderation log and appeals), `games/` (each game in its record format: PGN, SGF or the
site's own text), `messages.json` (their conversations, every message), `chat.json` (their
lines in games' and tournaments' chats), `notes.json` (their private notes on games) and
`studies/` (each study: its start, options and tree of moves)."""

from __future__ import annotations

import json
import tempfile
import zipfile

from django.conf import settings

from play.common import clocks
from play.models import (
    ApiToken,
    Appeal,
    ChatMessage,
    Correspondent,
    Game,
    Letter,
    Note,
    Profile,
    PushChoices,
    PushDevice,
    Rating,
    Relation,
    Study,
    TournamentMessage,
)
from play.moderation import sanctions
from play.review import records

CHUNK = 200  # games read at a time, each with its moves: a player of 20,000 games is paged
SPOOLED = 8 * 1024 * 1024  # bytes of a ZIP kept in memory before it goes to a file


def archive(user):
    """The player's data as a ZIP, in a file object at its start (in memory while it is small)."""
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOLED)  # noqa: SIM115 - the answer closes it
    with zipfile.ZipFile(spool, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("account.json", _json(account(user)))
        for name, text in game_records(user):
            zipped.writestr(f"games/{name}", text)
        zipped.writestr("messages.json", _json(conversations(user)))
        zipped.writestr("chat.json", _json(chat_lines(user)))
        zipped.writestr("notes.json", _json(notes(user)))
        for study in Study.objects.filter(owner=user).order_by("pk"):
            zipped.writestr(f"studies/{study.token}.json", _json(_study(study)))
    spool.seek(0)
    return spool


def account(user) -> dict:
    profile = Profile.objects.filter(user=user).first() or Profile(user=user)
    choices = PushChoices.objects.filter(user=user).first() or PushChoices(user=user)
    return {
        "exported_at": _when(clocks.now()),
        "username": user.username,
        "email": user.email,
        "joined": _when(user.date_joined),
        "last_login": _when(user.last_login),
        "settings": {
            "language": profile.language,
            "email_enabled": profile.email_enabled,
            "digest_hours": profile.digest_hours,
            "confirm_moves": profile.confirm_moves,
            "theme": profile.theme,
            "board_colours": profile.board_colours,
            "sounds": profile.sounds,
            "play_by_ear": profile.by_ear,
            "messages_from": profile.letters_from,
            "vacation_days_left": profile.vacation_days,
            "pushed": choices.kinds,
            "reminder_hours": choices.reminder_hours,
        },
        "following": _names(Relation.objects.filter(from_user=user, kind=Relation.Kind.FOLLOW)),
        "blocking": _names(Relation.objects.filter(from_user=user, kind=Relation.Kind.BLOCK)),
        "ratings": [
            {
                "game": r.game_slug,
                "speed": r.speed,
                "rating": round(r.rating, 1),
                "deviation": round(r.rd, 1),
                "games": r.games,
            }
            for r in Rating.objects.filter(user=user).order_by("game_slug", "speed")
        ],  # fmt: skip
        "api_tokens": [
            {
                "description": t.description,
                "scopes": t.scopes,
                "created": _when(t.created_at),
                "revoked": _when(t.revoked_at),
            }
            for t in ApiToken.objects.filter(user=user).order_by("pk")
        ],  # fmt: skip
        "devices_notified": [
            {"browser": d.label, "since": _when(d.created_at)}
            for d in PushDevice.objects.filter(user=user)
        ],
        "moderation": {
            "muted_until": _when(profile.muted_until),
            "mark": profile.mark,
            "log": [
                {"when": _when(s.created_at), "what": s.kind, "why": s.reason}
                for s in sanctions.log(user)
            ],
            "appeals": [
                {"when": _when(a.created_at), "text": a.text, "answer": a.answer}
                for a in Appeal.objects.filter(player=user).order_by("pk")
            ],
        },
    }


def game_records(user):
    """(file name, record) of each of the player's games begun, oldest first, read a chunk of
    games at a time with their moves."""
    played = (
        Game.objects.filter(seats__user=user)
        .exclude(status=Game.Status.OPEN)
        .prefetch_related("moves", "seats__user")
        .order_by("pk")
    )
    for game in played.iterator(chunk_size=CHUNK):
        text, name, _media = records.export(game, f"{settings.SITE_URL}{game.get_absolute_url()}")
        yield name, text


def conversations(user) -> list[dict]:
    sides = Correspondent.objects.filter(user=user).select_related("other").order_by("pk")
    letters: dict[int, list] = {}
    found = Letter.objects.filter(conversation__sides__user=user).select_related("sender")
    for letter in found.order_by("pk").iterator(chunk_size=1000):
        letters.setdefault(letter.conversation_id, []).append(
            {"from": letter.sender.username, "when": _when(letter.created_at), "text": letter.text}
        )
    return [
        {"with": side.other.username, "messages": letters.get(side.conversation_id, [])}
        for side in sides
    ]


def chat_lines(user) -> dict:
    games = ChatMessage.objects.filter(user=user).select_related("game").order_by("pk")
    tournaments = TournamentMessage.objects.filter(user=user).select_related("tournament")
    return {
        "games": [
            {"game": line.game.public_id, "when": _when(line.created_at), "text": line.text}
            for line in games
        ],
        "tournaments": [
            {
                "tournament": line.tournament.public_id,
                "when": _when(line.created_at),
                "text": line.text,
            }
            for line in tournaments.order_by("pk")
        ],  # fmt: skip
    }


def notes(user) -> list[dict]:
    kept = Note.objects.filter(user=user).select_related("game").order_by("pk")
    return [{"game": note.game.public_id, "text": note.text} for note in kept]


def _study(study: Study) -> dict:
    return {
        "title": study.title,
        "game": study.game_slug,
        "start": study.start,
        "options": study.options,
        "moves": study.tree,
        "listed": study.listed,
    }


def _names(relations) -> list[str]:
    return list(relations.order_by("pk").values_list("to_user__username", flat=True))


def _when(moment) -> str | None:
    return moment.isoformat() if moment is not None else None


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)
