"""The analysis board: the tree of variations in the address (read, written, played into,
promoted, deleted), opened from any game at any ply, in every game; bad input."""

import random
import re
from html import unescape
from urllib.parse import urlencode

import pytest
from django.test import override_settings
from django.utils import translation
from django.utils.html import escape

import rules
from imperia_site.catalogues import pseudo
from play.common import clocks
from play.common.errors import Refused
from play.games import games
from play.games.lifecycle import moves_and_state
from play.models import Profile
from play.review import analysis, evaluations
from play.round import moves
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
    game, _ = _in_play(slug, ann, bob, plies=3)
    page = client_of(ann).get(f"/analysis/{slug}/?game={game.public_id}&ply=2")
    html = page.content.decode()
    assert page.status_code == 200 and html.count('role="listitem"') == 3
    assert 'data-path="0.0" class="depth-0" aria-current="step"' in html
    assert f'href="/g/{game.public_id}/"' in html
    live = client_of(ann).get(game.get_absolute_url()).content.decode()
    # At the live position, the analysis opens at the game's last ply, whichever it is then.
    assert f'/analysis/{slug}/?game={game.public_id}">' in live
    last = client_of(ann).get(f"/analysis/{slug}/?game={game.public_id}").content.decode()
    assert 'data-path="0x3" class="depth-0" aria-current="step"' in last


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
        "at=" + "1" * 5000,
        "at=0x" + "9" * 5000,
        "at=0x0",
    ],  # fmt: skip
)
def test_bad_analyses_are_malformed(client, query):
    answer = client.get(f"/analysis/imperial-chess/?{query}")
    assert answer.status_code == 400 and "Malformed" in answer.content.decode()


@pytest.mark.parametrize(
    "options", ["width=²", "width=" + "9" * 5000, "width=٣٢", "height=-3", "width=1e3"]
)
def test_malformed_numbers_in_the_options_are_400s_saying_what_they_take(client, options):
    answer = client.get("/analysis/empire/", {"options": options})
    html = answer.content.decode()
    assert answer.status_code == 400 and "Malformed analysis" in html
    assert "whole number from 8 to 40" in html and "Exceeds the limit" not in html


def test_a_private_games_analysis_is_its_players(ann, bob, make_user, client_of):
    game = games.create(ann, "empress", "white", "invite")
    assert (
        client_of(make_user("cy")).get(f"/analysis/empress/?game={game.public_id}").status_code
        == 404
    )
    assert client_of(ann).get(f"/analysis/empress/?game={game.public_id}").status_code == 200
    assert client_of(ann).get(f"/analysis/empire/?game={game.public_id}").status_code == 404
    assert record.options_tag({}) == ""


def evaluated(page, url: str) -> str:
    """Ask for an evaluation at `url`, let a worker answer it, and read the answer."""
    html = page.get(url, **HTMX).content.decode()
    token = re.search(r'/analysis/evaluation/([^/"]+)/', html)
    if token is None:
        return html
    assert evaluations.work() is not None
    answer = page.get(f"/analysis/evaluation/{token[1]}/", **HTMX)
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_the_engine_gives_a_score_and_a_line_in_every_game(ann, client_of, slug, monkeypatch):
    monkeypatch.setattr(evaluations, "SECONDS", 0.3)
    options = "deal=true" if slug == "imperial-shuffle" else ""
    html = evaluated(client_of(ann), f"/analysis/{slug}/?options={options}&evaluate=1")
    assert "expected line: <kbd>" in html and 'role="status"><strong>' in html


def test_the_engine_needs_a_login_and_runs_in_a_worker(ann, bob, client, client_of):
    html = client.get(f"{URL}?evaluate=1", **HTMX).content.decode()
    assert "Log in to ask the computer" in html and "/analysis/evaluation/" not in html
    asked = client_of(ann).get(f"{URL}?evaluate=1", **HTMX).content.decode()
    assert "The computer is thinking" in asked  # the page answers before the engine does
    token = re.search(r"/analysis/evaluation/([^/\"]+)/", asked)[1]
    assert client_of(bob).get(f"/analysis/evaluation/{token}/").status_code == 404  # not his
    assert client.get(f"/analysis/evaluation/{token}/").status_code == 302  # to the login


