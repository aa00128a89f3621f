"""Puzzles on the site: the next puzzle for a player, a solved one and a failed one moving both
ratings (the player's and the puzzle's) each way, an answer given twice refused with nothing
changed, a slip of the keyboard costing nothing, visitors and anonymous players unrated, and
the puzzle of the day."""

from datetime import date

import pytest
from django.test import Client, override_settings
from django.utils import translation
from django.utils.html import escape

import rules
from imperia_site.catalogues import pseudo
from play.common.errors import Refused
from play.models import PuzzleAttempt, PuzzleRating, PuzzleScore
from play.puzzles import catalogue, solving

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
SLUG = "empress"


def url(puzzle):
    return f"/puzzles/{puzzle.slug}/{puzzle.id}/"


def solve(client, puzzle):
    """Post the puzzle's line, the solver's moves one by one; the last answer."""
    moves, response = [], None
    for index, move in enumerate(puzzle.line):
        if index % 2:
            moves.append(move)
            continue
        query = f"?moves={'+'.join(moves)}" if moves else ""
        response = client.post(url(puzzle) + query, {"move": move}, **HTMX)
        moves.append(move)
    return response


def a_wrong_move(puzzle) -> str:
    game = rules.get(puzzle.slug)
    state = game.with_options(game.parse(puzzle.position), puzzle.options)
    return next(m for m in game.legal_moves(state) if m != puzzle.line[0])


def ratings(user, puzzle):
    mine = PuzzleRating.objects.get(user=user, game_slug=puzzle.slug)
    score = PuzzleScore.objects.get(game_slug=puzzle.slug, puzzle=puzzle.id)
    return mine.rating, score.rating


def test_the_next_puzzle_is_one_not_answered(ann, client_of):
    client = client_of(ann)
    first = client.get(f"/puzzles/{SLUG}/")
    puzzle = catalogue.puzzle(SLUG, first["Location"].rstrip("/").rsplit("/", 1)[1])
    assert puzzle is not None
    solve(client, puzzle)
    again = client.get(f"/puzzles/{SLUG}/")["Location"]
    assert puzzle.id not in again


def test_a_solved_puzzle_raises_the_players_rating_and_lowers_the_puzzles(ann, client_of):
    puzzle = catalogue.puzzles(SLUG)[0]
    response = solve(client_of(ann), puzzle)
    html = response.content.decode()
    assert response.status_code == 200 and "Solved." in html
    mine, its = ratings(ann, puzzle)
    assert mine > 1500 > its
    attempt = PuzzleAttempt.objects.get(user=ann)
    assert attempt.solved and attempt.rating_before == 1500 and attempt.rating_after == mine


def test_a_failed_puzzle_lowers_the_players_rating_and_raises_the_puzzles(ann, client_of):
    puzzle = catalogue.puzzles(SLUG)[1]
    response = client_of(ann).post(url(puzzle), {"move": a_wrong_move(puzzle)}, **HTMX)
    html = response.content.decode()
    assert "The puzzle is failed" in html and "The winning line" in html
    mine, its = ratings(ann, puzzle)
    assert mine < 1500 < its
    assert not PuzzleAttempt.objects.get(user=ann).solved


def test_an_answer_given_twice_is_refused_and_changes_nothing(ann, client_of):
    puzzle = catalogue.puzzles(SLUG)[2]
    client = client_of(ann)
    solve(client, puzzle)
    before = ratings(ann, puzzle)
    for response in (solve(client, puzzle),
                     client.post(url(puzzle), {"move": a_wrong_move(puzzle)}, **HTMX)):  # fmt: skip
        assert response.status_code == 409
        assert "You answered this puzzle already" in response.content.decode()
    assert ratings(ann, puzzle) == before and PuzzleAttempt.objects.count() == 1
    assert PuzzleRating.objects.get(user=ann).plays == 1


def test_an_illegal_move_is_a_slip_that_answers_nothing(ann, client_of):
    puzzle = catalogue.puzzles(SLUG)[3]
    response = client_of(ann).post(url(puzzle), {"move": "z9z9"}, **HTMX)
    assert response.status_code == 400 and "Could not read" in response.content.decode()
    assert not PuzzleAttempt.objects.exists() and not PuzzleScore.objects.exists()


def test_visitors_and_anonymous_players_solve_unrated():
    puzzle = catalogue.puzzles(SLUG)[4]
    visitor = Client()
    html = solve(visitor, puzzle).content.decode()
    assert "Solved." in html and "Sign up</a> for a puzzle rating" in html
    assert visitor.get(f"/puzzles/{SLUG}/")["Location"] != url(puzzle)  # not shown again
    visitor.post("/computer/", {"level": "1", "game": "empress", "side": "white",
                                "time_control": "none"})  # fmt: skip
    solve(visitor, puzzle)  # now an anonymous player
    assert not PuzzleAttempt.objects.exists() and not PuzzleRating.objects.exists()


