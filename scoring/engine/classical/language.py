"""Read a rules file of the 1000FluffyClouds language (classical.md §2) into a ``RuleSet``.

Every problem is a ``LineError`` naming the line; ``check_rules`` lists them all (for an
upload form or ``mahjong-score rules check``), ``read_rules`` raises ``RulesFileError``.

>>> rules = read_rules('Short rules\\nPaymentMethod=1\\n10 3 "Pung" "PEM|PCM" 2 0\\n// END\\n')
>>> rules.name, rules.options.payment_method.name, [r.code for r in rules.rules]
('Short rules', 'ONLY_WINNER_EAST_DOUBLE', ['PEM|PCM'])
>>> check_rules('Short rules\\n10 3 "Pung" "PEM&11S" 2 0\\n// END')[0][0].message
'rule 10 refers to rule 11, which is not defined'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from scoring.engine.classical.model import (
    Options,
    PaymentMethod,
    Rule,
    RuleSet,
    RuleType,
    SubRule,
    TermKind,
    Units,
)
from scoring.engine.errors import EngineError, LineError, Message, RulesError, Term

END_MARKER: Final = "// END"
MAX_RULES: Final = 99

_WIND_AND_VALUE: Final = "DNSEWTMBVHJRP"
_SECOND: Final[dict[str, str]] = {
    "P": "CEB",
    "K": "CEKB",
    "G": "CEKB",
    "C": "CE",
    "T": "CE",
    "F": "",
    "S": "",
    "*": "CEKB",
}
_THIRD: Final[dict[str, str]] = {
    "P": _WIND_AND_VALUE,
    "K": _WIND_AND_VALUE,
    "G": _WIND_AND_VALUE,
    "T": _WIND_AND_VALUE,
    "C": "1234567",
    "F": "1234Q",
    "S": "1234Q",
    "*": _WIND_AND_VALUE + "1234567Q",
}
_SET_NAMES: Final = {
    "P": "pung",
    "K": "kong",
    "G": "pung-or-kong",
    "C": "chow",
    "T": "pair",
    "F": "flower",
    "S": "season",
    "*": "any-set",
}
_BOOLEAN_OPTIONS: Final = {
    "DrawAdvanceWind": "draw_advance_wind",
    "NewEastEachRound": "new_east_each_round",
    "DrawResetConsec": "draw_reset_consec",
}
_OPTION_NAMES: Final = (*_BOOLEAN_OPTIONS, "PaymentMethod")
_E = TypeVar("_E", RuleType, Units)
_TOKEN: Final = re.compile(r'"[^"]*"?|[^\s"]+')


class RulesFileError(LineError):
    """A rules file with errors: the first one as ``line``/``message``, all in ``errors``."""

    def __init__(self, errors: tuple[LineError, ...]) -> None:
        super().__init__(errors[0].line, errors[0])
        self.errors = errors


def read_rules(text: str) -> RuleSet:
    """The rule set of a rules file's text; ``RulesFileError`` lists every error."""
    errors, rule_set = _Reader(text).read()
    if errors or rule_set is None:
        raise RulesFileError(tuple(errors))
    return rule_set


def check_rules(text: str) -> tuple[list[LineError], list[LineError]]:
    """Every error and every warning of a rules file's text, by line."""
    errors, rule_set = _Reader(text).read()
    warnings = list(rule_set.warnings) if rule_set is not None else []
    return errors, warnings


def _nul_lines(lines: list[str]) -> tuple[LineError, ...]:
    """A NUL on a line: the file is not text, and no database column could hold it."""
    return tuple(
        LineError(number, "the line holds a NUL character; this is not a text file")
        for number, line in enumerate(lines, start=1)
        if "\x00" in line
    )


# --- the reader ------------------------------------------------------------------------------


