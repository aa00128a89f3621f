"""A new thread, and a post (a reply, or a post edited)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.models.forum import POST_LENGTH, TITLE_LENGTH

WRITTEN_IN = _("Markdown: **bold**, *italic*, > a quote, lists, links. A board: ```empress, "
               "then the position on the next line, then ```.")  # fmt: skip


class PostForm(forms.Form):
    text = forms.CharField(
        label=_("Your post"), max_length=POST_LENGTH, strip=False, help_text=WRITTEN_IN,
        widget=forms.Textarea(attrs={"rows": 8, "translate": "no"}),  # as written: never translated
    )  # fmt: skip


class ThreadForm(PostForm):
    title = forms.CharField(label=_("Title"), max_length=TITLE_LENGTH)
    field_order = ["title", "text"]
