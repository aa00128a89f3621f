"""The event streams follow the games in every process: a challenge made by a worker or a
command (which never loads the API's pages) is told as one made on a page is."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LISTENING = """
import django
django.setup()
from play.games.lifecycle import challenge_sent, games_began, result_changed
print(all(s.has_listeners() for s in (challenge_sent, games_began)),
      any(r[1]().__module__ == "play.api.events" for r in result_changed.receivers))
"""


def test_every_process_tells_the_streams(tmp_path):
    # A fresh process, as the sweeper's or the computer's is: Django set up, nothing else.
    env = {**os.environ, "IMPERIA_VAR_DIR": str(tmp_path),
           "DJANGO_SETTINGS_MODULE": "imperia_site.settings"}  # fmt: skip
    ran = subprocess.run([sys.executable, "-c", LISTENING], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)  # fmt: skip
    assert ran.stdout.split() == ["True", "True"], ran.stdout + ran.stderr