def test_an_evaluation_not_answered_in_time_is_not_available(ann, client_of):
    from play.models import Evaluation

    page = client_of(ann)
    asked = page.get(f"{URL}?evaluate=1", **HTMX).content.decode()
    token = re.search(r"/analysis/evaluation/([^/\"]+)/", asked)[1]
    Evaluation.objects.update(created_at=clocks.now() - evaluations.PATIENCE * 2)
    html = page.get(f"/analysis/evaluation/{token}/").content.decode()
    assert evaluations.NOT_AVAILABLE in html and "hx-trigger" not in html
    assert evaluations.work() is None  # too late: no worker takes it up


def test_an_engine_failure_reads_not_available(ann, client_of, monkeypatch):
    def broken(*args):
        raise RuntimeError("Fairy-Stockfish stopped")

    monkeypatch.setattr(evaluations.bots, "analyse", broken)
    html = evaluated(client_of(ann), f"{URL}?evaluate=1")
    assert evaluations.NOT_AVAILABLE in html and "stopped" not in html


def test_at_most_so_many_evaluations_run_at_once(ann, client_of):
    from play.models import Evaluation

    page = client_of(ann)
    for _ in range(evaluations.AT_ONCE + 1):
        page.get(f"{URL}?evaluate=1", **HTMX)
    claims = [evaluations.claim() for _ in range(evaluations.AT_ONCE + 1)]
    assert all(claims[: evaluations.AT_ONCE]) and claims[-1] is None
    assert Evaluation.objects.filter(status="running").count() == evaluations.AT_ONCE
    evaluations.run(*claims[0])
    assert evaluations.claim() is not None  # one finished: the next may start


def _in_play(slug, ann, bob, plies=2):
    """A game of `slug` in play between ann (first) and bob after `plies` moves, its state."""
    options = {"imperial-shuffle": {"deal": True}}.get(slug, {})
    game = games.join(games.create(ann, slug, "white", "seek", options), bob)
    game_rules = rules.get(slug)
    for _ in range(plies):
        game.refresh_from_db()
        _, state = moves_and_state(game)
        move = sorted(game_rules.legal_moves(state))[0]
        moves.submit(game.public_id, game.player(game_rules.to_move(state)), move, game.ply)
    game.refresh_from_db()
    return game, moves_and_state(game)[1]


def _address(slug, start, tree="", at=""):
    options = "deal=true" if slug == "imperial-shuffle" else ""
    query = urlencode({"start": start, "options": options, "tree": tree, "at": at})
    return f"/analysis/{slug}/?{query}&evaluate=1"


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_no_engine_for_any_position_of_a_game_in_play(
    ann, bob, make_user, client_of, slug, monkeypatch
):
    monkeypatch.setattr(evaluations, "SECONDS", 0.1)
    game, state = _in_play(slug, ann, bob)
    game_rules = rules.get(slug)
    text = game_rules.format(state)
    recounted = game_rules.format(game_rules.parse(text))  # below: other counters
    fields = recounted.split(" ")
    fields[-2 if slug != "empire" else 4] = "7"
    recounted = " ".join(fields)
    assert game_rules.position_key(game_rules.parse(recounted)) == game_rules.position_key(state)
    candidate = sorted(game_rules.legal_moves(state))[-1]
    before = game.moves.order_by("-ply")[1].position_after  # the opponent's move leads here
    spectator = client_of(make_user("cy"))
    for page, why in (
        (spectator, evaluations.IN_A_GAME),
        (client_of(ann), evaluations.IN_YOUR_GAME),
    ):
        for url in (
            _address(slug, text),  # pasted, without ?game=
            _address(slug, recounted),  # the same position, another move counter
            _address(slug, text, candidate, "0"),  # after a candidate move
            _address(slug, before),  # a ply before the game's position
        ):
            html = evaluated(page, url)
            assert why in html and "expected line" not in html, url
    games.resign(game, bob)
    assert "expected line" in evaluated(spectator, _address(slug, text, candidate, "0"))


