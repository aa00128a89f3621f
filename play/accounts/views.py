"""The player's own pages: signing up, the profile, the settings, and the password pages
(Django's, limited and closing the sockets of a login that ended)."""

from __future__ import annotations

import logging
from functools import partial

from axes.utils import reset as axes_reset
from django.contrib import admin, messages
from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_POST

import rules
from play.accounts import accounts, bots, guests, languages, looks, twofactor
from play.accounts.accounts import recheck_sockets
from play.accounts.forms import SettingsForm, SignupForm
from play.common import clocks, language, limits, paging
from play.common.errors import Refused
from play.common.players import has_account
from play.computer import opponents
from play.games.forms import ChallengeForm, ComputerGameForm
from play.leagues import pages as leagues
from play.models import Game, is_guest
from play.notify import notify
from play.ratings import ratings
from play.relations import relations
from play.webpush import pages as webpush

log = logging.getLogger("imperia.accounts")


@require_GET
def profile(request, username):
    player = accounts.player_named(username)
    # Latest first, in the order of the player's seats' index (a game's id follows its making).
    played = Game.objects.filter(
        Q(seats__user=player), ~Q(status=Game.Status.OPEN) | Q(listing="seek")
    ).order_by("-seats__game_id")
    level = opponents.level_of(player)
    page = ratings.rated_pages(request, {"games": (played, "page")})["games"]
    ratings.mark_changes(player, list(page))
    context = {"player": player, "games": page, "form": ChallengeForm()}
    if has_account(request.user) and request.user != player and level is None:
        context["relation"] = relations.relation(request.user, player) or "none"
    context["ratings"] = ratings.table(player) if level is None else []
    context["leagues"] = leagues.of_player(player) if level is None else None
    # A study is read by its address; the profile lists those its owner chose to list, and
    # all of them to the owner.
    studies = player.studies.all() if player == request.user else player.studies.filter(listed=True)
    context["studies"] = paging.page(request, studies, "studies", 10)
    if bot_games := bots.games_of(player):
        context["bot_games"] = [language.translated(rules.get(slug).name) for slug in bot_games]
    if level is not None:
        context["computer"] = opponents.levels()[level - 1]
        context["computer_form"] = ComputerGameForm(initial={"level": level})
    return render(request, "play/profile.html", context)


@login_required
def player_settings(request):
    profile = notify.profile_of(request.user)
    clocks.refill_year(profile, clocks.now())
    reading = profile.language or translation.get_language()
    form = SettingsForm(
        request.POST or None,
        instance=profile,
        initial={
            "email": request.user.email,
            "language": reading,
            **looks.context(request)["looks"],
        },
    )
    if request.method == "POST" and form.is_valid():
        form.save()
        request.user.email = form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        response = redirect("settings")
        if code := form.cleaned_data["language"]:
            languages.choose(request, response, code)
        # A look left out (an older page, a script) stays as it is.
        chosen = {name: form.cleaned_data[name] for name in looks.COOKIE if name in request.POST}
        looks.choose(request, response, **chosen)
        with translation.override(code or translation.get_language()):  # in the one chosen
            messages.success(request, gettext("Settings saved."))
        return response
    profile.save()
    context = {"form": form, "profile": profile, **webpush.settings_context(request.user)}
    return render(request, "play/settings.html", context)


def signup(request):
    """A new account; an anonymous player's own account, named, so that its games stay theirs."""
    guest = request.user if is_guest(request.user) else None
    form = SignupForm(request.POST or None, instance=guest, initial={"username": ""})
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}):
        next_url = ""
    context = {"form": form, "next": next_url, "heading": gettext("Sign up"), "guest": guest}
    if request.method == "POST":
        page = partial(render, request, "registration/signup.html", context)
        if past := limits.form_past("signup", request, form, page):
            return past
    if request.method == "POST" and form.is_valid():
        user = form.save()
        if guest:  # the same account, named: its session goes on (not emptied by a new password)
            update_session_auth_hash(request, user)
        login(request, user, backend=guests.BACKEND)
        return redirect(next_url or "lobby")
    status = 400 if form.errors else 200
    return render(request, "registration/signup.html", context, status=status)


class Limited:
    """A password view whose POSTs count against the "password" rate limit: a stolen session
    cannot try old passwords, nor anyone send reset mail, without end."""

    def post(self, request, *args, **kwargs):
        try:
            limits.check("password", request)
        except limits.Limited as exc:
            return limits.answer(render(request, "429.html", {"message": exc.message}), exc)
        return super().post(request, *args, **kwargs)


class PasswordChange(Limited, auth_views.PasswordChangeView):
    template_name = "registration/form_page.html"
    extra_context = {"heading": gettext_lazy("Change your password")}

    def form_valid(self, form):
        response = super().form_valid(form)
        # This login stays, under a new session key: stored before the sockets check theirs.
        self.request.session.save()
        accounts.recorded(self.request, form.user)
        recheck_sockets(form.user.pk)
        accounts.revoke_every_token(form.user)  # and every client's access
        return response


