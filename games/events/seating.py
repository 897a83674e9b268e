"""The seating of an event's rounds (club nights, tournaments): pure Python, no Django.

Interface (``games.events`` codes against it)::

    K: any hashable, orderable key (a player's id or name)
    Table(seats: tuple[K, ...])                       # in wind order: East, South, West, North
    RoundSeating(tables: tuple[Table[K], ...], byes: tuple[K, ...])
    Method: RANDOM, SWISS, FEWEST_MEETINGS, PRESCRIPTED

    seat_round(players, *, method, seed, earlier=(), standing=None, apart=(), table_size=4,
               byes=False, rotate_winds=True, prescribed=None, rounds_total=None, name=str)
        -> RoundSeating[K]                               # the next round after ``earlier``
    seat_event(players, *, rounds, seed, method=FEWEST_MEETINGS, apart=(), table_size=4,
               byes=False, name=str) -> list[RoundSeating[K]]   # every round at once
    meetings(rounds) -> Counter[frozenset[K]]            # how often each pair shared a table
    repeat_pairs(rounds) -> int                          # pairs that met more than once (0: none)
    meeting_cost(rounds) -> int                          # what FEWEST_MEETINGS minimises
    apart_clashes(rounds, apart) -> int                  # pairs of one group at one table
    wind_counts(rounds) -> dict[K, list[int]]            # per player, rounds sat at each wind
    SeatingError(ValueError)                             # ``template`` and ``values`` apart

The same players, seed and earlier rounds give the same seating (the order the players are
passed in does not matter). An event has at most 500 players and 40 rounds, so that no
seating takes more than seconds. When the players do not fill whole tables, ``byes=True`` lets the
fewest sit out (those with the fewest byes so far first, so nobody sits out twice before
everyone has once); ``byes=False`` refuses the count, for a caller that adds substitutes.

- RANDOM: tables drawn from the seed.
- SWISS: ``standing`` (higher is better) sorted, ties broken by the seed, cut into tables of
  neighbours; the byes go to the lowest of those with the fewest byes.
- FEWEST_MEETINGS: every pair meets as rarely as possible over the event (a greedy draw, then
  a seeded tabu search of swaps; ``meeting_cost`` is what it minimises).
- PRESCRIPTED: the organiser's ``prescribed`` tables, checked (every player once, tables of
  ``table_size``, nobody unknown) and returned with their seats as given.

With ``rounds_total``, RANDOM and FEWEST_MEETINGS plan the event's remaining rounds together
and return the next one: the plan is remade from the round since which the same players have
been seated, so an event seated round by round gets what ``seat_event`` gives (16 players,
5 rounds: no pair meets twice; winds within one of even), and a change of players (a
withdrawal, a late arrival) is planned on from where it happened.

``apart`` (teams) keeps the members of each group at different tables where possible (under
SWISS by trading places with the next table up or down, or with a player of the same
standing at any table); ``apart_clashes`` counts what remains. A member who is not among
the players (a teammate who withdrew) is passed over.

With ``rotate_winds`` the seats of each table are ordered so that each player sits each wind
as evenly as possible: within one of even over a planned event (an equitable edge colouring,
de Werra's theorem), otherwise the best for this round given the earlier ones.

A ``SeatingError`` names the player (through ``name``, never a seat) and what is wrong; the
league shows it as ``gettext(error.template).format(**error.values)`` (the templates are in
the catalogues: ``makemessages`` knows ``SeatingError``); ``str(error)`` is the English.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, permutations
from typing import Any, Generic, Protocol, TypeVar


class _Key(Protocol):
    def __hash__(self) -> int: ...
    def __lt__(self, other: Any, /) -> bool: ...


K = TypeVar("K", bound=_Key)

# A pair of one ``apart`` group at one table costs more than any number of repeat meetings.
CLASH = 10_000
# The local search stops after this many swaps weighed without a better seating (under a
# second): enough for the known optima, and the same on every machine, unlike a time limit.
PATIENCE = 300_000
# ... and after this many in all, so that no seating holds a worker for more than seconds.
EFFORT = 1_000_000
# The largest event seated: 500 players over 40 rounds take about 2 s.
MOST_PLAYERS, MOST_ROUNDS = 500, 40
# A move weighs the swaps of this many costly players, drawn, not of all of them.
SAMPLE = 8


class SeatingError(ValueError):
    """The players, standing or organiser's tables cannot be seated; says who and why."""

    def __init__(self, template: str, **values: Any) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values))


