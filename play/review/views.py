"""The review's pages: a game's record, an import, and the analysis board. The board stands
at the place looked at (its legal moves clickable as in play), with the tree of variations,
the steps, typed moves, promote and delete. Every change is a new address: the page is
shareable as it is."""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import rules
from play.boards import renderer
from play.boards.base import Marks
from play.common import clocks, limits, numbers
from play.common.errors import Refused
from play.common.language import translated
from play.explorer import openings
from play.models import AnalysisTree, Evaluation, Game, Study
from play.review import analysis, evaluations, learning, records, reviews
from play.review.forms import ImportForm
from play.round import page
from play.round.clicks import ClicksByAddress
from rules import record

INLINE_TREE = 2000  # characters of a tree an address carries as it is


class AnalysisClicks(ClicksByAddress):
    """The clicks of play, each one a new address of the analysis instead of a move sent."""

    def play(self, move: str) -> dict[str, str]:
        return {"hx-get": self.url(action="play", move=move)}


def _study(token: str | None, slug: str) -> Study | None:
    """The saved study an analysis belongs to (`?study=<its address>`), if any."""
    if not token:
        return None
    found = Study.objects.filter(token=token, game_slug=slug).select_related("owner").first()
    if found is None:
        raise Http404(_("There is no such study."))
    return found


@login_required
@require_POST
@limits.limited("challenge")  # a study saved counts as a game made
def save_study(request, slug):
    """Save the analysis as it is: a new study (its title), or the player's own study again."""
    query = request.POST
    study = _study(query.get("study"), slug)
    board = _read(
        slug, query.get("start", ""), query.get("options", ""), query.get("tree", ""),
        query.get("at", ""),
    )  # fmt: skip
    title = query.get("title", "").strip()
    if study is None or study.owner_id != request.user.pk:
        if not 1 <= len(title) <= 100:
            raise numbers.Malformed(_("Give the study a title of 1 to 100 characters."))
        study = Study(owner=request.user, game_slug=slug, title=title)
    study.start, study.options = board.start, record.options_tag(board.options)
    study.tree, study.updated_at = analysis.write(board.root), clocks.now()
    study.listed = query.get("listed") == "1"
    study.save()
    messages.success(request, _("Saved: %(title)s.") % {"title": study.title})
    at = analysis.path_text(board.path)
    return redirect(_study_address(study, at))


def _read(slug: str, start: str, options: str, tree: str, at: str) -> analysis.Board:
    """The analysis an address or a form gives; a 400 naming what is wrong with it."""
    try:
        return analysis.Board.read(slug, start, record.read_options(options), _tree(tree), at)
    except Refused as exc:
        raise numbers.Malformed(exc.message) from None


def _tree(param: str) -> str:
    """The tree an address gives: written out, or the key of one kept (`~<key>`)."""
    if not param.startswith("~"):
        return param
    kept = AnalysisTree.objects.filter(key=param[1:]).values_list("text", flat=True).first()
    if kept is None:
        raise Http404(_("That analysis is not kept here: open it again from its game or study."))
    return kept


def _tree_param(request, text: str) -> str:
    """How an address carries a tree: as it is, or past INLINE_TREE characters by the key
    of the tree kept (for 30 days: play/games/sweeper.py), so that every address stays short
    whatever the line's length. Keeping a new one counts against a rate limit."""
    if len(text) <= INLINE_TREE:
        return text
    key = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
    if not AnalysisTree.objects.filter(key=key).exists():
        limits.check("keep", request)
        AnalysisTree.objects.get_or_create(key=key, defaults={"text": text})
    return f"~{key}"


def _study_address(study: Study, at: str = "") -> str:
    query = {"study": study.token, "at": at}
    return f"{reverse('analysis', args=[study.game_slug])}?{urlencode(query)}"


def open_study(request, token):
    study = Study.objects.filter(token=token).first()
    if study is None:
        raise Http404(_("There is no such study."))
    return redirect(_study_address(study))


