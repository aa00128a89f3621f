"""Each game's rules page."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.template.loader import TemplateDoesNotExist, select_template
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

import rules
from play.games.forms import ComputerGameForm


@require_GET
def rules_page(request, slug):
    # The rules in the reader's language where they are translated (templates/rules/<language>/),
    # else in English, saying so.
    language = get_language()
    try:
        game_rules = rules.get(slug)
        body = select_template([f"rules/{language}/{slug}.html", f"rules/{slug}.html"])
    except (ValueError, TemplateDoesNotExist):
        raise Http404(f"Imperia has no game called {slug}.") from None
    in_english = language != "en" and body.template.name == f"rules/{slug}.html"
    form = ComputerGameForm(initial={"game": slug})
    context = {
        "game": game_rules,
        "body": body.template.name,
        "in_english": in_english,
        "computer_form": form,
    }
    return render(request, "rules/page.html", context)
