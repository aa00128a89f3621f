"""The game page's sounds are made by scripts/make-sounds.py: the files kept are what it makes,
byte for byte, and each is small."""

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEPT = ROOT / "static" / "sounds"


def test_the_script_makes_the_sound_files_kept(tmp_path):
    script = runpy.run_path(str(ROOT / "scripts" / "make-sounds.py"))
    made = script["main"](tmp_path)
    assert sorted(p.name for p in made) == sorted(p.name for p in KEPT.glob("*.wav"))
    for path in made:
        assert path.read_bytes() == (KEPT / path.name).read_bytes(), path.name
        assert path.stat().st_size < 10_000, path.name
