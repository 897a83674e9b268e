"""The seating engine's messages (``SeatingError.template``), named here so that the league's
catalogues hold them and an organiser reads them in their language. Nothing reads this
tuple; it is for makemessages."""

from django.utils.translation import gettext_noop

SEATING_MESSAGES = (
    gettext_noop("Swiss seating needs the event's standing"),
    gettext_noop("a table has 2 to 6 seats, not {size}"),
    gettext_noop("the table of {player} has {count} seats, not {size}"),
    gettext_noop("{count} players cannot fill a table of {size}"),
    gettext_noop("{count} players do not fill tables of {size}: add substitutes or allow byes"),
    gettext_noop("{method} seating is made one round at a time"),
    gettext_noop("{player} has no seat"),
    gettext_noop("{player} has no standing"),
    gettext_noop("{player} is listed twice"),
    gettext_noop("{player} is not a player of this event"),
    gettext_noop("{player} is seated twice"),
)
