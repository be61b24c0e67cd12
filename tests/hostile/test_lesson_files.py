"""Hostile YAML files: each is refused as a plain problem naming the file, never a hang or a
traceback, and nothing in them runs (issue 14 item 5; docs/security.md, "Hostile files and
arguments").

Each case is run through ``hellenes lesson check`` in a subprocess with a timeout (a hang
fails the test instead of stalling the suite) and read in-process for the exact problem. The
world data and the passages table go through the same reader.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT

from hellenes_nb.core.models import FileError
from hellenes_nb.core.safeyaml import MAX_BYTES, MAX_DEPTH, MAX_NODES, load_yaml_text
from hellenes_nb.games.hellenes.lessonsources import read_passages
from hellenes_nb.games.hellenes.world import DataError, read_world
from hellenes_nb.lessons.format import read_lesson_file

#: a hang guard, not a speed target: a refused file takes well under a second
HANG = 30

HEAD = "format: lesson 1\ngame: hellenes\nid: hostile\n"


def _alias_bomb() -> str:
    """Nine levels of nine aliases each: 9**9 (387 million) strings once expanded."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    return "\n".join(lines) + "\n"


def _junk() -> bytes:
    rng = random.Random(14)
    return bytes(rng.randrange(256) for _ in range(4000))


#: name → (file bytes, text the problem must contain, line the problem names or None)
CASES: dict[str, tuple[bytes, str, int | None]] = {
    "alias_bomb": (_alias_bomb().encode(), "the anchor &a0 is not allowed", 1),
    "self_alias": (HEAD.encode() + b"steps: &s [*s]\n", "the anchor &s is not allowed", 4),
    "alias_only": (HEAD.encode() + b"steps: *nowhere\n", "the alias *nowhere is not allowed", 4),
    "deep_brackets": (HEAD.encode() + b"steps: " + b"[" * 20000 + b"]" * 20000 + b"\n",
                      f"nested more than {MAX_DEPTH} levels deep", 4),
    "deep_mappings": (HEAD.encode() + b"steps: " + b"{a: " * 3000 + b"1" + b"}" * 3000 + b"\n",
                      f"nested more than {MAX_DEPTH} levels deep", 4),
    "deep_keys": (HEAD.encode() + b"steps: " + b"{" * 3000 + b"a" + b": 1}" * 3000 + b"\n",
                  f"nested more than {MAX_DEPTH} levels deep", 4),
    "deep_complex_keys": (HEAD.encode() + b"? " * 3000 + b"a\n",
                          f"nested more than {MAX_DEPTH} levels deep", 4),
    "python_tag": (HEAD.encode() + b"steps:\n  - title: Landing\n    narrative: "
                   b"!!python/object/apply:os.system ['touch PWNED']\n",
                   "the YAML tag '!!python/object/apply:os.system' is not allowed", 6),
    "python_name_tag": (HEAD.encode() + b"seed: !!python/name:os.system\n",
                        "the YAML tag '!!python/name:os.system' is not allowed", 4),
    "binary_tag": (HEAD.encode() + b"seed: !!binary aGVsbG8=\n",
                   "the YAML tag '!!binary' is not allowed", 4),
    "local_tag": (HEAD.encode() + b"seed: !mine 3\n", "the YAML tag '!mine' is not allowed", 4),
    "merge_key": (HEAD.encode() + b"steps:\n  - title: One\n    <<: {narrative: copied}\n",
                  "the merge key '<<' is not allowed", 6),
    "huge_file": (HEAD.encode() + b"# padding\n" * (MAX_BYTES // 10 + 10),
                  f"at most {MAX_BYTES} bytes are read", None),
    "too_many_values": (HEAD.encode() + b"steps: [" + b"1," * (MAX_NODES + 10) + b"1]\n",
                        f"more than {MAX_NODES} values", 4),
    "huge_integer": (HEAD.encode() + b"seed: " + b"9" * 6000 + b"\n",
                     "a value cannot be read", None),
    "binary_junk": (_junk(), "the file is not UTF-8 text", 1),
    "nul_bytes": (HEAD.encode() + b"title: a\x00b\n", "the character #x0000 is not allowed", 4),
    "latin1": (HEAD.encode() + "period: Athènes\n".encode("latin-1"),
               "the file is not UTF-8 text", 4),
    "utf16": ((HEAD + "period: 425\n").encode("utf-16"), "the file is not UTF-8 text", 1),
    "two_documents": (HEAD.encode() + b"---\nid: other\n", "expected a single document", 4),
    "broken_yaml": (HEAD.encode() + b"steps: [unclosed\n", "not valid YAML", None),
    "empty": (b"", "the file is empty", None),
    "duplicate_key": (HEAD.encode() + b"id: again\n", "the key 'id' appears twice", 4),
}


@pytest.fixture
def hostile(tmp_path):
    """Write a case to ``<name>.yaml`` in a folder of its own; return the path."""

    def write(name: str) -> Path:
        path = tmp_path / f"{name}.yaml"
        path.write_bytes(CASES[name][0])
        return path

    return write


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_lesson_is_one_plain_problem(hostile, name):
    """Read in-process: exactly one problem, naming the file, the line and what is wrong."""
    path = hostile(name)
    _, text, line = CASES[name]
    data, problems = read_lesson_file(path)
    assert data is None
    assert len(problems) == 1, problems
    message = str(problems[0])
    assert message.startswith(str(path)), message
    assert text in message, message
    if line is not None:
        assert f"line {line}:" in message, message


def test_hostile_lessons_check_fails_cleanly(tmp_path):
    """``hellenes lesson check`` on a folder of every case: one problem per file on standard
    error, exit 1, no hang, no traceback, nothing executed."""
    for name, (raw, _, _) in CASES.items():
        (tmp_path / f"{name}.yaml").write_bytes(raw)
    run = subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "lesson", "check",
                          str(tmp_path)], capture_output=True, text=True, timeout=HANG,
                         cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    for name, (_, text, _) in CASES.items():
        mine = [ln for ln in lines if ln.startswith(f"{tmp_path / name}.yaml: ")]
        assert len(mine) == 1 and text in mine[0], (name, mine)
    assert lines[-1] == f"lesson check failed: {len(CASES)} problems in {len(CASES)} files"
    assert not (tmp_path / "PWNED").exists()


