"""A logged-in player's sockets end with the login they were opened with."""

from __future__ import annotations

from channels.db import database_sync_to_async

from play.accounts import accounts


class ClosedWithItsLogin:
    """A logged-in player's socket closes once the login it was opened with ends (a logout,
    a password changed elsewhere): nothing private reaches a page whose login is gone."""

    def account_groups(self) -> list[str]:
        user = self.scope["user"]
        return [accounts.account_group(user.pk)] if user.is_authenticated else []

    async def account_check(self, event):
        user, key = self.scope["user"], self.scope["session"].session_key
        holds = await database_sync_to_async(accounts.still_logged_in)(key, user.pk, event["ended"])
        if not holds:
            await self.leave()  # no push after this one
            await self.close(code=4401)