@login_required
@require_POST
def log_out_everywhere(request):
    """Every login of the player ended, this one too, and every API token revoked."""
    user = request.user
    count = accounts.end_every_session(user)
    accounts.revoke_every_token(user)
    logout(request)
    message = ngettext(
        "Logged out everywhere: %(count)s login ended, and every API token revoked.",
        "Logged out everywhere: %(count)s logins ended, and every API token revoked.",
        count,
    )
    messages.success(request, message % {"count": count})
    return redirect("login")


class ResetForm(PasswordResetForm):
    """The reset link by email, in the account's language whoever asked for it."""

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        user = context["user"]
        with language.for_user(user):
            subject = "".join(render_to_string(subject_template_name, context).splitlines())
            message = notify.email(user, subject, render_to_string(email_template_name, context))
        try:
            message.send()
        except Exception:  # as Django's form: the page says the same whether a mail went
            log.exception("the password reset email to %s failed", user)


class PasswordReset(Limited, auth_views.PasswordResetView):
    form_class = ResetForm
    template_name = "registration/form_page.html"
    email_template_name = "registration/reset_email.txt"
    subject_template_name = "registration/reset_subject.txt"
    extra_context = {"heading": gettext_lazy("Reset your password")}
    extra_email_context = {"site_name": "Imperia"}


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    template_name = "registration/reset_confirm.html"
    extra_context = {"heading": gettext_lazy("Choose a new password")}

    def form_valid(self, form):
        # The owner proved they hold the mailbox: the lockout of guesses at the old password
        # no longer guards anything.
        axes_reset(username=form.user.get_username())
        response = super().form_valid(form)
        recheck_sockets(form.user.pk)  # every login it had has ended
        accounts.revoke_every_token(form.user)  # and every client's access
        return response


@require_POST
def choose_language(request):
    """The chooser on every page: the reader's language kept, then back to the page they were
    on."""
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = "/"
    response = redirect(back)
    if not languages.choose(request, response, request.POST.get("language", "")):
        messages.error(request, gettext("Imperia does not speak that language yet."))
    return response


@require_POST
def choose_looks(request):
    """The theme, boards' colours and sounds chosen at the foot of every page, then back to
    the page the reader was on."""
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = "/"
    response = redirect(back)
    given = {name: request.POST.get(name) for name in looks.COOKIE}
    if not looks.choose(request, response, **given):
        messages.error(
            request,
            gettext("Imperia has no such theme, board or sound setting: nothing was changed."),
        )
    return response


def said(heading: str, text: str):
    """A page that only says something, with the way on (its words lazily translated: the
    page is made once, when the addresses are read)."""
    return {
        "template_name": "registration/said.html",
        "extra_context": {"heading": heading, "text": text},
    }


def admin_login(request, extra_context=None):
    """The admin's login is the site's: one door, where two-factor sign-in and a closed
    account's word apply to staff as to everyone (a logged-in player without staff rights
    gets the admin's own page saying so)."""
    if request.user.is_authenticated:
        return admin.site.__class__.login(admin.site, request, extra_context)
    return redirect_to_login(request.GET.get("next") or reverse("admin:index"))


SECRET_KEPT = "two_factor_secret"  # the secret being set up, in the session until confirmed


@login_required
def two_factor(request):
    """Two-factor sign-in: turned on by scanning the QR code and typing the code the app then
    shows (the recovery codes shown once); turned off, or new recovery codes made, with a code."""
    user = request.user
    if not has_account(user):
        return redirect("signup")
    context, status = {}, 200
    if request.method == "POST":
        code, action = request.POST.get("code", ""), request.POST.get("action")
        address = limits.client_address(request)
        try:
            if action == "on" and SECRET_KEPT in request.session:
                context["codes"] = twofactor.turn_on(user, request.session[SECRET_KEPT], code)
                del request.session[SECRET_KEPT]
            elif action == "codes":
                context["codes"] = twofactor.new_recovery_codes(user, code, address)
            elif action == "off":
                twofactor.turn_off(user, code, address)
                messages.success(request, gettext("Two-factor sign-in is off."))
                return redirect("two-factor")
            else:
                context["problem"], status = gettext("Reload the page, and try again."), 400
        except Refused as exc:
            context["problem"], status = exc.message, exc.status
    context["on"] = twofactor.is_on(user)
    if context["on"]:
        context["left"] = twofactor.recovery_left(user)
    else:
        secret = request.session.setdefault(SECRET_KEPT, twofactor.new_secret())
        context["secret"] = " ".join(secret[i : i + 4] for i in range(0, len(secret), 4))
        context["qr"] = twofactor.qr_code(twofactor.provisioning(user, secret))
    return render(request, "play/two_factor.html", context, status=status)
