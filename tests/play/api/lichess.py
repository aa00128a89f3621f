"""lichess's shapes, as its published OpenAPI description gives them (lichess_shapes.json,
encoded from it by hand): an answer conforms when it has every field lichess requires, each
field of lichess's has lichess's type (never a null lichess does not allow), and every other
field is one of Imperia's additions. The differences and additions listed there are those
docs/api.md names."""

import json
from pathlib import Path

DATA = json.loads((Path(__file__).parent / "lichess_shapes.json").read_text())
SHAPES, DIFFERENCES, ADDITIONS = DATA["shapes"], DATA["differences"], DATA["additions"]
JSON_TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


def problems(value, kind, where: str = "") -> list[str]:
    """How `value` differs from lichess's `kind` (a JSON type, a shape's name, or a
    composite), each problem with where it is."""
    if isinstance(kind, list):  # any of them
        found = [problems(value, k, where) for k in kind]
        return [] if any(not p for p in found) else [f"{where}: {value!r} is none of {kind}"]
    if isinstance(kind, dict):
        return _composite(value, kind, where)
    if kind in JSON_TYPES:
        return [] if JSON_TYPES[kind](value) else [f"{where}: {value!r} is not {kind}"]
    return _shape(value, kind, where)


def _composite(value, kind: dict, where: str) -> list[str]:
    if "enum" in kind:
        return [] if value in kind["enum"] else [f"{where}: {value!r} not in {kind['enum']}"]
    if "array" in kind:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not an array"]
        return [p for i, v in enumerate(value) for p in problems(v, kind["array"], f"{where}[{i}]")]
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not an object"]
    return [p for k, v in value.items() for p in problems(v, kind["map"], f"{where}.{k}")]


def fields(name: str) -> tuple[dict, dict]:
    """A shape's required and optional fields, with those of the shape it extends."""
    shape = SHAPES[name]
    required, optional = dict(shape.get("required", {})), dict(shape.get("optional", {}))
    if "extends" in shape:
        more_required, more_optional = fields(shape["extends"])
        required, optional = {**more_required, **required}, {**more_optional, **optional}
    return required, optional


def named(listed: dict, name: str, field: str) -> bool:
    """Whether the shape's field, or that of a shape it extends, is listed."""
    while name:
        if f"{name}.{field}" in listed:
            return True
        name = SHAPES[name].get("extends", "")
    return False


def _shape(value, name: str, where: str) -> list[str]:
    shape = SHAPES[name]
    where = where or name
    if "oneOf" in shape:
        return problems(value, shape["oneOf"], where)
    if not ("required" in shape or "optional" in shape):
        return _composite(value, shape, where)
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not an object ({name})"]
    required, optional = fields(name)
    found = []
    for field, kind in {**optional, **required}.items():
        if named(DIFFERENCES, name, field):
            continue
        if field not in value:
            if field in required:
                found.append(f"{where}.{field}: missing ({name} requires it)")
            continue
        found += problems(value[field], kind, f"{where}.{field}")
    for field in value:
        if field not in required and field not in optional and not named(ADDITIONS, name, field):
            found.append(f"{where}.{field}: not lichess's, and not a named addition ({name})")
    return found


def check(value, name: str) -> None:
    found = problems(value, name)
    assert not found, "\n".join(found)
