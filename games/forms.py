"""Forms for the league's own objects; hand and rule parameters come from scoring.forms."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import UsernameField
from django.contrib.auth.models import User
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from games import services
from games.models import Club, Invitation, Membership, Penalty, Player, RuleSet, Season, Session
from scoring.display import SEAT_LABELS
from scoring.forms.typed import model_choice_field
from scoring.parameters import MAX_PARAMETER
from scoring.penalties import MAX_AMOUNT


def apply_validation_error(
    form: forms.BaseForm, error: ValidationError, field_map: Any = None
) -> None:
    """Show a service's error beside the field it names, or at the top of the form."""
    lookup = field_map or (lambda name: name if name in form.fields else None)
    if hasattr(error, "error_dict"):
        for name, errors in error.error_dict.items():
            for item in errors:
                form.add_error(lookup(name), item.messages)
    else:
        form.add_error(None, error.messages)


class DateInput(forms.DateInput):
    input_type = "date"


class ClubForm(forms.ModelForm[Club]):
    class Meta:
        model = Club
        fields = ["name", "slug", "visibility"]
        labels = {
            "name": gettext_lazy("Name"),
            "slug": gettext_lazy("Address"),
            "visibility": gettext_lazy("Visibility"),
        }
        help_texts = {
            "slug": gettext_lazy("Letters, digits and hyphens: the club's page is /c/<address>/.")
        }


def time_zone_choices() -> list[tuple[str, str]]:
    return [(zone, zone.replace("_", " ")) for zone in sorted(services.TIME_ZONES)]


class ClubSettingsForm(forms.ModelForm[Club]):
    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        label=gettext_lazy("Time zone"),
        help_text=gettext_lazy("Times on the club's pages (history, deliveries) are local to it."),
    )

    class Meta:
        model = Club
        fields = [
            "name",
            "visibility",
            "time_zone",
            "language",
            "members_start_sessions",
            "members_switch_rules",
        ]
        labels = {
            "name": gettext_lazy("Name"),
            "visibility": gettext_lazy("Visibility"),
            "language": gettext_lazy("Default language"),
            "members_start_sessions": gettext_lazy("Members may start sessions"),
            "members_switch_rules": gettext_lazy("Members may switch a running session's rules"),
        }
        help_texts = {
            "language": gettext_lazy(
                "For readers who have not chosen a language; blank: their browser's."
            ),
            "members_start_sessions": gettext_lazy("Off: only organisers seat a table."),
            "members_switch_rules": gettext_lazy(
                "Off: only organisers change the rules mid-session."
            ),
        }


class PlayerForm(forms.ModelForm[Player]):
    class Meta:
        model = Player
        fields = ["name"]
        labels = {"name": gettext_lazy("Name")}


class PlayerEditForm(forms.ModelForm[Player]):
    """The organiser's edit of a player: the name and the EMA number (for EMA results)."""

    class Meta:
        model = Player
        fields = ["name", "ema_number"]
        labels = {"name": gettext_lazy("Name")}
        help_texts = {"ema_number": gettext_lazy("8 digits; leave blank if they have none.")}


class PlayerAliasForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Another name"), max_length=Player.NAME_LENGTH)


class PlayerMergeForm(forms.Form):
    """Which players are one person: the one kept, and the ones merged into them."""

    into = forms.ModelChoiceField(
        label=gettext_lazy("Keep this player"), queryset=Player.objects.none()
    )
    others = forms.ModelMultipleChoiceField(
        label=gettext_lazy("Merge these players into them"),
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(club=club)
        model_choice_field(self, "into").queryset = players
        self.fields["others"].queryset = players  # type: ignore[attr-defined]


class RuleSetNameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)


class SeasonForm(forms.ModelForm[Season]):
    class Meta:
        model = Season
        fields = ["name", "rule_set", "starts_on", "ends_on"]
        # Labels given here: a model field's own name would be English on a Chinese page.
        labels = {
            "name": gettext_lazy("Name"),
            "rule_set": gettext_lazy("Default rule set"),
            "starts_on": gettext_lazy("Starts on"),
            "ends_on": gettext_lazy("Ends on"),
        }
        widgets = {"starts_on": DateInput(), "ends_on": DateInput()}

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "rule_set").queryset = RuleSet.objects.filter(club=club)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            # Said here, so the model's constraint never shows its technical message.
            self.add_error("ends_on", gettext_lazy("The season cannot end before it starts."))
        return data


class SessionStartForm(forms.Form):
    season = forms.ModelChoiceField(queryset=Season.objects.none(), label=gettext_lazy("Season"))
    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(),
        label=gettext_lazy("Rule set"),
        required=False,
        empty_label=gettext_lazy("The season's default"),
    )
    played_on = forms.DateField(
        label=gettext_lazy("Date"), widget=DateInput(), initial=dt.date.today
    )
    # A new one each time the form is shown: a double submit or a retry starts one session.
    # Optional, so that a page saved before it existed still starts its session.
    client_id = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "season").queryset = Season.objects.filter(club=club)
        model_choice_field(self, "rule_set").queryset = RuleSet.objects.filter(club=club)
        players = Player.objects.filter(club=club)
        for index, label in enumerate(SEAT_LABELS):
            self.fields[f"seat_{index}"] = forms.ModelChoiceField(
                queryset=players, label=label, required=index < 2
            )

    def players(self) -> list[Player]:
        return [
            self.cleaned_data[f"seat_{index}"]
            for index in range(len(SEAT_LABELS))
            if self.cleaned_data.get(f"seat_{index}")
        ]