def test_hostile_lesson_show_fails_cleanly(hostile):
    path = hostile("alias_bomb")
    run = subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "lesson", "show", str(path)],
                         capture_output=True, text=True, timeout=HANG)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "cannot open the lesson" in run.stderr and "&a0 is not allowed" in run.stderr


def test_a_tag_inside_a_step_names_the_step(hostile):
    _, problems = read_lesson_file(hostile("python_tag"))
    assert problems[0].where == "step 1 'Landing'"


def test_alias_bomb_is_small(hostile):
    """The bomb is the size the issue describes: a few hundred bytes."""
    assert len(CASES["alias_bomb"][0]) < 600
    assert len(CASES["self_alias"][0]) < 100


def test_a_device_or_folder_is_not_read(tmp_path):
    for path in (Path("/dev/zero"), tmp_path):
        _, problems = read_lesson_file(path)
        assert [p.message for p in problems] == ["not a regular file"]


def test_dates_and_equals_stay_text():
    """YAML 1.1 would build a date object (refused by the lesson schema as an odd type)."""
    assert load_yaml_text("period: 2024-05-01\nnote: =\n", "x") == {"period": "2024-05-01",
                                                                   "note": "="}


@pytest.fixture
def data_copy(tmp_path):
    dst = tmp_path / "hellenes"
    shutil.copytree(ROOT / "data" / "hellenes", dst)
    return dst


@pytest.mark.parametrize("name", ["alias_bomb", "python_tag", "merge_key", "deep_brackets",
                                  "latin1"])
def test_world_data_goes_through_the_same_reader(data_copy, name):
    (data_copy / "nations.yaml").write_bytes(CASES[name][0])
    with pytest.raises(DataError) as err:
        read_world(data_copy)
    assert str(err.value).startswith("nations.yaml: ")
    assert CASES[name][1] in str(err.value)


def test_passages_go_through_the_same_reader(tmp_path):
    path = tmp_path / "passages.yaml"
    path.write_bytes(CASES["self_alias"][0])
    with pytest.raises(FileError, match=r"passages.yaml: line 4: the anchor &s is not allowed"):
        read_passages(path)


def test_a_lesson_action_is_echoed_in_a_few_hundred_characters_at_most():
    """A scripted action quoted in a lesson problem cuts what it repeats of the file."""
    from hellenes_nb.games.hellenes.lessonscript import describe_action

    text = describe_action({"type": "move", "side": "athens", "unit": "A1" * 50_000,
                            "path": ["x" * 10_000] * 40, "z" * 5000: 1})
    assert len(text) <= 400 and text.startswith("athens move (unit A1A1")


