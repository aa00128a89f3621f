from django import forms
from django.contrib.auth.forms import UserCreationForm

import bots
import rules
from play.common import clocks
from play.common.numbers import MOST_PLIES, WholeNumberField
from play.games.games import RATING_RANGES, SIDES
from play.models import Dispute, Game, Profile, Ruling
from play.ratings import ratings


class NewGameForm(forms.Form):
    game = forms.ChoiceField(choices=lambda: [(g.slug, g.name) for g in rules.games()])
    side = forms.ChoiceField(
        choices=[(s, s.capitalize()) for s in SIDES], initial="random", widget=forms.RadioSelect
    )
    time_control = forms.ChoiceField(
        choices=[
            ("none", "No clock"),
            ("live", "Live: minutes + increment"),
            ("days", "Correspondence: days per move"),
            ("bank", "Correspondence: a bank of days"),
        ],
        initial="days",
    )
    minutes = WholeNumberField(min_value=1, max_value=180, initial=5, required=False)
    increment = WholeNumberField(
        min_value=0, max_value=180, initial=3, required=False, label="Increment (seconds)"
    )
    days = forms.TypedChoiceField(
        choices=[(d, f"{d} day{'s' if d > 1 else ''}") for d in clocks.CORRESPONDENCE_DAYS],
        coerce=int,
        initial=3,
        required=False,
        label="Days per move",
    )
    bank_start = WholeNumberField(
        min_value=1, max_value=30, initial=7, required=False, label="Start (days)"
    )
    bank_hours = WholeNumberField(
        min_value=0, max_value=72, initial=12, required=False, label="Added per move (hours)"
    )
    bank_cap = WholeNumberField(
        min_value=1, max_value=60, initial=14, required=False, label="Cap (days)"
    )
    listing = forms.ChoiceField(
        choices=Game.Listing.choices, initial=Game.Listing.SEEK, widget=forms.RadioSelect
    )
    rated = forms.BooleanField(required=False, initial=True, label="Rated")
    rating_range = WholeNumberField(
        min_value=RATING_RANGES[0],
        max_value=RATING_RANGES[1],
        required=False,
        label="Rating range ± (open seeks; empty: anyone)",
    )
    # Empire's options (the rules check them again).
    width = WholeNumberField(min_value=8, max_value=40, initial=32, required=False)
    height = WholeNumberField(min_value=8, max_value=40, initial=32, required=False)
    dots = forms.BooleanField(
        required=False, label="Standard Dots rule (empty rings stay in play as houses)"
    )

    # Imperial Shuffle's options.
    nobles = forms.ChoiceField(
        choices=[
            ("ryg", "red, yellow, green"),
            ("ryb", "red, yellow, blue"),
            ("rgb", "red, green, blue"),
            ("ygb", "yellow, green, blue"),
        ],
        initial="ryg",
        required=False,
        label="Noble colours",
    )
    deal = forms.BooleanField(
        required=False, label="Deal both boards at random (a coin toss decides who starts)"
    )

    # Imperial Chess's option.
    victory = forms.ChoiceField(
        choices=[
            ("imperials", "Take every Imperial (the rules)"),
            ("emperor", "Take the Emperor, with no Imperial Prince to succeed"),
            ("emperor-empress", "Take both the Emperor and the Empress"),
        ],
        initial="imperials",
        required=False,
        label="Victory",
    )

    def clean(self):
        data = super().clean()
        if data.get("rated") and data.get("time_control") == "none":
            self.add_error("rated", "A rated game needs a clock: choose one, or untick Rated.")
        return data

    def clock(self) -> dict:
        """The time control as the clocks module reads it (which checks it again)."""
        data = self.cleaned_data
        kind = data["time_control"]
        if kind == "live":
            return {
                "kind": kind,
                "minutes": data["minutes"] or 5,
                "increment": data["increment"] or 0,
            }
        if kind == "days":
            return {"kind": kind, "days": data["days"] or 3}
        if kind == "bank":
            return {
                "kind": kind,
                "start_days": data["bank_start"] or 7,
                "hours": data["bank_hours"] if data["bank_hours"] is not None else 12,
                "cap_days": data["bank_cap"] or 14,
            }
        return {}

    def options(self) -> dict:
        """The chosen game's options; the rules check them again."""
        data = self.cleaned_data
        if data["game"] == "empire":
            return {
                "width": data["width"] or 32,
                "height": data["height"] or 32,
                "mode": "dots" if data["dots"] else "empire",
            }
        if data["game"] == "imperial-shuffle":
            return {"nobles": data["nobles"] or "ryg", "deal": data["deal"]}
        if data["game"] == "imperial-chess":
            return {"victory": data["victory"] or "imperials"}
        return {}


class ChallengeForm(NewGameForm):
    """A challenge from a player's profile: a new game's choices, always a private game for
    that player, so no listing to choose and no rating range (both are a seek's)."""

    listing = rating_range = None


LEVEL_WORDS = {bots.levels()[0]: " (plays at random)", bots.levels()[-1]: " (the strongest)"}


