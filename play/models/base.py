"""What every model shares: bounded texts, reading prefetched rows, the tokens of addresses."""

from __future__ import annotations

import re
import secrets

from django.db import models

import rules
from play.models.prepared import save_row

# A game's or a tournament's public id, as addresses take it (the ones made are 8 long).
PUBLIC_ID = re.compile(r"[A-Za-z0-9]{1,12}")


def new_public_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")[:8]


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def game_choices():
    return [(g.slug, g.name) for g in rules.games()]


POSITION_LENGTH = 4000  # characters: Empire's 40x40 board, the longest, takes under 1,700


class Bounded(models.Model):
    """Every text field has its bound, and it holds on every database: SQLite keeps a text of
    any length in a varchar. A service refuses a longer text first, with a message; reaching
    this is a bug, and it stores nothing."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        self.check_lengths()
        super().save(*args, **kwargs)

    def write(self) -> None:
        """save(), on a move's path: its SQL built once (play/prepared.save_row)."""
        self.check_lengths()
        save_row(self)

    def check_lengths(self) -> None:
        for field in self._meta.concrete_fields:
            value = getattr(self, field.attname)
            if field.max_length and isinstance(value, str) and len(value) > field.max_length:
                raise ValueError(
                    f"{type(self).__name__}.{field.name} has {len(value)} characters, "
                    f"past its bound of {field.max_length}."
                )
        self.check_bounds()

    def check_bounds(self) -> None:
        """Bounds on texts inside structured fields, where a model has them."""


def prefetched(instance, relation: str):
    """The rows of the instance's `relation` (a reverse one): those read with it (prefetched,
    or known()) straight from where the prefetch keeps them, as `instance.relation` builds a
    manager on every look and a move's boards look a few dozen times; else read."""
    fetched = getattr(instance, "_prefetched_objects_cache", {}).get(relation)
    return fetched._result_cache if fetched is not None else getattr(instance, relation).all()


def known(instance, relation: str, rows) -> None:
    """Record `rows` as all of the instance's `relation` (a reverse one), as prefetching
    leaves it: reading it then asks nothing of the database."""
    related = getattr(instance, relation).all()
    related._result_cache, related._prefetch_done = list(rows), True
    if not hasattr(instance, "_prefetched_objects_cache"):
        instance._prefetched_objects_cache = {}
    instance._prefetched_objects_cache[relation] = related
