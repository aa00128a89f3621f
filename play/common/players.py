"""How players are named on pages, whoever shows them."""

# An anonymous player's account: made for a visitor who plays without signing up, kept by their
# session, named with a prefix a sign-up may not take (play/accounts/guests.py).
GUEST_PREFIX = "anonymous-"


def is_guest(user) -> bool:
    """Whether this player is an anonymous visitor's account."""
    return bool(user and user.is_authenticated and user.username.startswith(GUEST_PREFIX))


def has_account(user) -> bool:
    """Whether this is a player with an account of their own: logged in, and not anonymous."""
    return bool(user and user.is_authenticated) and not is_guest(user)


def shown_name(user) -> str:
    """A player's name as pages show it: an anonymous visitor is "Anonymous"."""
    return "Anonymous" if is_guest(user) else user.username
