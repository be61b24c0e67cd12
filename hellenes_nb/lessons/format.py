"""The lesson file format: one YAML file per lesson, read as plain data only.

A lesson is a single YAML document (docs/writing-lessons.md explains every field with the Pylos
lesson as the worked example). YAML was chosen over Markdown with front matter because a lesson
is mostly structure (a position, then steps that each carry narrative, citations, rules, map
focus, scripted actions, dice, a decision or a question); YAML keeps each step's prose next to
its engine data, and block scalars (``|``) hold paragraphs comfortably.

Safety: the file is read by :mod:`hellenes_nb.core.safeyaml`, which refuses anchors, aliases, tags
(``!!python/...`` and friends), merge keys, deep nesting and oversized files while the YAML is
composed, before any object is built. Prose is later rendered through :mod:`.markup`, which
escapes all HTML.

:func:`parse_lesson` returns the typed :class:`LessonSpec` plus a list of :class:`Problem`;
nothing here touches the engine (see ``check.py`` for references and replay).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hellenes_nb.core.safeyaml import FileProblem, read_yaml_file

__all__ = ["FORMAT", "SEASON_NAMES", "Problem", "LessonSpec", "PositionSpec", "UnitSpec",
           "StepSpec", "Focus", "BattleSpec", "DecisionSpec", "OptionSpec", "QuestionSpec",
           "parse_lesson", "read_lesson_file", "LessonFormatError"]

FORMAT = "hellenes-lesson 1"
#: season names of a lesson position → the engine's season numbers (§3.3)
SEASON_NAMES = {"spring": 1, "summer": 2, "highsummer": 3, "fall": 4}
SIDES = ("athens", "sparta")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_UNIT = re.compile(r"^[AS]\d{1,2}$")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a lesson: the file, where in it, and what is wrong."""

    file: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.message}" if self.where else \
            f"{self.file}: {self.message}"


