#!/usr/bin/env python3
"""Drive `$EDITLOC_BIN mcp` with the official MCP Python SDK, as an agent would.

Each check prints PASS/FAIL with its name; the last line is `N passed, M failed`; the exit
status is 0 only when every check passed. Edits assert the whole resulting file.
Run by tests/mcp.rs (which builds the venv with `mcp` and passes EDITLOC_BIN)."""
import asyncio, hashlib, json, os, sys, tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BIN = os.environ["EDITLOC_BIN"]
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}" + ("" if ok else f": {detail}"))


def attr(o, *names):
    for n in names:
        if hasattr(o, n):
            return getattr(o, n)
    return None


def structured(res):
    return attr(res, "structured_content", "structuredContent") or {}


def text(res):
    return "\n".join(getattr(c, "text", "") for c in res.content or [])


def is_error(res):
    return bool(attr(res, "is_error", "isError"))


def read(path):
    with open(path, newline="") as fh:
        return fh.read()


def write(path, content):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as fh:
        fh.write(content)


CRLF_TABS = (
    "export class Cart {\r\n"
    "\t// Sum of the items.\r\n"
    "\ttotal(items: Item[]): number {\r\n"
    "\t\tlet sum = 0;\r\n"
    "\t\tfor (const item of items) {\r\n"
    "\t\t\tsum += item.price;\r\n"
    "\t\t}\r\n"
    "\r\n"
    "\t\treturn sum;\r\n"
    "\t}\r\n"
    "}\r\n"
)


