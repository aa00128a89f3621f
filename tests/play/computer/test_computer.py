"""Playing the computer through the site: a game started from the form, the worker moving
through the move service, every game played to its end, the setup of Imperial Shuffle, a
worker that dies mid-think, a takeback, the clock, and what the computer never does (take a
draw, get notices)."""

import random
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command

import rules
from play.common import clocks
from play.common.errors import Refused
from play.computer import opponents, turns
from play.games import games
from play.games.games import rebuild
from play.models import ArchivedMove, Computer, Game, Notification, Offer
from play.round import moves

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def form(**fields):
    return {"level": "3", "game": "empress", "side": "white", "time_control": "none", **fields}


def against(user, slug="empress", level=1, side="white", options=None, time_control=None):
    return opponents.start(user, slug, level, side, options, time_control)


def human_move(game: Game, user, rng: random.Random) -> str:
    game.refresh_from_db()
    state = rules.get(game.game_slug).resume(
        [game.initial_position, *game.moves.values_list("position_after", flat=True)],
        game.options,
    )
    move = rng.choice(sorted(rules.get(game.game_slug).legal_moves(state)))
    moves.submit(game.public_id, user, move, game.ply)
    return move


def test_the_form_starts_a_game_with_the_computer_at_once(ann, client_of):
    response = client_of(ann).post("/computer/", form(level="5", side="black"))
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.ACTIVE
    assert game.computer_seat == 0 and game.player(1) == ann
    assert game.player(0).username == "Imperia level 5"
    assert opponents.level_of(game.player(0)) == 5 and opponents.level_of(ann) is None
    page = client_of(ann).get(game.get_absolute_url()).content.decode()
    assert "Unrated: a game against the computer" in page
    assert "The computer is thinking" in page  # White, the computer, moves first


@pytest.mark.parametrize(
    "fields, problem",
    [
        ({"level": "9"}, "Enter a whole number from 1 to 8"),
        ({"level": "٣"}, "Enter a whole number from 1 to 8"),
        ({"level": ""}, "This field is required"),
        ({"game": "chess"}, "Select a valid choice"),
        ({"game": "empire", "width": "7"}, "Width: Enter a whole number from 8 to 40"),
        ({"time_control": "live", "minutes": "999"}, "Enter a whole number from 1 to 180"),
    ],
)
def test_a_bad_choice_is_refused_with_the_form_as_chosen(ann, client_of, fields, problem):
    response = client_of(ann).post("/computer/", form(**fields))
    assert response.status_code == 400
    assert problem in response.content.decode()
    assert not Game.objects.exists()


def test_the_address_can_choose_the_game_and_the_level(ann, client_of, client):
    page = client_of(ann).get("/computer/?game=empire&level=6").content.decode()
    assert '<option value="empire" selected>' in page
    assert '<option value="6" selected>' in page
    # A visitor is shown the same choices, to play as Anonymous.
    page = client.get("/computer/?game=empire&level=6").content.decode()
    assert '<option value="empire" selected>' in page and "you play as Anonymous" in page
    assert client.get("/computer/?level=99").status_code == 400
    assert client.put("/computer/").status_code == 405
    assert client.get("/computer/?level=x").status_code == 400


def test_play_the_computer_is_offered_on_the_home_page_and_every_rules_page(ann, client_of):
    assert 'action="/computer/"' in client_of(ann).get("/").content.decode()
    for game in rules.games():
        page = client_of(ann).get(f"/rules/{game.slug}/").content.decode()
        assert 'action="/computer/"' in page
        assert f'<option value="{game.slug}" selected>' in page


def test_each_level_is_a_player_whose_profile_says_what_it_is(ann, client_of, client):
    for level in (1, 8):
        user = opponents.player(level)
        page = client_of(ann).get(f"/@/{user.username}/").content.decode()
        assert "is a computer opponent" in page
        assert "Empire Chess: Fairy-Stockfish" in page or level == 1
        assert f'<option value="{level}" selected>' in page
        assert not user.has_usable_password()
    assert "Imperia level 8" in client.get("/computer/").content.decode()


def test_each_levels_measured_rating_is_on_its_profile_and_the_computer_page(
    ann, client, measured_levels
):
    measured_levels({"empress": {1: 400, 3: 1350}})
    profile = client.get(f"/@/{opponents.player(3).username}/").content.decode()
    assert "Empress: " in profile and "Measured rating 1350 (95 % between 1250 and 1450" in profile
    assert "Empire: " in profile and "Rating not measured yet." in profile
    page = client.get("/computer/").content.decode()
    assert "level 1, which plays at random, stands at 400" in page
    assert "Rating 400, where the scale is anchored (over 50 games)" in page
    assert page.count("Measured rating 1350") == 1 and page.count("not measured yet") == 38


