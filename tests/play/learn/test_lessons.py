"""The lessons as data: every exercise's solution, played through the rules, meets its goal;
every section of each game's rules is taught, in the rules' order; and a try goes as the
engine of lessons says (a wrong move explained and the exercise started again, stars by par
and tries)."""

import re
from pathlib import Path

import pytest

import rules
from play.learn import lessons

SLUGS = [g.slug for g in rules.games()]
EXERCISES = [(slug, key) for slug in SLUGS for key in lessons.keys(slug)]
BINDING = Path(__file__).resolve().parents[4] / "shared" / "rules"


def test_every_game_has_lessons():
    assert set(SLUGS) == lessons.GAMES


@pytest.mark.parametrize("slug, key", EXERCISES)
def test_every_solution_meets_its_goal(slug, key):
    exercise = lessons.exercise(slug, key)
    tried = lessons.attempt(slug, exercise, list(exercise.solution))
    assert not tried.wrong, tried.wrong
    assert tried.done and tried.stars == 3
    assert exercise.hints and exercise.par >= 1


@pytest.mark.parametrize("slug, key", EXERCISES)
def test_no_exercise_is_met_before_the_learner_moves(slug, key):
    exercise = lessons.exercise(slug, key)
    assert not lessons.attempt(slug, exercise, []).done


@pytest.mark.parametrize("slug", SLUGS)
def test_every_section_of_the_rules_is_taught_in_order(slug):
    sections, not_taught = lessons.sections(slug)
    taught = [section for lesson in lessons.lessons(slug) for section in lesson.sections]
    assert set(taught) <= set(sections), set(taught) - set(sections)
    for section in sections:
        assert section in taught or not_taught.get(section), f"{section} is not taught"
    assert not set(not_taught) & set(taught)
    firsts = [sections.index(lesson.sections[0]) for lesson in lessons.lessons(slug)]
    assert firsts == sorted(firsts), "lessons follow the rules' order"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_sections_are_the_binding_documents(slug):
    document = BINDING / f"{slug}.md"
    if not document.exists():
        pytest.skip("the binding rules are beside the repository, not in it")
    headings = re.findall(r"^## (.+)$", document.read_text(), re.MULTILINE)
    assert lessons.sections(slug)[0] == headings


def test_an_illegal_move_is_explained_in_the_rules_words_and_the_exercise_starts_again():
    exercise = lessons.exercise("empress", "field/1")
    tried = lessons.attempt("empress", exercise, ["b6f6"])
    assert tried.wrong == "The Queen on f6 stands in its Empress's field and cannot be captured."
    assert not tried.moves and not tried.done
    assert rules.get("empress").format(tried.state) == exercise.position


def test_a_legal_move_off_the_line_is_explained_and_the_exercise_starts_again():
    exercise = lessons.exercise("imperial-shuffle", "push/2")
    tried = lessons.attempt("imperial-shuffle", exercise, ["NW"])
    assert tried.wrong.startswith("That push kills nothing") and not tried.moves
    opening = lessons.exercise("empress", "opening/1")
    tried = lessons.attempt("empress", opening, ["Q@d4", "Q@e4", "Q@d5", "d4d6"])
    assert "three Queens each, then the Empresses" in tried.wrong


def test_the_opponent_answers_as_scripted_and_passes_where_nothing_is():
    opening = lessons.exercise("empress", "opening/1")
    tried = lessons.attempt("empress", opening, ["Q@b3"])
    assert tried.moves == ["Q@b3", "Q@a8"] and not tried.done
    moving = lessons.exercise("empress", "moving/1")
    tried = lessons.attempt("empress", moving, ["d4d7"])
    assert tried.moves == ["d4d7"] and rules.get("empress").to_move(tried.state) == 0


def test_stars_follow_the_par_and_the_tries_before():
    moving = lessons.exercise("empress", "moving/1")
    assert lessons.attempt("empress", moving, ["d4d7", "d7g4"]).stars == 3
    assert lessons.attempt("empress", moving, ["d4d7", "d7g4"], mistakes=1).stars == 2
    slow = ["d4d5", "d5d6", "d6d7", "d7g4"]
    assert lessons.attempt("empress", moving, slow).stars == 2
    slower = ["d4d5", "d5d6", "d6d5", "d5d6", "d6d7", "d7g4"]
    assert lessons.attempt("empress", moving, slower).stars == 1
    assert lessons.attempt("empress", moving, slower, mistakes=5).stars == 1


def test_a_move_that_cannot_be_read_is_a_slip_and_the_try_goes_on():
    moving = lessons.exercise("empress", "moving/1")
    tried = lessons.attempt("empress", moving, ["d4d5", "zz9"])
    assert tried.slip.startswith("Could not read 'zz9'") and not tried.wrong
    assert tried.moves == ["d4d5"] and not tried.done
    board = lessons.exercise("empire", "placing/1")
    tried = lessons.attempt("empire", board, ["c3", "zz9"])
    assert tried.slip == "zz9 is not a point of this 8×8 board." and tried.moves == ["c3"]