def _source(request, slug: str) -> tuple[str, str, str, str, Game | None, Study | None]:
    """Where the analysis starts (start, options, tree, place), the game it came from and the
    study it belongs to, if any: `?game=<id>` opens that game's moves, the place at `?ply=N`;
    `?study=<address>` the study as saved, unless the address carries a tree of its own."""
    query, source = request.GET if request.method == "GET" else request.POST, None
    study = _study(query.get("study"), slug)
    if query.get("game"):
        source = Game.objects.filter(public_id=query["game"]).first()
        if source is None or not source.readable_by(request.user) or source.game_slug != slug:
            raise Http404(_("There is no such game to analyse."))
    if source is not None and "tree" not in query:
        moves = list(source.moves.values_list("text", flat=True))
        ply = query.get("ply")
        ply = (
            min(numbers.whole(ply, _("the ply"), numbers.MOST_PLIES), len(moves))
            if ply
            else len(moves)
        )
        options = record.options_tag(source.options)
        place = analysis.path_text([0] * ply)
        return source.initial_position, options, " ".join(moves), place, source, study
    if study is not None and "tree" not in query:
        return study.start, study.options, study.tree, query.get("at", ""), source, study
    return (
        query.get("start", ""),
        query.get("options", ""),
        query.get("tree", ""),
        query.get("at", ""),
        source,
        study,
    )


@require_http_methods(["GET", "POST"])
def board(request, slug):
    try:
        rules.get(slug)
    except ValueError:
        raise Http404(_("Imperia has no game called %(slug)s.") % {"slug": slug}) from None
    query = request.GET if request.method == "GET" else request.POST
    start, options, tree, at, source, study = _source(request, slug)
    flip = query.get("flip", "")
    if flip not in ("", "0", "1"):
        raise numbers.Malformed(_("Malformed request: flip is 0 or 1."))
    explorer = openings.read_choice(query)
    board = _read(slug, start, options, tree, at)
    notice, status = None, 200
    action = query.get("action", "")
    try:
        if action == "play":
            board.play(query.get("move", ""))
        elif action == "promote":
            board.promote()
        elif action == "delete":
            board.delete()
        elif action:
            raise Refused(_("Malformed request: unknown action."))
    except Refused as exc:
        notice, status = exc.message, exc.status
    try:
        tree_param = _tree_param(request, analysis.write(board.root))
    except limits.Limited as exc:  # nothing kept: the tree as it was is still at its address
        return limits.answer(render(request, "429.html", {"message": exc.message}), exc)
    params = {
        "start": board.start,
        "options": record.options_tag(board.options),
        "tree": tree_param,
        "at": analysis.path_text(board.path),
        **({"flip": "1"} if flip == "1" else {}),
        **({"game": source.public_id} if source else {}),
        **({"study": study.token} if study else {}),
        **explorer,
    }
    address = f"{request.path}?{urlencode(params)}"
    if action and notice is None and not request.htmx:
        return redirect(address)
    context = _context(request, board, params, notice, flip == "1", source)
    context["study"] = study
    context["own_study"] = study is not None and study.owner_id == request.user.pk
    if request.htmx:
        response = render(request, "play/partials/analysis_board.html", context, status=status)
        if action and notice is None:
            response["HX-Push-Url"] = address
        return response
    return render(request, "play/analysis.html", context, status=status)


def _engine(request, board: analysis.Board, state, source) -> dict:
    """The computer's opinion, when asked for (`?evaluate=1`): queued for the computer's
    workers (play/review/evaluations.py), which refuse any position of a game in play. Never for a
    game opened from one in play either (to its players, nor to spectators, who could pass it
    on): after the game, it is offered to all who log in."""
    if source is not None and source.status in Game.IN_PLAY:
        mine = source.seat_of(request.user) is not None
        why = evaluations.IN_YOUR_GAME if mine else evaluations.IN_A_GAME
        return {"engine_refused": translated(why)}
    if request.GET.get("evaluate") != "1":
        return {}
    if not request.user.is_authenticated:
        return {"engine_notice": _("Log in to ask the computer for its evaluation.")}
    try:
        limits.check("evaluate", request)
    except limits.Limited as exc:
        return {"engine_notice": exc.message}
    return evaluations.shown(evaluations.ask(request.user, board.game.slug, state, board.options))


