"""The rules' words: English as they read, with the template and values a translation needs."""

import json
import pickle

import pytest

import rules
from rules import IllegalMove
from rules.said import Said, read, said, said_as


def test_said_reads_as_english_and_keeps_its_template_and_values():
    text = said("{move} is already taken.", move="p16")
    assert text == "p16 is already taken." and isinstance(text, str)
    assert text.template == "{move} is already taken." and text.values == {"move": "p16"}
    assert json.dumps({"error": text}) == '{"error": "p16 is already taken."}'
    assert {text: 1}["p16 is already taken."] == 1


def test_said_without_values_is_its_template_even_with_braces():
    text = said("A comment opened with { is not closed.")
    assert text == text.template == "A comment opened with { is not closed." and text.values == {}


def test_said_survives_pickling():
    text = said("The {piece} on {square} never captures.", piece=said("Pawn"), square="e2")
    back = pickle.loads(pickle.dumps(text))
    assert back == "The Pawn on e2 never captures."
    assert back.template == text.template and back.values == text.values
    assert isinstance(back.values["piece"], Said)


def test_a_refusal_keeps_what_was_said_words_within_it_said_too():
    game = rules.get("empire-chess")
    with pytest.raises(IllegalMove) as refused:
        game.play(game.initial(), "a1a5")
    message = refused.value.message
    assert message == str(refused.value) == "The Tower on a1 cannot move to a5."
    assert message.template == "The {piece} on {square} cannot move to {target}."
    assert isinstance(message.values["piece"], Said) and message.values["piece"] == "Tower"


@pytest.mark.parametrize("game", rules.games(), ids=lambda g: g.slug)
def test_names_and_seats_are_said_and_found_as_before(game):
    assert isinstance(game.name, Said) and all(isinstance(seat, Said) for seat in game.seats)
    assert rules.get(game.slug) is game
    assert isinstance(game.describe_options({}), str)


def test_records_name_the_game_in_english():
    game = rules.get("imperial-chess")
    record = game.export_record([], {"White": "ann", "Black": "bob"})
    assert '[Game "Imperial Chess"]' in record and '[White "ann"]' in record


@pytest.mark.parametrize(
    ("slug", "text", "template"),
    [
        ("empress", "8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] x 0 1", "The side to move is 'w' or 'b'."),
        (
            "imperial-chess",
            "12/12[] w 0 1",
            "The board needs {ranks} ranks separated by '/', not {count}.",
        ),
    ],
)
def test_a_position_refused_says_why_as_a_translation_needs(slug, text, template):
    with pytest.raises(ValueError) as refused:
        rules.get(slug).parse(text)
    assert refused.value.args[0].template == template


def test_a_record_refused_says_why_as_a_translation_needs():
    with pytest.raises(ValueError) as refused:
        rules.get("empire").import_record("(;GM[1])")
    said_it = refused.value.args[0]
    assert said_it == "GM[1] is not a Dots game (GM[40])." and said_it.values == {"game": "1"}


def test_a_word_with_two_meanings_is_read_in_its_context():
    """Imperial Chess's Queen is no chess queen: its name is looked up in its context, inside
    a sentence too."""
    queen = said_as("Imperial Chess piece", "Queen")
    assert queen == "Queen" and queen.context == "Imperial Chess piece"
    catalogue = {
        "Queen": "ферзь",
        ("Imperial Chess piece", "Queen"): "королева",
        "{piece} moves": "{piece} ходит",
    }

    def gettext(text):
        return catalogue.get(text, text)

    def pgettext(context, text):
        return catalogue.get((context, text), text)

    assert read(queen, gettext, pgettext) == "королева"
    assert read(said("Queen"), gettext, pgettext) == "ферзь"
    assert read(said("{piece} moves", piece=queen), gettext, pgettext) == "королева ходит"
