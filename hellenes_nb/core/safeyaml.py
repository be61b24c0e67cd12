"""The one YAML reader of the project: plain data only, refused early and named plainly.

Every YAML file hellenes-nb reads (lessons, the world data under ``data/hellenes/``, the
passages table) goes through :func:`read_yaml_file` or :func:`load_yaml_text`. The reader is
a subclass of PyYAML's ``SafeLoader`` that checks each node *as it is composed*, before any
Python object is built, and refuses:

- anchors (``&name``) and aliases (``*name``): a few hundred bytes of nested aliases expand to
  billions of nodes (an "alias bomb"), and an alias may point at itself; our files repeat
  nothing, so they need neither;
- tags (``!!python/object/...``, ``!!binary``, ``!local``): a tag picks how a value is built,
  and some loaders run code for some tags; our files hold text, numbers, lists and mappings;
- merge keys (``<<:``), which copy one mapping into another and only make sense with aliases;
- nesting deeper than :data:`MAX_DEPTH` levels (deep brackets would exhaust Python's stack),
  more than :data:`MAX_NODES` values, and files over :data:`MAX_BYTES` bytes, so that any
  file is read or refused within a fraction of a second.

Dates and ``=`` are read as plain text (YAML 1.1 would turn ``2024-05-01`` into a date).
Every refusal is a :class:`FileProblem` naming the file, the line and what is wrong.

PyYAML's own ``SafeLoader`` rather than ``strictyaml``: the project already depends on PyYAML,
the checks are a few lines on one hook of its composer, and the files keep the YAML they have
(flow lists such as ``[pylos]`` and ``{unit: A9, cv: 4}``, which strictyaml refuses).
"""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

import yaml

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_NODES", "FileProblem", "load_yaml_text",
           "read_text_file", "read_yaml_file"]

#: the largest file read (the biggest file shipped is about 40 KB)
MAX_BYTES = 256 * 1024
#: the deepest nesting of lists and mappings (the deepest file shipped has 11 levels)
MAX_DEPTH = 32
#: the most values (scalars, lists, mappings) in one file (the biggest shipped has about 3500)
MAX_NODES = 20_000

_MERGE = "tag:yaml.org,2002:merge"
_DROPPED_RESOLVERS = {"tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:value"}


class FileProblem(ValueError):
    """A data file that cannot be read as plain data.

    ``line`` is counted from 1 (None when the problem is the whole file); ``path`` lists the
    keys and list positions (from 0) down to the refused node, and ``titles`` the ``title:``
    of each mapping on that path seen so far (None where there is none), so that a caller can
    name the place in its own words.
    """

    def __init__(self, file: str, message: str, line: int | None = None,
                 path: tuple[str | int, ...] = (), titles: tuple[str | None, ...] = ()):
        self.file, self.message, self.line = file, message, line
        self.path, self.titles = path, titles
        where = f"line {line}: " if line is not None else ""
        super().__init__(f"{file}: {where}{message}")


class _Refused(yaml.YAMLError):
    """Raised inside the loader; :func:`load_yaml_text` turns it into a FileProblem."""

    def __init__(self, message: str, mark: yaml.Mark | None, path: list[list[Any]]):
        super().__init__(message)
        self.message, self.mark = message, mark
        self.path = tuple(step for step, _ in path)
        self.titles = tuple(title for _, title in path)


def _short_tag(tag: str) -> str:
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org") \
        else tag