@login_required
@require_GET
def evaluation(request, token):
    """The answer to an evaluation asked for: the page looks here until it comes."""
    found = Evaluation.objects.filter(token=token, requested_by=request.user).first()
    if found is None:
        raise Http404(_("There is no such evaluation."))
    return render(
        request, "play/partials/evaluation.html", evaluations.shown(evaluations.answer(found))
    )


def _linked(rows: list[dict], url) -> list[dict]:
    """Each move of the tree with its address, and whether its number must be written
    (a line's first move, or the first after a variation opens or closes)."""
    starts = True
    for row in rows:
        if "path" in row:
            row["url"] = url(row["place"])
            row["starts"], starts = starts, False
        else:
            starts = True
    return rows


def _context(request, board: analysis.Board, params: dict, notice, flipped: bool, source) -> dict:
    game_rules = board.game

    def url(path=None, **extra) -> str:
        chosen = dict(params)
        if path is not None:
            chosen["at"] = analysis.path_text(path)
        return f"{request.path}?{urlencode({**chosen, **extra})}"

    state = board.state_at()
    node = analysis.node_at(board.root, board.path)
    marks = Marks(
        last_move=game_rules.move_squares(node.move) if node.move else (),
        check=game_rules.check_square(state),
    )
    drawing = renderer(game_rules.slug)
    clicks = AnalysisClicks(
        game_rules, marks, request.GET.get("select"), request.GET.get("pick"), url
    )
    outcome = game_rules.outcome(state)
    if not outcome:
        if drawing.click_by_position:
            marks.board_action = {
                "data-move-url": url(action="play"),
                "data-ply": "",
                "data-confirmed": "1",
            }
            clicks.choose(game_rules.squareless_moves(state), clicks.play)
        else:
            clicks.offer(game_rules.legal_moves(state), clicks.play)
    to_move = game_rules.to_move(state)
    bottom = 1 if flipped else 0
    sides = [translated(seat) for seat in game_rules.seats]
    steps = {
        name: (url(path) if path is not None else None) for name, path in board.steps().items()
    }
    return {
        **_engine(request, board, state, source),
        "explorer": openings.panel(game_rules, state, params, url, source),
        "evaluate_url": url(evaluate="1"),
        "to_move_name": sides[to_move] if to_move is not None else "",
        "game": game_rules,
        "board_svg": drawing.render(
            state,
            bottom=bottom,
            marks=marks,
            caption=_(", analysis, %(side)s at the bottom") % {"side": sides[bottom]},
        ),
        "rows": _linked(board.rows(), url),
        "steps": steps,
        "flip_url": f"{request.path}?{urlencode({**params, 'flip': '0' if flipped else '1'})}",
        "promote_url": url(action="promote") if board.path else None,
        "delete_url": url(action="delete") if board.path else None,
        "params": params,
        "choices": clicks.choices,
        "notice": notice,
        "status": _status(sides, outcome, to_move),
        "source": source,
        "share": request.build_absolute_uri(url()),
    }


def _status(sides: list[str], outcome, to_move: int | None) -> str:
    """How the position stands: won, drawn, or whose move it is."""
    if outcome and outcome.winner is not None:
        return _("%(side)s wins (%(reason)s)") % {
            "side": sides[outcome.winner],
            "reason": translated(outcome.reason),
        }
    if outcome:
        return _("Draw (%(reason)s)") % {"reason": translated(outcome.reason)}
    return _("%(side)s to move") % {"side": sides[to_move]} if to_move is not None else ""


def _review_card(request, notice: str, public_id: str):
    game = page.game_of(request, public_id)
    return HttpResponse(reviews.card(game, request.user, get_token(request), notice=notice))


