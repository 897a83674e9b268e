"""The one hierarchy of errors the engines raise for bad input.

Every error carries a message a player can act on (``str(error)``) and, where the
input had named parts, the ``field`` that is wrong, so that a page can show the
message beside that field and the API can key its 400 answer by it.
"""


class EngineError(ValueError):
    """Base of every error caused by what a person typed or uploaded."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class RulesError(EngineError):
    """A rule set's parameters are not valid."""


class HandError(EngineError):
    """A hand's input cannot be scored under the rules given."""


class LineError(EngineError):
    """A line of a score file or record is malformed; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