class SessionAgainForm(forms.Form):
    """A new game like a session: its day, and the entry id that makes a retry harmless."""

    played_on = forms.DateField(label=gettext_lazy("Date"))
    client_id = forms.UUIDField()


class HandMetaForm(forms.Form):
    """The parts of a hand submission every family shares."""

    client_id = forms.UUIDField(widget=forms.HiddenInput)
    # The hand the form was opened to record (its place on the sheet): when someone else has
    # recorded that hand since, the member is shown it and asked before recording another.
    # Optional, so that a page opened before the field existed still saves.
    expected = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=MAX_PARAMETER
    )
    another = forms.BooleanField(widget=forms.HiddenInput, required=False)


class HandChangeForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_PARAMETER)
    reason = forms.CharField(
        max_length=200,
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("Why the change? Everyone at the table will see it."),
    )


class InvitationForm(forms.Form):
    role = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=Membership.Role.choices,
        initial=Membership.Role.MEMBER,
    )
    player = forms.ModelChoiceField(
        label=gettext_lazy("Player"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=gettext_lazy("No player (a viewer)"),
    )
    days: forms.IntegerField | None = forms.IntegerField(
        label=gettext_lazy("Good for (days)"),
        min_value=1,
        max_value=Invitation.MAX_DAYS,
        initial=Invitation.DEFAULT_DAYS,
        required=False,
        help_text=gettext_lazy("After this the link admits no one; you can withdraw it sooner."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "player").queryset = Player.objects.filter(
            club=club, user__isnull=True
        )

    def clean_days(self) -> int:
        days = self.cleaned_data.get("days")
        return Invitation.DEFAULT_DAYS if days is None else int(days)


class MemberAccountForm(InvitationForm):
    username = UsernameField(
        label=gettext_lazy("Username"), max_length=150, validators=[UnicodeUsernameValidator()]
    )
    days = None  # an account made now has no link to expire

    field_order = ["username", "role", "player"]


class SignUpForm(forms.Form):
    username = UsernameField(
        label=gettext_lazy("Username"), max_length=150, validators=[UnicodeUsernameValidator()]
    )
    password = forms.CharField(widget=forms.PasswordInput, strip=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("password"):
            candidate = User(username=data.get("username") or "")
            try:
                password_validation.validate_password(data["password"], candidate)
            except ValidationError as error:
                self.add_error("password", error)
        return data


class DateRangeForm(forms.Form):
    """The standings' date range: both ends inclusive, either left open."""

    date_from = forms.DateField(required=False, label=gettext_lazy("From"), widget=DateInput())
    date_to = forms.DateField(
        required=False, label=gettext_lazy("To (inclusive)"), widget=DateInput()
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and end < start:
            self.add_error("date_to", gettext_lazy("The end date is before the start date."))
        return data


class StandingsFilterForm(DateRangeForm):
    min_games = forms.IntegerField(required=False, min_value=0, label=gettext_lazy("Minimum games"))


class PenaltyForm(forms.Form):
    """A penalty on one of a session's players: who, why, how much, paid to whom."""

    player = forms.ModelChoiceField(label=gettext_lazy("Player"), queryset=Player.objects.none())
    reason = forms.ChoiceField(label=gettext_lazy("Reason"), choices=Penalty.Reason.choices)
    note = forms.CharField(
        label=gettext_lazy("What happened"),
        max_length=200,
        required=False,
        help_text=gettext_lazy("Required for “other”."),
    )
    amount = forms.IntegerField(label=gettext_lazy("Amount"), min_value=1, max_value=MAX_AMOUNT)
    zero_sum = forms.BooleanField(
        label=gettext_lazy("Paid to the other players (zero-sum)"),
        required=False,
        help_text=gettext_lazy("Unticked, the amount is only taken away from the player."),
    )
    client_id = forms.UUIDField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, session: Session, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(seats__session=session).order_by("seats__position")
        self.fields["player"].queryset = players  # type: ignore[attr-defined]

    def penalty(self) -> services.PenaltyInput:
        data = self.cleaned_data
        return services.PenaltyInput(
            player=data["player"],
            reason=data["reason"],
            amount=data["amount"],
            zero_sum=data["zero_sum"],
            note=data["note"],
        )


class PenaltyChangeForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_PARAMETER)
    why = forms.CharField(
        label=gettext_lazy("Why the change?"),
        max_length=200,
        help_text=gettext_lazy("Everyone at the table will see it."),
    )
