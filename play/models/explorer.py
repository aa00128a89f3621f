"""The opening explorer's tables (play/explorer/): each move from each position of the site's
finished rated games, and what each game added to them."""

from __future__ import annotations

from django.db import models

from play.models.base import Bounded
from play.models.games import Game


class OpeningMove(Bounded):
    """One move from one position, at one speed: how many finished rated games went on with
    it, how they ended, and their players' mean ratings added up. Written only by counting a
    game in or out (play/explorer/openings.py), in one statement for all its rows."""

    # The game's name and the rules' position key, hashed to 64 bits (openings.position_id):
    # a key of Empire's 32×32 board runs to hundreds of characters.
    position = models.BigIntegerField()
    speed = models.CharField(max_length=16)
    move = models.CharField(max_length=200)  # as the game's moves are kept (Move.text)
    first_wins = models.IntegerField(default=0)
    draws = models.IntegerField(default=0)
    second_wins = models.IntegerField(default=0)
    rating_sum = models.BigIntegerField(default=0)  # of the games' mean ratings, rounded
    rated_games = models.IntegerField(default=0)  # those of its games that had one

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["position", "speed", "move"], name="opening_move_once")
        ]

    def __str__(self):
        return f"{self.position} {self.speed} {self.move}"


class ExploredGame(Bounded):
    """What a game added to the explorer, as it was counted: its moves, result, speed and
    rating. A ruling that changes the game takes off exactly this, whatever the game's moves
    are by then (a rewind archives them)."""

    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="explored"
    )
    speed = models.CharField(max_length=16)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)  # None: a draw
    rating = models.IntegerField(null=True, blank=True)
    line = models.TextField(max_length=201 * 20)  # the moves counted, a space between

    def __str__(self):
        return f"{self.game_id}: {self.line}"
