"""An arena player's score, as lichess counts it."""

from play.tournaments.sheets import Played, on_fire, sheet

WIN, DRAW, LOSS = (Played(1, 40, 20), Played(0.5, 40, 20), Played(0, 40, 20))


def points(played):
    return [s.points for s in sheet(played)]


def test_a_streak_doubles_until_a_game_is_not_won():
    # lichess's own example: two wins and a draw make 2 + 2 + 2.
    assert points([WIN, WIN, DRAW]) == [2, 2, 2]
    assert points([WIN, WIN, WIN, WIN, LOSS, WIN, WIN, WIN]) == [2, 2, 4, 4, 0, 2, 2, 4]
    assert [s.on_fire for s in sheet([WIN, WIN, WIN, DRAW, WIN])] == [0, 0, 1, 1, 0]


def test_a_draw_under_ten_plies_scores_nothing_and_breaks_the_streak():
    quick = Played(0.5, 9, 4)
    assert points([quick, Played(0.5, 10, 5)]) == [0, 1]
    assert points([WIN, WIN, quick, WIN]) == [2, 2, 0, 2]


def test_a_berserk_win_of_seven_moves_scores_one_more():
    assert points([Played(1, 14, 7, berserk=True)]) == [3]
    assert points([Played(1, 13, 6, berserk=True)]) == [2]  # too quick
    assert points([Played(0.5, 40, 20, berserk=True)]) == [1]  # only a win
    assert points([WIN, WIN, Played(1, 30, 15, berserk=True)]) == [2, 2, 5]


def test_whether_the_next_game_counts_double():
    assert not on_fire([WIN])
    assert on_fire([LOSS, WIN, WIN])
    assert not on_fire([WIN, WIN, DRAW])
