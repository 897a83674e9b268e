"""Tenhou's JSON game logs (the tenhou.net/6 format) read into riichi hands, and checked.

A log is ``{"title": [...], "name": [4 names], "rule": {...}, "log": [kyoku, ...]}``; a
kyoku is ``[[kyoku, honba, sticks], [4 scores at its start], [dora], [ura dora], then for
each seat its starting tiles, draws and discards, then the result]``. Kyoku 0-3 are East 1-4,
4-7 South 1-4. A discard written ``"r…"`` declares riichi; the result is ``["和了", deltas,
[winner, from, liable, "30符2飜2000点", "立直(1飜)", …], …]`` (a second pair of deltas and
win for a double ron), ``["流局", deltas]``, ``["全員聴牌"]``, ``["全員不聴"]``, ``["流し満貫",
deltas]`` or an abortive draw (``"九種九牌"``, ``"四家立直"``, ``"三家和了"``, ``"四槓散了"``,
``"四風連打"``). The deltas include the counters and the sticks a winner takes, not the
riichi sticks put down. Tenhou has no chombo; a log may record one as ``["チョンボ",
deltas]`` (or ``"錯和"``), the offender being the seat that pays, or named as a third
element ``[seat]`` when nothing is paid at the table.

``read_log`` turns every kyoku into the league's riichi hand JSON (``records.py``, with the
yaku called out by id) and replays them under the rules: each kyoku must start where the
hands before it leave the table (round, dealer, counters, sticks, every score), and each
hand must pay what the log says. So a log read is one whose final scores the rules give.

>>> log = {"name": ["A", "B", "C", "D"], "log": [[[0, 0, 0], [30000] * 4, [11], [], *[[]] * 12,
...        ["和了", [0, 3900, -3900, 0], [1, 2, 1, "30符3飜3900点", "平和(1飜)", "ドラ(2飜)"]]]]}
>>> from scoring.engine.riichi.rules import EMA
>>> game = read_log(log, EMA)
>>> game.hands[0]["wins"], game.final_scores
([{'winner': 1, 'han': 3, 'fu': 30, 'yaku': ['pinfu']}], (30000, 33900, 26100, 30000))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from scoring.engine.errors import WINDS, EngineError, HandError
from scoring.engine.riichi.game import GameState, play, start
from scoring.engine.riichi.payments import LIMIT_HAN, MAX_YAKUMAN, VALID_FU, Limit
from scoring.engine.riichi.records import result_from_json
from scoring.engine.riichi.rules import RIICHI_STICK, SEATS, RiichiRules
from scoring.engine.riichi.settlement import HandResult
from scoring.engine.riichi.yaku import DORA_IDS, YAKU

RESULT: Final = 16  # the result's place in a kyoku, after the table and each seat's tiles
MAX_KYOKU: Final = 200  # far more than any hanchan plays
MAX_NAME: Final = 60
LAST_CALLED_YAKU: Final = 118  # the yaku a win may call out are the library's below this

WIN: Final = "和了"
DRAW: Final = "流局"
ALL_TENPAI: Final = "全員聴牌"
NONE_TENPAI: Final = "全員不聴"
NAGASHI: Final = "流し満貫"
ABORTIVE: Final = frozenset({"九種九牌", "四家立直", "三家和了", "四槓散了", "四風連打"})
CHOMBO: Final = frozenset({"チョンボ", "錯和"})

# A limit as the point string names it, longest first ("三倍満" holds "倍満").
LIMIT_WORDS: Final = (
    ("数え役満", None),
    ("三倍満", Limit.SANBAIMAN),
    ("倍満", Limit.BAIMAN),
    ("跳満", Limit.HANEMAN),
    ("満貫", Limit.MANGAN),
    ("役満", Limit.YAKUMAN),
)
_HAN_FU: Final = re.compile(r"(\d+)符(\d+)[飜翻]")
_YAKU: Final = re.compile(r"^(.+?)\((?:(\d+)[飜翻]|(役満)|(ダブル役満))\)$")
# A yaku's Japanese name as Tenhou writes it -> the league's id (dora are counted, not named).
_SPELLINGS: Final = {"幺": "么", "１３面": "十三面待ち"}


def _spelled(name: str) -> str:
    name = unicodedata.normalize("NFKC", name).strip()
    for tenhou, ours in _SPELLINGS.items():
        name = name.replace(unicodedata.normalize("NFKC", tenhou), ours)
    return name


YAKU_IDS: Final = {
    _spelled(names.name_ja): names.id
    for key, names in YAKU.items()
    if key not in DORA_IDS and key < LAST_CALLED_YAKU
}


@dataclass(frozen=True)
class TenhouGame:
    """A log read and checked: its title, the four names (seat 0 was the first East), one
    hand per kyoku in the league's riichi JSON, and the table points it ends on."""

    title: str
    names: tuple[str, ...]
    hands: tuple[dict[str, Any], ...]
    final_scores: tuple[int, ...]

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The hands as the engine's game plays them."""
        return tuple(result_from_json(_engine_hand(hand)) for hand in self.hands)


