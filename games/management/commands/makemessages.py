"""Django's ``makemessages``, told where the engines write their messages.

The engines (and the seating engine of events) stay free of Django: a message is the first
argument of an engine error or a ``SeatingError`` (the
second of ``LineError`` and of the PMN replay's ``_fail``), of a ``Term`` or a ``Bound``,
or the template of ``prefixed``; the league reads it through ``gettext`` (``scoring.apps``).
A family's declared labels are ``lazy_text``.
New messages start untranslated: msgmerge guesses no fuzzy translation.
"""

from __future__ import annotations

from django.core.management.commands import makemessages

ENGINE_KEYWORDS = (
    "EngineError",
    "RulesError",
    "HandError",
    "PmnError",
    "PlayError",
    "LineError:2",
    "_fail:2",
    "fail:2",
    "Message",
    "Term",
    "Bound",
    # The seating engine of events (games.events.seating), as free of Django as the engines.
    "SeatingError",
    "prefixed",
    "lazy_text",
    # The scripts' own: fmt(text, values) is gettext, then the values put in.
    "fmt",
)


class Command(makemessages.Command):
    # A new message starts untranslated, not with a guess from a similar one marked fuzzy.
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        *(f"--keyword={keyword}" for keyword in ENGINE_KEYWORDS),
    ]