def test_no_engine_in_ones_own_game_in_play(ann, bob, client_of, make_user):
    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    moves.submit(game.public_id, ann, "Q@d4", 0)
    page = client_of(bob)
    spectator = evaluated(
        client_of(make_user("cy")), f"/analysis/empress/?game={game.public_id}&evaluate=1"
    )
    assert "No engine help in a game in play" in spectator
    for url in (
        f"/analysis/empress/?game={game.public_id}&evaluate=1",
        "/analysis/empress/?tree=Q%40d4&at=0&evaluate=1",  # the same position, typed in
    ):
        html = evaluated(page, url)
        assert "No engine help in your own game in play" in html and "expected line" not in html
    games.resign(game, bob)
    html = evaluated(page, f"/analysis/empress/?game={game.public_id}&evaluate=1")
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
    assert (
        saved.status_code == 302 and f"study={study.token}" in saved.url and "at=0.1" in saved.url
    )
    assert (study.owner, study.tree, study.title) == (ann, "d3d4 e7e5 (e7e6)", "The French?")
    opened = client_of(bob).get(f"/study/{study.token}/", follow=True).content.decode()
    assert "Study “The French?” by" in opened and 'name="title"' in opened  # bob saves a copy
    page.post(
        "/analysis/empire-chess/study/",
        {**data, "tree": "d3d4 e7e6", "at": "0.0", "study": study.token},
    )
    study.refresh_from_db()
    assert study.tree == "d3d4 e7e6" and Study.objects.count() == 1
    client_of(bob).post(
        "/analysis/empire-chess/study/", {**data, "study": study.token, "title": "Mine"}
    )
    assert Study.objects.count() == 2 and Study.objects.get(owner=bob).title == "Mine"
    assert "The French?" in page.get("/@/ann/").content.decode()
    assert "The French?" not in client_of(bob).get("/@/ann/").content.decode()


def test_a_study_is_its_owners_shared_by_an_address_that_cannot_be_guessed(
    ann, bob, client, client_of
):
    from play.models import Study

    page = client_of(ann)
    data = {"tree": "d3d4 e7e5", "at": "0", "title": "Private"}
    page.post("/analysis/empire-chess/study/", data)
    study = Study.objects.get()
    for number in (study.pk, 1, 2):  # counting finds nothing
        assert client.get(f"/study/{number}/").status_code == 404
        assert client.get(f"/analysis/empire-chess/?study={number}").status_code == 404
    assert len(study.token) >= 20
    shared = client.get(f"/study/{study.token}/", follow=True).content.decode()
    assert "Study “Private” by" in shared  # the address is the sharing
    assert "Private" not in client_of(bob).get("/@/ann/").content.decode()
    assert "Private" not in client.get("/@/ann/").content.decode()
    page.post("/analysis/empire-chess/study/", {**data, "study": study.token, "listed": "1"})
    study.refresh_from_db()
    assert study.listed and Study.objects.count() == 1
    assert study.get_absolute_url() in client.get("/@/ann/").content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"tree": "zz9", "title": "x"},
        {"tree": "d3d4", "title": ""},
        {"tree": "d3d4", "title": "t" * 101},
        {"tree": "d3d4", "title": "x", "study": "999"},
        {"tree": "d3d4", "title": "x", "study": "1"},
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


