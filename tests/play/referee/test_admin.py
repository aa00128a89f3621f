import pytest

from play.round import moves

pytestmark = pytest.mark.django_db


def test_admin_shows_games_with_seats_results_and_a_read_only_move_log(
    active_game, ann, bob, admin_client
):
    moves.submit(active_game.public_id, ann, "d3d4", 0)
    html = admin_client.get("/admin/play/game/").content.decode()
    assert active_game.public_id in html and "ann vs bob" in html
    html = admin_client.get(f"/admin/play/game/{active_game.pk}/change/").content.decode()
    assert "Sd4" in html and "d3d4" in html and "rnbqkbnr/pppppppp/8/8/3S4" in html
    assert 'name="moves-0-text"' not in html  # nothing editable in the log


def test_admin_shows_notifications_with_every_delivery_attempt(active_game, ann, admin_client):
    note = ann.notifications.get()
    html = admin_client.get(f"/admin/play/notification/{note.pk}/change/").content.decode()
    assert "has begun" in html and "in-app" in html and "no email address" in html


def test_the_games_list_shows_fifty_a_page_and_reaches_every_game(ann, admin_client):
    from play.games import games

    made = {games.create(ann, "empress", "white", "seek").public_id for _ in range(55)}
    first = admin_client.get("/admin/play/game/")
    second = admin_client.get("/admin/play/game/", {"p": 2})
    rows = [first.context["cl"].result_list, second.context["cl"].result_list]
    assert [len(r) for r in rows] == [50, 5]
    assert {g.public_id for r in rows for g in r} == made
    assert first.context["cl"].full_result_count is None  # the whole site is not counted


def test_the_games_list_names_each_game_and_sorts_by_it(ann, admin_client):
    from play.games import games

    for slug in ("imperial-chess", "empress", "empire-chess"):
        games.create(ann, slug, "white", "seek")
    response = admin_client.get("/admin/play/game/", {"o": "2"})  # the game's column
    assert [g.game_slug for g in response.context["cl"].result_list] == [
        "empire-chess",
        "empress",
        "imperial-chess",
    ]
    html = response.content.decode()
    assert all(f">{name}</td>" in html for name in ("Empire Chess", "Empress", "Imperial Chess"))
