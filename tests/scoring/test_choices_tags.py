"""The choice-list tags (scoring/templatetags/choices.py) draw exactly what the pages' own
loops over a field's choices drew: the same inputs, ids, checked state, labels (escaped as
the pages escape them) and marks, for radios and checkboxes, blank, bound and refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template

from scoring.engine.classical.params import rules_from_params
from scoring.families import get_family

NAMES = ["Ann <A>", "Bo & Co", 'Cy "C"', "Dee's"]  # names that need escaping
BIG_LOOP = (
    '{% for radio in field %}<label class="big-choice" for="{{ radio.id_for_label }}">'
    "{{ radio.tag }}<span>{{ radio.choice_label }}</span></label>{% endfor %}"
)
CHECK_LOOP = (
    '{% for box in field %}<label class="check">{{ box.tag }} {{ box.choice_label }}</label>'
    "{% endfor %}"
)
MARKED_LOOP = (
    '{% for box in field %}<label class="check'
    '{% if box.data.value in marked %} mj-only{% endif %}">'
    "{{ box.tag }} {{ box.choice_label }}"
    "{% if box.data.value in marked %} <small>{{ note }}</small>{% endif %}"
    "</label>{% endfor %}"
)


def drawn(template: str, **context: Any) -> str:
    return Template("{% load choices %}" + template).render(Context(context))


def riichi_form(data: dict[str, Any] | None) -> Any:
    form_class = get_family("riichi").hand_form
    return form_class(data, params={"preset": "ema"}, seat_names=NAMES)


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"winner": "1", "how": "discard", "yaku": ["riichi", "tanyao"], "riichi": ["0", "3"]},
        {"winner": "9", "riichi": ["7"]},
    ],
    ids=["blank", "bound", "refused"],
)
def test_radios_and_checkboxes_are_drawn_as_the_loops_drew_them(data: Any) -> None:
    form = riichi_form(data)
    if data:
        form.is_valid()
    for name in ("winner", "how", "blamed"):
        field = form[name]
        assert drawn("{% big_choices field %}", field=field) == drawn(BIG_LOOP, field=field)
    for name in ("yaku", "riichi", "tenpai", "riichi_flags"):
        field = form[name]
        assert drawn("{% check_boxes field %}", field=field) == drawn(CHECK_LOOP, field=field)


def test_marked_choices_get_their_class_and_note() -> None:
    params = {"rules": "millington", "stake": 1000}
    form = get_family("classical").hand_form(
        {"mahjong": "0", "events_0": ["1", "2"]}, params=params, seat_names=NAMES
    )
    form.is_valid()
    assert form.mahjong_only, rules_from_params(params)
    field, note = form["events_0"], "(Mah-Jongg only) <&>"
    ours = drawn(
        '{% check_boxes field marked=marked mark="mj-only" note=note %}',
        field=field,
        marked=form.mahjong_only,
        note=note,
    )
    assert ours == drawn(MARKED_LOOP, field=field, marked=form.mahjong_only, note=note)
    assert 'class="check mj-only"' in ours and "&lt;&amp;&gt;" in ours
