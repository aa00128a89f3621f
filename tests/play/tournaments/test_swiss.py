"""A Swiss round paired by the FIDE Dutch system (py4swiss), from the TRF the tournament
writes of itself."""

import random

from play.tournaments import swiss
from play.tournaments.swiss import BYE, Entrant, Round


def field(count):
    return [Entrant(n, f"player {n}", 2000 - 10 * n) for n in range(1, count + 1)]


def played(entrants, pairs, results):
    """Record a round: `results` gives White's score for each pair in order."""
    by_number = {e.number: e for e in entrants}
    for (white, black), score in zip(pairs, results, strict=True):
        if black == BYE:
            by_number[white].rounds.append(Round(BYE, None, 1))
            continue
        by_number[white].rounds.append(Round(black, True, score))
        by_number[black].rounds.append(Round(white, False, 1 - score))


def test_round_one_pairs_the_top_half_with_the_bottom_and_gives_the_last_a_bye():
    entrants = field(5)
    assert swiss.next_round(swiss.trf("Cup", 3, entrants)) == [(1, 3), (4, 2), (5, BYE)]


def test_a_bye_scores_one_and_is_not_given_twice():
    entrants = field(5)
    first = swiss.next_round(swiss.trf("Cup", 3, entrants))
    played(entrants, first, [1, 0.5, None])
    assert entrants[4].points == 1  # the bye
    second = swiss.next_round(swiss.trf("Cup", 3, entrants))
    byes = [white for white, black in second if black == BYE]
    assert len(byes) == 1 and byes != [5]
    paired = [p for pair in second for p in pair if p != BYE]
    assert sorted(paired) == [1, 2, 3, 4, 5]
    # Nobody meets their first-round opponent again.
    met = {frozenset(p) for p in first if BYE not in p}
    assert not any(frozenset(p) in met for p in second)


def test_an_absent_player_is_not_paired_and_their_round_scores_nothing():
    entrants = field(4)
    entrants[1].absent_next = True
    pairs = swiss.next_round(swiss.trf("Cup", 3, entrants))
    assert 2 not in {p for pair in pairs for p in pair}
    entrants[1].rounds.append(Round(BYE, None, 0, absent=True))
    assert entrants[1].points == 0
    assert " Z" in swiss.text(swiss.trf("Cup", 3, entrants))


def test_the_report_file_is_fides_and_reads_back_the_same():
    entrants = field(6)
    played(entrants, swiss.next_round(swiss.trf("Cup", 3, entrants)), [1, 0, 0.5])
    text = swiss.text(swiss.trf("Weekly Swiss", 3, entrants))
    assert text.startswith("012 Weekly Swiss\n")
    assert "XXR 3" in text
    assert text.count("\n001 ") + text.startswith("001 ") == 6


def test_five_rounds_of_forty_players_pair_everyone_each_round():
    rng = random.Random(3)
    entrants = field(40)
    for _ in range(5):
        pairs = swiss.next_round(swiss.trf("Cup", 5, entrants))
        assert sorted(p for pair in pairs for p in pair) == list(range(1, 41))
        played(entrants, pairs, [rng.choice((1, 0.5, 0)) for _ in pairs])
    assert sum(e.points for e in entrants) == 5 * 20


def test_the_first_round_worked_out_directly_is_py4swisss():
    rng = random.Random(7)
    for count in range(1, 42):
        entrants = field(count)
        for entrant in rng.sample(entrants, rng.randint(0, count // 4)):
            entrant.absent_next = True
        if all(e.absent_next for e in entrants):
            continue
        engine = swiss.next_round(swiss.trf("Cup", 5, entrants))
        assert sorted(swiss.first_round(entrants)) == sorted(engine), count
        assert swiss.pair("Cup", 5, entrants) == swiss.first_round(entrants)
