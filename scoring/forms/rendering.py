"""The form renderer: Django's Jinja2 widget templates, each drawn as one template.

Django's widget templates include one another (a checkbox: its option template, which
includes the input, which includes its attributes), and every include makes a new context:
four per choice of a radio or checkbox list, a third of the time a hand page takes to draw
its forms. This renderer's loader puts the text of each include of a fixed name in its place
when it reads a template, so each widget and each choice is drawn by one template. The
templates are Django's own, read from where Django keeps them; what they draw is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

import jinja2
from django.forms import renderers
from django.template.backends.jinja2 import Jinja2 as Jinja2Engine
from django.utils.functional import cached_property

# ``{% include "django/forms/widgets/attrs.html" %}``: a fixed name, put in its place.
FIXED_INCLUDE = re.compile(r'{%\s*include\s+"([^"]+)"\s*%}')
# A choice list's include of each choice's own template (select.html, multiple_input.html).
CHOICE_INCLUDE = "{% include widget.template_name %}"
# The choice templates Django's choice widgets name, put in place of CHOICE_INCLUDE when a
# choice names one of them (any other choice template is still included).
CHOICE_TEMPLATES = [
    "django/forms/widgets/select_option.html",
    "django/forms/widgets/checkbox_option.html",
    "django/forms/widgets/radio_option.html",
]


class InliningLoader(jinja2.FileSystemLoader):
    """Templates with each include of a fixed name replaced by the included template's text
    (without its last newline, which Jinja drops from every template it reads)."""

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        return self._inlined(environment, source), filename, uptodate

    def _text(self, environment: jinja2.Environment, template: str) -> str:
        source, _, _ = super().get_source(environment, template)
        return self._inlined(environment, source.removesuffix("\n"))

    def _inlined(self, environment: jinja2.Environment, source: str) -> str:
        source = FIXED_INCLUDE.sub(lambda name: self._text(environment, name.group(1)), source)
        if CHOICE_INCLUDE not in source:
            return source
        branches = "".join(
            f'{{% elif widget.template_name == "{name}" %}}{self._text(environment, name)}'
            for name in CHOICE_TEMPLATES
        )
        choice = f"{{% if false %}}{branches}{{% else %}}{CHOICE_INCLUDE}{{% endif %}}"
        return source.replace(CHOICE_INCLUDE, choice)


class InliningJinja2(renderers.Jinja2):
    """Django's Jinja2 form renderer, reading its templates through ``InliningLoader``."""

    @cached_property
    def engine(self) -> Jinja2Engine:
        engine = cast(Jinja2Engine, super().engine)
        engine.env.loader = InliningLoader(engine.template_dirs)
        return engine
