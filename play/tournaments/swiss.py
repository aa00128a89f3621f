"""A Swiss round's pairing by the FIDE Dutch system, through py4swiss (what pychess-variants
pairs its Swiss events with; it gives bbpPairings' pairings). The tournament so far is written
as a FIDE TRF(x) each round, the same text a player may download to check the pairings with
another engine. A pairing-allocated bye scores 1; a round a player misses (absent, paused or
withdrawn) is a zero-point bye. Pure: no Django."""

from __future__ import annotations

from dataclasses import dataclass, field

from py4swiss.engines import DutchEngine
from py4swiss.trf import ParsedTrf
from py4swiss.trf.codes import PlayerCode
from py4swiss.trf.results import ColorToken, ResultToken, RoundResult
from py4swiss.trf.sections import PlayerSection, TournamentSection, XSection

BYE = 0  # the "opponent" of a pairing-allocated bye


@dataclass(frozen=True)
class Round:
    """One round as one player lived it."""

    opponent: int  # their starting number; BYE for a bye or an absence
    white: bool | None  # None for a bye or an absence
    score: float | None  # 1, 0.5, 0; None while the game is played
    absent: bool = False  # missed the round: no game, no point


@dataclass
class Entrant:
    number: int  # the starting number, from 1, by rating at the start
    name: str
    rating: int
    rounds: list[Round] = field(default_factory=list)
    absent_next: bool = False  # paused or withdrawn: not paired in the next round

    @property
    def points(self) -> float:
        return sum(r.score for r in self.rounds if r.score is not None)


def trf(name: str, rounds_total: int, entrants: list[Entrant]) -> ParsedTrf:
    """The tournament as FIDE's report file describes it, its results so far."""
    ranked = sorted(entrants, key=lambda e: (-e.points, e.number))
    rank = {e.number: i for i, e in enumerate(ranked, 1)}
    players = [
        PlayerSection(
            code=PlayerCode.PLAYER,
            starting_number=e.number,
            name=e.name[:33],
            fide_rating=e.rating,
            points_times_ten=round(e.points * 10),
            rank=rank[e.number],
            results=[_result(r) for r in e.rounds],
        )  # fmt: skip
        for e in sorted(entrants, key=lambda e: e.number)
    ]
    x = XSection(
        number_of_rounds=rounds_total,
        zeroed_ids={e.number for e in entrants if e.absent_next},
    )
    return ParsedTrf(
        player_sections=players, tournament_section=TournamentSection(tournament_name=name),
        x_section=x,
    )  # fmt: skip


def text(report: ParsedTrf) -> str:
    """The report file's text, as a player downloads it."""
    lines = report.tournament_section.to_strings()
    lines += [player.to_string() for player in report.player_sections]
    lines += report.x_section.to_strings()
    return "\n".join(lines) + "\n"


def next_round(report: ParsedTrf) -> list[tuple[int, int]]:
    """The next round's pairs, (White, Black) by starting number; (n, BYE) for a bye."""
    pairs = []
    for pairing in DutchEngine.generate_pairings(report):
        if pairing.white == BYE or pairing.black == BYE:
            pairs.append((pairing.white or pairing.black, BYE))
        else:
            pairs.append((pairing.white, pairing.black))
    return pairs


def pair(name: str, rounds_total: int, entrants: list[Entrant]) -> list[tuple[int, int]]:
    """The next round's pairs, as next_round() gives them from the tournament's report; the
    first round worked out directly, as the Dutch system sets it (the same pairs: tested
    against py4swiss), since pairing a first round's single score group of hundreds takes
    py4swiss many seconds (bench/tournaments.py)."""
    if not any(e.rounds for e in entrants):
        return first_round(entrants)
    return next_round(trf(name, rounds_total, entrants))


def first_round(entrants: list[Entrant]) -> list[tuple[int, int]]:
    """The Dutch system's first round: the players present in starting order, the last one
    out with a bye if they are odd; the top half meets the bottom half in order, each pair's
    higher-placed player White when their starting number is odd (the initial colour)."""
    present = sorted(e.number for e in entrants if not e.absent_next)
    bye = [(present.pop(), BYE)] if len(present) % 2 else []
    half = len(present) // 2
    return [
        (top, bottom) if top % 2 else (bottom, top)
        for top, bottom in zip(present[:half], present[half:], strict=True)
    ] + bye


def _result(played: Round) -> RoundResult:
    if played.absent:
        return RoundResult(
            id=BYE, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.ZERO_POINT_BYE
        )
    if played.opponent == BYE:
        return RoundResult(
            id=BYE, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.PAIRING_ALLOCATED_BYE
        )
    colour = ColorToken.WHITE if played.white else ColorToken.BLACK
    token = {1: ResultToken.WIN, 0.5: ResultToken.DRAW, 0: ResultToken.LOSS}[played.score]
    return RoundResult(id=played.opponent, color=colour, result=token)
