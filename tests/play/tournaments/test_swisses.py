"""A Swiss's life: made, joined, its rounds paired by the Dutch system and begun as its
pacing says, byes and absences scored, ranked with its tiebreaks, ended."""

from datetime import timedelta

import pytest

from play.common.errors import Refused
from play.games import games
from play.models import Game, Notification, Pairing, Participant, Profile, Tournament
from play.referee import disputes
from play.tournaments import entries, schedule, swisses

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 3, "increment": 2}
DAYS = {"kind": "days", "days": 2}


def make(ann, clock, **fields):
    values = dict(name="Swiss Empress", game_slug="empress", time_control=LIVE, rounds=3,
                  pacing="auto", starts_at=clock() + timedelta(minutes=5))  # fmt: skip
    return swisses.create(ann, **(values | fields))


def begun(swiss, users, clock):
    """The players join, the hour comes: the tournament begins with its first round."""
    for user in users:
        entries.join(swiss, user)
    clock.advance(seconds=(swiss.starts_at - clock()).total_seconds())
    schedule.sweep(clock())
    swiss.refresh_from_db()
    return swiss


def white_wins(swiss):
    """Every game in play ends: Black resigns."""
    for game in Game.objects.filter(tournament=swiss, status="active"):
        games.resign(game, game.player(1))


def next_round(swiss, clock):
    """The sweeper sees the round over, waits the pause, and pairs the next."""
    schedule.sweep(clock())
    clock.advance(seconds=21)
    schedule.sweep(clock())
    swiss.refresh_from_db()


def table(swiss):
    return {p.user.username: p for p in Participant.objects.filter(tournament=swiss)}


@pytest.mark.parametrize(
    "fields, said",
    [
        ({"rounds": 2}, "from 3 to 15 rounds"),
        ({"rounds": 16}, "from 3 to 15 rounds"),
        ({"pacing": "weekly"}, "by the organiser"),
        ({"time_control": DAYS, "pacing": "auto"}, "daily or when the organiser"),
        ({"pacing": "interval"}, "interval between rounds"),
        ({"time_control": {}}, "played on a clock"),
        ({"starts_at": None}, None),
    ],
)
def test_a_swiss_that_cannot_be_played_is_refused_whole(ann, clock, fields, said):
    if said is None:
        fields = {"starts_at": clock() + timedelta(days=61)}
        said = "60 days"
    with pytest.raises(Refused, match=said):
        make(ann, clock, **fields)
    assert not Tournament.objects.exists()


def test_three_rounds_with_a_bye_each_scored_and_ranked(ann, players, clock):
    users = players(5)
    swiss = begun(make(ann, clock), users, clock)
    assert swiss.status == "started" and swiss.round_number == 1
    first = Pairing.objects.filter(tournament=swiss, round=1)
    assert first.count() == 3 and first.filter(black=None).count() == 1
    met = set()
    for number in (1, 2, 3):
        rows = Pairing.objects.filter(tournament=swiss, round=number)
        for row in rows.exclude(black=None):
            pair_ = frozenset((row.white_id, row.black_id))
            assert pair_ not in met  # nobody meets the same opponent twice
            met.add(pair_)
        white_wins(swiss)
        next_round(swiss, clock)
    assert swiss.status == "finished" and swiss.round_number == 3
    byes = list(Pairing.objects.filter(tournament=swiss, black=None).values_list("white_id"))
    assert len(byes) == 3 and len(set(byes)) == 3  # a bye each, never twice
    everyone = table(swiss)
    assert sum(p.score for p in everyone.values()) == 3 * 2 + 3  # games and byes
    for p in everyone.values():
        assert len(p.sheet) == 3 and p.games + sum(m == "bye" for _, m in p.sheet) == 3
        beaten = buchholz = 0.0
        for row in Pairing.objects.filter(tournament=swiss).exclude(black=None):
            if p.user_id in (row.white_id, row.black_id):
                other = row.black_id if row.white_id == p.user_id else row.white_id
                theirs = Participant.objects.get(tournament=swiss, user_id=other).score
                buchholz += theirs
                beaten += theirs if row.white_id == p.user_id else 0  # White won every game
        assert (p.sonneborn_berger, p.buchholz) == (beaten, buchholz)
    assert Notification.objects.filter(text__contains="has ended: you finished").count() == 5
    assert Notification.objects.filter(text__contains="you have a bye").count() == 3


def test_late_joining_until_half_the_rounds_have_begun(ann, players, clock):
    users = players(6)
    swiss = begun(make(ann, clock, rounds=4), users[:4], clock)
    white_wins(swiss)
    entries.join(swiss, users[4])  # round 1 of 4 begun: welcome
    next_round(swiss, clock)
    assert swiss.round_number == 2
    late = table(swiss)["p04"]
    assert late.sheet[0] == ["–", "absent"] and late.score == 0
    assert Pairing.objects.filter(tournament=swiss, round=2).count() == 3  # one a bye
    with pytest.raises(Refused, match="Half the rounds have begun"):
        entries.join(swiss, users[5])
    assert not Participant.objects.filter(user=users[5]).exists()


