"""A hand form's lists of choices (seats, outcomes, yaku, events), each drawn by one template.

A page's loop over a field's choices drew each through a loop of the page and a widget
template of its own: most of the time a hand page took, on pages of a hundred checkboxes.
These tags draw the same markup, choice by choice, from the same data (the field's own
subwidgets: their names, values, ids, checked state and attributes), in one Jinja template
of the form renderer for the whole list.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django import template
from django.forms import BoundField
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def check_boxes(
    field: BoundField, marked: Collection[str] = (), mark: str = "", note: str = ""
) -> SafeString:
    """Each choice as ``<label class="check">{box} {label}</label>``; a choice whose value is
    in ``marked`` gets the class ``mark`` too, and ``note`` after its label."""
    return _drawn(
        "scoring/choices/check_boxes.html",
        field,
        mark=mark,
        note=conditional_escape(note),
        marked={str(value) for value in marked},
    )


@register.simple_tag
def big_choices(field: BoundField) -> SafeString:
    """Each choice as ``<label class="big-choice" for="{id}">{radio}<span>{label}</span>``."""
    return _drawn("scoring/choices/big_choices.html", field)


def _drawn(template_name: str, field: BoundField, **context: Any) -> SafeString:
    # Labels escaped as the pages' own templates escape them (Django's escape, not Jinja's).
    choices = [
        {**box.data, "wrap_label": False, "label": conditional_escape(box.choice_label)}
        for box in field
    ]
    return mark_safe(field.form.renderer.render(template_name, {"choices": choices, **context}))