def test_each_levels_step_over_the_level_below_says_whether_it_is_decided(client, measured_levels):
    ratings = {1: 400, 2: 900, 3: 1200, 4: 1500}
    measured_levels({"empire": ratings}, steps={"empire": {2: "H1", 3: "H0", 4: None}})
    page = client.get("/computer/").content.decode()
    assert "Shown stronger than level 1: 61 % against it over 80 games" in page
    assert "Not shown stronger than level 2: 61 % against it over 80 games" in page
    assert "Its step over level 3 is still being measured: 61 % against it over 80 games" in page
    assert page.count("level 4: 61 %") == 0  # no step recorded for level 5: nothing said


def test_a_challenge_from_the_computers_profile_starts_the_game(ann, client_of):
    user = opponents.player(2)
    fields = {"game": "empress", "side": "white", "time_control": "none", "listing": "invite"}
    response = client_of(ann).post(f"/@/{user.username}/challenge/", fields)
    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.ACTIVE and game.computer_seat == 1


def test_the_worker_answers_a_move_through_the_move_service(ann):
    game = against(ann, level=3)
    assert turns.work() is None  # the player moves first: nothing to do
    moves.submit(game.public_id, ann, "Q@d4", 0)
    assert turns.work() == "moved"
    game.refresh_from_db()
    assert game.ply == 2 and game.turn == 0
    assert list(game.moves.values_list("seat", flat=True)) == [0, 1]
    rebuild(game)  # the hash chain and positions hold
    assert turns.work() is None
    # Nobody is told: the computer reads no notices, and its answer is what the player waits
    # for at the board.
    assert not Notification.objects.filter(user=game.player(1)).exists()
    assert not Notification.objects.filter(user=ann, kind="your-turn").exists()


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_a_game_against_the_computer_is_played_to_its_end(ann, slug):
    options = {"width": 8, "height": 8} if slug == "empire" else None
    game = against(ann, slug, level=4 if slug == "empire" else 2, options=options)
    rng = random.Random(slug)
    if game.status == Game.Status.SETUP:
        from play.games import setup

        setup.submit(game, ann)
        assert turns.work() == "arranged"
    for _ in range(2000):
        game.refresh_from_db()
        if game.is_over:
            break
        if game.turn == game.computer_seat:
            assert turns.work() == "moved"
        elif slug == "empire" and game.ply > 30:
            moves.submit(game.public_id, ann, "pass", game.ply)  # a won game ends on a pass
        else:
            human_move(game, ann, rng)
    assert game.status == Game.Status.FINISHED, (slug, game.ply)
    rebuild(game)
    plies = list(game.moves.values_list("ply", flat=True))
    assert plies == list(range(1, game.ply + 1))


def test_imperial_shuffle_the_side_chosen_is_the_side_that_moves_first(ann, bob):
    from play.games import setup

    # As the first player: the computer waits for the player's arrangement, then arranges.
    first = against(ann, "imperial-shuffle", side="white")
    assert first.status == Game.Status.SETUP and turns.work() is None
    setup.submit(first, ann)
    assert turns.work() == "arranged"
    first.refresh_from_db()
    assert first.status == Game.Status.ACTIVE and first.turn == 0
    # As the second player: the computer has arranged already when the page is drawn.
    second = against(bob, "imperial-shuffle", side="black")
    assert second.seats.get(index=0).submitted_at is not None
    setup.submit(second, bob)
    second.refresh_from_db()
    assert second.status == Game.Status.ACTIVE and second.turn == 0
    assert turns.work() == "moved"


def test_a_worker_that_dies_mid_think_leaves_the_game_to_the_next(ann):
    game = against(ann, level=2)
    moves.submit(game.public_id, ann, "Q@d4", 0)
    claimed = turns.claim()  # a worker claims the game, then dies before it moves
    assert claimed is not None and claimed[0] == game.pk
    assert turns.work() is None  # its claim holds for a while: nobody moves twice
    later = clocks.now() + turns.LEASE + timedelta(seconds=1)
    assert turns.work(later) == "moved"
    game.refresh_from_db()
    assert game.ply == 2 and game.computer_claim == ""


def test_the_command_moves_in_every_game_waiting_for_the_computer(ann, bob):
    waiting = [against(user, level=1) for user in (ann, bob)]
    for game, user in zip(waiting, (ann, bob), strict=True):
        moves.submit(game.public_id, user, "Q@a1", 0)
    call_command("bots", "--once")
    assert [Game.objects.get(pk=g.pk).ply for g in waiting] == [2, 2]


def test_a_failing_think_leaves_the_claim_to_lapse_and_others_go_on(ann, bob, monkeypatch):
    broken, fine = against(ann, level=1), against(bob, level=1)
    for game, user in ((broken, ann), (fine, bob)):
        moves.submit(game.public_id, user, "Q@a1", 0)
    real_act = turns.act

    def act(pk):
        if pk == broken.pk:
            raise RuntimeError("the engine died")
        return real_act(pk)

    monkeypatch.setattr(turns, "act", act)
    with pytest.raises(CommandError, match="could not act in 1 game"):
        call_command("bots", "--once")
    broken.refresh_from_db()
    assert broken.ply == 1 and broken.computer_claimed_until is not None
    assert Game.objects.get(pk=fine.pk).ply == 2


