"""The installed site's icons are what scripts/make-icons.py makes, byte for byte: a change
to the drawing is a change to the committed files, never one without the other."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_script_makes_the_committed_icons(tmp_path):
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make-icons.py"), str(tmp_path)],
        check=True,
        capture_output=True,
    )
    made = sorted(path.name for path in tmp_path.iterdir())
    assert made == sorted(path.name for path in (ROOT / "static" / "icons").iterdir())
    for name in made:
        assert (tmp_path / name).read_bytes() == (ROOT / "static" / "icons" / name).read_bytes(), (
            name
        )
