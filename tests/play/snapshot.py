"""What a refused request must leave exactly as it was."""

from play.models import ChatMessage, Dispute, Game, Move, Offer, Ruling, Seat


def snapshot(game: Game) -> tuple:
    """The game's row, moves, seats (arrangements, charge drafts), offers, chat, disputes with
    their statements, and rulings, as stored now."""

    def rows(model, **where):
        return list(model.objects.filter(**where).order_by("pk").values())

    return (
        rows(Game, pk=game.pk),
        rows(Move, game=game),
        rows(Seat, game=game),
        rows(Offer, game=game),
        rows(ChatMessage, game=game),
        rows(Dispute, game=game),
        rows(Ruling, dispute__game=game),
    )
