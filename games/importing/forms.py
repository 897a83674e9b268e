"""The forms of imports: a score file's upload and its confirmation, PMN records' upload."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from games.forms import DateInput
from games.models import Club, RuleSet
from scoring.families import pmn_family_keys, tenhou_family_keys
from scoring.forms.typed import model_choice_field
from scoring.score_files import format_choices


class ScoreImportForm(forms.Form):
    """Upload a score file into a season; nothing is written until the preview is confirmed."""

    score_file = forms.FileField(
        label=gettext_lazy("Score file"),
        help_text=gettext_lazy(
            "A plain-text (UTF-8) file as the HK or Big Two scorer programs read."
        ),
    )
    score_format = forms.ChoiceField(label=gettext_lazy("Format"), choices=format_choices)
    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(),
        required=False,
        label=gettext_lazy("Rule set"),
        empty_label=gettext_lazy("The season's rule set"),
        help_text=gettext_lazy("Setting lines in the file become versions of this rule set."),
    )
    undated_on = forms.DateField(
        required=False,
        label=gettext_lazy("Date for games before any date line"),
        help_text=gettext_lazy("Empty: the season's start date, or today."),
        widget=DateInput(),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "rule_set").queryset = RuleSet.objects.filter(club=club)


class ScoreImportConfirmForm(forms.Form):
    """The second step: import exactly the previewed file (by its digest)."""

    digest = forms.CharField(widget=forms.HiddenInput, max_length=64)
    create_players = forms.BooleanField(
        required=False, label=gettext_lazy("Add the new players listed above to the club")
    )
    make_current = forms.BooleanField(
        required=False,
        label=gettext_lazy("Make these the current rules"),
        help_text=gettext_lazy(
            "Off: the file's new rule versions score its own sessions only, and new "
            "sessions keep starting under the current rules."
        ),
    )


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files from one input; each is read (and judged) by the importer itself."""

    def __init__(self, *, accept: str = ".pmn,.txt,text/plain", **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": accept}))
        super().__init__(allow_empty_file=True, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        items = data if isinstance(data, list | tuple) else [data] if data else []
        return [super(MultipleFileField, self).clean(item, initial) for item in items]


class PmnImportForm(forms.Form):
    # Named like the form's own ``files`` (the uploads): the form's metaclass takes declared
    # fields off the class, so the two never meet.
    files = MultipleFileField(  # type: ignore[assignment]
        required=False,
        label=gettext_lazy("PMN files"),
        help_text=gettext_lazy("One or more .pmn game records."),
    )
    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(), label=gettext_lazy("Rule set")
    )
    played_on = forms.DateField(
        label=gettext_lazy("Date for games whose record has none"),
        widget=DateInput(),
        initial=dt.date.today,
    )
    create_players = forms.BooleanField(
        required=False, label=gettext_lazy("Create the new players listed above")
    )
    family_keys = staticmethod(pmn_family_keys)  # the families whose rule sets are offered

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "rule_set").queryset = RuleSet.objects.filter(
            club=club, family__in=self.family_keys()
        )


class TenhouImportForm(PmnImportForm):
    """Tenhou game logs: PMN records' form, for the families whose games come so."""

    files = MultipleFileField(
        accept=".json,.txt,application/json,text/plain",
        required=False,
        label=gettext_lazy("Tenhou logs"),
        help_text=gettext_lazy("One or more game logs in Tenhou's JSON format (tenhou.net/6)."),
    )
    played_on = forms.DateField(
        label=gettext_lazy("Date the games were played"), widget=DateInput(), initial=dt.date.today
    )
    family_keys = staticmethod(tenhou_family_keys)


class GameFileImportForm(forms.Form):
    """A game file (classical: the manual's saved game) to load into a new session."""

    file = forms.FileField(
        label=gettext_lazy("Game file"),
        help_text=gettext_lazy("A .json game file, as a session's “Save as a game file” gives."),
    )
    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(),
        required=False,
        label=gettext_lazy("Rule set"),
        empty_label=gettext_lazy("The season's default"),
    )
    played_on = forms.DateField(
        label=gettext_lazy("Date (blank: the file's, else today)"),
        widget=DateInput(),
        required=False,
    )
    create_players = forms.BooleanField(
        required=False, label=gettext_lazy("Create the players the club does not have yet")
    )

    def __init__(self, *args: Any, club: Club, family: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "rule_set").queryset = RuleSet.objects.filter(
            club=club, family=family
        )


class GamesImportForm(forms.Form):
    """Upload a games file into a season; nothing is written until the preview is confirmed."""

    games_file = forms.FileField(
        label=gettext_lazy("Games file"),
        help_text=gettext_lazy("A .jsonl file exported from a season of this rule family."),
        widget=forms.ClearableFileInput(attrs={"accept": ".jsonl,.json,.txt"}),
    )
    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(),
        required=False,
        label=gettext_lazy("Rule set"),
        empty_label=gettext_lazy("The season's rule set"),
        help_text=gettext_lazy("The file's rules become versions of this rule set."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "rule_set").queryset = RuleSet.objects.filter(club=club)
