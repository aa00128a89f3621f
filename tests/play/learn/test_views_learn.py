"""The lessons' pages: an exercise played by posted moves, its stars kept for a player and, for
a visitor, in the session until they sign up; the map shows them; bad progress is refused."""

import pytest
from django.test import Client, override_settings
from django.utils.html import escape

from imperia_site.catalogues import pseudo
from play.learn import lessons, progress
from play.models import LessonStars

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
FIELD = "/learn/empress/field/1/"


def test_every_game_has_a_map_and_every_exercise_a_page(client):
    for slug in lessons.GAMES:
        page = client.get(f"/learn/{slug}/").content.decode()
        for key in lessons.keys(slug):
            assert f'href="/learn/{slug}/{key}/"' in page
            response = client.get(f"/learn/{slug}/{key}/")
            assert response.status_code == 200
            html = response.content.decode()
            assert "Goal" in html and 'id="lesson-move"' in html and "The board in words" in html
    assert client.get("/learn/").status_code == 200


def test_a_finished_exercise_keeps_its_stars_for_a_player(ann, client_of):
    client = client_of(ann)
    response = client.post(FIELD, {"move": "b6b4"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "Done, with 3 stars of 3" in html
    assert 'href="/learn/empress/field/2/"' in html  # the next exercise
    assert LessonStars.objects.get(user=ann, game_slug="empress", exercise="field/1").stars == 3
    # A worse try later keeps the best.
    client.post(f"{FIELD}?tries=2", {"move": "b6b4"}, **HTMX)
    assert LessonStars.objects.get(user=ann).stars == 3
    assert "3 stars of 3" in client.get("/learn/empress/").content.decode()


def test_a_move_that_does_not_finish_keeps_the_try_in_the_address(ann, client_of):
    response = client_of(ann).post("/learn/empress/moving/1/", {"move": "d4d7"}, **HTMX)
    html = response.content.decode()
    assert "Played: White: d4d7" in html and "moves=d4d7" in html
    assert not LessonStars.objects.exists()


def test_a_wrong_move_is_explained_and_the_exercise_starts_again(client):
    response = client.post(FIELD, {"move": "b6f6"}, **HTMX)
    html = response.content.decode()
    assert "cannot be captured" in html and "The exercise starts again" in html
    assert "tries=1" in html and "moves=" not in html


def test_a_visitors_stars_are_kept_in_the_session_then_moved_to_the_new_account():
    visitor = Client()
    visitor.post(FIELD, {"move": "b6b4"}, **HTMX)
    visitor.post("/learn/empress/moving/1/?moves=d4d5+d5d6+d6d7", {"move": "d7g4"}, **HTMX)
    assert visitor.session[progress.SESSION_KEY] == {"empress": {"field/1": 3, "moving/1": 2}}
    assert "2 stars of 3" in visitor.get("/learn/empress/").content.decode()
    visitor.post(
        "/signup/",
        {"username": "lena", "password1": "a-long-passphrase", "password2": "a-long-passphrase"},
    )
    rows = LessonStars.objects.filter(user__username="lena")
    assert dict(rows.values_list("exercise", "stars")) == {"field/1": 3, "moving/1": 2}
    assert progress.SESSION_KEY not in visitor.session


@pytest.mark.parametrize(
    "query, why",
    [
        ("moves=" + "d4d5+" * 500, "at most 2000 characters"),
        ("moves=" + "+".join(["d4d5"] * 61), "at most 60 moves"),
        ("tries=x", "tries must be a whole number"),
        ("tries=100", "tries must be a whole number from 0 to 99"),
    ],
)
def test_malformed_progress_is_refused_and_keeps_nothing(ann, client_of, query, why):
    response = client_of(ann).post(f"{FIELD}?{query}", {"move": "b6b4"}, **HTMX)
    assert response.status_code == 400 and why in response.content.decode()
    assert not LessonStars.objects.exists()


def test_moves_that_are_not_the_exercises_start_again_and_keep_nothing(ann, client_of):
    response = client_of(ann).post(f"{FIELD}?moves=b6f6+b6b4", {"move": "b6b4"}, **HTMX)
    assert response.status_code == 200 and "starts again" in response.content.decode()
    unread = client_of(ann).post(f"{FIELD}?moves=zz9+b6b4", {"move": "b6b4"}, **HTMX)
    assert unread.status_code == 400 and "Could not read" in unread.content.decode()
    assert not LessonStars.objects.exists()


def test_no_such_lesson_or_game(client):
    for path in ["/learn/chess/", "/learn/empress/nothing/1/", "/learn/empress/field/9/"]:
        assert client.get(path).status_code == 404
    assert client.put(FIELD).status_code == 405


def test_a_move_that_cannot_be_read_is_refused_and_the_try_goes_on(client):
    response = client.post("/learn/empress/moving/1/?moves=d4d5", {"move": "zz9"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 400
    assert "Could not read &#x27;zz9&#x27;" in html and "Nothing was played" in html
    assert "The exercise starts again" not in html and "tries=" not in html
    assert "moves=d4d5" in html  # the try as it stood: the next move goes on from it


@pytest.mark.parametrize(
    "query, said",
    [
        ("look=b4", "b4, Black Queen, White&#x27;s field: your move there starts from b6: click "
         "that first."),
        ("look=f6", "f6, Black Queen, Black&#x27;s field, protected: no move of yours starts or "
         "ends there now. Yours that can move: your reserve, b6, e1."),
        ("look=a2", "a2, empty: your move there starts from your reserve: click that first."),
        ("look=e1", "e1, White Empress: yours, and it can move: click it, then where it goes."),
        ("select=b6&look=a1", "a1, empty, White&#x27;s field: the piece on b6 cannot go there; "
         "where it can is marked."),
    ],
)  # fmt: skip
def test_a_square_that_is_no_target_says_what_can_be_done_there(client, query, said):
    html = client.get(f"{FIELD}?{query}", **HTMX).content.decode()
    assert said in html


def test_a_look_at_no_square_says_nothing(client):
    html = client.get(f"{FIELD}?look=z99", **HTMX).content.decode()
    assert 'class="looked"' not in html and "Your move." in html


PSEUDO = [("en", "English"), ("en-xa", "Pseudo")]


@override_settings(LANGUAGES=PSEUDO)
def test_an_exercise_reads_in_the_readers_language(client):
    """The lesson's texts (English in its TOML) are shown through the catalogues, as is why a
    move does not do: the rule's refusal from the rules, the lesson's rule in its own words."""
    field = lessons.lesson("empress", "field")
    html = client.get(f"{FIELD}?lang=en-xa").content.decode()
    for text in (field.title, field.intro, field.exercises[0].goal_text, "Goal"):
        assert escape(pseudo(text)) in html
    assert field.intro not in html
    wrong = client.post(f"{FIELD}?lang=en-xa", {"move": "b6f6"}, **HTMX).content.decode()
    assert "The exercise starts again" not in wrong and "[Ñöţ ţĥàţ: " in wrong


@override_settings(LANGUAGES=PSEUDO)
def test_the_map_of_lessons_reads_in_the_readers_language(client):
    html = client.get("/learn/empress/?lang=en-xa").content.decode()
    for lesson in lessons.lessons("empress"):
        assert escape(pseudo(lesson.title)) in html
        assert all(escape(pseudo(e.goal_text)) in html for e in lesson.exercises)
