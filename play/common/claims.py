"""A worker's claim on a queued row (an evaluation, a review): the first one free, taken under
a lease, with at most so many held at once across every worker. The row's model has `status`
("waiting", "running"), `claim` (the token) and `claimed_until`."""

from __future__ import annotations

import secrets

from django.db import transaction

WAITING, RUNNING = "waiting", "running"


def claim_first(free, held, at_once: int, lease, now) -> tuple[int, str] | None:
    """Claim the first row of `free` (ordered as it should be served) while fewer than
    `at_once` of `held` (those running under a lease) are: (its pk, the claim's token)."""
    if held.count() >= at_once or not free.exists():
        return None
    with transaction.atomic():
        pk = next(iter(free.select_for_update(skip_locked=True).values_list("pk")[:1]), (None,))[0]
        if pk is None:
            return None
        token = secrets.token_hex(16)
        taken = free.filter(pk=pk).update(status=RUNNING, claim=token, claimed_until=now + lease)
    if not taken:
        return None
    if held.count() > at_once:  # another worker claimed at the same moment: give way
        free.model.objects.filter(pk=pk, claim=token).update(
            status=WAITING, claim="", claimed_until=None
        )
        return None
    return pk, token