class _PlainLoader(yaml.SafeLoader):
    """SafeLoader that refuses anchors, aliases, tags, merge keys, deep nesting and too many
    values while composing, before anything is constructed."""

    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag not in _DROPPED_RESOLVERS]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream: str):
        super().__init__(stream)
        #: [key or list position, title of the mapping there] from the top down
        self._where: list[list[Any]] = []
        self._nodes = self._depth = 0

    def _refuse(self, message: str, mark: yaml.Mark | None) -> None:
        raise _Refused(message, mark, self._where)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        event = self.peek_event()
        mark = event.start_mark
        if isinstance(event, yaml.AliasEvent):
            self._refuse(f"the alias *{event.anchor} is not allowed: write the value out in full "
                         "(aliases can multiply a small file into billions of values)", mark)
        if event.anchor is not None:
            self._refuse(f"the anchor &{event.anchor} is not allowed: anchors and aliases are not "
                         "used in these files; write each value out in full", mark)
        tag = getattr(event, "tag", None)
        if tag is not None:
            self._refuse(f"the YAML tag {_short_tag(tag)!r} is not allowed: the file holds plain "
                         "data only (text, numbers, true/false, lists and mappings), and tags "
                         "can make a YAML loader build objects or run code", mark)
        self._nodes += 1
        if self._nodes > MAX_NODES:
            self._refuse(f"more than {MAX_NODES} values; the file is far larger than any "
                         "this project reads", mark)
        if self._depth >= MAX_DEPTH:
            self._refuse(f"lists and mappings are nested more than {MAX_DEPTH} levels deep",
                         mark)
        step = index.value if isinstance(index, yaml.ScalarNode) \
            else index if isinstance(index, int) else "?"
        if index is not None:  # a mapping key has no place of its own on the path
            self._where.append([step, None])
        self._depth += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
            if index is not None:
                self._where.pop()
        if index is None and node.tag == _MERGE:
            self._refuse("the merge key '<<' is not allowed: write the mapping out in full", mark)
        if step == "title" and isinstance(node, yaml.ScalarNode) and self._where:
            self._where[-1][1] = node.value
        return node


    def compose_mapping_node(self, anchor: Any) -> yaml.MappingNode:
        node = super().compose_mapping_node(anchor)
        seen: dict[Any, int] = {}
        for key, _value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            if name is None:
                continue
            if name in seen:
                self._refuse(f"the key {name!r} appears twice in one mapping (first on line "
                             f"{seen[name]}): the second would silently replace the first",
                             key.start_mark)
            seen[name] = key.start_mark.line + 1
        return node


def _line(exc: yaml.YAMLError, text: str) -> int | None:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "mark", None)
    if mark is not None:
        return mark.line + 1
    position = getattr(exc, "position", None)  # a ReaderError counts characters
    return text.count("\n", 0, position) + 1 if isinstance(position, int) else None


def _describe(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.reader.ReaderError):
        return (f"the character #x{exc.character:04x} is not allowed in YAML text (a binary "
                "file, or text with control characters)")
    problem = getattr(exc, "problem", None)
    context = getattr(exc, "context", None)
    if problem:
        return "not valid YAML: " + (f"{context}: {problem}" if context else problem)
    return f"not valid YAML: {exc}"


def load_yaml_text(text: str, file: str) -> Any:
    """The plain data of one YAML document (None for an empty one); :class:`FileProblem`
    naming ``file`` and the line when it is refused or malformed."""
    if len(text) > MAX_BYTES:
        raise FileProblem(file, f"the text is {len(text)} characters; at most {MAX_BYTES} "
                                "are read")
    loader = None
    try:
        loader = _PlainLoader(text)
        return loader.get_single_data()
    except _Refused as exc:
        line = exc.mark.line + 1 if exc.mark is not None else None
        raise FileProblem(file, exc.message, line, exc.path, exc.titles) from None
    except yaml.YAMLError as exc:
        raise FileProblem(file, _describe(exc), _line(exc, text)) from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise FileProblem(file, f"a value cannot be read ({str(exc).split(';')[0]})") from None
    finally:
        if loader is not None:
            loader.dispose()


def read_text_file(path: Path | str, name: str | None = None) -> str:
    """The text of a data file: :class:`FileProblem` naming it as ``name`` (default: the path
    as given) when it is missing, unreadable, not a regular file, over :data:`MAX_BYTES`
    bytes or not UTF-8 text. The CSV tables are read this way too."""
    name = str(path) if name is None else name
    p = Path(path)
    try:
        info = p.stat()
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(name, "not a regular file")
        if info.st_size > MAX_BYTES:
            raise FileProblem(name, f"the file is {info.st_size} bytes; at most {MAX_BYTES} "
                                    "bytes are read")
        raw = p.read_bytes()
    except FileNotFoundError:
        raise FileProblem(name, "the file is missing") from None
    except OSError as exc:
        raise FileProblem(name, f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:  # it grew after stat
        raise FileProblem(name, f"the file is over {MAX_BYTES} bytes")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise FileProblem(name, f"the file is not UTF-8 text (byte {exc.start}: {exc.reason}); "
                                "save it as UTF-8", line) from None


def read_yaml_file(path: Path | str, name: str | None = None) -> Any:
    """Read the YAML file at ``path`` as plain data (see :func:`read_text_file` and
    :func:`load_yaml_text`); problems name the file as ``name``."""
    name = str(path) if name is None else name
    return load_yaml_text(read_text_file(path, name), name)
