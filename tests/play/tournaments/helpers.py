"""Steps the tournaments' tests share."""

from play.tournaments import entries, schedule


def begun(arena, users, clock, password: str = ""):
    """The players join the arena, its hour comes, and it begins."""
    for user in users:
        entries.join(arena, user, password)
    clock.advance(seconds=max(0, (arena.starts_at - clock()).total_seconds()))
    schedule.begin_due(clock())
    return arena