class Method(StrEnum):
    RANDOM = "random"
    SWISS = "swiss"
    FEWEST_MEETINGS = "fewest_meetings"
    PRESCRIPTED = "prescripted"


@dataclass(frozen=True)
class Table(Generic[K]):
    seats: tuple[K, ...]  # in wind order: East, South, West, North


@dataclass(frozen=True)
class RoundSeating(Generic[K]):
    tables: tuple[Table[K], ...]
    byes: tuple[K, ...] = ()

    def players(self) -> list[K]:
        return [player for table in self.tables for player in table.seats]


@dataclass(frozen=True)
class _Options(Generic[K]):
    players: list[K]  # sorted: the index of a player is its place here
    table_size: int
    byes: bool
    apart: Sequence[Collection[K]]
    name: Callable[[K], str]


# Tables of player indices, per round; a table's order is its seats' wind order.
_Tables = list[list[int]]


# --- the public functions ---------------------------------------------------------------


def seat_round(
    players: Iterable[K],
    *,
    method: Method,
    seed: int | str,
    earlier: Sequence[RoundSeating[K]] = (),
    standing: Mapping[K, Any] | None = None,
    apart: Sequence[Collection[K]] = (),
    table_size: int = 4,
    byes: bool = False,
    rotate_winds: bool = True,
    prescribed: Sequence[Sequence[K]] | None = None,
    rounds_total: int | None = None,
    name: Callable[[K], str] = str,
) -> RoundSeating[K]:
    """The seating of the round after ``earlier``, by ``method``."""
    options = _options(players, table_size=table_size, byes=byes, apart=apart, name=name)
    if method == Method.PRESCRIPTED:
        return _prescripted(options, prescribed or ())
    if method == Method.SWISS:
        return _swiss(options, seed, earlier, _standing(options, standing), rotate_winds)
    if rounds_total is None:
        return _plan(options, method, seed, earlier, 1, rotate_winds=rotate_winds)[0]
    if not len(earlier) < rounds_total <= MOST_ROUNDS:
        raise SeatingError(
            "an event has {earlier} to {most} rounds, not {rounds}",
            earlier=len(earlier) + 1,
            most=MOST_ROUNDS,
            rounds=rounds_total,
        )
    return _planned_round(options, method, seed, earlier, rounds_total, rotate_winds)


def seat_event(
    players: Iterable[K],
    *,
    rounds: int,
    seed: int | str,
    method: Method = Method.FEWEST_MEETINGS,
    apart: Sequence[Collection[K]] = (),
    table_size: int = 4,
    byes: bool = False,
    name: Callable[[K], str] = str,
) -> list[RoundSeating[K]]:
    """Every round of an event seated at once (RANDOM or FEWEST_MEETINGS), winds balanced."""
    if method not in (Method.RANDOM, Method.FEWEST_MEETINGS):
        raise SeatingError("Swiss and prescripted seatings are made one round at a time")
    options = _options(players, table_size=table_size, byes=byes, apart=apart, name=name)
    if not 1 <= rounds <= MOST_ROUNDS:
        raise SeatingError(
            "an event has 1 to {most} rounds, not {rounds}", most=MOST_ROUNDS, rounds=rounds
        )
    return _plan(options, method, seed, (), rounds)


def meetings(rounds: Iterable[RoundSeating[K]]) -> Counter[frozenset[K]]:
    """How many times each pair of players shared a table."""
    met: Counter[frozenset[K]] = Counter()
    for seating in rounds:
        for table in seating.tables:
            met.update(frozenset(pair) for pair in combinations(table.seats, 2))
    return met


def repeat_pairs(rounds: Iterable[RoundSeating[K]]) -> int:
    """How many pairs met more than once: 0 is "no pair meets twice"."""
    return sum(1 for count in meetings(rounds).values() if count > 1)


