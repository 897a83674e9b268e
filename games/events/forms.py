"""The organiser's forms: an event, its players, a round's seating and the clock."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from games.events.models import Event
from games.events.schedule import MAX_BYTES as SCHEDULE_MAX_BYTES
from games.events.services import MAX_EXTRA_MINUTES, EventSettings
from games.events.team_services import MAX_TEAM_PLAYERS, TeamSettings
from games.models import Club, Player, RuleSet, Season
from scoring.forms.typed import model_choice_field

# The database's ids are below this; a larger number is no choice at all (SQLite cannot even
# hold it in a query).
LARGEST_ID = 2**62


class PlayersField(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]
    """The club's players to tick; an id too large for the database is refused as any
    unknown choice is, instead of reaching the database."""

    def clean(self, value: Any) -> Any:
        for item in value if isinstance(value, (list, tuple)) else ():
            try:
                number = int(str(item))
            except ValueError:
                continue
            if not -LARGEST_ID < number < LARGEST_ID:
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": item},
                )
        return super().clean(value)


class EventForm(forms.Form):
    name = forms.CharField(max_length=80, label=gettext_lazy("Name"))
    kind = forms.ChoiceField(choices=Event.Kind.choices, label=gettext_lazy("Kind"))
    season = forms.ModelChoiceField(queryset=Season.objects.none(), label=gettext_lazy("Season"))
    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(), label=gettext_lazy("Rule set")
    )
    rounds = forms.IntegerField(min_value=1, initial=4, label=gettext_lazy("Rounds"))
    seating = forms.ChoiceField(choices=Event.Seating.choices, label=gettext_lazy("Seating method"))
    round_minutes = forms.IntegerField(
        min_value=1, initial=90, label=gettext_lazy("Round length (minutes)")
    )
    warning_minutes = forms.IntegerField(
        min_value=0,
        initial=15,
        label=gettext_lazy("End warning (minutes before the end)"),
        help_text=gettext_lazy("No new hand starts once the clock turns yellow."),
    )
    withhold_results = forms.BooleanField(
        required=False,
        label=gettext_lazy("Withhold a round's results until every table has finished"),
    )
    tie_break = forms.ChoiceField(choices=Event.TieBreak.choices, label=gettext_lazy("Tie-break"))

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "season").queryset = Season.objects.filter(club=club)
        model_choice_field(self, "rule_set").queryset = RuleSet.objects.filter(club=club)

    def settings(self) -> EventSettings:
        data = self.cleaned_data
        return EventSettings(
            name=data["name"],
            kind=data["kind"],
            rounds=data["rounds"],
            seating=data["seating"],
            round_minutes=data["round_minutes"],
            warning_minutes=data["warning_minutes"],
            withhold_results=data["withhold_results"],
            tie_break=data["tie_break"],
        )


class PlayersForm(forms.Form):
    players = PlayersField(
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Register players"),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        registered = event.players.values("player_id")
        field = self.fields["players"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = Player.objects.filter(club=event.club_id).exclude(pk__in=registered)


class ChangeForm(forms.Form):
    """Drop a player from a round on, or put a substitute in their place."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=gettext_lazy("Player"))
    substitute = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Substitute"),
        empty_label=gettext_lazy("Nobody: the player drops out"),
    )
    from_round = forms.IntegerField(min_value=1, label=gettext_lazy("From round"))

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        registered = event.players.values("player_id")
        playing = event.players.filter(dropped_from__isnull=True).values("player_id")
        model_choice_field(self, "player").queryset = Player.objects.filter(pk__in=playing)
        model_choice_field(self, "substitute").queryset = Player.objects.filter(
            club=event.club_id
        ).exclude(pk__in=registered)
        self.fields["from_round"].initial = event.current_round + 1


class SeatForm(forms.Form):
    method = forms.ChoiceField(choices=Event.Seating.choices, label=gettext_lazy("Seating method"))
    seed = forms.CharField(
        max_length=40,
        label=gettext_lazy("Seed"),
        help_text=gettext_lazy("The same seed gives the same seating."),
    )
    byes = forms.BooleanField(
        required=False,
        label=gettext_lazy("Give byes when the players do not fill whole tables"),
        help_text=gettext_lazy("Otherwise add substitutes until they do."),
    )
    apart = forms.BooleanField(
        required=False,
        label=gettext_lazy("Keep teammates apart"),
        help_text=gettext_lazy(
            "Teammates sit at different tables where the numbers allow: the event's teams, "
            "or the season's when the event has none."
        ),
    )

    tables = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        label=gettext_lazy("The organiser's tables"),
        help_text=gettext_lazy(
            "For the organiser's tables: one table per line, its players' names separated "
            "by commas, East first."
        ),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        kwargs.setdefault(
            "initial", {"method": event.seating, "seed": event.seed or secrets.token_hex(4)}
        )
        super().__init__(*args, **kwargs)
        self.event = event

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        lines = [line.split(",") for line in data.get("tables", "").splitlines()]
        data["prescribed"] = [
            [name.strip() for name in line if name.strip()]
            for line in lines
            if "".join(line).strip()
        ]
        scheduled = self.event.scheduled_tables(self.event.current_round + 1)
        if data.get("method") == Event.Seating.PRESCRIPTED and not (
            data["prescribed"] or scheduled
        ):
            self.add_error(
                "tables", gettext_lazy("Type the tables, one per line, or upload a schedule.")
            )
        return data


class ScheduleForm(forms.Form):
    """A prescripted schedule as a text or CSV file: round, table, four names, East first."""

    MAX_BYTES = SCHEDULE_MAX_BYTES

    schedule = forms.FileField(
        label=gettext_lazy("Schedule file"),
        help_text=gettext_lazy(
            "A text or CSV file, one table per line: round, table, then the four players' "
            "names, East first. The prescripted method seats each round from it."
        ),
    )

    def clean_schedule(self) -> str:
        upload = self.cleaned_data["schedule"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                gettext_lazy("The file is larger than %(most)d KB.") % {"most": 256}
            )
        try:
            return str(upload.read().decode("utf-8-sig"))
        except UnicodeDecodeError as error:
            raise forms.ValidationError(gettext_lazy("Save the file as UTF-8 text.")) from error


class ExtendForm(forms.Form):
    minutes = forms.IntegerField(
        min_value=1, max_value=MAX_EXTRA_MINUTES, initial=5, label=gettext_lazy("Minutes")
    )


class TeamForm(forms.Form):
    """A team's name, best-of and roster: the club's players (an event's team: the event's
    registered players)."""

    name = forms.CharField(max_length=60, label=gettext_lazy("Team name"))
    best_of = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_TEAM_PLAYERS,
        label=gettext_lazy("Count the best players only"),
        help_text=gettext_lazy("Leave empty to count every player of the team."),
    )
    players = PlayersField(
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label=gettext_lazy("Players"),
    )

    def __init__(self, *args: Any, club: Club, event: Event | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(club=club)
        if event is not None:
            players = players.filter(pk__in=event.players.values("player_id"))
        field = self.fields["players"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = players.order_by("name")

    def settings(self) -> TeamSettings:
        data = self.cleaned_data
        return TeamSettings(
            name=data["name"], best_of=data["best_of"], players=list(data["players"])
        )