@dataclass
class _Reader:
    text: str
    errors: list[LineError] = field(default_factory=list)
    warnings: list[LineError] = field(default_factory=list)
    option_values: dict[str, object] = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)

    def fail(self, line: int, message: str | EngineError, **values: Any) -> None:
        self.errors.append(LineError(line, message, **values))

    def read(self) -> tuple[list[LineError], RuleSet | None]:
        lines = self.text.removeprefix("\ufeff").splitlines()
        self.errors.extend(_nul_lines(lines))
        name, end = self._scan(lines)
        if end is None:
            self.fail(
                max(len(lines), 1),
                "the rules file does not end with a {marker} line",
                marker=repr(END_MARKER),
            )
        elif name is None:
            self.fail(end, "the rules file has no name line (the first line that is not a comment)")
        self._check_references()
        consecutive, east_limit = self._consecutive_rule()
        if self.errors or name is None:
            self.errors.sort(key=lambda e: e.line)
            return self.errors, None
        options = Options().with_changes(**self.option_values)
        rule_set = RuleSet(
            name, options, tuple(self.rules), tuple(self.warnings), consecutive, east_limit
        )
        return self.errors, rule_set

    def _scan(self, lines: list[str]) -> tuple[str | None, int | None]:
        name: str | None = None
        for number, raw in enumerate(lines, start=1):
            stripped = raw.strip()
            if stripped == END_MARKER:
                return name, number
            if not stripped or stripped.startswith("//"):
                continue
            if name is None:
                name = stripped
            else:
                self._body_line(raw, number)
        return name, None

    def _body_line(self, raw: str, number: int) -> None:
        stripped = raw.strip()
        if stripped[0].isdigit() or stripped[0] in "+-":
            self._guarded(number, lambda: self._add_rule(stripped, number))
        elif "=" in stripped:
            self._guarded(number, lambda: self._option(raw, number))
        else:
            self.fail(
                number,
                "expected an option line (Name=value) or a scoring rule "
                '(ID TYPE "description" "rule" value units)',
            )

    def _guarded(self, number: int, action: Callable[[], None]) -> None:
        try:
            action()
        except EngineError as error:
            self.fail(number, error)
        except ValueError as error:
            self.fail(number, str(error))

    # --- option lines

    def _option(self, raw: str, number: int) -> None:
        text = raw.rstrip()
        if text != text.lstrip():
            raise RulesError("an option line must start at the beginning of the line, no space")
        name, _, value = text.partition("=")
        if name != name.rstrip() or value != value.lstrip():
            raise RulesError(
                "no spaces are allowed around '=' in the option line {text!r}", text=text
            )
        if name in _BOOLEAN_OPTIONS:
            if value not in ("T", "F"):
                raise RulesError("{name} must be T or F, not {value!r}", name=name, value=value)
            self.option_values[_BOOLEAN_OPTIONS[name]] = value == "T"
        elif name == "PaymentMethod":
            if value not in ("0", "1", "2", "3", "4"):
                raise RulesError(
                    "PaymentMethod must be 0, 1, 2, 3 or 4, not {value!r}", value=value
                )
            self.option_values["payment_method"] = PaymentMethod(int(value))
        else:
            known = ", ".join(_OPTION_NAMES)
            raise RulesError(
                "unknown option {name!r} (the options are {known})", name=name, known=known
            )

    # --- scoring rules

    def _add_rule(self, text: str, number: int) -> None:
        rule = parse_rule_line(text, number)
        if len(self.rules) == MAX_RULES:
            raise RulesError(
                "a rules file has at most {max_rules} scoring rules", max_rules=MAX_RULES
            )
        for earlier in self.rules:
            if earlier.id == rule.id:
                raise RulesError(
                    "rule ID {id} is already used on line {line_value}",
                    id=rule.id,
                    line_value=earlier.line,
                )
        self.rules.append(rule)

    def _check_references(self) -> None:
        defined: set[int] = set()
        all_ids = {rule.id for rule in self.rules}
        for rule in self.rules:
            for term in rule.terms:
                if term.kind is TermKind.REFERENCE and term.rule_id not in defined:
                    self.fail(rule.line, _reference_problem(rule.id, term.rule_id, all_ids))
            if _only_reusable(rule.terms):
                self.fail(
                    rule.line,
                    "rule {id} has only U references, so it would apply itself endlessly; "
                    "add a tile-set sub-rule or an S reference",
                    id=rule.id,
                )
            defined.add(rule.id)

    def _consecutive_rule(self) -> tuple[int | None, int | None]:
        testing = [r for r in self.rules if any(t.kind is TermKind.CONSECUTIVE for t in r.terms)]
        for rule in testing[:-1]:
            self.warnings.append(
                LineError(
                    rule.line,
                    "rule {id} is ignored: only one consecutive-East test is allowed and "
                    "the last one (line {line_value}) counts",
                    id=rule.id,
                    line_value=testing[-1].line,
                )
            )
        if not testing:
            return None, None
        last = testing[-1]
        first = last.terms[0]
        return last.id, first.count if first.kind is TermKind.CONSECUTIVE else None


def _reference_problem(rule_id: int, target: int, all_ids: set[int]) -> RulesError:
    if target == rule_id:
        return RulesError("rule {id} refers to itself", id=rule_id)
    if target in all_ids:
        return RulesError(
            "rule {id} refers to rule {target}, which comes later in the file; "
            "a rule can only use rules above it",
            id=rule_id,
            target=target,
        )
    return RulesError(
        "rule {id} refers to rule {target}, which is not defined", id=rule_id, target=target
    )


def _only_reusable(terms: tuple[SubRule, ...]) -> bool:
    reusable = any(t.kind is TermKind.REFERENCE and t.mode == "U" for t in terms)
    return reusable and not any(t.consumes for t in terms)


# --- one scoring rule line -------------------------------------------------------------------


