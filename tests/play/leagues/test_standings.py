"""A group's table from its results: the tiebreaks in their order."""

from play.leagues.standings import Result, movements, table


def ranks(lines):
    return [line.player for line in lines]


def test_points_then_sonneborn_berger():
    # 1 beats 2, 2 beats 3, 3 beats 1: all on 1 point and SB 1; 4 loses to 1, 2 and draws 3.
    results = [
        Result(1, 2, 1), Result(2, 3, 1), Result(3, 1, 1),
        Result(4, 1, 0), Result(4, 2, 0), Result(4, 3, 0.5),
    ]  # fmt: skip
    lines = table([1, 2, 3, 4], results)
    points = {line.player: line.points for line in lines}
    assert points == {1: 2, 2: 2, 3: 1.5, 4: 0.5}
    sb = {line.player: line.sonneborn for line in lines}
    # 1 beat 2 (2 points) and 4 (0.5): 2.5; 2 beat 3 (1.5) and 4 (0.5): 2.
    assert sb[1] == 2.5 and sb[2] == 2.0
    assert ranks(lines) == [1, 2, 3, 4]
    assert [line.rank for line in lines] == [1, 2, 3, 4]


def test_a_tie_on_everything_is_broken_by_the_seed():
    # 1 and 2 draw each other, each beats one of 3, 4 and loses to the other.
    results = [
        Result(1, 2, 0.5), Result(1, 3, 1), Result(1, 4, 0),
        Result(2, 3, 0), Result(2, 4, 1), Result(3, 4, 0.5),
    ]  # fmt: skip
    lines = {line.player: line for line in table([1, 2, 3, 4], results)}
    assert lines[1].points == lines[2].points == 1.5
    assert lines[1].sonneborn == lines[2].sonneborn
    # Drawn between them: wins equal (1 each), so the seed decides.
    assert lines[1].rank < lines[2].rank


def test_head_to_head_breaks_a_tie_on_points_sonneborn_and_wins():
    # 1 and 2 both on 1½ points, SB 2 and one win; 2 beat 1, so 2 is placed above.
    results = [
        Result(1, 2, 0), Result(1, 3, 1), Result(1, 4, 0), Result(1, 5, 0.5),
        Result(2, 3, 0.5), Result(2, 4, 0), Result(2, 5, 0), Result(3, 4, 0),
        Result(3, 5, 0.5), Result(4, 5, 1),
    ]  # fmt: skip
    lines = {line.player: line for line in table([1, 2, 3, 4, 5], results)}
    assert (lines[1].points, lines[1].sonneborn, lines[1].wins) == (1.5, 2.0, 1)
    assert (lines[2].points, lines[2].sonneborn, lines[2].wins) == (1.5, 2.0, 1)
    assert lines[2].rank == 3 and lines[1].rank == 4
    assert ranks(table([1, 2, 3, 4, 5], results)) == [4, 5, 2, 1, 3]


def test_a_game_in_play_counts_for_nothing():
    lines = {line.player: line for line in table([1, 2], [Result(1, 2, None)])}
    assert lines[1].played == lines[2].played == 0
    assert lines[1].rank == 1  # by seed


def test_movements_never_send_a_player_both_ways():
    assert movements(10, 2, 5) == [1, 1, 0, 0, 0, -1, -1, -1, -1, -1]
    assert movements(2, 2, 2) == [1, 1]
    assert movements(3, 1, 1) == [1, 0, -1]
    assert movements(4, 0, 1) == [0, 0, 0, -1]