# -- issue 26 item 5: odd paths, and Earth & Water lessons, for `lesson check` and `lesson show`
def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``hellenes ARGS`` in a subprocess: a hang fails the test after HANG seconds."""
    return subprocess.run([sys.executable, "-m", "hellenes_nb.cli", *args], capture_output=True,
                          text=True, timeout=HANG, cwd=cwd)


def _refused(capsys, args: list[str], *lines: str) -> None:
    """``hellenes ARGS`` in this process exits 1 with each of ``lines`` on standard error."""
    from hellenes_nb.cli import main

    assert main(args) == 1
    err = capsys.readouterr().err
    for line in lines:
        assert line in err.splitlines(), err


def test_a_missing_lesson_file_is_named(tmp_path, capsys):
    missing = tmp_path / "missing.yaml"
    _refused(capsys, ["lesson", "check", str(missing)], f"{missing}: the file is missing")
    _refused(capsys, ["lesson", "show", str(missing)],
             f"cannot open the lesson: {missing}: the file is missing")


def test_a_folder_named_like_a_lesson_is_named(tmp_path, capsys):
    (tmp_path / "folder.yaml").mkdir()
    _refused(capsys, ["lesson", "check", str(tmp_path)],
             f"{tmp_path / 'folder.yaml'}: not a regular file")
    _refused(capsys, ["lesson", "show", str(tmp_path / "folder.yaml")],
             f"cannot open the lesson: {tmp_path / 'folder.yaml'}: not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    """Opening a pipe blocks until something writes to it: the file type is checked first."""
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    for args in (["lesson", "check", str(pipe)], ["lesson", "check", str(tmp_path)],
                 ["lesson", "show", str(pipe)]):
        run = _cli(*args)
        assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
        assert f"{pipe}: not a regular file" in run.stderr, run.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_device_is_refused_before_it_is_read():
    for args in (["lesson", "check", "/dev/zero"], ["lesson", "show", "/dev/zero"]):
        run = _cli(*args)
        assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
        assert "/dev/zero: not a regular file" in run.stderr, run.stderr


XERXES = ROOT / "lessons" / "earth-water" / "xerxes-480-479.yaml"


@pytest.mark.parametrize("old,new,problem", [
    ("armies: {persia: {delphi: 2}, greece: {delphi: 0}}",
     "armies: {persia: {delfi: 2}, greece: {delphi: 0}}",
     "step 3 'Thermopylae' › expect › armies › persia: the key 'delfi' is not allowed: 'delfi' "
     "is not a city of the board (the cities: abydos, athenai, delphi, ephesos, eretria, "
     "korinthos, larissa, naxos, pella, sparta, thebai)"),
    ("control: {delphi: persia}", "control: {thermopylae: persia}",
     "step 3 'Thermopylae' › expect › control: the key 'thermopylae' is not allowed: "
     "'thermopylae' is not a city of the board"),
    ("flags: [bridge]", "flags: [pontoon]",
     "step 1 'The bridge over the Hellespont' › expect › flags item 1: should be 'bridge', "),
    ("fleets: {eretria: 3, ephesos: 1}", "fleets: {salamis: 3, ephesos: 1}",
     "position › persia › fleets: the key 'salamis' is not allowed: 'salamis' is not a city"),
])
def test_an_unknown_city_or_flag_in_an_earth_water_lesson_is_named(tmp_path, capsys, old, new,
                                                                   problem):
    from hellenes_nb.cli import main

    path = tmp_path / "xerxes-odd.yaml"
    path.write_text(XERXES.read_text().replace(old, new, 1))
    assert main(["lesson", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: {problem}"), err
    assert err.splitlines()[-1] == "lesson check failed: 1 problem in 1 file"


def test_lesson_show_reads_an_earth_water_lesson_by_path_in_its_own_format(tmp_path, capsys):
    from hellenes_nb.cli import main

    copy = tmp_path / "my-xerxes.yaml"
    copy.write_text(XERXES.read_text())
    assert main(["lesson", "show", str(copy)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Xerxes' invasion, 480-479 BC (300: Earth & Water)")
    assert "## 7 / 7: Plataea" in out
    copy.write_text(XERXES.read_text().replace("campaign: 3", "campaign: 8"))
    _refused(capsys, ["lesson", "show", str(copy)],
             f"cannot open the lesson: {copy}: position › campaign: should be from 1 to 5 (§4), "
             "not 8")
