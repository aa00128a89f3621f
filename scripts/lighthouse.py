"""Lighthouse on a phone: `make lighthouse`. Serves the site as the documents' pictures do
(scripts/screenshots.py: a fresh folder, players, a game of each kind a few moves in, a
championship's group; here a tournament too), and runs npm's Lighthouse (tools/lighthouse/)
in Debian's Chromium against the home page, a game, a lesson, a puzzle, a tournament and
the championships, as a visitor sees them: Lighthouse's default phone (a
Moto G Power's screen, a 4× slower processor, slow 4G, simulated). Prints each page's four
scores, what it weighs and Lighthouse's measure of the processor (its benchmark index: higher
is faster; the 4× slowdown is applied to what this machine does, so a busy machine scores
lower), with the machine's yardstick (bench/site.py) before and after; and fails when a score
is under the floor.

Each page is run three times (`--runs N`) and each score is the median of its runs, as
Lighthouse's own advice on variance has it. `--only PATH_PART` runs the pages whose address
contains it; `--keep FOLDER` keeps every run's report (JSON) there."""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from screenshots import CHROMIUM_ARGS, ROOT, seeded_site

from bench.site import machine_speed

LIGHTHOUSE = ROOT / "tools" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
FLOOR = 95
RUN_AGAIN = re.compile(r"NO_NAVSTART|NO_FCP|Please run Lighthouse again")
A_TOURNAMENT_AND_A_PUZZLE = """
from datetime import timedelta
from play.puzzles import catalogue
from play.tournaments import arenas, entries
arena = arenas.create(ann, name="Evening arena", game_slug="empress", minutes=60,
    time_control={"kind": "live", "minutes": 3, "increment": 2},
    starts_at=clocks.now() + timedelta(hours=1))
for player in (ann, bob):
    entries.join(arena, player)
print("tournament", arena.public_id)
print("puzzle", catalogue.puzzles("empress")[0].id)
"""


def pages(found: dict[str, str]) -> list[str]:
    """The pages measured: a game is Imperial Chess, the heaviest of the five (12×12 squares,
    two hands of pieces), as a spectator sees it."""
    return [
        "/",
        f"/g/{found['imperial-chess']}/",
        "/learn/empress/field/1/",
        f"/puzzles/empress/{found['puzzle']}/",
        f"/t/{found['tournament']}/",
        "/championships/",
    ]


def audit(url: str, report: Path, tries: int = 3) -> dict:
    """One Lighthouse run, its report read back. A run whose trace Lighthouse could not read
    (its NO_NAVSTART and NO_FCP errors ask to run again) is run again, twice at most."""
    flags = ["--headless=new", *CHROMIUM_ARGS]
    for _ in range(tries):
        run = subprocess.run(
            [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
             f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={' '.join(flags)}"],
            env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"}, capture_output=True, text=True,
        )  # fmt: skip
        if run.returncode == 0:
            return json.loads(report.read_text())
        print(run.stderr.strip().splitlines()[-1] if run.stderr.strip() else run, file=sys.stderr)
        if not RUN_AGAIN.search(run.stderr):
            break
    raise SystemExit(f"Lighthouse failed on {url}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="the pages whose address contains this")
    parser.add_argument("--keep", type=Path, help="a folder to keep the reports in")
    parser.add_argument("--runs", type=int, default=3, choices=range(1, 10), metavar="N")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="imperia-lighthouse-"))
    folder.mkdir(parents=True, exist_ok=True)
    short = []
    yardstick = machine_speed()
    print(f"| page | {' | '.join(CATEGORIES)} | KB | CPU index |", flush=True)
    print(f"|---|{'---:|' * (len(CATEGORIES) + 2)}", flush=True)
    with seeded_site(A_TOURNAMENT_AND_A_PUZZLE) as (url, found):
        for path in (p for p in pages(found) if args.only in p):
            name = path.strip("/").replace("/", "_") or "home"
            results = [audit(url + path, folder / f"{name}-{n}.json") for n in range(args.runs)]
            scores = {
                c: statistics.median_low(
                    round(100 * (r["categories"][c]["score"] or 0)) for r in results
                )
                for c in CATEGORIES
            }
            weight = statistics.median_low(
                r["audits"]["total-byte-weight"]["numericValue"] for r in results
            )
            index = statistics.median_low(r["environment"]["benchmarkIndex"] for r in results)
            shown = " | ".join(str(scores[c]) for c in CATEGORIES)
            print(f"| `{path}` | {shown} | {weight / 1024:.0f} | {index:.0f} |", flush=True)
            for category, score in scores.items():
                if score < FLOOR:
                    result = results[-1]
                    failed = [
                        ref["id"]
                        for ref in result["categories"][category]["auditRefs"]
                        if ref["weight"] and (result["audits"][ref["id"]]["score"] or 0) < 1
                    ]
                    short.append(f"{path} {category} {score}: {', '.join(failed)}")
    print(f"yardstick {yardstick:.1f} ms before, {machine_speed():.1f} ms after")
    for line in short:
        print("under", FLOOR, "-", line)
    print("reports:", folder)
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
