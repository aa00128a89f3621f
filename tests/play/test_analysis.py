"""The analysis board: the tree of variations in the address (read, written, played into,
promoted, deleted), opened from any game at any ply, in every game; bad input."""

import pytest

import rules
from play import analysis, games, moves
from play.errors import Refused
from rules import record

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
URL = "/analysis/empire-chess/"


def test_the_tree_reads_and_writes_as_pgn_writes_variations():
    text = "d3d4 e7e5 (e7e6 c3c4 (c3c5)) (a7a6) d4d5"
    root = analysis.parse(text)
    assert [c.move for c in root.children[0].children] == ["e7e5", "e7e6", "a7a6"]
    assert analysis.write(root) == text
    for bad in ("(d3d4", "d3d4)", "x" * 30_001):
        with pytest.raises(Refused):
            analysis.parse(bad)


def board(tree="", at=""):
    return analysis.Board.read("empire-chess", "", {}, tree, at)


def test_playing_promoting_and_deleting():
    b = board("d3d4 e7e5", "0")
    b.play("e6")  # a new branch beside e7e5
    assert analysis.write(b.root) == "d3d4 e7e5 (e7e6)" and b.path == [0, 1]
    b.promote()
    assert analysis.write(b.root) == "d3d4 e7e6 (e7e5)" and b.path == [0, 0]
    with pytest.raises(Refused, match="main line already"):
        b.promote()
    b.path = [0, 1]
    b.play("Sd5")  # played after e7e5, now the alternative
    assert analysis.write(b.root) == "d3d4 e7e6 (e7e5 d4d5)"
    b.path = [0, 1]
    b.delete()
    assert analysis.write(b.root) == "d3d4 e7e6" and b.path == [0]
    b.play("e7e6")  # a move the tree has: it goes there
    assert b.path == [0, 0] and analysis.write(b.root) == "d3d4 e7e6"
    with pytest.raises(Refused):
        b.play("Zz9")


def test_moves_are_checked_where_they_stand():
    with pytest.raises(Refused, match=r"The move d4d5 \(after d3d4 a7a6 d4d5\): There is no piece"):
        board("d3d4 a7a6 Sd5 d4d5")
    assert analysis.write(board("Sd4 e5").root) == "d3d4 e7e5"  # SAN read, canonical kept


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_every_game_opens_from_a_game_at_a_ply(ann, bob, client_of, slug):
    options = {"imperial-shuffle": {"deal": True}}.get(slug, {})
    game = games.join(games.create(ann, slug, "white", "seek", options), bob)
    game_rules = rules.get(slug)
    for _ in range(3):
        game.refresh_from_db()
        state = game_rules.resume(
            [game.initial_position, *game.moves.values_list("position_after", flat=True)],
            game.options,
        )
        move = sorted(game_rules.legal_moves(state))[0]
        moves.submit(game.public_id, game.player(game_rules.to_move(state)), move, game.ply)
    page = client_of(ann).get(f"/analysis/{slug}/?game={game.public_id}&ply=2")
    html = page.content.decode()
    assert page.status_code == 200 and html.count('role="listitem"') == 3
    assert 'data-path="0.0" class="depth-0" aria-current="step"' in html
    assert f'href="/g/{game.public_id}/"' in html
    live = client_of(ann).get(game.get_absolute_url()).content.decode()
    assert f"/analysis/{slug}/?game={game.public_id}&amp;ply=3" in live


def test_the_page_answers_htmx_with_the_new_address(client):
    answer = client.get(f"{URL}?tree=d3d4&at=0&action=play&move=e5", **HTMX)
    assert answer.status_code == 200 and "tree=d3d4+e7e5&at=0.0" in answer["HX-Push-Url"]
    plain = client.get(f"{URL}?tree=d3d4&at=0&action=play&move=e5")
    assert plain.status_code == 302 and "tree=d3d4+e7e5" in plain.url
    refused = client.get(f"{URL}?tree=d3d4&at=0&action=play&move=Zz9", **HTMX)
    assert refused.status_code == 400 and 'role="alert"' in refused.content.decode()
    empire = client.post("/analysis/empire/", {"action": "play", "move": "e5"}, **HTMX)
    assert empire.status_code == 200 and "tree=e5" in empire["HX-Push-Url"]  # a click on a point