def parse_rule_line(text: str, line: int) -> Rule:
    """A scoring rule line ``ID TYPE "description" "rule" value units`` (``ValueError``).

    >>> parse_rule_line('20 3 "Exposed Pong of Minors" "PEM" 2 0', 7).terms[0].kind.value
    'set'
    """
    tokens = _TOKEN.findall(text)
    for token in tokens:
        if token.startswith('"') and (len(token) == 1 or not token.endswith('"')):
            raise RulesError("a double quote is not closed")
    if len(tokens) != 6:
        raise RulesError(
            'a scoring rule has six fields: ID TYPE "description" "rule" value '
            "units; this line has {count}",
            count=len(tokens),
        )
    rule_id, kind, description, code, value, units = tokens
    _require_quoted(description, Term("description"))
    _require_quoted(code, Term("rule"))
    identifier = _rule_id(rule_id)
    rule_type = _choice(kind, "TYPE", RuleType, Term("0, 1, 2 or 3"))
    code_text = code[1:-1]
    terms, operators = parse_code(code_text)
    if not terms and not rule_type.is_event:
        raise RulesError(
            "rule {identifier} is calculated (TYPE {kind}) and needs a rule code",
            identifier=identifier,
            kind=kind,
        )
    if not re.fullmatch(r"[+-]?\d+", value):
        raise RulesError("the value {value!r} is not a whole number", value=value)
    unit = _choice(
        units, "units", Units, Term("0 (points), 1 (doubles) or 2 (percent of the limit)")
    )
    return Rule(
        identifier,
        rule_type,
        description[1:-1],
        code_text,
        terms,
        operators,
        int(value),
        unit,
        line,
    )


def _require_quoted(token: str, name: str) -> None:
    if not token.startswith('"'):
        raise RulesError(
            "the {name} must be in double quotes, not {token!r}", name=name, token=token
        )


def _rule_id(token: str) -> int:
    if not re.fullmatch(r"\d{1,2}", token):
        raise RulesError("the rule ID {token!r} is not a whole number from 0 to 99", token=token)
    return int(token)


def _choice(token: str, name: str, enum: type[_E], allowed: str) -> _E:
    if not re.fullmatch(r"\d", token) or int(token) >= len(enum):
        raise RulesError(
            "{name} {token!r} is not {allowed}", name=name, token=token, allowed=allowed
        )
    return enum(int(token))


def parse_code(code: str) -> tuple[tuple[SubRule, ...], tuple[str, ...]]:
    """Sub-rules and the operators between them (``ValueError`` for a malformed code).

    >>> [t.code for t in parse_code("F**|S**")[0]], parse_code("F**|S**")[1]
    (['F**', 'S**'], ('|',))
    """
    if code == "":
        return (), ()
    parts = re.split(r"([&|])", code)
    terms = tuple(parse_sub_rule(part, code) for part in parts[0::2])
    return terms, tuple(parts[1::2])


def parse_sub_rule(text: str, code: str = "") -> SubRule:
    """One three-character sub-rule, checked position by position.

    >>> parse_sub_rule("5!S").rule_id, parse_sub_rule("05U").mode, parse_sub_rule("N13").count
    (5, 'U', 13)
    """
    # Where the sub-rule stands, when the rule has more than it: a part of the message.
    where: Message | str = Message(" in {code}", code=repr(code)) if code and code != text else ""
    if len(text) != 3:
        if not text:
            raise RulesError("an operator has no sub-rule on one side{where}", where=where)
        raise RulesError(
            "the sub-rule {text!r}{where} is not three characters", text=text, where=where
        )
    first = text[0]
    if first.isdigit():
        return _reference(text, where)
    if first == "N":
        if not text[1:].isdigit():
            raise RulesError(
                "the sub-rule {text!r}{where}: N is followed by two digits (N13)",
                text=text,
                where=where,
            )
        return SubRule(text, TermKind.CONSECUTIVE, count=int(text[1:]))
    if first == "M":
        if text[1:] != "**":
            raise RulesError(
                "the sub-rule {text!r}{where}: the Mahjong test is written M**",
                text=text,
                where=where,
            )
        return SubRule(text, TermKind.MAHJONG)
    return _set_term(text, where)


def _reference(text: str, where: Message | str) -> SubRule:
    second, mode = text[1], text[2]
    if not (second.isdigit() or second == "!"):
        raise RulesError(
            "the sub-rule {text!r}{where}: after a rule ID's first digit comes its "
            "second digit or '!'",
            text=text,
            where=where,
        )
    if mode not in "SUC":
        raise RulesError(
            "the sub-rule {text!r}{where}: a rule reference ends in S (set), U "
            "(set, reusable) or C (not set)",
            text=text,
            where=where,
        )
    rule_id = int(text[0] + second) if second.isdigit() else int(text[0])
    return SubRule(text, TermKind.REFERENCE, rule_id=rule_id, mode=mode)


def _set_term(text: str, where: Message | str) -> SubRule:
    first = "*" if text[0] == " " else text[0]
    if first not in _SECOND:
        raise RulesError(
            "the sub-rule {text!r}{where}: {text2!r} cannot start a sub-rule (use P "
            "K C T F S G, a rule ID, N or M)",
            text=text,
            where=where,
            text2=text[0],
        )
    name = _SET_NAMES[first]
    for position, allowed in ((1, _SECOND[first]), (2, _THIRD[first])):
        char = text[position]
        if char not in allowed + "* ":
            raise RulesError(
                "the sub-rule {text!r}{where}: {char!r} cannot be character "
                "{position_value} of a {name} sub-rule",
                text=text,
                where=where,
                char=char,
                position_value=position + 1,
                name=name,
            )
    return SubRule(text, TermKind.SET)
