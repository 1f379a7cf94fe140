#!/usr/bin/env python3
"""Adversarial scenarios for editloc's edit formats, transactions, multi-file patches and
file safety.  Stdlib only.  Run from the repository root after `cargo build --release`:

    python3 corpus/independent/adversarial-formats/run.py [-v] [name-substring ...]

Every scenario builds a fresh scratch directory under /tmp, runs the release binary, and
checks the WHOLE resulting directory tree (every file's bytes, no stray temp files, modes and
symlinks where relevant) plus exit code / JSON fields against README.md.  Scenarios where the
README is silent are marked "(unspecified)" and check what a careful user would expect.
"""
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))  # the repository root
BIN = os.environ.get("EDITLOC_BIN") or os.path.join(ROOT, "target", "release", "editloc")
VERBOSE = "-v" in sys.argv
FILTERS = [a for a in sys.argv[1:] if a != "-v"]
SCRATCH = tempfile.mkdtemp(prefix="editloc-advf-")

SCENARIOS = []


def scenario(name, unspecified=False):
    def deco(fn):
        SCENARIOS.append((name + (" (unspecified)" if unspecified else ""), fn))
        return fn
    return deco


class Fail(Exception):
    pass


class Skip(Exception):
    pass


# ----------------------------------------------------------------------------- helpers
class WS:
    """A scratch workspace: ws.root is the cwd for the binary; the patch lives outside it."""

    def __init__(self, name):
        safe = "".join(c if c.isalnum() else "_" for c in name)[:40]
        self.base = tempfile.mkdtemp(prefix=safe + "-", dir=SCRATCH)
        self.root = os.path.join(self.base, "ws")
        os.mkdir(self.root)
        self.patch_path = os.path.join(self.base, "patch.txt")
        self.last = None

    def p(self, rel):
        return os.path.join(self.root, rel)

    def write(self, rel, data, mode=None):
        path = self.p(rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(data, str):
            data = data.encode()
        with open(path, "wb") as f:
            f.write(data)
        if mode is not None:
            os.chmod(path, mode)

    def read(self, rel):
        with open(self.p(rel), "rb") as f:
            return f.read()

    def tree(self):
        """relpath -> bytes, or ('link', target) for symlinks. Directories are implicit."""
        out = {}
        for dirpath, dirnames, filenames in os.walk(self.root):
            for n in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
                full = os.path.join(dirpath, n)
                rel = os.path.relpath(full, self.root)
                if os.path.islink(full):
                    out[rel] = ("link", os.readlink(full))
                else:
                    with open(full, "rb") as f:
                        out[rel] = f.read()
        return out

    def run(self, args, patch=None, stdin=None, timeout=180):
        if patch is not None:
            if isinstance(patch, str):
                patch = patch.encode()
            with open(self.patch_path, "wb") as f:
                f.write(patch)
        t0 = time.time()
        try:
            cp = subprocess.run([BIN] + args, cwd=self.root, input=stdin, capture_output=True,
                                timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Fail(f"timed out after {timeout}s: editloc {' '.join(args)}")
        r = Result(cp.returncode, cp.stdout.decode("utf-8", "replace"),
                   cp.stderr.decode("utf-8", "replace"), time.time() - t0)
        self.last = r
        if "panicked" in r.err or r.rc == 101 or r.rc < 0:
            raise Fail(f"PANIC/crash rc={r.rc}: {r.err.strip()[:300]}")
        return r

    def patch(self, patch, *extra, file=None, json_out=True):
        args = ["apply"] + ([file] if file else []) + ["--patch", self.patch_path]
        if json_out:
            args.append("--json")
        return self.run(args + list(extra), patch=patch)


class Result:
    def __init__(self, rc, out, err, secs):
        self.rc, self.out, self.err, self.secs = rc, out, err, secs
        self._j = None

    @property
    def j(self):
        if self._j is None:
            try:
                self._j = json.loads(self.out)
            except Exception:
                raise Fail(f"stdout is not JSON (rc={self.rc}): {self.out[:200]!r} stderr={self.err[:200]!r}")
        return self._j

    def brief(self):
        return f"rc={self.rc} out={self.out[:240]!r} err={self.err[:240]!r}"


def expect_rc(r, *codes):
    if r.rc not in codes:
        raise Fail(f"exit {r.rc}, expected {'/'.join(map(str, codes))}; {r.brief()}")


def expect_tree(ws, expected, what="tree"):
    got = ws.tree()
    if got == expected:
        return
    for k in sorted(set(got) | set(expected)):
        if k not in got:
            raise Fail(f"{what}: {k} missing (expected {short(expected[k])}); {ws.last.brief() if ws.last else ''}")
        if k not in expected:
            raise Fail(f"{what}: unexpected file {k} = {short(got[k])}; {ws.last.brief() if ws.last else ''}")
        if got[k] != expected[k]:
            raise Fail(f"{what}: {k} is {short(got[k])}, expected {short(expected[k])}; "
                       f"{ws.last.brief() if ws.last else ''}")


def short(v, n=160):
    if isinstance(v, tuple):
        return f"symlink->{v[1]}"
    s = repr(v[:n])
    return s + (f"...({len(v)} bytes)" if len(v) > n else "")


def b(s):
    return s.encode() if isinstance(s, str) else s


def err_text(r):
    return (r.out + "\n" + r.err)


def file_entry(r, path):
    for f in r.j.get("files", []):
        if f.get("path") == path or os.path.normpath(f.get("path", "")) == os.path.normpath(path):
            return f
    raise Fail(f"no files[] entry for {path}: {r.out[:300]}")


def sha(data):
    return hashlib.sha256(b(data)).hexdigest()


PY = "def total(xs):\n    return sum(xs)\n\n\ndef mean(xs):\n    return total(xs) / len(xs)\n"


def aider(path, search, replace, fence=False):
    body = f"<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n"
    if fence:
        body = "```python\n" + body + "```\n"
    return (f"{path}\n" if path else "") + body


def cline(search, replace, n=7):
    return f"{'-' * n} SEARCH\n{search}{'=' * n}\n{replace}{'+' * n} REPLACE\n"


# ----------------------------------------------------------------------------- SEARCH/REPLACE
@scenario("sr: aider block with file-name line, multi-file mode")
def _(ws):
    ws.write("src/app.py", PY)
    r = ws.patch(aider("src/app.py", "def total(xs):\n    return sum(xs)\n",
                       "def total(xs, tax=1.0):\n    return sum(xs) * tax\n"))
    expect_rc(r, 0)
    if r.j["status"] != "applied":
        raise Fail(r.out)
    expect_tree(ws, {"src/app.py": b(PY.replace("def total(xs):\n    return sum(xs)",
                                               "def total(xs, tax=1.0):\n    return sum(xs) * tax"))})


@scenario("sr: cline markers with FILE argument")
def _(ws):
    ws.write("app.py", PY)
    r = ws.patch(cline("    return sum(xs)\n", "    return sum(xs) + 0\n"), file="app.py")
    expect_rc(r, 0)
    expect_tree(ws, {"app.py": b(PY.replace("return sum(xs)", "return sum(xs) + 0"))})


@scenario("sr: cline markers with 12 marker characters")
def _(ws):
    ws.write("app.py", PY)
    r = ws.patch(cline("    return sum(xs)\n", "    return sum(xs) + 0\n", n=12), file="app.py")
    expect_rc(r, 0)
    expect_tree(ws, {"app.py": b(PY.replace("return sum(xs)", "return sum(xs) + 0"))})


@scenario("sr: aider real layout: file name, then ```python fence, block, fence")
def _(ws):
    ws.write("app.py", PY)
    text = "Here is the change:\n\napp.py\n```python\n<<<<<<< SEARCH\n    return sum(xs)\n=======\n    return sum(xs) - 1\n>>>>>>> REPLACE\n```\n"
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"app.py": b(PY.replace("return sum(xs)", "return sum(xs) - 1"))})


