"""A group's page's socket: its table redrawn whenever one of its games ends or a ruling
changes one (play/leagues/tables.py pushes after the commit), in its reader's language (the
page names it in the socket's address)."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from play.common import language, numbers
from play.leagues import pages, tables
from play.models import LeagueGroup
from play.push.sockets import ForwardWithoutThreadHop, InGroups

MOST_GROUP_ID = 2**31 - 1


class GroupConsumer(InGroups, ForwardWithoutThreadHop, AsyncWebsocketConsumer):
    async def connect(self):
        try:
            self.group_id = numbers.whole(
                self.scope["url_route"]["kwargs"]["group_id"], "the group", MOST_GROUP_ID, 1
            )
        except numbers.Malformed:
            await self.close(code=4400)
            return
        self.language = await database_sync_to_async(language.of_socket)(self.scope)
        await self.join(tables.group_channel(self.group_id))
        await self.accept()

    async def standings_update(self, event):
        html = await database_sync_to_async(self._table)()
        if html:
            await self.send(text_data=html)

    def _table(self) -> str:
        group = LeagueGroup.objects.select_related("edition__championship")
        group = group.filter(pk=self.group_id).first()
        if group is None:
            return ""
        with translation.override(self.language):
            context = pages.crosstable(group) | {"oob": True}
            return render_to_string("leagues/partials/crosstable.html", context)
