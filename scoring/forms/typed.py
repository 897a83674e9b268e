"""A form's fields by their kind: ``form.fields[name]`` is typed as any ``Field``, so a form
that sets a field's choices, queryset or bounds after it is built asks for the kind it set."""

from __future__ import annotations

from typing import Any, TypeVar

from django import forms

F = TypeVar("F", bound=forms.Field)


def field_of(form: forms.BaseForm, name: str, kind: type[F]) -> F:
    """The field ``name`` of ``form``, which must be a ``kind``."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"field {name!r} is a {type(field).__name__}, not a {kind.__name__}")
    return field


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    return field_of(form, name, forms.ChoiceField)


def model_choice_field(form: forms.BaseForm, name: str) -> forms.ModelChoiceField[Any]:
    return field_of(form, name, forms.ModelChoiceField)
