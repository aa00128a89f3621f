import pytest

from play.models import Championship


@pytest.fixture
def small_league(db):
    """Empress at 3 days a move, in groups of 2 to 4, four a division (width 1), the top one
    of each group up and the bottom one down."""
    return Championship.objects.create(
        slug="empress-test", name="Empress test championship", game_slug="empress",
        time_control={"kind": "days", "days": 3}, group_min=2, group_max=4, width=1,
        promoted=1, relegated=1, relegated_full=1, rest_days=7,
    )  # fmt: skip
