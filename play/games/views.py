"""Each game's rules page."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.template.loader import TemplateDoesNotExist, get_template
from django.views.decorators.http import require_GET

import rules
from play.games.forms import ComputerGameForm


@require_GET
def rules_page(request, slug):
    try:
        game_rules = rules.get(slug)
        template = get_template(f"rules/{slug}.html")
    except (ValueError, TemplateDoesNotExist):
        raise Http404(f"Imperia has no game called {slug}.") from None
    form = ComputerGameForm(initial={"game": slug})
    return HttpResponse(template.render({"game": game_rules, "computer_form": form}, request))
