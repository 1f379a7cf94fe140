"""The Python bindings through their public API, with model-shaped edits: whole resulting
files asserted, every failure's class, code and report checked, the file left untouched."""

from __future__ import annotations

import ast
import json
import os
import pathlib
import re
import signal
import sys
import threading
import time

import pytest

import editloc

CRLF_TABS = (
    "import os\r\n"
    "\r\n"
    "\r\n"
    "def load(path):\r\n"
    "\t# read the whole file\r\n"
    "\twith open(path) as f:\r\n"
    "\t\tdata = f.read()  \r\n"
    "\treturn data\r\n"
)


def test_crlf_tabs_file_keeps_its_bytes():
    doc = editloc.Document(CRLF_TABS, language="python")
    # What a model sends: spaces, LF, no final newline, the trailing spaces lost, starting
    # after the first line's indentation.
    applied = doc.apply(
        "with open(path) as f:\n        data = f.read()",
        "with open(path, encoding='utf-8') as f:\n        data = f.read()",
    )
    assert applied.content == (
        "import os\r\n"
        "\r\n"
        "\r\n"
        "def load(path):\r\n"
        "\t# read the whole file\r\n"
        "\twith open(path, encoding='utf-8') as f:\r\n"
        "\t\tdata = f.read()  \r\n"
        "\treturn data\r\n"
    )
    assert applied.tier == "normalized"
    assert (applied.lines.start, applied.lines.end) == (6, 7)
    # `range` counts code points of the original text, so it slices a str.
    assert CRLF_TABS[applied.range.start : applied.range.end].startswith("\twith open(path)")
    assert applied.byte_range == {"start": applied.range.start, "end": applied.range.end}
    assert "+\twith open(path, encoding='utf-8') as f:\r" in applied.diff
    assert applied.warnings == () and applied.repairs == () and applied.fallback is False
    [edit] = applied.text_edits
    assert edit.range.start == {"line": 5, "character": 15}
    assert edit.new_text == ", encoding='utf-8'"


def test_non_ascii_ranges_are_code_points():
    text = "# café ☕ 😀\nname = 'é'\nx = 1\n"
    m = editloc.Document(text).locate("x = 1")
    assert text[m.range.start : m.range.end] == "x = 1"
    assert m.byte_range.start == len(text[: m.range.start].encode())
    assert m.lines == {"start": 3, "end": 3}
    assert m.tier == "exact"


def test_structural_tier_after_black():
    file = 'def total(xs):\n    return sum(\n        x["price"]\n        for x in xs\n    )\n'
    doc = editloc.Document(file, name="cart.py")
    assert doc.language == "python"
    applied = doc.apply(
        "return sum(x['price'] for x in xs)", "return sum(x['price'] * 2 for x in xs)"
    )
    assert applied.tier == "structural"
    assert applied.content == (
        'def total(xs):\n    return sum(\n        x["price"] * 2\n        for x in xs\n    )\n'
    )


def aider_reply(path: str) -> str:
    return (
        "Here is the change:\n\n"
        f"{path}\n"
        "```python\n"
        "<<<<<<< SEARCH\n"
        "def load(path):\n"
        "    with open(path) as f:\n"
        "        data = f.read()\n"
        "=======\n"
        "def load(path, encoding='utf-8'):\n"
        "    with open(path, encoding=encoding) as f:\n"
        "        data = f.read()\n"
        ">>>>>>> REPLACE\n"
        "```\n"
    )


EXPECTED_AFTER_AIDER = (
    "import os\r\n"
    "\r\n"
    "\r\n"
    "def load(path, encoding='utf-8'):\r\n"
    "\t# read the whole file\r\n"
    "\twith open(path, encoding=encoding) as f:\r\n"
    "\t\tdata = f.read()  \r\n"
    "\treturn data\r\n"
)


def test_aider_search_replace_round_trip(tmp_path: pathlib.Path):
    src = tmp_path / "src"
    src.mkdir()
    target = src / "loader.py"
    target.write_bytes(CRLF_TABS.encode())
    reply = aider_reply("src/loader.py")

    result = editloc.apply_patch(reply, root=tmp_path)
    assert result.status == "applied" and result.written is True
    assert result.dry_run is False
    [f] = result.files
    assert f.path.endswith("loader.py") and f.status == "applied"
    # The shape `editloc apply --patch --json` prints: counts, the edit's lines, no message.
    assert dict(f.edit_counts) == {"applied": 1} and f.edits[0].status == "applied"
    assert f.edits[0].lines[0].start >= 1 and "message" not in f
    # The file has a comment the SEARCH text lacks: the structural tier finds it.
    assert f.edits[0].tier == "structural"
    assert target.read_bytes().decode() == EXPECTED_AFTER_AIDER

    # The model sends the same reply again: already applied, nothing written.
    with pytest.raises(editloc.AlreadyApplied) as raised:
        editloc.apply_patch(reply, root=tmp_path)
    assert raised.value.code == "already_applied"
    assert raised.value.report.status == "refused"
    assert raised.value.report.code == "already_applied"
    assert raised.value.report.written is False
    assert raised.value.report.files[0].edits[0].code == "already_applied"
    assert raised.value.report.files[0].edit_counts == {"already_applied": 1}
    assert target.read_bytes().decode() == EXPECTED_AFTER_AIDER