def test_a_takeback_takes_back_the_players_move_and_the_answer(ann, client_of):
    game = against(ann, level=2)
    moves.submit(game.public_id, ann, "Q@d4", 0)
    turns.work()
    answered = Game.objects.get(pk=game.pk)
    response = client_of(ann).post(f"/g/{game.public_id}/takeback/", **HTMX)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.ply == 0 and game.turn == 0 and game.revision > answered.revision
    assert game.position == game.initial_position
    archived = ArchivedMove.objects.filter(game=game).order_by("ply")
    assert [(m.ply, m.ruling_id) for m in archived] == [(1, None), (2, None)]
    rebuild(game)
    # And play goes on from there, the hash chain whole.
    moves.submit(game.public_id, ann, "Q@e5", 0)
    turns.work()
    game.refresh_from_db()
    assert game.ply == 2
    rebuild(game)


def test_a_move_chosen_before_a_takeback_is_refused(ann):
    game = against(ann, level=2)
    moves.submit(game.public_id, ann, "Q@d4", 0)
    thinking_on = Game.objects.get(pk=game.pk)  # what a worker read as it began to think
    opponents.take_back(game, ann)
    moves.submit(game.public_id, ann, "Q@h8", 0)  # the same ply comes back, another position
    with pytest.raises(moves.StaleMove):
        moves.submit(game.public_id, thinking_on.player(1), "Q@h1", 1, thinking_on.revision)
    game.refresh_from_db()
    assert game.ply == 1 and list(game.moves.values_list("text", flat=True)) == ["Q@h8"]


def test_a_takeback_is_refused_where_it_does_not_belong(ann, bob, client_of, active_game):
    with pytest.raises(Refused, match="only in games against the computer"):
        opponents.take_back(active_game, ann)
    game = against(bob, side="black", level=1)  # the computer moved first: bob has no move
    turns.work()
    with pytest.raises(Refused, match="no move of yours to take back"):
        opponents.take_back(game, bob)
    with pytest.raises(Refused, match="Only the players"):
        opponents.take_back(game, ann)
    response = client_of(ann).post(f"/g/{active_game.public_id}/takeback/", **HTMX)
    assert response.status_code == 400  # between people a takeback is asked for (an action)
    assert active_game.moves.count() == 0 and not ArchivedMove.objects.exists()


def test_the_computer_takes_no_draw_and_every_rematch(ann, client_of):
    game = against(ann, level=1)
    response = client_of(ann).post(f"/g/{game.public_id}/draw/", {"action": "offer"}, **HTMX)
    assert response.status_code == 409 and "takes no draws" in response.content.decode()
    assert not Offer.objects.exists()
    games.resign(game, ann)
    client_of(ann).post(f"/g/{game.public_id}/rematch/", {"action": "offer"}, **HTMX)
    rematch = Offer.objects.get(game=game).result_game
    assert rematch.status == Game.Status.ACTIVE
    assert rematch.player(1) == ann and rematch.computer_seat == 0  # sides swapped
    # Asking again goes to the same rematch.
    client_of(ann).post(f"/g/{game.public_id}/rematch/", {"action": "offer"}, **HTMX)
    assert Game.objects.count() == 2


def test_on_a_live_clock_the_computer_thinks_within_what_it_has_left(ann):
    game = against(ann, level=8, time_control={"kind": "live", "minutes": 1, "increment": 0})
    moves.submit(game.public_id, ann, "Q@d4", 0)
    game.refresh_from_db()
    assert turns.budget_ms(game) <= 60_000 / 30 + 1
    game.clocks[1] = 0.5  # half a second left
    game.deadline = clocks.now() + timedelta(seconds=0.5)
    game.save()
    assert turns.budget_ms(game) <= 200
    assert turns.work() == "moved"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.clocks[1] > 0
    correspondence = against(ann, level=8, time_control={"kind": "days", "days": 1})
    assert turns.budget_ms(correspondence) is None  # the level's own budget


def test_a_page_waiting_for_the_computer_asks_whether_anything_changed(ann, client_of):
    game = against(ann, side="black", level=1)
    page = client_of(ann).get(game.get_absolute_url()).content.decode()
    assert f"/g/{game.public_id}/live/?since={game.revision}" in page
    url = f"/g/{game.public_id}/live/?since="
    assert client_of(ann).get(url + str(game.revision)).status_code == 204
    turns.work()
    answer = client_of(ann).get(url + str(game.revision))
    assert answer.status_code == 200 and "Your turn." in answer.content.decode()
    assert client_of(ann).get(url + "x").status_code == 400
    assert client_of(ann).get(url + "9" * 40).status_code == 400


def test_the_computers_players_have_no_password_and_are_made_when_missing(django_user_model):
    Computer.objects.all().delete()
    django_user_model.objects.filter(username__startswith="Imperia level").delete()
    user = opponents.player(4)
    assert user.username == "Imperia level 4" and opponents.level_of(user) == 4
    assert opponents.player(4) == user
    with pytest.raises(Refused):
        opponents.player(9)