class ComputerGameForm(NewGameForm):
    """A game against the computer: a new game's choices, the level instead of a listing."""

    level = WholeNumberField(
        min_value=bots.levels()[0],
        max_value=bots.levels()[-1],
        initial=3,
        widget=forms.Select(choices=[(n, f"{n}{LEVEL_WORDS.get(n, '')}") for n in bots.levels()]),
    )
    listing = rated = rating_range = None  # the computer's games are private and unrated
    field_order = ["level", "game"]

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "computer_%s")  # beside a new game's form on one page
        super().__init__(*args, **kwargs)
        self.fields["time_control"].initial = "none"


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {"email": "Optional: for notices of your turn and of games by email."}


class SettingsForm(forms.ModelForm):
    email = forms.EmailField(required=False, help_text="Where Imperia writes to you.")
    digest_hours = WholeNumberField(min_value=1, max_value=168)

    class Meta:
        model = Profile
        fields = ("email_enabled", "digest_hours", "confirm_moves")
        labels = {
            "confirm_moves": 'Show my move and wait for "Confirm" before sending it',
            "email_enabled": "Send me email",
            "digest_hours": 'Gather "your turn" emails into one every (hours)',
        }


# Characters of a record: the longest real game, a 40×40 Empire of about 1,500 plies, is about
# 10,000 as Imperia writes it; this leaves room for other programs' comments and clocks.
RECORD_LENGTH = 64_000
NULLS = "The record has null characters: a game record is plain text (UTF-8)."


class ImportForm(forms.Form):
    game = forms.ChoiceField()
    record = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 10}),
        required=False,
        max_length=RECORD_LENGTH,
        error_messages={
            "max_length": f"A game record is at most {RECORD_LENGTH:,} characters; "
            "this one has %(show_value)s.",
            "null_characters_not_allowed": NULLS,
        },
    )
    upload = forms.FileField(required=False, label="or a file")

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.name) for g in games]

    def clean(self):
        data = super().clean()
        upload = data.get("upload")
        if upload:  # the record is the file's text
            if upload.size > RECORD_LENGTH:
                raise forms.ValidationError("That file is larger than a game record can be.")
            data["record"] = upload.read().decode("utf-8", errors="replace")
            # A pasted record is checked for these by its field; a file's text is not.
            if "\x00" in data["record"]:
                raise forms.ValidationError(NULLS)
        elif not data.get("record") and "record" not in self.errors:
            raise forms.ValidationError("Paste the record or choose its file.")
        return data


class DisputeForm(forms.Form):
    category = forms.ChoiceField(choices=Dispute.Category.choices, label="What is it about?")
    ply = WholeNumberField(
        max_value=MOST_PLIES, required=False, label="The ply it concerns (empty: the last)"
    )
    statement = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=4000)


class StatementForm(forms.Form):
    statement = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=4000)


class ReopenForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), max_length=4000, label="Why reopen (public)"
    )

    def decision(self) -> dict:
        """The arguments of `disputes.reopen`."""
        return {"reason": self.cleaned_data["reason"]}


def said(form) -> str:
    """A form's errors in one line, each after its field's label (Minutes: ...)."""
    return "; ".join(
        f"{form[name].label}: {e}" if name in form.fields else e
        for name, errs in form.errors.items()
        for e in errs
    )


class RulingForm(ReopenForm):
    kind = forms.ChoiceField(
        choices=[c for c in Ruling.Kind.choices if c[0] != Ruling.Kind.REOPEN], label="Ruling"
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), max_length=4000, label="Public reason"
    )
    field_order = ["kind", "reason"]
    winner = forms.ChoiceField(
        choices=[("", "—"), ("0", "First seat"), ("1", "Second seat"), ("draw", "Draw")],
        required=False,
        label="Result (set the result)",
    )
    ply = WholeNumberField(max_value=MOST_PLIES, required=False, label="Rewind to after ply")
    seat = forms.ChoiceField(
        choices=[("", "—"), ("0", "First seat"), ("1", "Second seat")],
        required=False,
        label="Seat (time)",
    )
    minutes = WholeNumberField(
        min_value=0, max_value=60 * 24 * 30, required=False, label="Minutes to add"
    )

    def clean(self):
        data = super().clean()
        if data.get("kind") == Ruling.Kind.RESULT and not data.get("winner"):
            self.add_error("winner", "Choose the result: a seat, or a draw.")
        return data

    def decision(self) -> dict:
        """The arguments of `disputes.rule` for the chosen kind."""
        data = self.cleaned_data
        kind, details = data["kind"], {}
        seat = int(data["seat"]) if data["seat"] else None
        seconds = (data["minutes"] or 0) * 60
        if kind == Ruling.Kind.RESULT:
            details["winner"] = None if data["winner"] == "draw" else int(data["winner"])
        elif kind == Ruling.Kind.REWIND:
            details.update(ply=data["ply"], seat=seat, seconds=seconds)
        elif kind == Ruling.Kind.ADD_TIME:
            details.update(seat=seat, seconds=seconds)
        return {"kind": kind, "reason": data["reason"], **details}


class SeekFilter(forms.Form):
    """The lobby's choice of seeks: a game, a speed, rated or casual (empty: all)."""

    game = forms.ChoiceField(
        choices=lambda: [("", "Every game")] + [(g.slug, g.name) for g in rules.games()],
        required=False,
    )
    speed = forms.ChoiceField(
        choices=[("", "Every speed"), *ratings.SPEEDS.items()], required=False
    )
    rated = forms.ChoiceField(
        choices=[("", "Rated and casual"), ("rated", "Rated"), ("casual", "Casual")],
        required=False,
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "seeks_%s")
        super().__init__(*args, **kwargs)
