"""Delete my account and download my data, checked field by field; the privacy page."""

import io
import json
import zipfile

import pytest
from django.test import Client

from play.api import tokens
from play.common import clocks
from play.games import games
from play.inbox import inbox
from play.models import (
    ApiToken,
    ChatMessage,
    Conversation,
    Game,
    Letter,
    Note,
    Profile,
    PushDevice,
    RatingChange,
    Relation,
    Study,
)
from play.relations import relations
from play.round import chat

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-passphrase"


@pytest.fixture
def lived_in(ann, bob, active_game, make_user):
    """Ann's account with something of everything: a game finished and one in play, chat, a
    conversation, a note, a study, a token, a device, a follow, settings."""
    carl = make_user("carl")
    done = games.join(games.create(ann, "empress", "white", "seek"), bob)
    games.resign(done, bob)
    chat.post(active_game, ann, "good luck")
    chat.post(active_game, bob, "you too")
    inbox.send(ann, bob, "Rematch later?")
    inbox.send(bob, ann, "Sure.")
    at = clocks.now()
    Note.objects.create(
        game=active_game, user=ann, text="Watch the Empire's knights", updated_at=at
    )
    Study.objects.create(owner=ann, game_slug="empire-chess", title="My opening", start="",
                         tree="d3d4 e7e5", updated_at=at)  # fmt: skip
    tokens.create(ann, "my board", ["board:play"])
    PushDevice.objects.create(user=ann, endpoint="https://push.example/a", p256dh="k", auth="a",
                              label="Firefox on Linux", created_at=at)  # fmt: skip
    relations.follow(ann, carl)
    relations.block(ann, bob)
    Profile.objects.update_or_create(user=ann, defaults={"letters_from": "followed"})
    ann.email = "ann@example.org"
    ann.save()
    return {"done": done, "in_play": active_game, "carl": carl}


def test_the_download_holds_the_account_field_by_field(ann, bob, lived_in, client_of):
    Profile.objects.filter(user=ann).update(language="de")
    answer = client_of(ann).get("/settings/data/")
    assert answer["Content-Type"] == "application/zip"
    assert 'filename="imperia-ann-' in answer["Content-Disposition"]
    zipped = zipfile.ZipFile(io.BytesIO(b"".join(answer.streaming_content)))
    names = set(zipped.namelist())
    done, in_play = lived_in["done"], lived_in["in_play"]
    for game in (done, in_play):  # each in its own record format: Empire Chess's is PGN
        extension = game.rules.record_format[0]
        assert f"games/imperia-{game.game_slug}-{game.public_id}.{extension}" in names
    assert in_play.rules.record_format[0] == "pgn"
    account = json.loads(zipped.read("account.json"))
    assert (account["username"], account["email"]) == ("ann", "ann@example.org")
    assert account["settings"]["language"] == "de"
    assert account["settings"]["messages_from"] == "followed"
    assert account["following"] == ["carl"] and account["blocking"] == ["bob"]
    assert account["api_tokens"][0]["description"] == "my board"
    token = ApiToken.objects.get(user=ann)
    assert token.digest not in json.dumps(account) and "imp_" not in json.dumps(account)
    assert account["devices_notified"][0]["browser"] == "Firefox on Linux"
    assert account["moderation"] == {"muted_until": None, "mark": "", "log": [], "appeals": []}
    messages = json.loads(zipped.read("messages.json"))
    assert messages[0]["with"] == "bob"
    assert [(m["from"], m["text"]) for m in messages[0]["messages"]] == [
        ("ann", "Rematch later?"), ("bob", "Sure.")
    ]  # fmt: skip
    lines = json.loads(zipped.read("chat.json"))
    assert [line["text"] for line in lines["games"]] == ["good luck"]  # hers alone
    assert json.loads(zipped.read("notes.json")) == [
        {"game": in_play.public_id, "text": "Watch the Empire's knights"}
    ]
    (study_name,) = [name for name in names if name.startswith("studies/")]
    assert json.loads(zipped.read(study_name))["moves"] == "d3d4 e7e5"
    record = zipped.read(f"games/imperia-empire-chess-{in_play.public_id}.pgn").decode()
    assert '[White "ann"]' in record and '[Black "bob"]' in record


def test_deleting_keeps_the_games_and_forgets_the_rest(ann, bob, lived_in, client_of):
    done, in_play = lived_in["done"], lived_in["in_play"]
    ratings_before = list(RatingChange.objects.values_list("pk", flat=True))
    client = client_of(ann)
    wrong = client.post("/settings/delete/", {"password": "guess", "sure": "on"})
    assert wrong.status_code == 403 and "nothing was deleted" in wrong.content.decode()
    assert client.post("/settings/delete/", {"password": PASSWORD}).status_code == 400  # not sure
    ann.refresh_from_db()
    assert ann.username == "ann"
    answer = client.post("/settings/delete/", {"password": PASSWORD, "sure": "on"}, follow=True)
    assert "Your account is deleted." in answer.content.decode()
    ann.refresh_from_db()
    assert ann.username.startswith("deleted-") and not ann.is_active
    assert (ann.email, ann.has_usable_password()) == ("", False)
    assert client.get("/settings/").status_code == 302  # logged out
    # The games stay, with their results, and the player's name shows as "deleted".
    done.refresh_from_db()
    in_play.refresh_from_db()
    assert (done.status, done.winner) == (Game.Status.FINISHED, 0)
    assert (in_play.status, in_play.reason, in_play.winner) == ("finished", "resign", 1)
    assert list(RatingChange.objects.values_list("pk", flat=True)) == ratings_before
    page = client_of(bob).get(done.get_absolute_url()).content.decode()
    assert "deleted" in page and "ann" not in page.split("<main")[1].split("Chat")[0]
    # What was hers is gone.
    for model, where in [
        (Letter, {}), (Conversation, {}), (ApiToken, {"user": ann}), (PushDevice, {"user": ann}),
        (Note, {"user": ann}), (Study, {"owner": ann}), (Profile, {"user": ann}),
        (ChatMessage, {"user": ann}), (Relation, {}),
    ]:  # fmt: skip
        assert not model.objects.filter(**where).exists(), model.__name__
    assert ChatMessage.objects.filter(user=bob).count() == 1  # the opponent's line stays
    assert Client().post("/login/", {"username": "ann", "password": PASSWORD}).status_code == 200


def test_the_deleted_name_is_not_given_and_the_privacy_page_says_what_is_kept(client):
    page = client.get("/privacy/").content.decode()
    assert "What is kept" in page and 'href="/settings/data/"' in page
    answer = client.post("/signup/", {"username": "deleted-abc", "password1": PASSWORD,
                                      "password2": PASSWORD})  # fmt: skip
    assert "Names beginning with “deleted-” are not given." in answer.content.decode()


def test_the_download_is_limited_and_for_an_account(ann, client_of, settings):
    settings.RATE_LIMIT_SCALE = 1
    client = client_of(ann)
    for _ in range(5):
        assert client.get("/settings/data/").status_code == 200
    refused = client.get("/settings/data/")
    assert refused.status_code == 429 and "Retry-After" in refused
    assert Client().get("/settings/data/")["Location"].startswith("/login/")