@scenario("sr: aider fenced block (fence inside), FILE argument")
def _(ws):
    ws.write("app.py", PY)
    r = ws.patch(aider(None, "    return sum(xs)\n", "    return sum(xs) - 1\n", fence=True), file="app.py")
    expect_rc(r, 0)
    expect_tree(ws, {"app.py": b(PY.replace("return sum(xs)", "return sum(xs) - 1"))})


@scenario("sr: aider file-name line with spaces", unspecified=True)
def _(ws):
    ws.write("my dir/my file.py", PY)
    r = ws.patch(aider("my dir/my file.py", "    return sum(xs)\n", "    return 0\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"my dir/my file.py": b(PY.replace("return sum(xs)", "return 0"))})


@scenario("sr: prose between two blocks for two files")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("b.py", "b = 1\n")
    text = ("I will change a.py first.\n\na.py\n<<<<<<< SEARCH\na = 1\n=======\na = 2\n>>>>>>> REPLACE\n\n"
            "Now the second file, which needs a similar fix:\n\nb.py\n<<<<<<< SEARCH\nb = 1\n=======\nb = 2\n>>>>>>> REPLACE\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"a.py": b"a = 2\n", "b.py": b"b = 2\n"})


@scenario("sr: blocks out of order are located against the original")
def _(ws):
    ws.write("app.py", PY)
    text = aider("app.py", "    return total(xs) / len(xs)\n", "    return total(xs) / max(len(xs), 1)\n") + \
        aider("app.py", "def total(xs):\n", "def total(xs: list):\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"app.py": b(PY.replace("/ len(xs)", "/ max(len(xs), 1)").replace("def total(xs):", "def total(xs: list):"))})


@scenario("sr: block 2 searches text only block 1 creates -> fails, nothing written")
def _(ws):
    ws.write("app.py", PY)
    text = aider("app.py", "    return sum(xs)\n", "    return sum(xs) * RATE\n") + \
        aider("app.py", "    return sum(xs) * RATE\n", "    return sum(xs) * RATE2\n")
    r = ws.patch(text)
    expect_rc(r, 1)
    expect_tree(ws, {"app.py": b(PY)})


@scenario("sr: two blocks with identical SEARCH -> overlap refused naming both, nothing written")
def _(ws):
    ws.write("app.py", PY)
    text = aider("app.py", "    return sum(xs)\n", "    return 1\n") + aider("app.py", "    return sum(xs)\n", "    return 2\n")
    r = ws.patch(text)
    expect_rc(r, 1)
    expect_tree(ws, {"app.py": b(PY)})
    edits = file_entry(r, "app.py")["edits"]
    if len(edits) != 2 or any(e["status"] == "applied" for e in edits):
        raise Fail(f"edits should be 2 non-applied: {edits}")
    blob = json.dumps(edits)
    if not ("1" in blob and "2" in blob and "overlap" in blob.lower()):
        raise Fail(f"overlap report does not name both edits: {blob[:400]}")


@scenario("sr: two blocks whose SEARCH regions partly overlap -> refused naming both")
def _(ws):
    ws.write("app.py", PY)
    text = aider("app.py", "def total(xs):\n    return sum(xs)\n", "def total(ys):\n    return sum(ys)\n") + \
        aider("app.py", "    return sum(xs)\n\n\ndef mean(xs):\n", "    return sum(xs)\n\n\ndef average(xs):\n")
    r = ws.patch(text)
    expect_rc(r, 1)
    expect_tree(ws, {"app.py": b(PY)})
    edits = file_entry(r, "app.py")["edits"]
    texts = [json.dumps(e) for e in edits]
    if len(edits) != 2 or not all("overlap" in t.lower() for t in texts):
        raise Fail(f"both edits should report the overlap: {edits}")
    if not ("2" in texts[0] and "1" in texts[1]):
        raise Fail(f"each overlap report should name the other edit: {texts}")


@scenario("sr: adjacent (touching, non-overlapping) blocks both apply")
def _(ws):
    ws.write("t.txt", "one\ntwo\nthree\nfour\n")
    text = aider("t.txt", "one\ntwo\n", "ONE\nTWO\n") + aider("t.txt", "three\n", "THREE\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"t.txt": b"ONE\nTWO\nTHREE\nfour\n"})


@scenario("sr: ambiguous SEARCH (twice in file) with another good block -> nothing written")
def _(ws):
    src = "def a():\n    return 1\n\ndef b():\n    return 1\n\nX = 0\n"
    ws.write("m.py", src)
    text = aider("m.py", "X = 0\n", "X = 9\n") + aider("m.py", "    return 1\n", "    return 2\n")
    r = ws.patch(text)
    expect_rc(r, 1)
    expect_tree(ws, {"m.py": b(src)})
    st = [e["status"] for e in file_entry(r, "m.py")["edits"]]
    if "ambiguous" not in st:
        raise Fail(f"edit statuses {st}, expected one 'ambiguous'")


@scenario("sr: REPLACE contains a `=======` line (Markdown setext underline)", unspecified=True)
def _(ws):
    ws.write("doc.md", "Intro\n\nold title\n\nbody\n")
    text = aider("doc.md", "old title\n", "New Title\n=======\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"doc.md": b"Intro\n\nNew Title\n=======\n\nbody\n"})


@scenario("sr: cline REPLACE contains a `=======` line", unspecified=True)
def _(ws):
    ws.write("doc.md", "Intro\n\nold title\n\nbody\n")
    r = ws.patch(cline("old title\n", "New Title\n=======\n"), file="doc.md")
    expect_rc(r, 0)
    expect_tree(ws, {"doc.md": b"Intro\n\nNew Title\n=======\n\nbody\n"})


@scenario("sr: REPLACE adds a merge-conflict test fixture (<<<<<<< / ======= / >>>>>>>)", unspecified=True)
def _(ws):
    src = 'FIXTURE = """\nplaceholder\n"""\n'
    ws.write("fx.py", src)
    new = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> feature\n"
    r = ws.patch(aider("fx.py", "placeholder\n", new))
    expect_rc(r, 0)
    expect_tree(ws, {"fx.py": b('FIXTURE = """\n' + new + '"""\n')})


@scenario("sr: SEARCH and REPLACE both contain `=======` (ambiguous divider) -> right result or refusal", unspecified=True)
def _(ws):
    src = "Title\n=======\n\ntext\n"
    ws.write("r.md", src)
    text = "r.md\n<<<<<<< SEARCH\nTitle\n=======\n=======\nHeading\n=======\n>>>>>>> REPLACE\n"
    r = ws.patch(text)
    got = ws.tree()["r.md"]
    if got == src.encode():
        expect_rc(r, 1, 2)
        return
    if got != b"Heading\n=======\n\ntext\n":
        raise Fail(f"silently wrote a guessed split: r.md = {got!r}; {r.brief()}")


@scenario("sr: SEARCH with trailing-whitespace differences; file's unchanged bytes kept")
def _(ws):
    src = "a = 1   \nb = 2\t\nc = 3\n"
    ws.write("w.py", src)
    r = ws.patch(aider("w.py", "a = 1\nb = 2\n", "a = 1\nb = 20\n"))
    expect_rc(r, 0)
    # unchanged line a keeps its trailing spaces; changed line b's end changed -> tail may go
    got = ws.tree()["w.py"]
    if got not in (b"a = 1   \nb = 20\nc = 3\n", b"a = 1   \nb = 20\t\nc = 3\n"):
        raise Fail(f"w.py = {got!r}")


@scenario("sr: CRLF patch text against an LF file -> file stays LF")
def _(ws):
    ws.write("app.py", PY)
    text = aider("app.py", "def total(xs):\n    return sum(xs)\n", "def total(xs):\n    # sum\n    return sum(xs)\n").replace("\n", "\r\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"app.py": b(PY.replace("def total(xs):\n", "def total(xs):\n    # sum\n"))})


@scenario("sr: LF patch text against a CRLF file -> CRLF kept, new lines CRLF")
def _(ws):
    ws.write("app.py", PY.replace("\n", "\r\n"))
    r = ws.patch(aider("app.py", "def total(xs):\n    return sum(xs)\n", "def total(xs):\n    # sum\n    return sum(xs)\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"app.py": b(PY.replace("def total(xs):\n", "def total(xs):\n    # sum\n").replace("\n", "\r\n"))})


@scenario("sr: BOM and missing final newline kept when editing first and last lines")
def _(ws):
    src = "\ufefffirst = 1\nmid = 2\nlast = 3"
    ws.write("bom.py", src)
    text = aider("bom.py", "first = 1\n", "first = 10\n") + aider("bom.py", "last = 3\n", "last = 30\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"bom.py": b("\ufefffirst = 10\nmid = 2\nlast = 30")})


@scenario("sr: REPLACE empty deletes exactly the SEARCH lines")
def _(ws):
    ws.write("d.txt", "keep1\ndrop1\ndrop2\nkeep2\n")
    r = ws.patch(aider("d.txt", "drop1\ndrop2\n", ""))
    expect_rc(r, 0)
    expect_tree(ws, {"d.txt": b"keep1\nkeep2\n"})


@scenario("sr: empty SEARCH creates a missing file (incl. missing parent dir)")
def _(ws):
    r = ws.patch(aider("new/dir/hello.py", "", "print('hi')\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"new/dir/hello.py": b"print('hi')\n"})


@scenario("sr: empty SEARCH fills an existing empty file")
def _(ws):
    ws.write("empty.py", "")
    r = ws.patch(aider("empty.py", "", "x = 1\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"empty.py": b"x = 1\n"})


@scenario("sr: empty SEARCH on a non-empty file -> error, untouched")
def _(ws):
    ws.write("full.py", PY)
    r = ws.patch(aider("full.py", "", "x = 1\n"))
    expect_rc(r, 1, 2)
    expect_tree(ws, {"full.py": b(PY)})


@scenario("sr: empty SEARCH creating file + failing block elsewhere -> file not created")
def _(ws):
    ws.write("a.py", PY)
    text = aider("created.py", "", "x = 1\n") + aider("a.py", "no such line\n", "y\n")
    r = ws.patch(text)
    expect_rc(r, 1)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("sr: non-empty SEARCH on a missing file -> error, nothing created")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch(aider("ghost.py", "x = 1\n", "x = 2\n") + aider("a.py", "    return sum(xs)\n", "    return 0\n"))
    expect_rc(r, 1, 2)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("sr: FILE mode ignores/refuses a block naming another file; that file untouched", unspecified=True)
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("b.py", "b = 1\n")
    text = aider("a.py", "a = 1\n", "a = 2\n") + aider("b.py", "b = 1\n", "b = 2\n")
    r = ws.patch(text, file="a.py")
    t = ws.tree()
    if t["b.py"] != b"b = 1\n":
        raise Fail(f"FILE mode edited another file: {t}")
    if t["a.py"] == b"a = 2\n":
        expect_rc(r, 0, 1)
    else:
        expect_rc(r, 1, 2)


@scenario("sr: same file named `./a.py` and `a.py` in one patch -> both edits land (no lost edit)", unspecified=True)
def _(ws):
    ws.write("a.py", "one = 1\ntwo = 2\n")
    text = aider("./a.py", "one = 1\n", "one = 10\n") + aider("a.py", "two = 2\n", "two = 20\n")
    r = ws.patch(text)
    got = ws.tree()["a.py"]
    if got == b"one = 10\ntwo = 20\n":
        expect_rc(r, 0)
    elif got == b"one = 1\ntwo = 2\n":
        expect_rc(r, 1, 2)
        if "changed on disk" in err_text(r):
            raise Fail("treated `./a.py` and `a.py` as two files: wrote the first, then blamed a concurrent "
                       f"writer and rolled back: {err_text(r).strip()[:220]!r}")
    else:
        raise Fail(f"one edit lost: a.py = {got!r}; {r.brief()}")


@scenario("sr: whole-file SEARCH replaced")
def _(ws):
    ws.write("w.txt", "alpha\nbeta\n")
    r = ws.patch(aider("w.txt", "alpha\nbeta\n", "gamma\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"w.txt": b"gamma\n"})


@scenario("sr: non-ASCII / emoji / tabs bytes survive")
def _(ws):
    src = "s = \"naïve — “quoted” 😀\"\n\tindent = 'tab'\nz = 0\n"
    ws.write("u.py", src)
    r = ws.patch(aider("u.py", "z = 0\n", "z = '日本語'\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"u.py": b(src.replace("z = 0", "z = '日本語'"))})


# ----------------------------------------------------------------------------- malformed input
def expect_malformed(ws, r, line=None):
    expect_rc(r, 2)
    t = err_text(r)
    if "line" not in t.lower() or "expected" not in t.lower():
        raise Fail(f"error does not name the line and what was expected: {t.strip()[:300]}")
    if line is not None and f"line {line}" not in t:
        raise Fail(f"error should name line {line}: {t.strip()[:300]}")


@scenario("malformed: aider block without `=======` -> exit 2, line 3")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch("<<<<<<< SEARCH\nfoo\n>>>>>>> REPLACE\n", file="a.py")
    expect_malformed(ws, r, 3)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("malformed: truncated block (no REPLACE marker) -> exit 2, nothing written")
def _(ws):
    ws.write("a.py", PY)
    text = aider("a.py", "def total(xs):\n", "def total(ys):\n") + "a.py\n<<<<<<< SEARCH\n    return sum(xs)\n=======\n    return 0\n"
    r = ws.patch(text)
    expect_malformed(ws, r)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("malformed: empty patch -> exit 2, nothing written", unspecified=True)
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch("")
    expect_rc(r, 2)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("malformed: prose with no edit format -> exit 2")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch("Sure! I changed the total function to add tax.\n", file="a.py")
    expect_rc(r, 2)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("malformed: only `*** Begin Patch` / `*** End Patch` -> no write, exit 0 or 2", unspecified=True)
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch("*** Begin Patch\n*** End Patch\n")
    expect_rc(r, 0, 2)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("malformed: --json on malformed patch gives status error, exit 2")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch("------- SEARCH\nfoo\n+++++++ REPLACE\n", file="a.py")
    expect_rc(r, 2)
    if r.j.get("status") != "error" or r.j.get("code") != "bad_patch" or "line" not in r.j.get("message", ""):
        raise Fail(r.out)


@scenario("malformed: apply_patch hunk line without prefix -> exit 2 naming the line")
def _(ws):
    ws.write("a.py", PY)
    text = "*** Begin Patch\n*** Update File: a.py\n@@ def total(xs):\n-    return sum(xs)\nbad line\n+    return 0\n*** End Patch\n"
    r = ws.patch(text)
    expect_malformed(ws, r, 5)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("malformed: apply_patch Add File body line without `+` -> exit 2")
def _(ws):
    text = "*** Begin Patch\n*** Add File: n.txt\n+ok\nnot plus\n*** End Patch\n"
    r = ws.patch(text)
    expect_rc(r, 2)
    expect_tree(ws, {})


@scenario("malformed: apply_patch missing `*** End Patch` (truncated) -> exit 2, nothing written", unspecified=True)
def _(ws):
    ws.write("a.py", PY)
    text = "*** Begin Patch\n*** Update File: a.py\n@@ def total(xs):\n-    return sum(xs)\n+    return 0\n"
    r = ws.patch(text)
    expect_rc(r, 2)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("malformed: JSON with trailing comma -> exit 2, nothing written")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch('[{"old_string": "return sum(xs)", "new_string": "return 0"},]\n', file="a.py")
    expect_rc(r, 2)
    expect_tree(ws, {"a.py": b(PY)})


# ----------------------------------------------------------------------------- apply_patch
@scenario("ap: @@ anchor picks the second of two identical lines")
def _(ws):
    src = "def a():\n    return 1\n\ndef b():\n    return 1\n"
    ws.write("m.py", src)
    text = "*** Begin Patch\n*** Update File: m.py\n@@ def b():\n-    return 1\n+    return 2\n*** End Patch\n"
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"m.py": b(src[: src.rindex("return 1")] + "return 2\n")})


@scenario("ap: two hunks with context lines in one Update")
def _(ws):
    src = "".join(f"line{i}\n" for i in range(1, 21))
    ws.write("n.txt", src)
    text = ("*** Begin Patch\n*** Update File: n.txt\n@@\n line2\n-line3\n+LINE3\n line4\n"
            "@@\n line15\n-line16\n+LINE16\n+extra\n line17\n*** End Patch\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"n.txt": b(src.replace("line3\n", "LINE3\n").replace("line16\n", "LINE16\nextra\n"))})


@scenario("ap: Update + Add + Delete in one patch")
def _(ws):
    ws.write("a.py", PY)
    ws.write("old.txt", "bye\n")
    text = ("*** Begin Patch\n*** Update File: a.py\n@@ def total(xs):\n-    return sum(xs)\n+    return sum(xs) * 2\n"
            "*** Add File: pkg/new.txt\n+hello\n+world\n*** Delete File: old.txt\n*** End Patch\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"a.py": b(PY.replace("return sum(xs)", "return sum(xs) * 2")), "pkg/new.txt": b"hello\nworld\n"})


@scenario("ap: CRLF patch text, Update of LF file and Add File -> LF written", unspecified=True)
def _(ws):
    ws.write("a.py", PY)
    text = ("*** Begin Patch\n*** Update File: a.py\n@@ def total(xs):\n-    return sum(xs)\n+    return sum(xs) * 2\n"
            "*** Add File: n.txt\n+x\n*** End Patch\n").replace("\n", "\r\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    t = ws.tree()
    if t["a.py"] != b(PY.replace("return sum(xs)", "return sum(xs) * 2")):
        raise Fail(f"a.py = {t['a.py']!r}")
    if t.get("n.txt") not in (b"x\n", b"x\r\n"):
        raise Fail(f"n.txt = {t.get('n.txt')!r}")


@scenario("ap: Update of a CRLF file keeps CRLF")
def _(ws):
    ws.write("a.py", PY.replace("\n", "\r\n"))
    text = "*** Begin Patch\n*** Update File: a.py\n@@ def total(xs):\n-    return sum(xs)\n+    s = sum(xs)\n+    return s\n*** End Patch\n"
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"a.py": b(PY.replace("    return sum(xs)\n", "    s = sum(xs)\n    return s\n").replace("\n", "\r\n"))})


@scenario("ap: Add File over an existing non-empty file -> refused, untouched", unspecified=True)
def _(ws):
    ws.write("exists.txt", "precious\n")
    r = ws.patch("*** Begin Patch\n*** Add File: exists.txt\n+clobber\n*** End Patch\n")
    expect_rc(r, 1, 2)
    expect_tree(ws, {"exists.txt": b"precious\n"})


@scenario("ap: Delete of a missing file fails the whole patch (Update not written)")
def _(ws):
    ws.write("a.py", PY)
    text = ("*** Begin Patch\n*** Update File: a.py\n@@ def total(xs):\n-    return sum(xs)\n+    return 0\n"
            "*** Delete File: nope.txt\n*** End Patch\n")
    r = ws.patch(text)
    expect_rc(r, 1, 2)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("ap: multi-file, 2nd Update not found -> 1st untouched, every outcome listed")
def _(ws):
    ws.write("a.py", PY)
    ws.write("b.py", "b = 1\n")
    text = ("*** Begin Patch\n*** Update File: a.py\n@@ def total(xs):\n-    return sum(xs)\n+    return 0\n"
            "*** Update File: b.py\n-b = 999\n+b = 2\n*** End Patch\n")
    r = ws.patch(text)
    expect_rc(r, 1)
    expect_tree(ws, {"a.py": b(PY), "b.py": b"b = 1\n"})
    fa, fb = file_entry(r, "a.py"), file_entry(r, "b.py")
    if fb["status"] == "applied" or not fa.get("edits") or not fb.get("edits"):
        raise Fail(f"outcomes not listed per edit: {r.out[:400]}")
    if fb["edits"][0]["status"] != "not_found":
        raise Fail(f"b.py edit status {fb['edits'][0]['status']}")


@scenario("ap: multi-file, Delete of existing + failing Update -> deleted file still there")
def _(ws):
    ws.write("gone.txt", "keep me\n")
    ws.write("b.py", "b = 1\n")
    text = "*** Begin Patch\n*** Delete File: gone.txt\n*** Update File: b.py\n-b = 999\n+b = 2\n*** End Patch\n"
    r = ws.patch(text)
    expect_rc(r, 1)
    expect_tree(ws, {"gone.txt": b"keep me\n", "b.py": b"b = 1\n"})


@scenario("ap: two `*** Update File` sections for the same file -> no lost edit", unspecified=True)
def _(ws):
    ws.write("a.txt", "one\ntwo\nthree\n")
    text = ("*** Begin Patch\n*** Update File: a.txt\n-one\n+ONE\n*** Update File: a.txt\n-three\n+THREE\n*** End Patch\n")
    r = ws.patch(text)
    got = ws.tree()["a.txt"]
    if got == b"ONE\ntwo\nTHREE\n":
        expect_rc(r, 0)
    elif got == b"one\ntwo\nthree\n":
        expect_rc(r, 1, 2)
    else:
        raise Fail(f"an edit was lost: a.txt = {got!r}; {r.brief()}")


@scenario("ap: Update with `*** Move to:` -> moved, or refused; never edited in place silently", unspecified=True)
def _(ws):
    ws.write("a.txt", "one\n")
    text = "*** Begin Patch\n*** Update File: a.txt\n*** Move to: b.txt\n-one\n+uno\n*** End Patch\n"
    r = ws.patch(text)
    t = ws.tree()
    if t == {"b.txt": b"uno\n"}:
        expect_rc(r, 0)
    elif t == {"a.txt": b"one\n"}:
        expect_rc(r, 1, 2)
    else:
        raise Fail(f"tree {t}; {r.brief()}")


@scenario("ap: Update File `../outside.txt` escaping the root -> refused", unspecified=True)
def _(ws):
    outside = os.path.join(ws.base, "outside.txt")
    with open(outside, "wb") as f:
        f.write(b"secret = 1\n")
    r = ws.patch("*** Begin Patch\n*** Update File: ../outside.txt\n-secret = 1\n+secret = 2\n*** End Patch\n")
    with open(outside, "rb") as f:
        got = f.read()
    if got != b"secret = 1\n":
        raise Fail(f"wrote outside the root through `..` (rc={r.rc}): outside.txt = {got!r}")
    expect_rc(r, 1, 2)


@scenario("ap: Add File with an absolute path outside the root -> refused", unspecified=True)
def _(ws):
    target = os.path.join(ws.base, "abs_created.txt")
    r = ws.patch(f"*** Begin Patch\n*** Add File: {target}\n+pwned\n*** End Patch\n")
    if os.path.exists(target):
        raise Fail(f"created a file at an absolute path outside the root (rc={r.rc})")
    expect_rc(r, 1, 2)
    expect_tree(ws, {})


@scenario("sr: aider file-name line `../outside.txt` -> refused", unspecified=True)
def _(ws):
    outside = os.path.join(ws.base, "outside.txt")
    with open(outside, "wb") as f:
        f.write(b"secret = 1\n")
    r = ws.patch(aider("../outside.txt", "secret = 1\n", "secret = 2\n"))
    with open(outside, "rb") as f:
        got = f.read()
    if got != b"secret = 1\n":
        raise Fail(f"wrote outside the root through `..` (rc={r.rc})")
    expect_rc(r, 1, 2)


# ----------------------------------------------------------------------------- JSON MultiEdit
@scenario("json: two edits out of order + top-level file_path/edits shape")
def _(ws):
    ws.write("a.py", PY)
    doc = {"file_path": "a.py", "edits": [
        {"old_string": "return total(xs) / len(xs)", "new_string": "return total(xs) / max(1, len(xs))"},
        {"old_string": "return sum(xs)", "new_string": "return sum(xs) + 0"}]}
    r = ws.patch(json.dumps(doc))
    expect_rc(r, 0)
    expect_tree(ws, {"a.py": b(PY.replace("/ len(xs)", "/ max(1, len(xs))").replace("return sum(xs)", "return sum(xs) + 0"))})


@scenario("json: per-edit file_path across two files, second fails -> nothing written")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("b.py", "b = 1\n")
    doc = [{"file_path": "a.py", "old_string": "a = 1", "new_string": "a = 2"},
           {"file_path": "b.py", "old_string": "b = 3", "new_string": "b = 4"}]
    r = ws.patch(json.dumps(doc))
    expect_rc(r, 1)
    expect_tree(ws, {"a.py": b"a = 1\n", "b.py": b"b = 1\n"})


@scenario("json: replace_all on `count` does not rewrite `account`/`counter`", unspecified=True)
def _(ws):
    src = "count = 0\naccount = 5\ncount += 1\ncounter = count\n"
    ws.write("c.py", src)
    r = ws.patch(json.dumps([{"old_string": "count", "new_string": "total", "replace_all": True}]), file="c.py")
    expect_rc(r, 0)
    expect_tree(ws, {"c.py": b"total = 0\naccount = 5\ntotal += 1\ncounter = total\n"})


@scenario("json: replace_all on a multi-line block occurring twice")
def _(ws):
    src = "a()\nlog(1)\nb()\nlog(1)\nc()\n"
    ws.write("r.js", src)
    r = ws.patch(json.dumps([{"old_string": "log(1)\n", "new_string": "log(2)\n", "replace_all": True}]), file="r.js")
    expect_rc(r, 0)
    expect_tree(ws, {"r.js": b"a()\nlog(2)\nb()\nlog(2)\nc()\n"})


@scenario("json: replace_all region overlapping another edit -> refused, nothing written")
def _(ws):
    src = "x = 1\ny = x\nz = x\n"
    ws.write("o.py", src)
    doc = [{"old_string": "x", "new_string": "w", "replace_all": True},
           {"old_string": "y = x", "new_string": "y = 2"}]
    r = ws.patch(json.dumps(doc), file="o.py")
    expect_rc(r, 1)
    expect_tree(ws, {"o.py": b(src)})


@scenario("json: unknown fields ignored (or refused) - never a wrong write", unspecified=True)
def _(ws):
    ws.write("a.py", PY)
    doc = [{"old_string": "return sum(xs)", "new_string": "return sum(xs) * 3", "description": "triple", "line": 2}]
    r = ws.patch(json.dumps(doc), file="a.py")
    got = ws.tree()["a.py"]
    if got == b(PY):
        expect_rc(r, 2)
    elif got != b(PY.replace("return sum(xs)", "return sum(xs) * 3")):
        raise Fail(f"a.py = {got!r}")


@scenario("json: misspelled `replaceAll` must not silently act as a single edit", unspecified=True)
def _(ws):
    src = "log(1)\nlog(1)\n"
    ws.write("r.js", src)
    r = ws.patch(json.dumps([{"old_string": "log(1)", "new_string": "log(2)", "replaceAll": True}]), file="r.js")
    got = ws.tree()["r.js"]
    if got not in (b(src), b"log(2)\nlog(2)\n"):
        raise Fail(f"r.js = {got!r}")
    if got == b(src):
        expect_rc(r, 1, 2)


@scenario("json: old_string == new_string in a batch -> nothing written")
def _(ws):
    ws.write("a.py", PY)
    doc = [{"old_string": "def total(xs):", "new_string": "def total(ys):"},
           {"old_string": "return sum(xs)", "new_string": "return sum(xs)"}]
    r = ws.patch(json.dumps(doc), file="a.py")
    expect_rc(r, 1, 2)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("json: unicode escapes and embedded NUL-free control chars written exactly")
def _(ws):
    ws.write("u.txt", "k = 'v'\n")
    r = ws.patch('[{"old_string": "k = \'v\'", "new_string": "k = \'\\u00e9\\ud83d\\ude00\\t\\\\n\'"}]', file="u.txt")
    expect_rc(r, 0)
    expect_tree(ws, {"u.txt": "k = 'é😀\t\\n'\n".encode()})


# ----------------------------------------------------------------------------- modes / flags
@scenario("flag: --partial writes what locates, exit 1, failing edit reported")
def _(ws):
    ws.write("a.py", PY)
    text = aider("a.py", "def total(xs):\n", "def total(ys):\n") + aider("a.py", "nothing like this\n", "x\n") + \
        aider("a.py", "def mean(xs):\n", "def mean(ys):\n")
    r = ws.patch(text, "--partial")
    expect_rc(r, 1)
    expect_tree(ws, {"a.py": b(PY.replace("def total(xs):", "def total(ys):").replace("def mean(xs):", "def mean(ys):"))})
    st = [e["status"] for e in file_entry(r, "a.py")["edits"]]
    if st != ["applied", "not_found", "applied"]:
        raise Fail(f"statuses {st}")


@scenario("flag: --partial across files: good file written, bad file untouched, exit 1")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("b.py", "b = 1\n")
    r = ws.patch(aider("a.py", "a = 1\n", "a = 2\n") + aider("b.py", "zzz\n", "b = 2\n"), "--partial")
    expect_rc(r, 1)
    expect_tree(ws, {"a.py": b"a = 2\n", "b.py": b"b = 1\n"})


@scenario("flag: --dry-run never writes (Update, Add, Delete, create)")
def _(ws):
    ws.write("a.py", PY)
    ws.write("old.txt", "bye\n")
    text = ("*** Begin Patch\n*** Update File: a.py\n@@ def total(xs):\n-    return sum(xs)\n+    return 0\n"
            "*** Add File: n.txt\n+hi\n*** Delete File: old.txt\n*** End Patch\n")
    r = ws.patch(text, "--dry-run")
    expect_rc(r, 0)
    expect_tree(ws, {"a.py": b(PY), "old.txt": b"bye\n"})
    if r.j.get("dry_run") is not True:
        raise Fail(f"dry_run field: {r.out[:200]}")
    f = file_entry(r, "a.py")
    if "return 0" not in f.get("diff", ""):
        raise Fail("dry-run diff does not show the change")


@scenario("flag: --expect-sha256 wrong hash -> applied, stale_view true")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch(aider(None, "    return sum(xs)\n", "    return 0\n"), "--expect-sha256", sha("something else"), file="a.py")
    expect_rc(r, 0)
    expect_tree(ws, {"a.py": b(PY.replace("return sum(xs)", "return 0"))})
    if file_entry(r, "a.py").get("stale_view") is not True:
        raise Fail(f"stale_view not true: {r.out[:300]}")


@scenario("flag: --expect-sha256 right hash -> stale_view false")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch(aider(None, "    return sum(xs)\n", "    return 0\n"), "--expect-sha256", sha(PY), file="a.py")
    expect_rc(r, 0)
    if file_entry(r, "a.py").get("stale_view") is not False:
        raise Fail(f"stale_view not false: {r.out[:300]}")


@scenario("flag: --expect-sha256 uppercase hex of the right content -> not stale", unspecified=True)
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch(aider(None, "    return sum(xs)\n", "    return 0\n"), "--expect-sha256", sha(PY).upper(), file="a.py")
    expect_rc(r, 0)
    if file_entry(r, "a.py").get("stale_view") is not False:
        raise Fail(f"stale_view not false for uppercase hash: {r.out[:300]}")


@scenario("flag: --refuse-stale with wrong hash -> nothing written, exit 1")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch(aider(None, "    return sum(xs)\n", "    return 0\n"), "--expect-sha256", sha("x"), "--refuse-stale", file="a.py")
    expect_rc(r, 1)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("flag: --refuse-stale with --old/--new (single edit) -> nothing written")
def _(ws):
    ws.write("a.py", PY)
    with open(ws.patch_path, "w") as f:
        f.write("    return sum(xs)\n")
    newp = os.path.join(ws.base, "new.txt")
    with open(newp, "w") as f:
        f.write("    return 0\n")
    r = ws.run(["apply", "a.py", "--old", ws.patch_path, "--new", newp, "--expect-sha256", sha("x"), "--refuse-stale", "--json"])
    expect_rc(r, 1)
    expect_tree(ws, {"a.py": b(PY)})


# ----------------------------------------------------------------------------- file safety
@scenario("safety: binary target file -> exit 2, untouched")
def _(ws):
    data = b"\x00\x01\x02ELF\x00" + b"x = 1\n" + bytes(range(256))
    ws.write("bin.dat", data)
    r = ws.patch(aider(None, "x = 1\n", "x = 2\n"), file="bin.dat")
    expect_rc(r, 2)
    expect_tree(ws, {"bin.dat": data})


@scenario("safety: non-UTF-8 target in a multi-file patch -> exit 2, other file untouched")
def _(ws):
    data = b"caf\xe9 = 1\nx = 1\n"
    ws.write("latin1.py", data)
    ws.write("a.py", "a = 1\n")
    r = ws.patch(aider("a.py", "a = 1\n", "a = 2\n") + aider("latin1.py", "x = 1\n", "x = 2\n"))
    expect_rc(r, 2)
    expect_tree(ws, {"latin1.py": data, "a.py": b"a = 1\n"})


@scenario("safety: permissions 0755 kept")
def _(ws):
    ws.write("run.sh", "#!/bin/sh\necho hi\n", mode=0o755)
    r = ws.patch(aider("run.sh", "echo hi\n", "echo bye\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"run.sh": b"#!/bin/sh\necho bye\n"})
    m = stat.S_IMODE(os.stat(ws.p("run.sh")).st_mode)
    if m != 0o755:
        raise Fail(f"mode {oct(m)} != 0o755")


@scenario("safety: read-only (0444) target: refused, or written with 0444 kept", unspecified=True)
def _(ws):
    ws.write("ro.txt", "a\n", mode=0o444)
    r = ws.patch(aider("ro.txt", "a\n", "b\n"))
    m = stat.S_IMODE(os.stat(ws.p("ro.txt")).st_mode)
    if m != 0o444:
        raise Fail(f"mode changed to {oct(m)}")
    got = ws.read("ro.txt")
    if got == b"b\n":
        expect_rc(r, 0)
    else:
        expect_tree(ws, {"ro.txt": b"a\n"})
        expect_rc(r, 1, 2)


@scenario("safety: symlink target -> link kept, target edited, mode kept")
def _(ws):
    ws.write("real/app.py", PY, mode=0o640)
    os.symlink("real/app.py", ws.p("link.py"))
    r = ws.patch(aider("link.py", "    return sum(xs)\n", "    return 1\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"real/app.py": b(PY.replace("return sum(xs)", "return 1")), "link.py": ("link", "real/app.py")})
    m = stat.S_IMODE(os.stat(ws.p("real/app.py")).st_mode)
    if m != 0o640:
        raise Fail(f"target mode {oct(m)}")


@scenario("safety: chain of symlinks via apply_patch Update")
def _(ws):
    ws.write("real.txt", "v = 1\n")
    os.symlink("real.txt", ws.p("l1"))
    os.symlink("l1", ws.p("l2"))
    r = ws.patch("*** Begin Patch\n*** Update File: l2\n-v = 1\n+v = 2\n*** End Patch\n")
    expect_rc(r, 0)
    expect_tree(ws, {"real.txt": b"v = 2\n", "l1": ("link", "real.txt"), "l2": ("link", "l1")})


@scenario("safety: symlink and its target edited in one patch -> no lost edit", unspecified=True)
def _(ws):
    ws.write("real.txt", "one\ntwo\n")
    os.symlink("real.txt", ws.p("alias.txt"))
    text = aider("real.txt", "one\n", "ONE\n") + aider("alias.txt", "two\n", "TWO\n")
    r = ws.patch(text)
    got = ws.read("real.txt")
    if got == b"ONE\nTWO\n":
        expect_rc(r, 0)
    elif got == b"one\ntwo\n":
        expect_rc(r, 1, 2)
        if "changed on disk" in err_text(r):
            raise Fail("treated a symlink and its target as two files: wrote one, then blamed a concurrent "
                       f"writer and rolled back: {err_text(r).strip()[:220]!r}")
    else:
        raise Fail(f"an edit was lost: real.txt = {got!r}; {r.brief()}")
    if not os.path.islink(ws.p("alias.txt")):
        raise Fail("symlink replaced by a regular file")


@scenario("safety: Delete File on a symlink", unspecified=True)
def _(ws):
    ws.write("real.txt", "data\n")
    os.symlink("real.txt", ws.p("alias.txt"))
    r = ws.patch("*** Begin Patch\n*** Delete File: alias.txt\n*** End Patch\n")
    t = ws.tree()
    # careful: remove the link only, never the target's data
    if t.get("real.txt") != b"data\n":
        raise Fail(f"target of the symlink lost: {t}; {r.brief()}")


@scenario("safety: later write fails (immutable dir) -> earlier files restored")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("locked/b.py", "b = 1\n")
    subprocess.run(["chattr", "+i", ws.p("locked")], check=True)
    try:
        r = ws.patch(aider("a.py", "a = 1\n", "a = 2\n") + aider("locked/b.py", "b = 1\n", "b = 2\n"))
    finally:
        subprocess.run(["chattr", "-i", ws.p("locked")], check=True)
    expect_rc(r, 1, 2)
    expect_tree(ws, {"a.py": b"a = 1\n", "locked/b.py": b"b = 1\n"})


@scenario("safety: later rename fails (immutable target file) -> earlier files restored, no temp left")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("z.py", "z = 1\n")
    ws.write("imm.py", "i = 1\n")
    subprocess.run(["chattr", "+i", ws.p("imm.py")], check=True)
    try:
        r = ws.patch(aider("a.py", "a = 1\n", "a = 2\n") + aider("z.py", "z = 1\n", "z = 2\n") + aider("imm.py", "i = 1\n", "i = 2\n"))
    finally:
        subprocess.run(["chattr", "-i", ws.p("imm.py")], check=True)
    expect_rc(r, 1, 2)
    expect_tree(ws, {"a.py": b"a = 1\n", "z.py": b"z = 1\n", "imm.py": b"i = 1\n"})


@scenario("safety: Add File where a directory of that name exists -> nothing else written")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("adir/keep.txt", "k\n")
    r = ws.patch("*** Begin Patch\n*** Update File: a.py\n-a = 1\n+a = 2\n*** Add File: adir\n+x\n*** End Patch\n")
    expect_rc(r, 1, 2)
    expect_tree(ws, {"a.py": b"a = 1\n", "adir/keep.txt": b"k\n"})


@scenario("safety: Add File under a path whose parent is a regular file -> nothing written")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("plain", "p\n")
    r = ws.patch("*** Begin Patch\n*** Update File: a.py\n-a = 1\n+a = 2\n*** Add File: plain/child.txt\n+x\n*** End Patch\n")
    expect_rc(r, 1, 2)
    expect_tree(ws, {"a.py": b"a = 1\n", "plain": b"p\n"})


def _strace_run(ws, args, modify_at, path, data, delay_us=2000000):
    """Run editloc under strace with every fsync delayed by delay_us; at `modify_at` seconds
    another writer replaces `path` with `data` (the window between read and re-check)."""
    if not shutil.which("strace"):
        raise Skip("strace not installed")
    p = subprocess.Popen(["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync,fdatasync",
                          "-e", f"inject=fsync,fdatasync:delay_enter={delay_us}", BIN] + args,
                         cwd=ws.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(modify_at)
    ws.write(path, data)
    out, err = p.communicate(timeout=120)
    r = Result(p.returncode, out.decode(), err.decode(), 0)
    ws.last = r
    if "panicked" in r.err:
        raise Fail(r.err[:300])
    if "Operation not permitted" in r.err and "ptrace" in r.err.lower():
        raise Skip("ptrace not permitted")
    return r


@scenario("safety: target changed between read and re-check (strace-delayed fsync) -> nothing written")
def _(ws):
    ws.write("race.py", "a = 1\nb = 1\n")
    with open(ws.patch_path, "w") as f:
        f.write(aider("race.py", "a = 1\n", "a = 2\n"))
    r = _strace_run(ws, ["apply", "--patch", ws.patch_path, "--json"], 1.0, "race.py", "a = 1\nb = 1\nCONCURRENT = 1\n")
    expect_tree(ws, {"race.py": b"a = 1\nb = 1\nCONCURRENT = 1\n"})
    expect_rc(r, 3)  # retryable: file_changed


@scenario("safety: 2nd file changed concurrently after 1st was written -> 1st restored")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.write("b.py", "b = 1\n")
    with open(ws.patch_path, "w") as f:
        f.write(aider("a.py", "a = 1\n", "a = 2\n") + aider("b.py", "b = 1\n", "b = 2\n"))
    # fsync of a's temp ends at ~1.5 s, then a is renamed; b's fsync ends at ~3 s: modify b at ~2.2 s
    r = _strace_run(ws, ["apply", "--patch", ws.patch_path, "--json"], 2.2, "b.py", "b = 1\nCONCURRENT = 1\n",
                    delay_us=1500000)
    expect_tree(ws, {"a.py": b"a = 1\n", "b.py": b"b = 1\nCONCURRENT = 1\n"})
    expect_rc(r, 3)  # retryable: file_changed


@scenario("safety: no temp files left after a failed patch and after a successful one")
def _(ws):
    ws.write("a.py", "a = 1\n")
    ws.patch(aider("a.py", "zz\n", "a = 2\n"))
    expect_tree(ws, {"a.py": b"a = 1\n"})
    r = ws.patch(aider("a.py", "a = 1\n", "a = 2\n"))
    expect_rc(r, 0)
    expect_tree(ws, {"a.py": b"a = 2\n"})


@scenario("perf: 10 MB REPLACE text against a small file")
def _(ws):
    ws.write("big.txt", "head\nMARK\ntail\n")
    big = "".join(f"generated line {i:08d} with some filler text to make it long\n" for i in range(160000))
    r = ws.patch(aider("big.txt", "MARK\n", big))
    expect_rc(r, 0)
    expect_tree(ws, {"big.txt": b("head\n" + big + "tail\n")})
    if r.secs > 30:
        raise Fail(f"took {r.secs:.1f}s")


@scenario("perf: 10 MB file, 200 blocks in one patch (any order)")
def _(ws):
    lines = [f"row {i:07d} value={i * 7 % 1000}\n" for i in range(400000)]
    src = "".join(lines)
    ws.write("big.txt", src)
    idx = list(range(1000, 400000, 2000))[::-1]
    text = "".join(aider("big.txt", lines[i], lines[i].replace("value=", "VALUE=")) for i in idx)
    for i in idx:
        lines[i] = lines[i].replace("value=", "VALUE=")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"big.txt": b("".join(lines))})
    if r.secs > 60:
        raise Fail(f"took {r.secs:.1f}s")



# ----------------------------------------------------------------------------- more formats
@scenario("sr: fenced aider block whose REPLACE holds a ```bash fence (nested fences)")
def _(ws):
    ws.write("README.md", "# T\n\nx\n")
    text = "README.md\n```markdown\n<<<<<<< SEARCH\nx\n=======\n```bash\nls\n```\n>>>>>>> REPLACE\n```\n"
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"README.md": b"# T\n\n```bash\nls\n```\n"})


@scenario("sr: decorated file-name lines (`a.py`, **b.py**, # c.py)", unspecified=True)
def _(ws):
    for n in "abc":
        ws.write(f"{n}.py", f"{n} = 1\n")
    text = aider("`a.py`", "a = 1\n", "a = 2\n") + aider("**b.py**", "b = 1\n", "b = 2\n") + aider("# c.py", "c = 1\n", "c = 2\n")
    r = ws.patch(text)
    expect_rc(r, 0)
    expect_tree(ws, {"a.py": b"a = 2\n", "b.py": b"b = 2\n", "c.py": b"c = 2\n"})


@scenario("sr: cline SEARCH/REPLACE text with a `-------` Markdown rule line is content")
def _(ws):
    ws.write("h.md", "a\n-------\nb\n")
    text = "------- SEARCH\na\n-------\n=======\nA\n-------\n+++++++ REPLACE\n"
    r = ws.patch(text, file="h.md")
    expect_rc(r, 0)
    expect_tree(ws, {"h.md": b"A\n-------\nb\n"})


@scenario("json: absolute file_path inside the root (Claude Code MultiEdit style)")
def _(ws):
    ws.write("abs.py", "z = 1\n")
    r = ws.patch(json.dumps({"file_path": ws.p("abs.py"), "edits": [{"old_string": "z = 1", "new_string": "z = 2"}]}))
    expect_rc(r, 0)
    expect_tree(ws, {"abs.py": b"z = 2\n"})


@scenario("ap: Delete File then Add File of the same path -> replaced, or refused (never half)", unspecified=True)
def _(ws):
    ws.write("dd.txt", "old\n")
    r = ws.patch("*** Begin Patch\n*** Delete File: dd.txt\n*** Add File: dd.txt\n+new\n*** End Patch\n")
    t = ws.tree()
    if t == {"dd.txt": b"new\n"}:
        expect_rc(r, 0)
    elif t == {"dd.txt": b"old\n"}:
        expect_rc(r, 1, 2)
    else:
        raise Fail(f"tree {t}; {r.brief()}")


@scenario("ap: @@ anchor that does not exist -> not found, nothing written")
def _(ws):
    ws.write("a.py", PY)
    r = ws.patch("*** Begin Patch\n*** Update File: a.py\n@@ def nothing_here():\n-    return sum(xs)\n+    return 0\n*** End Patch\n")
    expect_rc(r, 1)
    expect_tree(ws, {"a.py": b(PY)})


@scenario("flag: --partial with two overlapping edits + one good edit")
def _(ws):
    ws.write("t.txt", "one\ntwo\nthree\nfour\n")
    text = aider("t.txt", "one\ntwo\n", "1\n2\n") + aider("t.txt", "two\nthree\n", "2\n3\n") + aider("t.txt", "four\n", "4\n")
    r = ws.patch(text, "--partial")
    expect_rc(r, 1)
    expect_tree(ws, {"t.txt": b"one\ntwo\nthree\n4\n"})


@scenario("safety: FILE argument is a directory -> exit 2")
def _(ws):
    ws.write("d/x.txt", "x\n")
    r = ws.patch(aider(None, "x\n", "y\n"), file="d")
    expect_rc(r, 2)
    expect_tree(ws, {"d/x.txt": b"x\n"})


@scenario("safety: dangling symlink + empty SEARCH -> creates the target through the link, or a truthful refusal", unspecified=True)
def _(ws):
    os.symlink("target.txt", ws.p("dang.txt"))
    r = ws.patch(aider("dang.txt", "", "hello\n"))
    t = ws.tree()
    if t == {"dang.txt": ("link", "target.txt"), "target.txt": b"hello\n"}:
        expect_rc(r, 0)
        return
    expect_tree(ws, {"dang.txt": ("link", "target.txt")})
    expect_rc(r, 1, 2)
    if "not empty" in err_text(r):
        raise Fail(f"refused with a false reason (the link's target does not exist): {err_text(r).strip()[:200]}")



@scenario("json: same file by relative and absolute file_path, overlapping edits -> overlap refused", unspecified=True)
def _(ws):
    ws.write("j.py", "q = 1\n")
    doc = [{"file_path": "j.py", "old_string": "q = 1", "new_string": "q = 2"},
           {"file_path": ws.p("j.py"), "old_string": "q = 1", "new_string": "q = 3"}]
    r = ws.patch(json.dumps(doc))
    expect_tree(ws, {"j.py": b"q = 1\n"})
    expect_rc(r, 1)
    if "overlap" not in err_text(r).lower():
        raise Fail(f"conflicting edits of one file not reported as an overlap: {err_text(r).strip()[:260]!r}")


@scenario("flag: --dry-run agrees with the real run (same file under two spellings)", unspecified=True)
def _(ws):
    ws.write("a.py", "one = 1\ntwo = 2\n")
    text = aider("./a.py", "one = 1\n", "one = 10\n") + aider("a.py", "two = 2\n", "two = 20\n")
    d = ws.patch(text, "--dry-run")
    r = ws.patch(text)
    if (d.rc == 0) != (r.rc == 0):
        raise Fail(f"--dry-run exit {d.rc} ('would apply') but the real run exit {r.rc}")


# ----------------------------------------------------------------------------- main
def main():
    if not os.path.exists(BIN):
        print(f"missing {BIN}; run `cargo build --release` first", file=sys.stderr)
        return 2
    passed = failed = skipped = 0
    for name, fn in SCENARIOS:
        if FILTERS and not any(f in name for f in FILTERS):
            continue
        ws = WS(name)
        try:
            fn(ws)
            print(f"PASS  {name}")
            passed += 1
        except Fail as e:
            print(f"FAIL  {name}: {e}")
            failed += 1
        except Skip as e:
            print(f"SKIP  {name}: {e}")
            skipped += 1
        except Exception as e:  # harness error counts as a failure, visibly
            print(f"FAIL  {name}: harness error {type(e).__name__}: {e}")
            failed += 1
    if not VERBOSE:
        shutil.rmtree(SCRATCH, ignore_errors=True)
    else:
        print(f"scratch kept in {SCRATCH}")
    if skipped:
        print(f"({skipped} skipped)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