class LessonFormatError(ValueError):
    """A lesson file cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True)
class UnitSpec:
    """A unit of the declared position (§2; besieged/besieging §7.2)."""

    key: str
    area: str
    cv: int
    besieged: bool = False
    besieging: bool = False
    carries: str | None = None


@dataclass(frozen=True)
class PositionSpec:
    """The moment in the war a lesson starts from."""

    scenario: str
    year: int
    season: str
    prestige: int
    leaders: dict[str, str | None]
    hands: dict[str, tuple[int, ...]]
    units: tuple[UnitSpec, ...]
    garrisons: dict[str, tuple[str, ...]]
    notes: str = ""
    #: War Resumes is in effect (§12.1); None keeps the scenario's start (true only in 413)
    war_resumed: bool | None = None
    #: plagues that have struck Athens so far (§15.1 rule 3); None keeps the scenario's 0
    plagues_in_athens: int | None = None
    #: a Plague Strikes has happened, so Plague Returns may be played (§3.1)
    plague_struck: bool | None = None


@dataclass(frozen=True)
class Focus:
    """Where the map should look during a step."""

    area: str | None = None
    zoom: float = 1.0
    highlight: tuple[str, ...] = ()


@dataclass(frozen=True)
class BattleSpec:
    """A battle the step hands to the engine (and later to the battle widget).

    ``policy[side]`` is ``"fight"`` (never retreat), ``"retreat"`` (at the first chance) or a
    number of rounds to fight before retreating (§6.2, §6.4). ``retreats`` fixes destinations
    by unit key; ``capitulate`` answers a siege assault's offer (§8.13).
    """

    place: str
    policy: dict[str, str | int]
    retreats: dict[str, dict[str, Any]]
    capitulate: bool = False


@dataclass(frozen=True)
class OptionSpec:
    """One choice at a decision point: a label and the engine actions it stands for."""

    id: str
    label: str
    actions: tuple[dict, ...]
    dice: tuple[int, ...] | None = None
    historical: bool = False
    #: for each engine action, the number of the ``do`` item it came from (from 1)
    items: tuple[int, ...] = ()


@dataclass(frozen=True)
class DecisionSpec:
    """A decision point: the learner picks; the historical choice is explained afterwards."""

    side: str
    prompt: str
    options: tuple[OptionSpec, ...]
    explanation: str

    @property
    def historical(self) -> OptionSpec:
        return next(o for o in self.options if o.historical)


@dataclass(frozen=True)
class QuestionSpec:
    """A question for the class with an answer kept hidden until revealed."""

    ask: str
    answer: str


@dataclass(frozen=True)
class StepSpec:
    """One step of a lesson (docs/writing-lessons.md, "Steps")."""

    number: int
    title: str
    narrative: str
    thucydides: tuple[str, ...] = ()
    xenophon: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    focus: Focus = field(default_factory=Focus)
    #: cards each side must hold when the step begins (dealt so: see ``script.deal_hands``)
    hands: dict[str, tuple[int, ...]] = field(default_factory=dict)
    dice: tuple[int, ...] | str | None = None
    actions: tuple[dict, ...] = ()
    battle: BattleSpec | None = None
    decision: DecisionSpec | None = None
    question: QuestionSpec | None = None
    expect: dict[str, Any] = field(default_factory=dict)
    #: for each engine action, the number of the ``do`` item it came from (from 1)
    items: tuple[int, ...] = ()

    @property
    def where(self) -> str:
        """How problems name this step: ``step 3 'The fleet lands'``."""
        return f"step {self.number} {self.title!r}"


@dataclass(frozen=True)
class LessonSpec:
    """A whole lesson as read from its file."""

    path: str
    id: str
    title: str
    period: str
    objectives: tuple[str, ...]
    time: str
    prerequisites: tuple[str, ...]
    sources: tuple[str, ...]
    seed: int
    side: str
    introduction: str
    summary: str
    position: PositionSpec
    steps: tuple[StepSpec, ...]


# -- safe loading ---------------------------------------------------------------------------------
def _where(exc: FileProblem) -> str:
    """Name the place of a refused node: ``step 3 'Title'`` inside a step, else a dotted path."""
    path = exc.path
    if len(path) >= 2 and path[0] == "steps" and isinstance(path[1], int):
        title = exc.titles[1]
        return f"step {path[1] + 1}" + (f" {title!r}" if title else "")
    shown = ".".join(str(p) for p in path[:4])
    return shown + ".…" if len(path) > 4 else shown


def read_lesson_file(path: Path | str) -> tuple[Any, list[Problem]]:
    """Read a lesson file as plain data: (data or None, problems).

    The file goes through :mod:`hellenes_nb.core.safeyaml`, which refuses anchors, aliases, tags,
    merge keys, deep nesting and oversized files as they are read, before any object is built.
    """
    name = str(path)
    try:
        data = read_yaml_file(path, name)
    except FileProblem as exc:
        line = f"line {exc.line}: " if exc.line is not None else ""
        return None, [Problem(name, _where(exc), line + exc.message)]
    if data is None:
        return None, [Problem(name, "", "the file is empty")]
    return data, []


# -- schema ---------------------------------------------------------------------------------------
class _Reader:
    """Collects problems while reading one mapping of the lesson."""

    def __init__(self, file: str, where: str, data: Any, problems: list[Problem]):
        self.file, self.where, self.problems = file, where, problems
        if not isinstance(data, dict):
            self.fail(f"expected a mapping (key: value lines), got {type(data).__name__}")
            data = {}
        self.data = data

    def fail(self, message: str) -> None:
        self.problems.append(Problem(self.file, self.where, message))

    def known(self, allowed: set[str]) -> None:
        for k in self.data:
            if k not in allowed:
                self.fail(f"unknown field {k!r} (allowed here: {', '.join(sorted(allowed))})")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...,
            what: str = "") -> Any:
        if key not in self.data or self.data[key] is None and default is not ...:
            if default is ...:
                self.fail(f"missing the required field {key!r}")
                return None
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        else:
            ok = isinstance(value, kinds)
        if not ok:
            want = what or " or ".join(k.__name__ for k in kinds)
            self.fail(f"{key!r} must be {want}, got {value!r}")
            return None if default is ... else default
        return value

    def text(self, key: str, default: Any = ...) -> str | None:
        value = self.get(key, (str, int, float), default, "text")
        return None if value is None else str(value)

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.get(key, list, [], "a list")
        out = []
        for i, v in enumerate(value or []):
            if isinstance(v, (str, int, float)) and not isinstance(v, bool):
                out.append(str(v))
            else:
                self.fail(f"{key}[{i + 1}] must be text, got {v!r}")
        return tuple(out)


def _side(r: _Reader, value: Any, what: str) -> str | None:
    if value not in SIDES:
        r.fail(f"{what} must be 'athens' or 'sparta', got {value!r}")
        return None
    return value


def _hands(r: _Reader) -> dict[str, tuple[int, ...]]:
    """The ``hands`` entry: per side, a list of card numbers."""
    hands: dict[str, tuple[int, ...]] = {}
    for side, cards in (r.get("hands", dict, {}) or {}).items():
        if _side(r, side, "a hands key") is None:
            continue
        if isinstance(cards, list) and all(isinstance(c, int) and not isinstance(c, bool)
                                           for c in cards):
            hands[side] = tuple(cards)
        else:
            r.fail(f"hands {side}: give a list of card numbers")
    return hands


def _unit_key(r: _Reader, value: Any, what: str) -> str | None:
    if not isinstance(value, str) or not _UNIT.match(value):
        r.fail(f"{what} must be a unit key such as A9 (Athens #9) or S1 (Sparta #1), "
               f"got {value!r}")
        return None
    return value


def parse_action(r: _Reader, raw: Any, what: str) -> list[dict]:
    """One readable action → engine action dicts (docs/writing-lessons.md, "Actions").

    ``{move: {unit: A9, path: [pylos]}}`` becomes ``{"type": "move", "side": "athens",
    "unit": "A9", "path": ["pylos"]}``; a bare side (``end_actions: athens``) gives the side;
    ``play: {athens: 14, sparta: 32}`` commits one card per side for its actions (§3.3). A
    mapping with a ``type`` is taken as an engine action as it is.
    """
    if isinstance(raw, dict) and "type" in raw:
        action = dict(raw)
        if "side" not in action and isinstance(action.get("unit"), str):
            action["side"] = "athens" if action["unit"].startswith("A") else "sparta"
        return [action]
    if not isinstance(raw, dict) or len(raw) != 1:
        r.fail(f"{what} must be one 'verb: details' pair such as "
               "'move: {unit: A9, path: [pylos]}', got {raw!r}")
        return []
    verb, args = next(iter(raw.items()))
    if not isinstance(verb, str) or not _ID.match(verb):
        r.fail(f"{what}: {verb!r} is not an action name")
        return []
    if verb == "play":
        if not isinstance(args, dict) or not args:
            r.fail(f"{what}: play needs cards by side, e.g. 'play: {{athens: 14, sparta: 32}}'")
            return []
        out = []
        for side, card in args.items():
            if _side(r, side, f"{what}: play") is None:
                continue
            if isinstance(card, int) and not isinstance(card, bool):
                out.append({"type": "play_card", "side": side, "card": card, "use": "actions"})
            elif isinstance(card, dict) and isinstance(card.get("card"), int):
                out.append({"type": "play_card", "side": side, "use": "actions", **card})
            else:
                r.fail(f"{what}: play {side}: give a card number, or {{card: N, use: event}}")
        return out
    if isinstance(args, str):
        if _side(r, args, f"{what}: {verb}") is None:
            return []
        return [{"type": verb, "side": args}]
    if not isinstance(args, dict):
        r.fail(f"{what}: the details of {verb} must be a mapping or a side, got {args!r}")
        return []
    action = {"type": verb, **args}
    if "side" not in action:
        unit = action.get("unit")
        if isinstance(unit, str) and unit[:1] in ("A", "S"):
            action["side"] = "athens" if unit[0] == "A" else "sparta"
        else:
            r.fail(f"{what}: {verb} needs a 'side' (or a 'unit' that names it)")
            return []
    return [action]


def _actions(r: _Reader, key: str) -> tuple[tuple[dict, ...], tuple[int, ...]]:
    """The engine actions of a ``do`` list, and the item number each one came from."""
    raw = r.get(key, list, [], "a list of actions")
    out: list[dict] = []
    items: list[int] = []
    for i, item in enumerate(raw or [], 1):
        actions = parse_action(r, item, f"{key} item {i}")
        out.extend(actions)
        items.extend([i] * len(actions))
    return tuple(out), tuple(items)


def _dice(r: _Reader, key: str = "dice") -> tuple[int, ...] | str | None:
    value = r.data.get(key)
    if value is None:
        return None
    if value == "live":
        return "live"
    if isinstance(value, list) and all(isinstance(f, int) and not isinstance(f, bool)
                                       and 1 <= f <= 6 for f in value):
        return tuple(value)
    r.fail(f"{key!r} must be 'live' or a list of die faces from 1 to 6, got {value!r}")
    return None


def _focus(r: _Reader) -> Focus:
    if r.data.get("focus") is None:
        return Focus()
    f = _Reader(r.file, f"{r.where}: focus", r.data["focus"], r.problems)
    f.known({"area", "zoom", "highlight"})
    zoom = f.get("zoom", (int, float), 1.0)
    if zoom is not None and not 0.5 <= zoom <= 20:
        f.fail(f"zoom must be between 0.5 and 20, got {zoom}")
    return Focus(f.text("area", None), float(zoom or 1.0), f.texts("highlight"))


def _battle(r: _Reader) -> BattleSpec | None:
    if r.data.get("battle") is None:
        return None
    b = _Reader(r.file, f"{r.where}: battle", r.data["battle"], r.problems)
    b.known({"place", "athens", "sparta", "retreats", "capitulate"})
    policy: dict[str, str | int] = {}
    for side in SIDES:
        v = b.data.get(side, "fight")
        if v in ("fight", "retreat") or isinstance(v, int) and not isinstance(v, bool) and v >= 1:
            policy[side] = v
        else:
            b.fail(f"{side} must be 'fight', 'retreat' or a number of rounds before retreating, "
                   f"got {v!r}")
    retreats: dict[str, dict[str, Any]] = {}
    for key, dest in (b.get("retreats", dict, {}) or {}).items():
        if _unit_key(b, key, "a retreats key") is None:
            continue
        if isinstance(dest, str):
            retreats[key] = {"to": dest}
        elif isinstance(dest, dict) and isinstance(dest.get("to"), str):
            retreats[key] = dict(dest)
        else:
            b.fail(f"retreats {key}: give an area id, or {{to: area, city: true, fleet: A9}}")
    return BattleSpec(b.text("place") or "", policy, retreats,
                      bool(b.get("capitulate", bool, False)))


def _decision(r: _Reader) -> DecisionSpec | None:
    if r.data.get("decision") is None:
        return None
    d = _Reader(r.file, f"{r.where}: decision", r.data["decision"], r.problems)
    d.known({"side", "prompt", "options", "explanation"})
    side = _side(d, d.data.get("side"), "side")
    options = []
    ids = set()
    for i, raw in enumerate(d.get("options", list, []) or [], 1):
        o = _Reader(r.file, f"{r.where}: decision option {i}", raw, r.problems)
        o.known({"id", "label", "do", "dice", "historical"})
        oid = o.text("id") or f"option{i}"
        if not _ID.match(oid):
            o.fail(f"id {oid!r} must be lower-case letters, digits, '_' or '-'")
        if oid in ids:
            o.fail(f"id {oid!r} is used twice")
        ids.add(oid)
        dice = _dice(o)
        if dice == "live":
            o.fail("an option's dice are a list of faces; leave 'dice' out for live dice")
            dice = None
        actions, items = _actions(o, "do")
        options.append(OptionSpec(oid, o.text("label") or oid, actions, dice,
                                  bool(o.get("historical", bool, False)), items))
    if len(options) < 2:
        d.fail("a decision needs at least two options")
    if sum(o.historical for o in options) != 1:
        d.fail("exactly one option must be marked 'historical: true'")
    return DecisionSpec(side or "athens", d.text("prompt") or "", tuple(options),
                        d.text("explanation") or "")


def _question(r: _Reader) -> QuestionSpec | None:
    if r.data.get("question") is None:
        return None
    q = _Reader(r.file, f"{r.where}: question", r.data["question"], r.problems)
    q.known({"ask", "answer"})
    return QuestionSpec(q.text("ask") or "", q.text("answer") or "")


_EXPECT = {"prestige", "holds", "at", "cv", "siege"}


def _expect(r: _Reader) -> dict[str, Any]:
    if r.data.get("expect") is None:
        return {}
    e = _Reader(r.file, f"{r.where}: expect", r.data["expect"], r.problems)
    e.known(_EXPECT)
    out: dict[str, Any] = {}
    if "prestige" in e.data:
        out["prestige"] = e.get("prestige", int)
    for key in ("holds", "at", "cv", "siege"):
        if key in e.data:
            out[key] = dict(e.get(key, dict, {}) or {})
    return out


def _step(file: str, n: int, raw: Any, problems: list[Problem]) -> StepSpec:
    title = raw.get("title") if isinstance(raw, dict) else None
    where = f"step {n}" + (f" {title!r}" if isinstance(title, str) else "")
    r = _Reader(file, where, raw, problems)
    r.known({"title", "narrative", "thucydides", "xenophon", "rules", "focus", "hands", "dice",
             "do", "battle", "decision", "question", "expect"})
    actions, items = _actions(r, "do")
    return StepSpec(
        number=n, title=r.text("title") or f"Step {n}", narrative=r.text("narrative") or "",
        thucydides=r.texts("thucydides"), xenophon=r.texts("xenophon"), rules=r.texts("rules"),
        focus=_focus(r), hands=_hands(r), dice=_dice(r), actions=actions, battle=_battle(r),
        decision=_decision(r), question=_question(r), expect=_expect(r), items=items)


def _position(file: str, raw: Any, problems: list[Problem]) -> PositionSpec:
    r = _Reader(file, "position", raw, problems)
    r.known({"scenario", "year", "season", "prestige", "leaders", "hands", "units", "garrisons",
             "notes", "war_resumed", "plagues_in_athens", "plague_struck"})
    season = r.text("season") or "spring"
    if season not in SEASON_NAMES:
        r.fail(f"season must be one of {', '.join(SEASON_NAMES)}, got {season!r}")
    leaders: dict[str, str | None] = {}
    for side, name in (r.get("leaders", dict, {}) or {}).items():
        if _side(r, side, "a leaders key") and (name is None or isinstance(name, str)):
            leaders[side] = name
        elif side in SIDES:
            r.fail(f"leaders {side}: give a leader's name such as cleon, or null")
    hands = _hands(r)
    units = []
    for i, u in enumerate(r.get("units", list, []) or [], 1):
        ur = _Reader(file, f"position: units[{i}]", u, problems)
        ur.known({"unit", "area", "cv", "besieged", "besieging", "carries", "note"})
        key = _unit_key(ur, ur.data.get("unit"), "unit")
        carries = ur.data.get("carries")
        if carries is not None:
            carries = _unit_key(ur, carries, "carries")
        cv = ur.get("cv", int)
        units.append(UnitSpec(key or "?", ur.text("area") or "", cv or 0,
                              bool(ur.get("besieged", bool, False)),
                              bool(ur.get("besieging", bool, False)), carries))
    garrisons: dict[str, tuple[str, ...]] = {}
    for side, areas in (r.get("garrisons", dict, {}) or {}).items():
        if _side(r, side, "a garrisons key") is None:
            continue
        if isinstance(areas, list) and all(isinstance(a, str) for a in areas):
            garrisons[side] = tuple(areas)
        else:
            r.fail(f"garrisons {side}: give a list of area ids")
    return PositionSpec(
        scenario=r.text("scenario") or "", year=r.get("year", int) or 0, season=season,
        prestige=r.get("prestige", int, 0) or 0, leaders=leaders, hands=hands,
        units=tuple(units), garrisons=garrisons, notes=r.text("notes", "") or "",
        war_resumed=r.get("war_resumed", bool, None, "true or false"),
        plagues_in_athens=r.get("plagues_in_athens", int, None, "a whole number"),
        plague_struck=r.get("plague_struck", bool, None, "true or false"))


def parse_lesson(data: Any, file: str) -> tuple[LessonSpec | None, list[Problem]]:
    """Check the shape of lesson ``data`` (from :func:`read_lesson_file`) and type it."""
    problems: list[Problem] = []
    r = _Reader(file, "", data, problems)
    r.known({"format", "id", "title", "period", "objectives", "time", "prerequisites", "sources",
             "seed", "side", "introduction", "summary", "position", "steps"})
    if r.data.get("format") != FORMAT:
        r.fail(f"the first line must be 'format: {FORMAT}' (got {r.data.get('format')!r})")
    lid = r.text("id") or ""
    if lid and not _ID.match(lid):
        r.fail(f"id {lid!r} must be lower-case letters, digits, '_' or '-'")
    raw_steps = r.get("steps", list, [], "a list of steps") or []
    if not raw_steps:
        r.fail("a lesson needs at least one step")
    side = r.get("side", str, "athens")
    if side not in SIDES:
        r.fail(f"side must be 'athens' or 'sparta', got {side!r}")
    seed = r.get("seed", int, 0)
    spec = LessonSpec(
        path=file, id=lid, title=r.text("title") or "", period=r.text("period") or "",
        objectives=r.texts("objectives"), time=r.text("time") or "",
        prerequisites=r.texts("prerequisites"), sources=r.texts("sources"),
        seed=seed if isinstance(seed, int) else 0, side=side if side in SIDES else "athens",
        introduction=r.text("introduction", "") or "", summary=r.text("summary", "") or "",
        position=_position(file, r.data.get("position"), problems),
        steps=tuple(_step(file, i, s, problems) for i, s in enumerate(raw_steps, 1)))
    return (spec if not problems else None), problems


def load_spec(path: Path | str) -> LessonSpec:
    """Read and type a lesson file (LessonFormatError listing every problem)."""
    data, problems = read_lesson_file(path)
    if problems:
        raise LessonFormatError(problems)
    spec, problems = parse_lesson(data, str(path))
    if spec is None:
        raise LessonFormatError(problems)
    return spec