def test_a_paused_player_is_absent_and_comes_back(ann, players, clock):
    users = players(4)
    swiss = begun(make(ann, clock), users, clock)
    white_wins(swiss)
    entries.pause(swiss, users[0])
    next_round(swiss, clock)
    paired = Pairing.objects.filter(tournament=swiss, round=2)
    assert users[0].pk not in {u for p in paired for u in (p.white_id, p.black_id)}
    white_wins(swiss)
    entries.join(swiss, users[0])
    next_round(swiss, clock)
    assert table(swiss)["p00"].sheet[1] == ["–", "absent"]
    paired = Pairing.objects.filter(tournament=swiss, round=3)
    assert users[0].pk in {u for p in paired for u in (p.white_id, p.black_id)}


def test_a_game_not_begun_is_lost_and_the_player_withdrawn(ann, players, clock):
    users = players(4)
    swiss = begun(make(ann, clock), users, clock)
    game = Game.objects.filter(tournament=swiss).first()
    idle = game.player(game.turn)
    clock.advance(seconds=21)
    schedule.lapse_unbegun(clock())
    game.refresh_from_db()
    assert game.reason == "no-start" and game.player(game.winner) != idle
    assert table(swiss)[idle.username].withdrawn
    white_wins(swiss)
    next_round(swiss, clock)
    paired = Pairing.objects.filter(tournament=swiss, round=2)
    assert idle.pk not in {u for p in paired for u in (p.white_id, p.black_id)}
    with pytest.raises(Refused, match="withdrawn"):
        entries.join(swiss, idle)


def test_a_correspondence_game_never_begun_withdraws_its_player(ann, players, clock):
    swiss = begun(make(ann, clock, time_control=DAYS, pacing="daily"), players(2), clock)
    (game,) = Game.objects.filter(tournament=swiss)
    idle = game.player(game.turn)
    clock.advance(days=3)
    games.flag(game)  # vacation honoured: a day of it spent
    assert Game.objects.get(pk=game.pk).status == "active"
    Profile.objects.filter(user=idle).update(vacation_days=0)
    clock.advance(days=1)
    games.flag(game)
    game.refresh_from_db()
    assert game.reason == "timeout" and game.player(game.winner) != idle
    assert table(swiss)[idle.username].withdrawn


def test_the_organiser_starts_the_rounds_of_a_manual_swiss(ann, bob, players, clock):
    swiss = begun(make(ann, clock, time_control=DAYS, pacing="manual"), players(4), clock)
    assert swiss.round_number == 1  # the first round begins at the hour
    with pytest.raises(Refused, match="still being played"):
        swisses.start_round(swiss, by=ann)
    white_wins(swiss)
    clock.advance(days=2)
    schedule.sweep(clock())
    assert Tournament.objects.get(pk=swiss.pk).round_number == 1  # waits for the organiser
    with pytest.raises(Refused, match="Only the organiser"):
        swisses.start_round(swiss, by=bob)
    swisses.start_round(swiss, by=ann)
    assert Tournament.objects.get(pk=swiss.pk).round_number == 2


def test_daily_rounds_begin_at_the_tournaments_hour_after_the_last_round(ann, clock):
    swiss = make(ann, clock, time_control=DAYS, pacing="daily")
    hour = swiss.starts_at.replace(second=0, microsecond=0)
    assert swisses.next_round_time(swiss, hour + timedelta(days=3, hours=1)) == hour + timedelta(
        days=4
    )
    assert swisses.next_round_time(swiss, hour + timedelta(days=3, hours=-1)) == hour + timedelta(
        days=3
    )


def test_a_ruling_during_a_round_changes_the_points_and_the_tiebreaks(ann, players, clock, referee):
    users = players(4)
    swiss = begun(make(ann, clock), users, clock)
    game, other = Game.objects.filter(tournament=swiss)
    games.resign(game, game.player(1))
    winner, loser = game.player(0), game.player(1)
    assert table(swiss)[winner.username].score == 1
    dispute = disputes.report(game, loser, "misclick", "I clicked resign by mistake.")
    disputes.rule(dispute, referee, "result", "A draw, agreed.", winner=None)
    assert table(swiss)[winner.username].score == table(swiss)[loser.username].score == 0.5
    games.resign(other, other.player(1))
    assert table(swiss)[winner.username].buchholz == 0.5


def test_the_report_file_holds_every_round_for_another_engine(ann, players, clock, client):
    swiss = begun(make(ann, clock), players(5), clock)
    white_wins(swiss)
    answer = client.get(f"/t/{swiss.public_id}/report.trf")
    text = answer.content.decode()
    assert answer.status_code == 200 and "attachment" in answer["Content-Disposition"]
    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert len(lines) == 5
    assert sum(" 1 " in line or line.rstrip().endswith(("1", "U")) for line in lines) >= 3
    assert "XXR 3" in text