def meeting_cost(rounds: Iterable[RoundSeating[K]]) -> int:
    """What FEWEST_MEETINGS minimises: a pair met ``c`` times counts C(c, 2), so 0 is "no
    pair meets twice" and a third meeting of one pair weighs more than two pairs' second.

    >>> east = RoundSeating((Table(("A", "B", "C", "D")),))
    >>> meeting_cost([east, east, east]), repeat_pairs([east, east, east])
    (18, 6)
    """
    return sum(count * (count - 1) // 2 for count in meetings(rounds).values())


def apart_clashes(rounds: Iterable[RoundSeating[K]], apart: Sequence[Collection[K]]) -> int:
    """How many times two members of one ``apart`` group shared a table."""
    groups = [set(group) for group in apart]
    return sum(
        1
        for seating in rounds
        for table in seating.tables
        for pair in combinations(table.seats, 2)
        for group in groups
        if pair[0] in group and pair[1] in group
    )


def wind_counts(rounds: Iterable[RoundSeating[K]]) -> dict[K, list[int]]:
    """Per player, how many rounds they sat at each wind (East first)."""
    counts: dict[K, list[int]] = {}
    for seating in rounds:
        for table in seating.tables:
            for wind, player in enumerate(table.seats):
                counts.setdefault(player, [0] * len(table.seats))[wind] += 1
    return counts


# --- the players and the byes -------------------------------------------------------------


def _options(
    players: Iterable[K],
    *,
    table_size: int,
    byes: bool,
    apart: Sequence[Collection[K]],
    name: Callable[[K], str],
) -> _Options[K]:
    if not 2 <= table_size <= 6:
        raise SeatingError("a table has 2 to 6 seats, not {size}", size=table_size)
    listed = list(players)
    twice = sorted(player for player, count in Counter(listed).items() if count > 1)
    if twice:
        raise SeatingError("{player} is listed twice", player=name(twice[0]))
    ordered = sorted(listed)
    if len(ordered) > MOST_PLAYERS:
        raise SeatingError(
            "{count} players are more than {most} can be seated",
            count=len(ordered),
            most=MOST_PLAYERS,
        )
    if len(ordered) < table_size:
        raise SeatingError(
            "{count} players cannot fill a table of {size}", count=len(ordered), size=table_size
        )
    if len(ordered) % table_size and not byes:
        raise SeatingError(
            "{count} players do not fill tables of {size}: add substitutes or allow byes",
            count=len(ordered),
            size=table_size,
        )
    return _Options(ordered, table_size, byes, apart, name)


def _split_byes(
    options: _Options[K],
    earlier: Sequence[RoundSeating[K]],
    rng: random.Random,
    standing: Mapping[K, Any] | None,
) -> tuple[list[int], list[int]]:
    """The players who sit (indices) and those who sit out: the fewest, those with the fewest
    byes so far first (then, under Swiss, the lowest standing), the rest by the seed."""
    count = len(options.players) % options.table_size
    had = Counter(player for seating in earlier for player in seating.byes)
    draw = [rng.random() for _ in options.players]
    order = sorted(
        range(len(options.players)),
        key=lambda i: (had[options.players[i]], _standing_rank(options, standing, i), draw[i]),
    )
    out = sorted(order[:count])
    return sorted(order[count:]), out


def _standing_rank(options: _Options[K], standing: Mapping[K, Any] | None, index: int) -> Any:
    return 0 if standing is None else standing.get(options.players[index], 0)


def _seating(options: _Options[K], tables: _Tables, out: list[int]) -> RoundSeating[K]:
    players = options.players
    return RoundSeating(
        tables=tuple(Table(tuple(players[i] for i in table)) for table in tables),
        byes=tuple(players[i] for i in out),
    )


# --- the methods ----------------------------------------------------------------------------


def _standing(options: _Options[K], standing: Mapping[K, Any] | None) -> Mapping[K, Any]:
    if standing is None:
        raise SeatingError("Swiss seating needs the event's standing")
    missing = [player for player in options.players if player not in standing]
    if missing:
        raise SeatingError("{player} has no standing", player=options.name(missing[0]))
    return standing


def _swiss(
    options: _Options[K],
    seed: int | str,
    earlier: Sequence[RoundSeating[K]],
    standing: Mapping[K, Any],
    rotate_winds: bool,
) -> RoundSeating[K]:
    """Tables of neighbours in the standing (higher first, ties drawn)."""
    rng = random.Random(f"{seed}/{Method.SWISS}/{len(earlier)}")
    sitting, out = _split_byes(options, earlier, rng, standing)
    ties = {i: rng.random() for i in sitting}
    ranked = sorted(sitting, key=lambda i: (standing[options.players[i]], ties[i]), reverse=True)
    size = options.table_size
    tables = [ranked[start : start + size] for start in range(0, len(ranked), size)]
    if options.apart:
        # Teammates trade places with players of the next table up or down, no further, or
        # with a player of the same standing anywhere (the seed drew their order anyway).
        peers = [standing[player] for player in options.players]
        search = _Search(options, (), meet_weight=0, reach=1, peers=peers)
        search.take(tables)
        search.improve([tables], rng)
    if rotate_winds:
        _winds_for_round(tables, _wind_matrix(options, earlier), rng)
    return _seating(options, tables, out)


def _plan(
    options: _Options[K],
    method: Method,
    seed: int | str,
    earlier: Sequence[RoundSeating[K]],
    rounds: int,
    *,
    rotate_winds: bool = True,
) -> list[RoundSeating[K]]:
    """``rounds`` rounds after ``earlier`` (RANDOM or FEWEST_MEETINGS), their tables searched
    together, then their winds balanced."""
    rng = random.Random(f"{seed}/{method}/{len(earlier)}/{rounds}")
    search = _Search(options, earlier, meet_weight=int(method == Method.FEWEST_MEETINGS))
    seated: list[RoundSeating[K]] = list(earlier)
    planned: list[_Tables] = []
    outs: list[list[int]] = []
    for _ in range(rounds):
        sitting, out = _split_byes(options, seated, rng, None)
        planned.append(search.draw(sitting, rng))
        outs.append(out)
        seated.append(_seating(options, planned[-1], out))
    search.improve(planned, rng)
    if rotate_winds:
        counts = _wind_matrix(options, earlier)
        for tables in planned:
            _winds_for_round(tables, counts, rng)
        _balance_winds(planned, counts)
    return [_seating(options, tables, out) for tables, out in zip(planned, outs, strict=True)]


def _planned_round(
    options: _Options[K],
    method: Method,
    seed: int | str,
    earlier: Sequence[RoundSeating[K]],
    rounds_total: int,
    rotate_winds: bool,
) -> RoundSeating[K]:
    """The next round of the plan made when these players were last seated afresh: the plan
    is remade from the same rounds, so seating it round by round keeps the whole plan's
    promises (its winds within one of even); rounds that left it are planned on from."""
    start = _same_players_since(options, earlier)
    plan = _plan(
        options,
        method,
        seed,
        earlier[:start],
        max(1, rounds_total - start),
        rotate_winds=rotate_winds,
    )
    done = len(earlier) - start
    if done < len(plan) and all(
        _same_round(seating, planned)
        for seating, planned in zip(earlier[start:], plan[:done], strict=True)
    ):
        return plan[done]
    ahead = max(1, rounds_total - len(earlier))
    return _plan(options, method, seed, earlier, ahead, rotate_winds=rotate_winds)[0]


def _same_players_since(options: _Options[K], earlier: Sequence[RoundSeating[K]]) -> int:
    """The first of the last earlier rounds that all had the players seated now."""
    players = set(options.players)
    start = len(earlier)
    while start and {*earlier[start - 1].players(), *earlier[start - 1].byes} == players:
        start -= 1
    return start


def _same_round(seating: RoundSeating[K], planned: RoundSeating[K]) -> bool:
    """The same tables (in any order, each in the same wind order) and the same byes."""
    return set(seating.tables) == set(planned.tables) and set(seating.byes) == set(planned.byes)


def _prescripted(options: _Options[K], prescribed: Sequence[Sequence[K]]) -> RoundSeating[K]:
    """The organiser's tables, checked: every player once, full tables, nobody unknown."""
    known = set(options.players)
    seen: set[K] = set()
    for table in prescribed:
        for player in table:
            _check_prescribed_player(options, player, known, seen)
        if not table:
            raise SeatingError("a table of the seating has nobody at it")
        if len(table) != options.table_size:
            raise SeatingError(
                "the table of {player} has {count} seats, not {size}",
                player=options.name(table[0]),
                count=len(table),
                size=options.table_size,
            )
    unseated = [player for player in options.players if player not in seen]
    if unseated and not options.byes:
        raise SeatingError("{player} has no seat", player=options.name(unseated[0]))
    return RoundSeating(
        tables=tuple(Table(tuple(table)) for table in prescribed), byes=tuple(unseated)
    )


def _check_prescribed_player(options: _Options[K], player: K, known: set[K], seen: set[K]) -> None:
    if player not in known:
        raise SeatingError("{player} is not a player of this event", player=options.name(player))
    if player in seen:
        raise SeatingError("{player} is seated twice", player=options.name(player))
    seen.add(player)


# --- fewest meetings, teams apart: a draw, then a local search of swaps --------------------


class _Search(Generic[K]):
    """Pair costs over the rounds being seated and the earlier ones: a pair's ``c``-th meeting
    costs ``c - 1`` (so the sum over pairs is the number of repeated meetings, C(c, 2)), a
    pair of one ``apart`` group costs ``CLASH`` whenever it shares a table."""

    def __init__(
        self,
        options: _Options[K],
        earlier: Sequence[RoundSeating[K]],
        *,
        meet_weight: int,
        reach: int | None = None,
        peers: Sequence[Any] | None = None,
    ) -> None:
        index = {player: i for i, player in enumerate(options.players)}
        size = len(options.players)
        self.meet_weight = meet_weight
        self.met = [[0] * size for _ in range(size)]
        for seating in earlier:
            for table in seating.tables:
                self._meet([index[p] for p in table.seats if p in index], 1)
        self.clash = [[0] * size for _ in range(size)]
        for group in options.apart:
            members = [index[p] for p in group if p in index]
            for a, b in combinations(members, 2):
                self.clash[a][b] = self.clash[b][a] = 1
        self.size = options.table_size
        self.reach = reach  # how many tables away a player may move (None: any)
        # Players of one rank by player index: two of the same may trade places whatever
        # the distance between their tables (None: none may).
        self.peers = peers

    def take(self, tables: _Tables) -> None:
        """Count the meetings of tables seated without ``draw``."""
        for table in tables:
            self._meet(table, 1)

    def _meet(self, table: list[int], step: int) -> None:
        for a, b in combinations(table, 2):
            self.met[a][b] += step
            self.met[b][a] += step

    def joining(self, a: int, table: list[int], leaving: int) -> int:
        """What ``a`` costs at ``table`` (without ``leaving``), met counts as they stand."""
        met, clash, weight = self.met[a], self.clash[a], self.meet_weight
        return sum(weight * met[x] + CLASH * clash[x] for x in table if x != leaving)

    def draw(self, sitting: list[int], rng: random.Random) -> _Tables:
        """A greedy round: each table takes, in a seeded order, whoever costs it least."""
        free = list(sitting)
        rng.shuffle(free)
        tables: _Tables = []
        while free:
            table = [free.pop()]
            while len(table) < self.size:
                table.append(free.pop(self._cheapest(free, table)))
            self._meet(table, 1)
            tables.append(table)
        return tables

    def _cheapest(self, free: list[int], table: list[int]) -> int:
        best, best_cost = 0, -1
        for place in range(len(free) - 1, -1, -1):
            cost = self.joining(free[place], table, -1)
            if cost == 0:
                return place
            if best_cost < 0 or cost < best_cost:
                best, best_cost = place, cost
        return best

    def improve(self, rounds: list[_Tables], rng: random.Random) -> None:
        """A tabu search: make the best swap of a player in a costly pair with a player at
        another table of the round, even one that costs more (to leave a local optimum),
        not moving a player back soon after unless that beats the best; stop at no cost or
        after ``PATIENCE`` swaps weighed without a new best (or ``EFFORT`` in all), keeping
        the best seating seen."""
        best = [[list(t) for t in tables] for tables in rounds]
        best_cost = cost = self.cost()
        tabu: dict[tuple[int, int], int] = {}
        step = idle = spent = due = 0
        costly: list[tuple[int, int]] = []
        while idle < PATIENCE and spent < EFFORT:
            if not due:
                # Listing who is costly weighs every seat: once a pass, not once a move.
                costly = self._costly(rounds)
                due = 1 + len(costly) // SAMPLE
            sample = rng.sample(costly, min(SAMPLE, len(costly)))
            step, due = step + 1, due - 1
            move = self._best_move(rounds, sample, _Tabu(tabu, step, best_cost - cost), rng)
            if move is None:
                break
            change, number, a, b = move
            self._swap(rounds[number], a, b)
            tabu[number, a] = tabu[number, b] = step + rng.randint(2, 10)
            weighed = len(sample) * len(rounds[0]) * self.size
            cost, idle, spent = cost + change, idle + weighed, spent + weighed
            if cost < best_cost:
                best, best_cost, idle = [[list(t) for t in ts] for ts in rounds], cost, 0
        for number, tables in enumerate(rounds):
            self._replace(tables, best[number])

    def _best_move(
        self, rounds: list[_Tables], costly: list[tuple[int, int]], tabu: _Tabu, rng: random.Random
    ) -> tuple[int, int, int, int] | None:
        """The cheapest allowed swap (change, round, player, other), ties drawn."""
        found: tuple[int, int, int, int] | None = None
        ties = 0
        for number, a in costly:
            tables = rounds[number]
            place = next(place for place, table in enumerate(tables) if a in table)
            home = tables[place]
            for other, away in enumerate(tables):
                if other == place:
                    continue
                near = self.reach is None or abs(other - place) <= self.reach
                for b in away:
                    if not near and not self._peers(a, b):
                        continue
                    change = self._swap_cost(a, home, b, away)
                    if not tabu.allows(number, a, b, change):
                        continue
                    if found is None or change < found[0]:
                        found, ties = (change, number, a, b), 1
                    elif change == found[0]:
                        ties += 1
                        if rng.randrange(ties) == 0:
                            found = (change, number, a, b)
        return found

    def _peers(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` may trade places at any distance (the same rank)."""
        return self.peers is not None and self.peers[a] == self.peers[b]

    def _swap(self, tables: _Tables, a: int, b: int) -> None:
        home = next(table for table in tables if a in table)
        away = next(table for table in tables if b in table)
        self._meet(home, -1)
        self._meet(away, -1)
        home[home.index(a)], away[away.index(b)] = b, a
        self._meet(home, 1)
        self._meet(away, 1)

    def _replace(self, tables: _Tables, wanted: _Tables) -> None:
        for table in tables:
            self._meet(table, -1)
        tables[:] = wanted
        for table in tables:
            self._meet(table, 1)

    def cost(self) -> int:
        """The repeated meetings (C(c, 2) for a pair met c times) and the clashes' cost."""
        total = 0
        for a, row in enumerate(self.met):
            clash = self.clash[a]
            for b in range(a + 1, len(row)):
                count = row[b]
                total += self.meet_weight * count * (count - 1) // 2 + CLASH * clash[b] * count
        return total

    def _costly(self, rounds: list[_Tables]) -> list[tuple[int, int]]:
        """The (round, player) of every player in a pair that costs something."""
        found = []
        for number, tables in enumerate(rounds):
            for table in tables:
                for a in table:
                    if self.joining(a, table, a) - self.meet_weight * (len(table) - 1):
                        found.append((number, a))
        return found

    def _swap_cost(self, a: int, home: list[int], b: int, away: list[int]) -> int:
        """What swapping ``a`` (at ``home``) and ``b`` (at ``away``) changes: a player who
        leaves takes back a pair's last meeting (``c - 1``), one who joins adds one (``c``)."""
        met_a, met_b, clash_a, clash_b = self.met[a], self.met[b], self.clash[a], self.clash[b]
        weight = self.meet_weight
        change = 0
        for x in home:
            if x != a:
                change += weight * (met_b[x] - met_a[x] + 1) + CLASH * (clash_b[x] - clash_a[x])
        for y in away:
            if y != b:
                change += weight * (met_a[y] - met_b[y] + 1) + CLASH * (clash_a[y] - clash_b[y])
        return change


@dataclass(frozen=True)
class _Tabu:
    """Who was moved lately (round, player → the step they may move again); a tabu swap is
    allowed when it makes a new best (``change`` below ``better``)."""

    until: dict[tuple[int, int], int]
    step: int
    better: int

    def allows(self, number: int, a: int, b: int, change: int) -> bool:
        if change < self.better:
            return True
        return max(self.until.get((number, a), 0), self.until.get((number, b), 0)) < self.step


# --- winds ------------------------------------------------------------------------------------


def _wind_matrix(options: _Options[K], earlier: Sequence[RoundSeating[K]]) -> list[list[int]]:
    index = {player: i for i, player in enumerate(options.players)}
    counts = [[0] * options.table_size for _ in options.players]
    for seating in earlier:
        for table in seating.tables:
            for wind, player in enumerate(table.seats):
                if player in index and wind < options.table_size:
                    counts[index[player]][wind] += 1
    return counts


def _winds_for_round(tables: _Tables, counts: list[list[int]], rng: random.Random) -> None:
    """Order each table's seats so its players take the winds they sat least (the smallest
    sum of squared counts after this round; ties drawn); ``counts`` takes this round."""
    for table in tables:
        orders = list(permutations(table))
        rng.shuffle(orders)
        best = min(orders, key=lambda order: _squares_after(order, counts))
        table[:] = best
        for wind, player in enumerate(table):
            counts[player][wind] += 1


def _squares_after(order: Sequence[int], counts: list[list[int]]) -> int:
    return sum(2 * counts[player][wind] + 1 for wind, player in enumerate(order))


def _balance_winds(planned: list[_Tables], counts: list[list[int]]) -> None:
    """Swap winds within planned tables until every player's counts are within one of each
    other where the planned rounds allow: a player with ``a`` sat twice more than ``b`` takes
    ``b`` at a table where they sat ``a``; whoever had ``b`` there takes ``a`` and, if that
    leaves them unbalanced, goes on the same way (de Werra's alternating trails)."""
    stuck: set[tuple[int, int, int]] = set()
    while (found := _unbalanced(counts, stuck)) is not None:
        if not _trail(planned, counts, *found):
            stuck.add(found)


def _unbalanced(
    counts: list[list[int]], stuck: set[tuple[int, int, int]]
) -> tuple[int, int, int] | None:
    for player, row in enumerate(counts):
        high = max(range(len(row)), key=row.__getitem__)
        low = min(range(len(row)), key=row.__getitem__)
        if row[high] - row[low] >= 2 and (player, high, low) not in stuck:
            return player, high, low
    return None


def _trail(planned: list[_Tables], counts: list[list[int]], player: int, a: int, b: int) -> bool:
    """Swap winds ``a`` and ``b`` along a trail from ``player``; undo it and say False if it
    cannot end at someone it leaves balanced."""
    swapped: list[list[int]] = []
    while True:
        table = next(
            (t for ts in planned for t in ts if t[a] == player and not _among(t, swapped)), None
        )
        if table is None:
            for undone in reversed(swapped):
                _swap_seats(undone, a, b, counts)
            return False
        other = table[b]
        _swap_seats(table, a, b, counts)
        swapped.append(table)
        if counts[other][a] - counts[other][b] <= 1:
            return True
        player = other


def _among(table: list[int], tables: list[list[int]]) -> bool:
    return any(table is other for other in tables)


def _swap_seats(table: list[int], a: int, b: int, counts: list[list[int]]) -> None:
    for wind, player in ((a, table[a]), (b, table[b])):
        counts[player][wind] -= 1
    table[a], table[b] = table[b], table[a]
    for wind, player in ((a, table[a]), (b, table[b])):
        counts[player][wind] += 1
