"""A player's rights over their account: delete it, download their data, read what is kept."""