@require_http_methods(["GET", "POST"])
@limits.limited("evaluate", fragment=_review_card)
def game_review(request, public_id):
    """The computer's review of a finished game: asked for (POST), or its card as it stands
    (GET: the page looks again while it is under way)."""
    game = page.game_of(request, public_id)
    notice, status = "", 200
    if request.method == "POST":
        try:
            reviews.ask(request.user, game)
        except Refused as exc:
            notice, status = exc.message, exc.status
        if not request.htmx:
            if notice:
                messages.error(request, notice)
            return redirect(game.get_absolute_url() + "#review")
    answer = _review_card(request, notice, public_id)
    answer.status_code = status
    return answer


def _exercise(request, public_id: str):
    """The game, the side learning, its mistakes and the one asked (`side`, `n`: 400 past
    their bounds)."""
    game = page.game_of(request, public_id)
    query = request.GET if request.method == "GET" else request.POST
    mine = game.seat_of(request.user)
    side = numbers.whole(query.get("side", str(mine.index if mine else 0)), "side", 1)
    found = learning.mistakes(game, side)
    n = numbers.whole(query.get("n", "0"), "n", max(0, len(found) - 1))
    return game, side, found, n


@require_http_methods(["GET", "POST"])
@limits.limited("evaluate")
def learn(request, public_id):
    """Learn from your mistakes: the n-th mistake of a side, and a better move tried (POST)."""
    game, side, found, n = _exercise(request, public_id)
    sides = [(translated(game.rules.seats[seat]), seat) for seat in (0, 1)]
    context = {"game": game, "side": side, "n": n, "mistakes": found, "sides": sides}
    context |= {"margin": round(learning.MARGIN), "status": 200}
    if found:
        mistake = found[n]
        state = learning.position_before(game, mistake)
        context |= {
            "mistake": mistake,
            "board": renderer(game.game_slug).render(
                state, bottom=side, names=tuple(game.player_name(i) for i in (0, 1))
            ),
            "side_name": translated(game.rules.seats[side]),
        }
        if request.method == "POST":
            context |= _tried(request, game, mistake, state)
    return render(request, "play/learn.html", context, status=context["status"])


def _tried(request, game: Game, mistake, state) -> dict:
    """A move tried: its verdict, or the evaluation it waits on, or why it is refused."""
    if not request.user.is_authenticated:
        return {"notice": _("Log in to try a move."), "status": 403}
    tried = request.POST.get("move", "")[:200]
    try:
        answered = learning.answer(request.user, game, mistake, state, tried)
    except Refused as exc:
        return {"notice": exc.message, "status": exc.status, "tried": tried}
    if isinstance(answered, learning.Verdict):
        return {"verdict": answered, "tried": tried}
    return {"waiting": answered, "tried": tried}


@login_required
@require_GET
def learn_check(request, public_id, token):
    """The verdict on a move tried, once the computer has evaluated it: the page looks here."""
    game, side, found, n = _exercise(request, public_id)
    waiting = Evaluation.objects.filter(token=token, requested_by=request.user).first()
    if waiting is None or not found:
        raise Http404(_("There is no such evaluation."))
    waiting = evaluations.answer(waiting)
    context = {
        "game": game, "side": side, "n": n, "waiting": waiting, "mistake": found[n],
        "verdict": learning.verdict(game, found[n], waiting),
        "failed": translated(waiting.message) if waiting.status == Evaluation.Status.FAILED
        or waiting.status == Evaluation.Status.REFUSED else "",
    }  # fmt: skip
    return render(request, "play/partials/learn_verdict.html", context)


@require_GET
def game_record(request, public_id):
    game = page.game_of(request, public_id)
    text, filename, media_type = records.export(
        game, request.build_absolute_uri(game.get_absolute_url())
    )
    response = HttpResponse(text, content_type=f"{media_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@limits.limited("import")
def import_record(request):
    form = ImportForm(request.POST or None, request.FILES or None, games=rules.games())
    if request.method == "POST" and form.is_valid():
        try:
            game = records.import_game(
                request.user, form.cleaned_data["game"], form.cleaned_data["record"]
            )
        except Refused as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(game)
    status = 400 if form.errors else 200
    return render(request, "play/import.html", {"form": form}, status=status)
