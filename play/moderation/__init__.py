"""Moderation: reports of players (reports.py), worked by the Moderators group."""