def test_aider_blocks_through_apply_file(tmp_path: pathlib.Path):
    """How an Aider-like tool would call it: parse its own blocks, one apply_file each."""
    target = tmp_path / "loader.py"
    target.write_bytes(CRLF_TABS.encode())
    block = re.search(
        r"<<<<<<< SEARCH\n(.*?)=======\n(.*?)>>>>>>> REPLACE", aider_reply("x"), re.S
    )
    assert block is not None
    old, new = block.group(1), block.group(2)
    dry = editloc.apply_file(target, old, new, dry_run=True)
    assert dry.written is False and dry.content == EXPECTED_AFTER_AIDER
    assert target.read_bytes().decode() == CRLF_TABS
    applied = editloc.apply_file(str(target), old, new)
    assert applied.written is True and applied.path == str(target)
    assert target.read_bytes().decode() == EXPECTED_AFTER_AIDER


def test_not_found_names_the_closest_candidate():
    file = "def get(order_id):\n    return run(order_id, 'slow')\n"
    doc = editloc.Document(file, language="python")
    with pytest.raises(editloc.NotFound) as raised:
        doc.apply("return run(orderID, 'slow')", "return run(orderID, 'fast')")
    e = raised.value
    assert e.code == "not_found" and isinstance(e, editloc.EditlocError)
    assert e.report.closest.lines == {"start": 2, "end": 2}
    assert "order_id" in e.report.hint
    assert [t.tier for t in e.report.tiers] == ["exact", "normalized", "structural"]
    assert str(e).startswith("not found")
    json.dumps(e.report.to_dict())  # plain data


def test_ambiguous_lists_candidates_and_line_hint_decides():
    file = "a = 1\nb = 2\n\na = 1\nc = 3\n"
    doc = editloc.Document(file)
    with pytest.raises(editloc.Ambiguous) as raised:
        doc.apply("a = 1", "a = 9")
    assert raised.value.code == "ambiguous"
    assert [(c.start, c.end) for c in raised.value.report.candidates] == [(1, 1), (4, 4)]
    applied = doc.apply("a = 1", "a = 9", line_hint=4)
    assert applied.content == "a = 1\nb = 2\n\na = 9\nc = 3\n"
    assert applied.hint_decided is True


def test_a_line_hint_is_a_line_number_from_one(tmp_path):
    file = "a = 1\n" + "x = 0\n" * 300 + "a = 1\n"
    doc = editloc.Document(file)
    # 0 chose the first of the two places, with hint_decided.
    for hint in (0, -1, True, 2.0, "302"):
        with pytest.raises(editloc.InputError) as raised:
            doc.apply("a = 1", "a = 2", line_hint=hint)
        assert raised.value.code == "bad_arguments", hint
    with pytest.raises(editloc.Ambiguous):
        doc.apply("a = 1", "a = 2", line_hint=2**32 + 302)
    applied = doc.apply("a = 1", "a = 2", line_hint=302)
    assert applied.content == "a = 1\n" + "x = 0\n" * 300 + "a = 2\n"
    assert applied.hint_decided is True
    path = tmp_path / "a.py"
    path.write_text(file)
    with pytest.raises(editloc.InputError) as raised:
        editloc.apply_file(path, "a = 1", "a = 2", line_hint=0)
    assert raised.value.code == "bad_arguments"
    assert path.read_text() == file


