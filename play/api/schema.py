"""The API's OpenAPI description, kept by hand beside the calls (`openapi.json`) and checked
against the addresses in the tests; read once."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

METHODS = ("get", "post", "put", "delete")


@cache
def description() -> dict:
    return json.loads((Path(__file__).parent / "openapi.json").read_text())


def operations() -> list[dict]:
    """Each path's each method, as the browsable page lists them."""
    found = []
    for path, methods in description()["paths"].items():
        for method in METHODS:
            if method in methods:
                operation = methods[method]
                found.append({
                    "path": path, "method": method.upper(), "summary": operation["summary"],
                    "token": bool(operation.get("security")),
                    "parameters": operation.get("parameters", []),
                    "responses": sorted(operation["responses"].items()),
                })  # fmt: skip
    return found