def test_a_line_at_the_longest_a_game_allows_is_read_shown_saved_and_opened(ann, client_of):
    """Empire on 40×40, circles placing and crosses passing: the most moves a tree holds.
    Every address on the page stays short (the tree is kept, its key in the addresses)."""
    game_rules = rules.get("empire")
    options = {"width": 40, "height": 40}
    state, line = game_rules.initial(options), []
    while len(line) < analysis.MOST_MOVES:
        legal = game_rules.legal_moves(state)
        move = "pass" if game_rules.to_move(state) == 1 else next(m for m in legal if m != "pass")
        line.append(move)
        state = game_rules.play(state, move)
    tree, at = " ".join(line), analysis.path_text([0] * len(line))
    assert at == f"0x{len(line)}"
    board = analysis.Board.read("empire", "", options, tree, at)
    assert analysis.write(board.root) == tree and len(board.rows()) == len(line)
    page = client_of(ann)
    query = {"options": "width=40; height=40", "tree": tree, "at": at}
    shown = page.post("/analysis/empire/", query)
    html = shown.content.decode()
    assert shown.status_code == 200 and html.count('role="listitem"') == len(line)
    addresses = re.findall(r'href="([^"]*)"', html)
    assert len(addresses) > len(line) and max(map(len, addresses)) < 400
    back = re.search(r'data-nav="back" hx-get="([^"]*)"', html)[1]
    stepped = page.get(unescape(back))
    assert 'data-path="0x2999" class="depth-0" aria-current="step"' in stepped.content.decode()
    saved = page.post("/analysis/empire/study/", {**query, "title": "The longest"})
    assert saved.status_code == 302 and len(saved.url) < 400
    from play.models import Study

    assert Study.objects.get().tree == tree
    assert page.get(saved.url).content.decode().count('role="listitem"') == len(line)


def test_the_evaluations_command_answers_what_waits(ann, client_of, monkeypatch):
    from django.core.management import call_command

    monkeypatch.setattr(evaluations, "SECONDS", 0.1)
    page = client_of(ann)
    asked = page.get(f"{URL}?evaluate=1", **HTMX).content.decode()
    token = re.search(r"/analysis/evaluation/([^/\"]+)/", asked)[1]
    call_command("evaluations", "--once")
    assert "expected line" in page.get(f"/analysis/evaluation/{token}/").content.decode()


def test_a_long_imported_games_analyse_link_opens(ann, client_of):
    """A 40×40 Empire of over a thousand plies, imported: its Analyse link opens, at its end and
    at a ply, every address on the page short."""
    from play.review import records

    game_rules = rules.get("empire")
    start, rng = game_rules.initial({"width": 40, "height": 40}), random.Random(1)
    state, line = start, []
    while not game_rules.outcome(state):
        legal = [m for m in game_rules.legal_moves(state) if m != "pass"] or ["pass"]
        line.append(rng.choice(legal))
        state = game_rules.play(state, line[-1])
    text = game_rules.export_record(line, {"Circles": "ann", "Crosses": "bob"}, start=start)
    game = records.import_game(ann, "empire", text)
    assert len(line) > 1000 and game.ply == len(line)
    page = client_of(ann)
    for query in (f"game={game.public_id}", f"game={game.public_id}&ply=700"):
        html = page.get(f"/analysis/empire/?{query}").content.decode()
        assert html.count('role="listitem"') == len(line)
        assert max(map(len, re.findall(r'href="([^"]*)"', html))) < 400
    assert 'data-path="0x700" class="depth-0" aria-current="step"' in html


PSEUDO = [("en", "English"), ("en-xa", "Pseudo")]


@override_settings(LANGUAGES=PSEUDO)
def test_the_board_and_its_refusals_read_in_the_readers_language(client):
    html = client.get(f"{URL}?lang=en-xa").content.decode()
    assert pseudo("Type a move") in html and "Type a move" not in html
    assert pseudo("Step through the analysis") in html
    bad = client.get(f"{URL}?lang=en-xa&tree=(d3d4")
    assert bad.status_code == 400 and "[Ṁàļƒöŕɱéđ àñàļýšîš: " in bad.content.decode()


@override_settings(LANGUAGES=PSEUDO)
def test_an_evaluation_is_pushed_in_the_askers_language(ann, client_of, monkeypatch):
    """The worker answers outside any request: in the language of the player who asked."""
    Profile.objects.update_or_create(user=ann, defaults={"language": "en-xa"})
    client_of(ann).get(f"{URL}?evaluate=1", **HTMX)
    monkeypatch.setattr(evaluations.bots, "analyse", lambda *args: 1 / 0)
    pushed = []
    monkeypatch.setattr(evaluations.live, "send", lambda group, message: pushed.append(message))
    with translation.override("en"):
        evaluations.work()
    assert escape(pseudo(evaluations.NOT_AVAILABLE)) in pushed[0]["html"]