@dataclass(frozen=True)
class _Kyoku:
    """One kyoku as the log states it."""

    number: int  # its place in the log, from 1
    round_index: int  # 0 East 1 … 7 South 4
    honba: int
    sticks: int
    scores: tuple[int, ...]
    riichi: tuple[int, ...]  # who declared riichi in it
    last_discards: tuple[object, ...]  # each seat's last discard (None: none)
    result: list[Any]

    @property
    def where(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "wind": WINDS[(self.round_index // SEATS) % SEATS],
            "hand": self.round_index % SEATS + 1,
            "honba": self.honba,
        }


def _fail(kyoku: _Kyoku, problem: str | EngineError, **values: Any) -> HandError:
    """An error naming the kyoku: 'kyoku 3 (East 3, 1 honba): …'."""
    error = HandError(problem, field="log", **values)
    error.prefixed("kyoku {number} ({wind} {hand}, {honba} honba): ", **kyoku.where)
    return error


def read_log(data: object, rules: RiichiRules) -> TenhouGame:
    """The game a log records, checked against ``rules``; ``HandError`` names the kyoku
    (or the part of the log) that is wrong."""
    if not isinstance(data, Mapping):
        raise HandError('a Tenhou log is a JSON object with "name" and "log"', field="log")
    names = _names(data.get("name"))
    kyokus = _kyokus(data.get("log"))
    hands: list[dict[str, Any]] = []
    state = start(rules)
    for index, kyoku in enumerate(kyokus):
        following = kyokus[index + 1] if index + 1 < len(kyokus) else None
        state, hand = _played(kyoku, _hand(kyoku, following, names), state, rules, names)
        hands.append(hand)
    return TenhouGame(_title(data.get("title")), names, tuple(hands), state.scores)


def _names(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise HandError('"name" must list the players\' names, seat by seat', field="name")
    if len(value) != SEATS:
        raise HandError(
            "a riichi game has 4 players; this log names {count}", field="name", count=len(value)
        )
    names = tuple(name.strip() for name in value)
    for name in names:
        if not name or len(name) > MAX_NAME:
            raise HandError(
                "a player's name has 1 to {limit} characters, not {name!r}",
                field="name",
                limit=MAX_NAME,
                name=name,
            )
    if len(set(names)) != SEATS:
        raise HandError("a player sits at two seats", field="name")
    return names


def _title(value: object) -> str:
    parts = value if isinstance(value, list) else [value]
    return " ".join(part.strip() for part in parts if isinstance(part, str) and part.strip())


def _kyokus(value: object) -> list[_Kyoku]:
    if not isinstance(value, list) or not value:
        raise HandError('"log" must list the kyoku played, at least one', field="log")
    if len(value) > MAX_KYOKU:
        raise HandError("a log of at most {limit} kyoku", field="log", limit=MAX_KYOKU)
    return [_kyoku(item, number) for number, item in enumerate(value, start=1)]


def _kyoku(item: object, number: int) -> _Kyoku:
    if not isinstance(item, list) or len(item) <= RESULT:
        raise HandError(
            "kyoku {number}: a kyoku is a list of its table, tiles and result",
            field="log",
            number=number,
        )
    head, scores = item[0], item[1]
    if not _whole_numbers(head, 3) or not _whole_numbers(scores, SEATS):
        raise HandError(
            "kyoku {number}: it must start with [kyoku, honba, sticks] and the 4 scores",
            field="log",
            number=number,
        )
    result = item[RESULT]
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise HandError("kyoku {number}: its result is missing", field="log", number=number)
    discards = [item[6 + 3 * seat] for seat in range(SEATS)]
    riichi = tuple(seat for seat in range(SEATS) if _declares(discards[seat]))
    last = tuple(tiles[-1] if isinstance(tiles, list) and tiles else None for tiles in discards)
    return _Kyoku(number, head[0], head[1], head[2], tuple(scores), riichi, last, result)


def _whole_numbers(value: object, count: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == count
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= -(10**7) for v in value)
    )


def _declares(discards: object) -> bool:
    return isinstance(discards, list) and any(
        isinstance(tile, str) and tile.startswith("r") for tile in discards
    )


# --- a kyoku's result as the league's hand -----------------------------------------------


def _hand(kyoku: _Kyoku, following: _Kyoku | None, names: Sequence[str]) -> dict[str, Any]:
    kind = kyoku.result[0]
    if kind == WIN:
        return _win_hand(kyoku)
    if kind in CHOMBO:
        return {"outcome": "chombo", "offender": _offender(kyoku)}
    riichi = list(kyoku.riichi)
    if kind in ABORTIVE:
        return {"outcome": "abortive", "riichi": riichi}
    if kind in (DRAW, ALL_TENPAI, NONE_TENPAI, NAGASHI):
        return {"outcome": "draw", **_draw(kyoku, following)}
    raise _fail(kyoku, "the result {kind!r} is not one this import reads", kind=kind)


def _deltas(kyoku: _Kyoku, index: int) -> tuple[int, ...]:
    """The point changes at ``result[index]`` (none written: nothing changes)."""
    if index >= len(kyoku.result):
        return (0,) * SEATS
    value = kyoku.result[index]
    if not _whole_numbers(value, SEATS):
        raise _fail(kyoku, "the point changes must be 4 whole numbers")
    return tuple(value)


def _log_changes(kyoku: _Kyoku, riichi: Sequence[int]) -> tuple[int, ...]:
    """Every seat's change over the kyoku as the log says it, the riichi sticks put down
    (by ``riichi``) included (a win's deltas come in pairs with its details)."""
    if kyoku.result[0] == WIN:
        parts = [_deltas(kyoku, index) for index in range(1, len(kyoku.result), 2)]
    else:
        parts = [_deltas(kyoku, 1)]
    return tuple(
        sum(part[seat] for part in parts) - (RIICHI_STICK if seat in riichi else 0)
        for seat in range(SEATS)
    )


def _win_hand(kyoku: _Kyoku) -> dict[str, Any]:
    details = kyoku.result[2::2]
    if not details or len(kyoku.result) % 2 == 0:
        raise _fail(kyoku, "a win gives its point changes and then its details")
    wins, discarders = [], set()
    for detail in details:
        if not isinstance(detail, list) or len(detail) < 3 or not _seats(detail[:3]):
            raise _fail(
                kyoku, "a win's details start with the winner, from whom, and who is liable"
            )
        winner, source, liable = detail[:3]
        win: dict[str, Any] = {"winner": winner, **_value(kyoku, detail[3:])}
        if liable != winner:
            win["liable"] = liable
        wins.append(win)
        discarders.add(source)
    tsumo = discarders == {wins[0]["winner"]} and len(wins) == 1
    if not tsumo and len(discarders) != 1:
        raise _fail(kyoku, "the winners of one kyoku won on one discard")
    riichi = list(kyoku.riichi)
    if tsumo:
        return {"outcome": "tsumo", "wins": wins, "riichi": riichi}
    (discarder,) = discarders
    if _declares([kyoku.last_discards[discarder]]):
        # A riichi declared with the discard that was ronned puts no stick down.
        riichi.remove(discarder)
    return {"outcome": "ron", "wins": wins, "discarder": discarder, "riichi": riichi}


def _seats(values: Sequence[Any]) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < SEATS for v in values)


def _value(kyoku: _Kyoku, texts: Sequence[Any]) -> dict[str, Any]:
    """A win's value from its point string and yaku: han and fu, a limit, yakuman, or
    nothing (the points alone: found from what the log pays)."""
    if not all(isinstance(text, str) for text in texts):
        raise _fail(kyoku, 'a win\'s value and yaku are texts such as "30符2飜2000点"')
    points, yaku = (texts[0], texts[1:]) if texts else ("", [])
    han, yakuman, named = 0, 0, []
    for text in yaku:
        match = _YAKU.match(_spelled(text))
        if match is None:
            raise _fail(kyoku, '{yaku!r} is not a yaku with its han, as "立直(1飜)"', yaku=text)
        name, count, single, double = match.groups()
        han += int(count or 0)
        yakuman += 1 if single else 2 if double else 0
        if name in YAKU_IDS and YAKU_IDS[name] not in named:
            named.append(YAKU_IDS[name])
    value = _stated(points, han, min(yakuman, MAX_YAKUMAN))
    return {**value, "yaku": named} if named else value


def _stated(points: str, han: int, yakuman: int) -> dict[str, Any]:
    if yakuman:
        return {"yakuman": yakuman}
    found = _HAN_FU.search(points)
    if found is not None:
        fu, stated_han = int(found.group(1)), int(found.group(2))
        if stated_han >= LIMIT_HAN[Limit.MANGAN]:
            return {"han": stated_han}  # fu no longer matter
        return {"han": stated_han, "fu": fu}
    for word, limit in LIMIT_WORDS:
        if word in points:
            if limit is None or (han and han >= LIMIT_HAN[limit]):
                return {"han": han} if han else {"limit": Limit.YAKUMAN.value}
            return {"limit": limit.value}
    return {}


def _draw(kyoku: _Kyoku, following: _Kyoku | None) -> dict[str, Any]:
    kind = kyoku.result[0]
    deltas = _deltas(kyoku, 1)
    dealer = kyoku.round_index % SEATS
    keeps = following is not None and following.round_index == kyoku.round_index
    riichi = list(kyoku.riichi)
    if kind == NAGASHI:
        nagashi = [seat for seat in range(SEATS) if deltas[seat] > 0]
        tenpai = sorted({*riichi, *([dealer] if keeps else [])})
        return {"tenpai": tenpai, "riichi": riichi, "nagashi": nagashi}
    if kind == ALL_TENPAI or (kind == DRAW and not any(deltas) and (riichi or keeps)):
        return {"tenpai": list(range(SEATS)), "riichi": riichi}
    return {"tenpai": [seat for seat in range(SEATS) if deltas[seat] > 0], "riichi": riichi}


def _offender(kyoku: _Kyoku) -> int:
    named = kyoku.result[2] if len(kyoku.result) > 2 else None
    if isinstance(named, list) and len(named) == 1 and _seats(named):
        return int(named[0])
    deltas = _deltas(kyoku, 1)
    paying = [seat for seat in range(SEATS) if deltas[seat] < 0]
    if len(paying) != 1:
        raise _fail(kyoku, "a chombo names its offender: the one seat that pays, or [seat]")
    return paying[0]


# --- replaying the hands under the rules --------------------------------------------------


def _played(
    kyoku: _Kyoku,
    hand: dict[str, Any],
    state: GameState,
    rules: RiichiRules,
    names: Sequence[str],
) -> tuple[GameState, dict[str, Any]]:
    """The table after the kyoku and the hand it was, once the kyoku is where the log says
    and pays what it says."""
    _check_table(kyoku, state, rules, names)
    expected = _log_changes(kyoku, hand.get("riichi", []))
    candidates = _candidates(kyoku, hand)
    for candidate in candidates:
        try:
            after = play(state, result_from_json(_engine_hand(candidate)), rules)
        except HandError as error:
            if len(candidates) > 1:
                continue  # a value these rules do not pay (the search goes on)
            raise _fail(kyoku, error) from None
        changes = tuple(a - b for a, b in zip(after.scores, state.scores, strict=True))
        if changes == expected:
            return after, candidate
    if len(candidates) > 1:
        raise _fail(
            kyoku,
            "no hand value pays what the log says: {logged}",
            logged=_by_name(expected, names),
        )
    raise _fail(
        kyoku,
        "the log pays {logged}; these rules pay {ours}",
        logged=_by_name(expected, names),
        ours=_by_name(changes, names),
    )


def _check_table(kyoku: _Kyoku, state: GameState, rules: RiichiRules, names: Sequence[str]) -> None:
    if state.over:
        raise _fail(kyoku, "under these rules the game was over before this kyoku")
    if (
        kyoku.number == 1
        and set(kyoku.scores) == {kyoku.scores[0]}
        and state.scores != kyoku.scores
    ):
        raise _fail(
            kyoku,
            "the log starts each player on {logged:,} points; these rules start on {ours:,}",
            logged=kyoku.scores[0],
            ours=rules.start,
        )
    table = (state.round_wind * SEATS + state.hand, state.honba, state.sticks)
    if (kyoku.round_index, kyoku.honba, kyoku.sticks) != table:
        raise _fail(
            kyoku,
            "the hands before it leave {wind} {hand}, {honba} honba, {sticks} riichi sticks",
            wind=WINDS[state.round_wind % SEATS],
            hand=state.hand + 1,
            honba=state.honba,
            sticks=state.sticks,
        )
    if kyoku.scores != state.scores:
        raise _fail(
            kyoku,
            "it starts on {logged}; the hands before it leave {ours}",
            logged=_by_name(kyoku.scores, names, signed=False),
            ours=_by_name(state.scores, names, signed=False),
        )


def _candidates(kyoku: _Kyoku, hand: dict[str, Any]) -> list[dict[str, Any]]:
    """The hand, or for a single win the log gives no value of, each value it may have had
    (the first that pays what the log says is taken)."""
    wins = hand.get("wins", [])
    if not any(_no_value(win) for win in wins):
        return [hand]
    if len(wins) != 1:
        raise _fail(kyoku, "each win of a double ron must state its value")
    values = [
        *({"han": han, "fu": fu} for han in range(1, 5) for fu in sorted(VALID_FU)),
        *({"limit": limit.value} for limit in Limit if limit is not Limit.YAKUMAN),
        *({"yakuman": count} for count in range(1, MAX_YAKUMAN + 1)),
    ]
    (win,) = wins
    return [
        {**hand, "wins": [{**win, **value}]}
        for value in values
        if value.get("fu") not in (20, 25) or value["han"] >= 2
    ]


def _no_value(win: Mapping[str, Any]) -> bool:
    return not {"han", "limit", "yakuman"} & set(win)


def _engine_hand(hand: Mapping[str, Any]) -> dict[str, Any]:
    """The hand as the engine's records read it: the yaku are the league's, not theirs."""
    wins = [{key: v for key, v in win.items() if key != "yaku"} for win in hand.get("wins", [])]
    return {**hand, "wins": wins} if "wins" in hand else dict(hand)


def _by_name(points: Sequence[int], names: Sequence[str], *, signed: bool = True) -> str:
    spec = "+,d" if signed else ",d"
    return ", ".join(
        f"{name} {format(value, spec) if value else 0}"
        for name, value in zip(names, points, strict=True)
    )
