"""Empire on the platform: options at creation, placing, passing, the score, SGF in and out."""

import re
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from play.games import games
from play.models import Game
from play.round import moves

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def small_game(ann, bob):
    seek = games.create(ann, "empire", "white", "seek", {"width": 8, "height": 8})
    return games.join(seek, bob)


def test_create_with_a_board_size_and_the_dots_rule(ann, client_of):
    client = client_of(ann)
    form = {"game": "empire", "side": "white", "listing": "seek", "time_control": "none"}
    client.post("/new/", {**form, "width": "12", "height": "9", "dots": "on"})
    game = Game.objects.get()
    assert game.options == {"width": 12, "height": 9, "mode": "dots"}
    assert game.position == "12x9 O 12/12/12/5OX5/5XO5/12/12/12/12 0 1 dots"
    assert "Empire (12×9, standard Dots rule)" in client.get("/").content.decode()
    response = client.post("/new/", {**form, "width": "99", "height": "9"})
    assert response.status_code == 400 and Game.objects.count() == 1


def test_the_board_is_clicked_by_position_for_the_player_to_move(small_game, client_of, ann, bob):
    html = client_of(ann).get(f"/g/{small_game.public_id}/live/", **HTMX).content.decode()
    assert f'data-move-url="/g/{small_game.public_id}/move/"' in html and 'data-ply="0"' in html
    assert 'data-columns="8" data-rows="8"' in html and "Captures: <strong>0</strong>" in html
    assert ">Pass</button>" in html
    html = client_of(bob).get(f"/g/{small_game.public_id}/live/", **HTMX).content.decode()
    assert "data-move-url" not in html and ">Pass</button>" not in html


def test_placing_capturing_and_two_passes(small_game, client_of, ann, bob):
    a, b = client_of(ann), client_of(bob)
    url = f"/g/{small_game.public_id}/move/"
    for ply, (client, point) in enumerate(
        [(a, "c2"), (b, "h8"), (a, "d3"), (b, "h7"), (a, "c4"), (b, "c3"), (a, "b3")]
    ):
        response = client.post(url, {"move": point, "ply": str(ply)}, **HTMX)
        assert response.status_code == 200, response.content.decode()
    html = response.content.decode()
    assert "Captures: <strong>1</strong>" in html and 'class="area area-circles"' in html
    assert 'aria-label="c3, captured cross"' in html
    response = b.post(url, {"move": "c3", "ply": "7"}, **HTMX)
    assert response.status_code == 400 and "already taken" in response.content.decode()
    b.post(url, {"move": "pass", "ply": "7"}, **HTMX)
    html = a.post(url, {"move": "pass", "ply": "8"}, **HTMX).content.decode()
    assert "Circles wins (more captures)." in html


def test_sgf_export_and_import(small_game, client_of, ann, bob):
    for ply, point in enumerate(["c2", "h8", "d3", "pass", "pass"]):
        moves.submit(small_game.public_id, ann if ply % 2 == 0 else bob, point, ply)
    response = client_of(ann).get(f"/g/{small_game.public_id}/record/")
    assert response["Content-Type"].startswith("application/x-go-sgf")
    text = response.content.decode()
    assert "GM[40]" in text and "SZ[8]" in text and "PB[ann]PW[bob]" in text and "RE[0]" in text
    response = client_of(ann).post("/import/", {"game": "empire", "record": text})
    imported = Game.objects.get(imported=True)
    assert response.status_code == 302 and response.url == imported.get_absolute_url()
    assert imported.position == Game.objects.get(pk=small_game.pk).position
    assert (imported.status, imported.winner, imported.reason) == ("finished", None, "draw")
    assert imported.player_names == ["ann", "bob"]
    html = client_of(bob).get(imported.get_absolute_url()).content.decode()
    assert "Draw (equal captures)." in html
    assert "Circles: ann (from the record)" in html and "Crosses: bob (from the record)" in html


def test_import_refuses_bad_records_with_the_reason(ann, client_of):
    client = client_of(ann)
    response = client.post("/import/", {"game": "empire", "record": "(;GM[40]SZ[8];B[aa];B[bb])"})
    assert response.status_code == 400 and "out of turn" in response.content.decode()
    response = client.post("/import/", {"game": "empire", "record": "(;GM[40]SZ[8];B[aa])"})
    assert response.status_code == 400 and "no result" in response.content.decode()
    response = client.post(
        "/import/", {"game": "empire", "record": "(;GM[40]SZ[8]RU[empire]AB[dd];B[dd]RE[B+R])"}
    )
    assert (
        response.status_code == 400
        and "Move 1 (d4) of the record is not legal here" in response.content.decode()
    )
    assert not Game.objects.exists()


def test_a_record_file_is_imported_and_one_with_null_characters_refused(
    small_game, client_of, ann, bob
):
    """A pasted record's field refuses null characters; a file's text is checked the same way
    (a UTF-16 file read as UTF-8 is full of them, and PostgreSQL cannot store them)."""
    for ply, point in enumerate(["c2", "h8", "pass", "pass"]):
        moves.submit(small_game.public_id, ann if ply % 2 == 0 else bob, point, ply)
    text = client_of(ann).get(f"/g/{small_game.public_id}/record/").content.decode()

    def upload(encoding):
        record = SimpleUploadedFile("game.sgf", text.encode(encoding))
        return client_of(ann).post("/import/", {"game": "empire", "upload": record})

    response = upload("utf-16")
    assert response.status_code == 400 and "null characters" in response.content.decode()
    assert not Game.objects.filter(imported=True).exists()
    assert upload("utf-8").status_code == 302
    assert Game.objects.get(imported=True).player_names == ["ann", "bob"]


# Words of Python's, not of a game record: none of them may reach a player.
INTERNALS = ("tuple", "x not in", "invalid literal", "Exceeds the limit", "int()", "sys.", "list")


@pytest.mark.parametrize(
    "record, says",
    [
        ("(;GM[40]SZ[8]PL[Z];B[aa]RE[B+R])", "PL[Z] names no player: B (circles) or W (crosses)."),
        ("(;GM[40]SZ[" + "9" * 5000 + "];B[aa]RE[B+R])", "The board size SZ["),
        ("(;GM[40]SZ[٣٢];B[aa]RE[B+R])", "The board size SZ[٣٢]"),
        ("(;GM[40]SZ[8]\x00;B[aa]RE[B+R])", "null characters"),
        (
            "(;GM[40]SZ[8]PB[" + "n" * 151 + "];B[aa]RE[B+R])",
            "Circles a name of 151 characters: at most 150.",
        ),
    ],
)
def test_a_refused_record_says_what_is_wrong_in_it(ann, client_of, record, says):
    response = client_of(ann).post("/import/", {"game": "empire", "record": record})
    html = unescape(response.content.decode())
    assert response.status_code == 400 and says in html
    assert "Paste the record or choose its file" not in html
    refusals = " ".join(re.findall(r'<ul class="errorlist[^>]*>(.*?)</ul>', html, re.S))
    assert says in refusals and not any(word in refusals for word in INTERNALS)
    assert not Game.objects.exists()


def test_a_record_past_the_size_of_any_game_is_refused_before_it_is_read(ann, client_of):
    record = "(;GM[40]SZ[8]PB[" + "n" * 64_001 + "];B[aa]RE[B+R])"
    response = client_of(ann).post("/import/", {"game": "empire", "record": record})
    assert response.status_code == 400 and "at most 64,000 characters" in response.content.decode()
    assert not Game.objects.exists()