async def session_checks(s, root, other_root, outside):
    tools = {t.name: t for t in (await s.list_tools()).tools}
    check("lists the five tools", sorted(tools) == ["apply_patch", "check", "edit", "multi_edit", "read"], sorted(tools))
    schema = attr(tools.get("edit"), "input_schema", "inputSchema") or {}
    props = schema.get("properties", {})
    check(
        "edit's schema names its parameters with descriptions",
        {"file_path", "old_string", "new_string", "replace_all", "expected_sha256"} <= set(props)
        and set(schema.get("required", [])) == {"file_path", "old_string", "new_string"}
        and all(props[p].get("description") for p in props),
        json.dumps(schema)[:300],
    )
    ms = attr(tools.get("multi_edit"), "input_schema", "inputSchema") or {}
    check("multi_edit's schema has edits and sequential", {"edits", "sequential"} <= set(ms.get("properties", {})), json.dumps(ms)[:300])

    # An edit written the way a model remembers the code: spaces, LF, no final newline,
    # starting after the first line's indentation.
    cart = os.path.join(root, "src", "cart.ts")
    write(cart, CRLF_TABS)
    res = await s.call_tool("edit", {
        "file_path": "src/cart.ts",
        "old_string": "for (const item of items) {\n      sum += item.price;\n    }",
        "new_string": "for (const item of items) {\n      sum += item.price * item.qty;\n    }",
    })
    want = CRLF_TABS.replace("\t\t\tsum += item.price;\r\n", "\t\t\tsum += item.price * item.qty;\r\n")
    check("edit lands on a CRLF + tab file, whole file kept", not is_error(res) and read(cart) == want, text(res)[:300])
    sc = structured(res)
    check("applied answer: tier, lines, diff, sha256",
          sc.get("status") == "applied" and sc.get("lines") == {"start": 5, "end": 7}
          and sc.get("sha256") == hashlib.sha256(want.encode()).hexdigest() and "+\t\t\tsum += item.price * item.qty;" in sc.get("diff", ""),
          json.dumps(sc)[:300])

    # A refusal: a renamed identifier.
    res = await s.call_tool("edit", {"file_path": "src/cart.ts", "old_string": "let total = 0;", "new_string": "let total = 1;"})
    sc = structured(res)
    closest = sc.get("report", {}).get("closest", {})
    check("a miss is refused with not_found and the closest candidate",
          is_error(res) and sc.get("code") == "not_found" and closest.get("lines") == {"start": 4, "end": 4}
          and "closest: line 4" in text(res) and "hint:" in text(res) and read(cart) == want,
          text(res)[:400])

    # Ambiguity.
    dup = os.path.join(root, "dup.py")
    write(dup, "def a():\n    return 1\n\ndef b():\n    return 1\n")
    res = await s.call_tool("edit", {"file_path": "dup.py", "old_string": "return 1", "new_string": "return 2"})
    check("two places are ambiguous, never the first", structured(res).get("code") == "ambiguous" and read(dup) == "def a():\n    return 1\n\ndef b():\n    return 1\n", text(res)[:300])

    # Outside the roots: an absolute path elsewhere, `..`, a symlink leading out.
    target = os.path.join(outside, "o.ts")
    write(target, "const a = 1;\n")
    os.symlink(outside, os.path.join(root, "escape"))
    for path in (target, "../" + os.path.basename(outside) + "/o.ts", "escape/o.ts"):
        res = await s.call_tool("edit", {"file_path": path, "old_string": "const a = 1;", "new_string": "const a = 2;"})
        check(f"outside the root is refused: {path}", is_error(res) and structured(res).get("code") == "outside_root", text(res)[:200])
    check("the outside file is untouched", read(target) == "const a = 1;\n")

    # A second --root is editable by absolute path.
    second = os.path.join(other_root, "b.py")
    write(second, "x = 1\n")
    res = await s.call_tool("edit", {"file_path": second, "old_string": "x = 1", "new_string": "x = 2"})
    check("a second --root is editable", not is_error(res) and read(second) == "x = 2\n", text(res)[:200])

    # read + a stale sha256.
    res = await s.call_tool("read", {"file_path": "src/cart.ts", "offset": 4, "limit": 2})
    sha = hashlib.sha256(want.encode()).hexdigest()
    check("read gives numbered lines and the sha256",
          text(res) == f"src/cart.ts: lines 4-5 of 11; more from line 6 (pass `offset`)\nsha256: {sha}\n     4\t\t\tlet sum = 0;\n     5\t\t\tfor (const item of items) {{\n",
          repr(text(res)))
    touched = want + "// touched\r\n"
    write(cart, touched)
    res = await s.call_tool("edit", {"file_path": "src/cart.ts", "old_string": "return sum;", "new_string": "return sum + 0;", "expected_sha256": sha})
    check("a stale expected_sha256 is refused with stale_view, nothing written",
          is_error(res) and structured(res).get("code") == "stale_view" and read(cart) == touched, text(res)[:200])

    # multi_edit in sequence, all or nothing.
    res = await s.call_tool("multi_edit", {"file_path": "src/cart.ts", "sequential": True, "edits": [
        {"old_string": "return sum;", "new_string": "return sum * 2;"},
        {"old_string": "return sum * 2;", "new_string": "return sum * 3;"},
    ]})
    check("sequential multi_edit sees the previous edit", not is_error(res) and read(cart) == touched.replace("return sum;", "return sum * 3;"), text(res)[:300])

    # apply_patch: a unified diff and an apply_patch envelope with a scope anchor and a move.
    mod = os.path.join(root, "pkg", "mod.py")
    write(mod, "class A:\n    def run(self):\n        return 1\n\n\nclass B:\n    def run(self):\n        return 1\n")
    patch = "*** Begin Patch\n*** Update File: pkg/mod.py\n*** Move to: pkg/moved.py\n@@ class B\n@@ def run(self):\n-        return 1\n+        return 2\n*** End Patch\n"
    res = await s.call_tool("apply_patch", {"patch": patch})
    moved = os.path.join(root, "pkg", "moved.py")
    check("apply_patch: scope anchors pick class B's run, and the file moves",
          not is_error(res) and not os.path.exists(mod)
          and read(moved) == "class A:\n    def run(self):\n        return 1\n\n\nclass B:\n    def run(self):\n        return 2\n",
          text(res)[:300])
    diff = "--- a/dup.py\n+++ b/dup.py\n@@ -5 +5 @@\n-    return 1\n+    return 5\n"
    res = await s.call_tool("apply_patch", {"patch": diff})
    check("apply_patch: a unified diff whose line number decides between two equal places",
          not is_error(res) and read(dup) == "def a():\n    return 1\n\ndef b():\n    return 5\n",
          text(res)[:300])
    res = await s.call_tool("apply_patch", {"patch": "--- a/x\n+++ b/x\n@@ nonsense @@\n-a\n"})
    check("a malformed patch is bad_patch with its line", structured(res).get("code") == "bad_patch" and "line 3" in text(res), text(res)[:200])


async def main():
    root = tempfile.mkdtemp(prefix="editloc-mcp-root-")
    other_root = tempfile.mkdtemp(prefix="editloc-mcp-second-")
    outside = tempfile.mkdtemp(prefix="editloc-mcp-outside-")
    params = StdioServerParameters(command=BIN, args=["mcp", "--root", root, "--root", other_root], cwd=outside)
    async with stdio_client(params) as (rd, wr):
        async with ClientSession(rd, wr) as s:
            await s.initialize()
            await session_checks(s, root, other_root, outside)


try:
    asyncio.run(asyncio.wait_for(main(), 120))
except BaseException as ex:
    inner = ex
    while isinstance(inner, BaseExceptionGroup) and inner.exceptions:
        inner = inner.exceptions[0]
    check("the session ran", False, f"{type(inner).__name__}: {inner}")
failed = results.count(False)
print(f"{len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed or not results else 0)
