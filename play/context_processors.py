import rules


def games(request):
    """The games menu, from the rules package."""
    return {"all_games": rules.games()}