def test_a_nul_in_new_is_binary_new(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("x = 1\n")
    with pytest.raises(editloc.InputError) as raised:
        editloc.apply_file(path, "x = 1", "x = \x002")
    assert raised.value.code == "binary_new"
    assert path.read_text() == "x = 1\n"


def test_refused_and_input_errors():
    doc = editloc.Document("def f():\n    return 1\n", language="python")
    with pytest.raises(editloc.Refused) as raised:
        doc.apply("return 1", "return (1", require_clean_parse=True)
    assert raised.value.code == "worse_parse"
    assert raised.value.report.tier == "exact"
    assert raised.value.report.lines == {"start": 2, "end": 2}
    with pytest.raises(editloc.InputError) as raised:
        doc.apply("return 1", "return 1")
    assert raised.value.code == "no_change" and isinstance(raised.value, ValueError)
    assert raised.value.report is None
    with pytest.raises(ValueError) as raised:
        doc.locate("")
    assert raised.value.code == "empty_old"
    with pytest.raises(editloc.InputError) as raised:
        doc.locate("return 1", max_tier="fuzzy")
    assert raised.value.code == "bad_arguments"
    with pytest.raises(editloc.InputError) as raised:
        editloc.Document("x", language="cobol")
    assert raised.value.code == "bad_arguments"
    with pytest.raises(editloc.AlreadyApplied):
        doc.apply("return 0", "return 1")


def test_max_tier_limits_the_ladder():
    doc = editloc.Document("x = 1\r\ny = 2\r\n")
    with pytest.raises(editloc.NotFound) as raised:
        doc.locate("x = 1\ny = 2", max_tier="exact")
    assert "skipped" in raised.value.report.tiers[1].outcome
    assert doc.locate("x = 1\ny = 2").tier == "normalized"


def test_file_errors(tmp_path: pathlib.Path):
    with pytest.raises(editloc.FileError) as raised:
        editloc.apply_file(tmp_path / "missing.py", "a", "b")
    assert raised.value.code == "file_not_found"
    assert isinstance(raised.value, OSError)
    assert "missing.py" in str(raised.value)
    binary = tmp_path / "blob.py"
    binary.write_bytes(b"a = 1\x00\n")
    with pytest.raises(editloc.InputError) as raised:
        editloc.apply_file(binary, "a = 1", "a = 2")
    assert raised.value.code == "binary"
    assert binary.read_bytes() == b"a = 1\x00\n"


def test_malformed_patch(tmp_path: pathlib.Path):
    with pytest.raises(editloc.InputError) as raised:
        editloc.apply_patch("src/a.py\n<<<<<<< SEARCH\nx\n", root=tmp_path)
    assert raised.value.code == "bad_patch"
    assert "line" in str(raised.value)


def test_records_are_read_only_mappings():
    m = editloc.Document("a = 1\n").locate("a = 1")
    assert isinstance(m, editloc.Match) and m["tier"] == "exact"
    assert set(m) >= {"range", "byte_range", "lines", "tier", "repairs", "notes"}
    with pytest.raises(AttributeError):
        m.tier = "normalized"
    with pytest.raises(AttributeError, match="no field 'nope'"):
        m.nope
    plain = m.to_dict()
    plain["tier"] = "changed"
    assert m.tier == "exact"


def test_results_are_frozen_all_the_way_down_and_json_serialisable():
    import copy
    import pickle

    doc = editloc.Document("def f():\n    return 1\n", language="python")
    applied = doc.apply("return 1", "return 2")
    assert applied.content == "def f():\n    return 2\n"
    # Every level refuses to change: the record, a nested record, a list (a tuple).
    for mutate in (
        lambda: applied.__setitem__("tier", "x"),
        lambda: applied.update(tier="x"),
        lambda: applied.pop("tier"),
        lambda: applied.setdefault("new", 1),
        lambda: applied.clear(),
        lambda: applied.lines.__setitem__("start", 9),
        lambda: applied.text_edits[0].range.start.__setitem__("line", 9),
        lambda: applied.__init__({"tier": "x"}) or applied.__ior__({"tier": "x"}),
    ):
        with pytest.raises(TypeError, match="read-only"):
            mutate()
    with pytest.raises(AttributeError):
        applied.lines.start = 9
    with pytest.raises(AttributeError):
        applied.warnings.append("x")
    assert applied.tier == "exact" and applied.lines == {"start": 2, "end": 2}
    assert isinstance(applied.text_edits, tuple) and isinstance(applied.warnings, tuple)
    # json.dumps takes the record as it is, and the text is the plain data's.
    text = json.dumps(applied)
    assert json.loads(text) == applied.to_dict() == json.loads(json.dumps(applied.to_dict()))
    assert json.loads(text)["content"] == "def f():\n    return 2\n"
    again = pickle.loads(pickle.dumps(applied))
    assert type(again) is editloc.Applied and again == applied
    assert type(again.lines) is editloc.Record
    assert copy.deepcopy(applied) == applied and type(copy.copy(applied)) is editloc.Applied
    assert type(dict(applied)) is dict and type(applied.copy()) is dict
    with pytest.raises(editloc.NotFound) as raised:
        doc.apply("def g():", "def h():")
    report = json.loads(json.dumps(raised.value.report))
    assert report == raised.value.report.to_dict() and "tiers" in report
    with pytest.raises(TypeError):
        raised.value.report.tiers[0].__setitem__("tier", "x")


def test_warm_chaining_edits_the_next_version():
    doc = editloc.Document(
        "def f():\n    return 1\n\n\ndef g():\n    return 2\n", language="python", name="m.py"
    )
    assert doc.parse_syntax() is True
    first = doc.apply("return 1", "return 10")
    nxt = doc.edited(first.content)
    assert (nxt.name, nxt.language, nxt.content) == ("m.py", "python", first.content)
    second = nxt.apply("def g():\n  return 2", "def g():\n  return 20")
    assert second.content == "def f():\n    return 10\n\n\ndef g():\n    return 20\n"
    # Its answers are those of a fresh document over the same text.
    fresh = editloc.Document(first.content, language="python", name="m.py")
    assert fresh.apply("def g():\n  return 2", "def g():\n  return 20") == second
    # The first document is unchanged.
    assert doc.content == "def f():\n    return 1\n\n\ndef g():\n    return 2\n"


def test_gil_is_released_while_locating():
    """With a long switch interval, another thread can run only while this one has released
    the GIL: if `locate` holds it, the thread's work cannot happen before `locate` returns."""
    doc = editloc.Document("x = 1\n" * 20000, language="python")
    go, done = threading.Event(), threading.Event()

    def worker():
        go.wait()
        done.set()

    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    try:
        t = threading.Thread(target=worker)
        t.start()
        go.set()
        with pytest.raises(editloc.NotFound):
            doc.locate("y = 2")
        ran_during_call = done.is_set()
    finally:
        sys.setswitchinterval(old_interval)
        t.join()
    assert ran_during_call


def _slow_miss_file(seconds: float) -> tuple[str, str]:
    """A file and an `old` it does not hold, sized so that the miss takes about `seconds`
    (measured here on a small one: the search's cost grows with the file)."""

    def text(functions: int) -> str:
        return "".join(
            f"def f{i}(a, b):\n    x = a + b * {i}\n    return x\n\n" for i in range(functions)
        )

    old = "".join(f"def g{i}(q):\n    y = q - {i}\n    return y + 1\n" for i in range(300))
    small = 2000
    started = time.monotonic()
    with pytest.raises(editloc.NotFound):
        editloc.Document(text(small), language="python").apply(old, "pass\n")
    took = max(time.monotonic() - started, 1e-3)
    return text(min(int(small * seconds / took), 400_000)), old


@pytest.fixture
def ctrl_c_raises():
    """Python's own SIGINT handler (KeyboardInterrupt), also where the tests were started with
    SIGINT ignored (a background job of a non-interactive shell): Python then installs none."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def _interrupt_after(delay: float) -> list[float]:
    """Sends this process SIGINT after `delay` seconds; the list gets the time it was sent."""
    sent: list[float] = []

    def send() -> None:
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Timer(delay, send).start()
    return sent


def test_ctrl_c_interrupts_a_long_search_at_once(ctrl_c_raises):
    text, old = _slow_miss_file(4.0)
    doc = editloc.Document(text, language="python")
    sent = _interrupt_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        doc.apply(old, "pass\n")
    answered = time.monotonic()
    assert sent, "the call ended before SIGINT was sent: it was not long enough to test"
    assert answered - sent[0] < 0.5, f"KeyboardInterrupt {answered - sent[0]:.2f} s after SIGINT"
    assert answered - started < 2.0
    # The document still answers (the given-up search goes on alone on its thread).
    assert doc.apply("x = a + b * 7\n", "x = a - b * 7\n").content == text.replace(
        "x = a + b * 7\n", "x = a - b * 7\n"
    )


def test_ctrl_c_interrupts_apply_file_and_leaves_the_file_untouched(
    tmp_path: pathlib.Path, ctrl_c_raises
):
    text, old = _slow_miss_file(4.0)
    path = tmp_path / "big.py"
    path.write_text(text)
    sent = _interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        editloc.apply_file(path, old, "pass\n")
    answered = time.monotonic()
    assert sent and answered - sent[0] < 0.5, f"{answered - sent[0]:.2f} s after SIGINT"
    assert path.read_text() == text


def test_calls_from_other_threads_run_there_in_parallel():
    """Off the main thread (no signal handlers there) a call runs on the calling thread with
    the GIL released: four threads editing at once all land their edits."""
    from concurrent.futures import ThreadPoolExecutor

    text = "".join(f"def f{i}():\n    return {i}\n\n" for i in range(2000))
    doc = editloc.Document(text, language="python")

    def edit(i: int) -> str:
        return doc.apply(f"def f{i}():\n  return {i}", f"def f{i}():\n  return -{i}").content

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(edit, [5, 500, 1000, 1999]))
    for i, content in zip([5, 500, 1000, 1999], results):
        assert content == text.replace(f"    return {i}\n\n", f"    return -{i}\n\n", 1)


def test_ctrl_c_interrupts_a_dry_run_patch(tmp_path: pathlib.Path, ctrl_c_raises):
    text, old = _slow_miss_file(4.0)
    (tmp_path / "big.py").write_text(text)
    patch = json.dumps([{"file_path": "big.py", "old_string": old, "new_string": "pass\n"}])
    sent = _interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        editloc.apply_patch(patch, tmp_path, dry_run=True)
    answered = time.monotonic()
    assert sent and answered - sent[0] < 0.5, f"{answered - sent[0]:.2f} s after SIGINT"
    assert (tmp_path / "big.py").read_text() == text


def _apply_in_child(text: str) -> str:
    return editloc.Document(text).apply("b = 2", "b = 3").content


@pytest.mark.skipif(sys.platform != "linux", reason="fork start method")
def test_a_forked_child_calls_editloc_after_its_parent_did():
    """The parent's idle editloc threads do not survive a fork: the child must not hand its
    calls to them (it would wait forever)."""
    import multiprocessing

    assert editloc.Document("a = 1\nb = 2\n").apply("b = 2", "b = 9").content == "a = 1\nb = 9\n"
    with multiprocessing.get_context("fork").Pool(1) as pool:
        child = pool.apply_async(_apply_in_child, ("a = 1\nb = 2\n",))
        assert child.get(timeout=20) == "a = 1\nb = 3\n"


def test_stubs_match_the_native_module():
    stub = pathlib.Path(editloc.__file__).with_name("_editloc.pyi")
    tree = ast.parse(stub.read_text())
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    native = editloc._editloc
    public = {n for n in dir(native) if not n.startswith("_")}
    assert names == public
    methods = {
        n.name
        for c in tree.body
        if isinstance(c, ast.ClassDef) and c.name == "Document"
        for n in c.body
        if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")
    }
    assert methods == {n for n in dir(editloc.Document) if not n.startswith("_")}
    assert (pathlib.Path(editloc.__file__).parent / "py.typed").exists()
    assert set(editloc.built_languages()) == {
        "typescript", "tsx", "javascript", "python", "go", "rust"
    }


@pytest.mark.parametrize("page", ["README.md", "docs/src/bindings.md"])
def test_readme_example_runs(page: str):
    """The Python examples of the README and of the manual's bindings page, as written there."""
    path = pathlib.Path(__file__).resolve().parents[3] / page
    assert path.exists(), f"run from a checkout: {path} is not beside the tests"
    section = path.read_text().split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = [block.split("```", 1)[0] for block in section.split("```python\n")[1:]]
    assert blocks, f"{page} has no Python example under `## Python`"
    for code in blocks:
        exec(compile(code, page, "exec"), {})


def test_exceptions_pickle_whole_and_file_errors_are_os_errors(tmp_path: pathlib.Path):
    import errno
    import pickle

    with pytest.raises(editloc.NotFound) as raised:
        editloc.Document("def get(key):\n    return 1\n").apply("def delete(key):", "x")
    again = pickle.loads(pickle.dumps(raised.value))
    assert type(again) is editloc.NotFound
    assert (again.code, again.message, str(again)) == (
        raised.value.code,
        raised.value.message,
        str(raised.value),
    )
    assert again.report.to_dict() == raised.value.report.to_dict()
    assert repr(again).startswith("NotFound(") and "not_found" in repr(again)
    with pytest.raises(FileNotFoundError) as missing:
        editloc.apply_file(tmp_path / "missing.py", "a", "b")
    error = missing.value
    assert isinstance(error, editloc.FileError) and isinstance(error, editloc.FileNotFound)
    assert (error.errno, error.code) == (errno.ENOENT, "file_not_found")
    assert "missing.py" in error.strerror and str(error) == error.strerror
    copy = pickle.loads(pickle.dumps(error))
    assert isinstance(copy, FileNotFoundError) and copy.errno == errno.ENOENT


def test_document_repr_is_python_text():
    doc = editloc.Document("x = 1\n", "python", name="a.py")
    assert repr(doc) == "Document(name='a.py', language='python', 6 chars)"
    assert "Some(" not in repr(doc)
    assert repr(editloc.Document("x", name="notes")) == "Document(name='notes', language=None, 1 chars)"