@pytest.mark.parametrize(
    "query",
    [
        "tree=(d3d4",
        "tree=zz9",
        "at=0",
        "at=x",
        "flip=2",
        "action=jump",
        "start=nonsense",
        "options=victory%3Dall",
    ],  # fmt: skip
)
def test_bad_analyses_are_malformed(client, query):
    answer = client.get(f"/analysis/imperial-chess/?{query}")
    assert answer.status_code == 400 and "Malformed" in answer.content.decode()


def test_a_private_games_analysis_is_its_players(ann, bob, make_user, client_of):
    game = games.create(ann, "empress", "white", "invite")
    assert (
        client_of(make_user("cy")).get(f"/analysis/empress/?game={game.public_id}").status_code
        == 404
    )
    assert client_of(ann).get(f"/analysis/empress/?game={game.public_id}").status_code == 200
    assert client_of(ann).get(f"/analysis/empire/?game={game.public_id}").status_code == 404
    assert record.options_tag({}) == ""


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_the_engine_gives_a_score_and_a_line_in_every_game(client, slug, monkeypatch):
    from play import analysis_views

    monkeypatch.setattr(analysis_views, "EVALUATION_SECONDS", 0.3)
    options = "deal=true" if slug == "imperial-shuffle" else ""
    html = client.get(f"/analysis/{slug}/?options={options}&evaluate=1", **HTMX).content.decode()
    assert "expected line: <kbd>" in html and 'role="status"><strong>' in html


def test_no_engine_in_ones_own_game_in_play(ann, bob, client_of, make_user):
    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    moves.submit(game.public_id, ann, "Q@d4", 0)
    page = client_of(bob)
    spectator = client_of(make_user("cy")).get(
        f"/analysis/empress/?game={game.public_id}&evaluate=1"
    )
    assert "No engine help in a game in play" in spectator.content.decode()
    for url in (
        f"/analysis/empress/?game={game.public_id}&evaluate=1",
        "/analysis/empress/?tree=Q%40d4&at=0&evaluate=1",  # the same position, typed in
    ):
        html = page.get(url).content.decode()
        assert "No engine help in your own game in play" in html and "expected line" not in html
    games.resign(game, bob)
    html = page.get(f"/analysis/empress/?game={game.public_id}&evaluate=1").content.decode()
    assert "expected line" in html  # after the end, it is offered


def test_a_study_is_saved_reopened_and_saved_again_by_its_owner(ann, bob, client_of):
    from play.models import Study

    page = client_of(ann)
    data = {
        "start": "",
        "options": "",
        "tree": "d3d4 e7e5 (e7e6)",
        "at": "0.1",
        "title": "The French?",
    }
    saved = page.post("/analysis/empire-chess/study/", data)
    study = Study.objects.get()
    assert saved.status_code == 302 and f"study={study.pk}" in saved.url and "at=0.1" in saved.url
    assert (study.owner, study.tree, study.title) == (ann, "d3d4 e7e5 (e7e6)", "The French?")
    opened = client_of(bob).get(f"/study/{study.pk}/", follow=True).content.decode()
    assert "Study “The French?” by" in opened and 'name="title"' in opened  # bob saves a copy
    page.post(
        "/analysis/empire-chess/study/",
        {**data, "tree": "d3d4 e7e6", "at": "0.0", "study": study.pk},
    )
    study.refresh_from_db()
    assert study.tree == "d3d4 e7e6" and Study.objects.count() == 1
    client_of(bob).post(
        "/analysis/empire-chess/study/", {**data, "study": study.pk, "title": "Mine"}
    )
    assert Study.objects.count() == 2 and Study.objects.get(owner=bob).title == "Mine"
    assert "The French?" in page.get("/@/ann/").content.decode()
    assert "The French?" not in client_of(bob).get("/@/ann/").content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"tree": "zz9", "title": "x"},
        {"tree": "d3d4", "title": ""},
        {"tree": "d3d4", "title": "t" * 101},
        {"tree": "d3d4", "title": "x", "study": "999"},
    ],  # fmt: skip
)
def test_bad_studies_are_refused_and_nothing_is_saved(ann, client_of, data):
    from play.models import Study

    answer = client_of(ann).post("/analysis/empire-chess/study/", data)
    assert answer.status_code in (400, 404) and not Study.objects.exists()


def test_any_position_can_be_the_start(client):
    game = rules.get("empire-chess")
    fen = game.format(game.play(game.initial(), "d3d4"))
    html = client.get("/analysis/empire-chess/", {"start": fen}).content.decode()
    assert f'name="start" value="{fen}"' in html and "Black to move" in html
    assert client.get("/analysis/empire-chess/", {"start": "8/8/8 w"}).status_code == 400
