"""A club's description and choices, as its founder and leaders fill them in; a request to
join; a message to all members."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

import rules
from play.clubs import letters
from play.common.language import translated
from play.models import Club
from play.models.clubs import (
    ANSWER_LENGTH,
    CLUB_NAME_LENGTH,
    DESCRIPTION_LENGTH,
    QUESTION_LENGTH,
    language_choices,
)


class ClubForm(forms.Form):
    name = forms.CharField(max_length=CLUB_NAME_LENGTH, min_length=2, label=_("Name"))
    description = forms.CharField(
        max_length=DESCRIPTION_LENGTH,
        label=_("Description"),
        widget=forms.Textarea(attrs={"rows": 6, "translate": "no"}),  # as written: never translated
        help_text=_("Markdown: **bold**, *italic*, lists, links."),
    )
    games = forms.MultipleChoiceField(
        label=_("Games it plays"), widget=forms.CheckboxSelectMultiple
    )
    language = forms.ChoiceField(label=_("Language"))
    admission = forms.ChoiceField(
        label=_("Who may join"), choices=Club.Admission.choices, widget=forms.RadioSelect,
        initial=Club.Admission.OPEN,
    )  # fmt: skip
    question = forms.CharField(
        max_length=QUESTION_LENGTH, required=False,
        label=_("A question asked with each request (optional)"),
    )  # fmt: skip
    forum = forms.ChoiceField(
        label=_("The club's forum"), choices=Club.Forum.choices, widget=forms.RadioSelect,
        initial=Club.Forum.MEMBERS,
    )  # fmt: skip

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["games"].choices = [(g.slug, translated(g.name)) for g in rules.games()]
        self.fields["language"].choices = language_choices()

    @classmethod
    def of(cls, club: Club, data=None):
        """The form filled in with the club as it is."""
        initial = {field: getattr(club, field) for field in cls.base_fields}
        return cls(data, initial=initial)


class JoinForm(forms.Form):
    answer = forms.CharField(
        max_length=ANSWER_LENGTH, required=False, strip=False,
        label=_("Your answer"), widget=forms.Textarea(attrs={"rows": 3}),
    )  # fmt: skip


class ClubLetterForm(forms.Form):
    text = forms.CharField(
        max_length=letters.TEXT_LENGTH, strip=False, label=_("Your message"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("Sent to every member as a private message from you."),
    )  # fmt: skip