def test_a_visitors_first_answers_are_kept_then_rated_for_the_new_account():
    solved, failed, played = catalogue.puzzles(SLUG)[5:8]
    visitor = Client()
    solve(visitor, solved)
    visitor.post(url(failed), {"move": a_wrong_move(failed)}, **HTMX)
    solve(visitor, failed)  # a second answer: only the first is kept
    visitor.post("/computer/", {"level": "1", "game": "empress", "side": "white",
                                "time_control": "none"})  # fmt: skip
    solve(visitor, played)  # now an anonymous player, still answering unrated
    assert visitor.get(f"/puzzles/{SLUG}/")["Location"] not in (url(solved), url(played))
    assert not PuzzleAttempt.objects.exists()
    visitor.post("/signup/", {"username": "lena", "password1": "a-long-passphrase",
                              "password2": "a-long-passphrase"})  # fmt: skip
    attempts = PuzzleAttempt.objects.filter(user__username="lena").order_by("pk")
    assert [(a.puzzle, a.solved) for a in attempts] == [
        (solved.id, True), (failed.id, False), (played.id, True)
    ]  # fmt: skip
    assert PuzzleRating.objects.get(user__username="lena").plays == 3
    assert solving.ANSWERS not in visitor.session
    assert "3 answered" in visitor.get("/puzzles/").content.decode()


def test_answers_kept_for_an_account_that_answered_already_leave_its_answers(ann, client_of):
    puzzle = catalogue.puzzles(SLUG)[8]
    solve(client_of(ann), puzzle)
    visitor = Client()
    visitor.post(url(puzzle), {"move": a_wrong_move(puzzle)}, **HTMX)
    visitor.post("/login/", {"username": "ann", "password": "a-long-passphrase"})
    assert PuzzleAttempt.objects.get(user=ann).solved  # the account's answer stands
    assert PuzzleRating.objects.get(user=ann).plays == 1


def test_the_puzzle_of_the_day_is_the_same_all_day_and_on_the_home_page(client):
    today = date(2026, 11, 26)
    for game in rules.games():
        puzzle = catalogue.of_the_day(game.slug, today)
        assert puzzle == catalogue.of_the_day(game.slug, today)
        assert puzzle != catalogue.of_the_day(game.slug, date(2026, 11, 27))
    page = client.get("/").content.decode()
    assert page.count("Puzzle of the day") == 5


def test_the_puzzles_page_lists_every_game_with_the_players_rating(ann, client_of):
    solve(client_of(ann), catalogue.puzzles(SLUG)[0])
    page = client_of(ann).get("/puzzles/").content.decode()
    assert all(f'href="/puzzles/{g.slug}/"' in page for g in rules.games())
    assert "1 answered" in page


def test_no_such_puzzle(client):
    assert client.get("/puzzles/chess/").status_code == 404
    assert client.get(f"/puzzles/{SLUG}/nothing/").status_code == 404
    with pytest.raises(Refused):
        solving.answer(None, SLUG, "nothing", True)


def test_a_move_tried_through_the_address_is_the_rated_answer(ann, client_of):
    """An address's moves are judged as a posted move is: the first answer, whichever way it
    comes, is rated, so no line can be tried for free before the answer that counts."""
    puzzle = catalogue.puzzles(SLUG)[5]
    client = client_of(ann)
    tried = client.get(url(puzzle) + f"?moves={a_wrong_move(puzzle)}")
    assert "The puzzle is failed" in tried.content.decode()
    attempt = PuzzleAttempt.objects.get(user=ann)
    assert not attempt.solved and attempt.rating_after < 1500
    before = ratings(ann, puzzle)
    assert solve(client, puzzle).status_code == 409  # the winning line, too late
    again = client.get(url(puzzle) + f"?moves={a_wrong_move(puzzle)}")
    assert again.status_code == 200 and "The puzzle is failed" in again.content.decode()
    assert ratings(ann, puzzle) == before and PuzzleAttempt.objects.count() == 1


def test_the_winning_line_in_the_address_is_a_rated_solve_once(ann, client_of):
    puzzle = catalogue.puzzles(SLUG)[6]
    client = client_of(ann)
    line = "+".join(puzzle.line)
    assert "Solved." in client.get(url(puzzle) + f"?moves={line}").content.decode()
    assert client.get(url(puzzle) + f"?moves={line}").status_code == 200
    assert PuzzleAttempt.objects.get(user=ann).solved
    assert PuzzleRating.objects.get(user=ann).plays == 1


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")])
def test_a_failed_puzzle_reads_in_the_readers_language(client):
    """The goal, the verdict, the themes and where the puzzle comes from, through the
    catalogues: the themes are English in the data."""
    puzzle = catalogue.puzzles(SLUG)[1]
    wrong = {"move": a_wrong_move(puzzle)}
    html = client.post(f"{url(puzzle)}?lang=en-xa", wrong, **HTMX).content.decode()
    assert escape(pseudo("That is not the move that wins here.")) in html
    assert "The puzzle is failed" not in html and "[Ñöţ ţĥàţ: " in html
    for theme in puzzle.themes:
        assert pseudo(theme) in html
    with translation.override("en"):
        assert solving.goal_words(puzzle) not in html and "self-play seed" not in html


def test_a_puzzles_page_keeps_its_themes_apart_from_the_looks_chooser():
    """The page names the puzzle's themes; the chooser at every page's foot lists the site's:
    neither hides the other (a page answered 500 when they shared a name)."""
    puzzle = next(p for p in catalogue.puzzles("empress") if p.themes)
    page = Client().get(f"/puzzles/empress/{puzzle.id}/")
    assert page.status_code == 200
    assert 'id="theme-choice"' in page.content.decode()
