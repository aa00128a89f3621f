"""Make the game page's sounds (static/sounds/*.wav): short tones and knocks, synthesised here
so that the files are the project's own and remade byte for byte (tests/test_sounds.py).

    .venv/bin/python scripts/make-sounds.py [folder]

Mono, 8-bit, 11,025 samples a second: each file a few kilobytes, which a page fetches once."""

from __future__ import annotations

import math
import sys
import wave
from pathlib import Path

RATE = 11025
ROOT = Path(__file__).resolve().parents[1]


def tone(hertz: float, seconds: float, loud: float = 0.6, fall: float = 18.0) -> list[float]:
    """A struck tone: sine and a little of its octave, dying away."""
    count = int(RATE * seconds)
    return [
        loud
        * math.exp(-fall * i / RATE)
        * (
            0.8 * math.sin(2 * math.pi * hertz * i / RATE)
            + 0.2 * math.sin(4 * math.pi * hertz * i / RATE)
        )
        for i in range(count)
    ]


def knock(hertz: float, seconds: float, loud: float = 0.6) -> list[float]:
    """A piece set down on wood: a low tone that dies at once, with a click at its start."""
    count = int(RATE * seconds)
    return [
        loud
        * (
            math.exp(-45 * i / RATE) * math.sin(2 * math.pi * hertz * i / RATE)
            + math.exp(-400 * i / RATE) * math.sin(2 * math.pi * 3.1 * hertz * i / RATE) * 0.5
        )
        for i in range(count)
    ]


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mixed(*parts: list[float]) -> list[float]:
    """Sounds played together, from their start."""
    out = [0.0] * max(len(p) for p in parts)
    for part in parts:
        for i, sample in enumerate(part):
            out[i] += sample
    return out


SOUNDS = {
    # A move: one knock.
    "move": knock(220, 0.16),
    # A capture: two knocks, the second higher, as a piece is taken off.
    "capture": knock(180, 0.07) + knock(300, 0.16),
    # Low time: two short high beeps.
    "low-time": tone(1320, 0.09, 0.5, 10) + silence(0.06) + tone(1320, 0.12, 0.5, 10),
    # The game begins: a rising pair.
    "start": tone(523, 0.14, 0.5, 8) + tone(784, 0.28, 0.5, 8),
    # The game ends: a falling chord.
    "end": tone(784, 0.12, 0.45, 8) + mixed(tone(523, 0.4, 0.35, 6), tone(659, 0.4, 0.25, 6)),
}


def write(name: str, samples: list[float], folder: Path) -> Path:
    path = folder / f"{name}.wav"
    frames = bytes(max(0, min(255, round(128 + 127 * s))) for s in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(1)  # 8-bit samples are unsigned
        out.setframerate(RATE)
        out.writeframes(frames)
    return path


def main(folder: Path = ROOT / "static" / "sounds") -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [write(name, samples, folder) for name, samples in SOUNDS.items()]


if __name__ == "__main__":
    for made in main(*(Path(a) for a in sys.argv[1:2])):
        print(made, made.stat().st_size, "bytes")
