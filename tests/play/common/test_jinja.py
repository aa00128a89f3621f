"""The fragments' Jinja2 environment (play/common/jinja.py)."""

from django.template import engines


def render(source: str, **context) -> str:
    return engines["jinja2"].env.from_string(source).render(context)


def test_a_dicts_key_is_read_first_and_its_methods_stay_reachable():
    clock = {"text": "4:59", "running": True}
    assert render("{{ c.text }} {{ c.running }}", c=clock) == "4:59 True"
    assert render("{% for k, v in c.items() %}{{ k }}={{ v }};{% endfor %}", c=clock) == (
        "text=4:59;running=True;"
    )
    assert render("[{{ c.missing }}]", c=clock) == "[]"  # undefined, as before


def test_an_objects_attributes_are_read_as_before():
    class Seat:
        name = "White"

    assert render("{{ s.name }} {{ s['name'] }}", s=Seat()) == "White White"
