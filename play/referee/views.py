"""A player's dispute and statement, answered on the game's page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from play.common import limits
from play.common.errors import Refused
from play.common.pages import found
from play.models import Dispute
from play.referee import disputes
from play.referee.forms import DisputeForm, StatementForm
from play.round import (
    page,
    presenter,
)


@login_required
@require_POST
@limits.limited("report")
def open_dispute(request, public_id):
    game = page.game_of(request, public_id)
    form = DisputeForm(request.POST)
    if not form.is_valid():
        return page.render(request, game, dispute_form=form, status=400)
    data = form.cleaned_data
    try:
        disputes.report(game, request.user, data["category"], data["statement"], data["ply"])
    except Refused as exc:
        form.add_error(None, exc.message)
        return limits.answer(page.render(request, game, dispute_form=form), exc)
    messages.success(request, _("Your dispute is open: a referee will review it."))
    return redirect(game)


@login_required
@require_POST
@limits.limited("report")
def dispute_statement(request, pk):
    dispute = found(Dispute.objects.select_related("game"), _("There is no such dispute."), pk=pk)
    form = StatementForm(request.POST)
    problem, status = _("Write a statement of up to 4000 characters."), 400
    if form.is_valid():
        try:
            disputes.add_statement(dispute, request.user, form.cleaned_data["statement"])
        except Refused as exc:
            problem, status = exc.message, exc.status
        else:
            messages.success(request, _("Your statement is added to the case."))
            return redirect(dispute.game)
    messages.error(request, problem)
    drafts = {dispute.pk: request.POST.get("statement", "")}
    game = presenter.with_view_related(dispute.game)
    return page.render(request, game, drafts=drafts, status=status)
