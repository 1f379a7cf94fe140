#!/usr/bin/env python3
"""Builds the adversarial text-tier cases with exact bytes (run: python3 build.py)."""
import json, os, shutil
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
if os.path.isdir(ROOT):
    shutil.rmtree(ROOT)
N = 0

def case(kind, name, ext, file, old, new, expect, tier=None, expected=None, note="", drift=None, lang=None, repairs=None):
    global N
    d = os.path.join(ROOT, kind, name)
    os.makedirs(d)
    def w(p, s):
        with open(os.path.join(d, p), "wb") as f:
            f.write(s.encode("utf-8"))
    t = f'drift = "{drift or kind}"\nexpect = "{expect}"\n'
    if tier: t += f'tier = "{tier}"\n'
    if lang: t += f'lang = "{lang}"\n'
    if repairs is not None: t += "repairs = [" + ", ".join(f'"{r}"' for r in repairs) + "]\n"
    t += "note = " + json.dumps(note, ensure_ascii=False) + "\n"
    w("case.toml", t)
    w("file." + ext, file); w("old", old); w("new", new)
    if expect == "applied":
        assert expected is not None and tier
        w("expected." + ext, expected)
    N += 1

A, NF, AMB, REF, AA = "applied", "not_found", "ambiguous", "refused", "already_applied"
EX, NO = "exact", "normalized"

# ---------------- EOL ----------------
case("eol", "mixed-exact-lf-line", "txt", "a1\r\nb2\nc3\r\n", "b2\n", "B2\n", A, EX, "a1\r\nB2\nc3\r\n",
     "exact match of an LF line inside a CRLF file; neighbours untouched")
case("eol", "mixed-change-odd-crlf-line", "txt", "alpha\nbeta\r\ngamma\ndelta\n", "beta\n", "BETA\n", A, NO,
     "alpha\nBETA\r\ngamma\ndelta\n", "a changed line keeps its own EOL (CRLF in a mostly LF file)")
case("eol", "mixed-span-odd-lf-line-change-it", "txt", "p1\r\nq1\nr1\r\n", "p1\nq1\nr1\n", "p1\nQ1\nr1\n", A, NO,
     "p1\r\nQ1\nr1\r\n", "old spans a lone LF line between CRLF lines; the changed LF line keeps LF")
case("eol", "mixed-span-odd-lf-line-change-neighbour", "txt", "p1\r\nq1\nr1\r\n", "p1\nq1\nr1\n", "P1\nq1\nr1\n", A, NO,
     "P1\r\nq1\nr1\r\n", "changing the CRLF neighbour keeps the odd LF line untouched")
case("eol", "mixed-insert-between-crlf-lines", "txt", "one\r\ntwo\r\nthree\r\nfour\nfive\r\n", "two\nthree\n",
     "two\n2.5\nthree\n", A, NO, "one\r\ntwo\r\n2.5\r\nthree\r\nfour\nfive\r\n",
     "inserted line between CRLF lines in a mostly-CRLF file gets CRLF")
case("eol", "mixed-insert-after-odd-lf-line", "txt", "one\r\ntwo\r\nthree\nfour\r\nfive\r\n", "two\nthree\n",
     "two\nthree\nthree-b\n", A, NO, "one\r\ntwo\r\nthree\nthree-b\nfour\r\nfive\r\n",
     "an inserted line takes its neighbour's ending (the line it follows: LF), not the file's majority (CRLF); the odd LF line keeps LF")
case("eol", "lone-cr-change", "txt", "a1\rb1\rc1\r", "b1\n", "x1\n", A, NO, "a1\rx1\rc1\r",
     "classic Mac CR-only file: CR folds as a line ending; CR kept")
case("eol", "lone-cr-insert", "txt", "line1\rline2\rline3\r", "line2\n", "line2\nline2b\n", A, NO,
     "line1\rline2\rline2b\rline3\r", "new line in a CR-only file gets CR")
case("eol", "crlf-old-on-lf-file", "txt", "aa\nbb\ncc\n", "bb\r\ncc\r\n", "bb\r\nCC\r\n", A, NO, "aa\nbb\nCC\n",
     "model sends CRLF, file is LF: file keeps LF")
case("eol", "css-crlf-tabs-insert", "css", "a {\r\n\tcolor: red;\r\n}\r\n", "a {\n  color: red;\n}\n",
     "a {\n  color: blue;\n  margin: 0;\n}\n", A, NO, "a {\r\n\tcolor: blue;\r\n\tmargin: 0;\r\n}\r\n",
     "CRLF + tab file, 2-space LF model; changed and inserted lines in file style")

# ---------------- final newline ----------------
case("finalnl", "no-final-nl-edit-last-line", "ini", "[a]\nx = 1\ny = 2", "y = 2\n", "y = 3\n", A, NO,
     "[a]\nx = 1\ny = 3", "file lacks final newline; old has one; state kept")
case("finalnl", "no-final-nl-append-line", "ini", "[a]\nx = 1\ny = 2", "y = 2\n", "y = 2\nz = 3\n", A, NO,
     "[a]\nx = 1\ny = 2\nz = 3", "appending after the newline-less last line: separator inserted, still no final newline")
case("finalnl", "no-final-nl-exact-fragment", "ini", "[a]\nx = 1\ny = 2", "y = 2", "y = 3", A, EX,
     "[a]\nx = 1\ny = 3", "exact fragment at EOF")
case("finalnl", "crlf-no-final-nl-append", "txt", "a1\r\nb1", "b1\n", "b1\nc1\n", A, NO, "a1\r\nb1\r\nc1",
     "CRLF file without final newline; appended line separated by CRLF")
case("finalnl", "old-without-nl-exact-append", "txt", "alpha\nbeta\n", "beta", "beta\ngamma", A, EX,
     "alpha\nbeta\ngamma\n", "exact single-line old without newline; new adds a line")
case("finalnl", "delete-last-line-no-final-nl", "txt", "a1\r\nb1\r\nc1", "b1\nc1\n", "b1\n", A, NO, "a1\r\nb1",
     "deleting the last line of a CRLF file without final newline leaves no final newline (state kept)")

# ---------------- BOM ----------------
case("bom", "bom-crlf-first-line", "ini", "\ufeff[core]\r\nname = x\r\n", "[core]\nname = x\n", "[core]\nname = y\n",
     A, NO, "\ufeff[core]\r\nname = y\r\n", "BOM + CRLF, edit spans the first line")
case("bom", "bom-insert-before-first-line", "yaml", "\ufefftitle: a\r\nb: 1\r\n", "title: a\n", "# header\ntitle: a\n",
     A, NO, "\ufeff# header\r\ntitle: a\r\nb: 1\r\n", "line inserted before the first line goes after the BOM")
case("bom", "bom-change-first-line", "txt", "\ufeffhello\r\nworld\r\n", "hello\n", "HELLO\n", A, NO,
     "\ufeffHELLO\r\nworld\r\n", "changing the first line keeps BOM")

# ---------------- tabs ----------------
case("tabs", "inner-tab-exact", "txt", "name\tage\nbob\t42\n", "bob\t42", "bob\t43", A, EX, "name\tage\nbob\t43\n",
     "tab inside a line, exact")
case("tabs", "inner-tab-vs-spaces", "ini", "key\t= value\nother\t= 2\n", "other    = 2\n", "other    = 3\n", NF,
     note="README folds leading/trailing whitespace only; an inner tab vs spaces is not folded -> not found")
case("tabs", "inner-tab-kept-trailing-tab-kept", "txt", "key\tvalue\t\r\nk2\tv2\r\n", "key\tvalue\n", "key2\tvalue\n",
     A, NO, "key2\tvalue\t\r\nk2\tv2\r\n", "inner tab kept, trailing tab kept since line end unchanged")
case("tabs", "makefile-recipe-change", "mk", "all:\n\tgcc -o a a.c\n\techo done\n", "all:\n    gcc -o a a.c\n    echo done\n",
     "all:\n    gcc -O2 -o a a.c\n    echo done\n", A, NO, "all:\n\tgcc -O2 -o a a.c\n\techo done\n",
     "Makefile recipes must keep tabs")
case("tabs", "makefile-recipe-insert", "mk", "all:\n\tgcc -o a a.c\n\techo done\n", "all:\n    gcc -o a a.c\n    echo done\n",
     "all:\n    gcc -o a a.c\n    strip a\n    echo done\n", A, NO, "all:\n\tgcc -o a a.c\n\tstrip a\n\techo done\n",
     "inserted recipe line gets a tab")
case("tabs", "mixed-tab-space-one-line", "c", "int f() {\n\t  a = 1;\n\t  b = 2;\n}\n", "      a = 1;\n      b = 2;\n",
     "      a = 1;\n      b = 3;\n      c = 4;\n", A, NO, "int f() {\n\t  a = 1;\n\t  b = 3;\n\t  c = 4;\n}\n",
     "indentation tab+2 spaces; changed line keeps it, inserted line at same model width gets it")
case("tabs", "sh-heredoc-tabs", "sh", "cat <<-EOF\n\tline\n\tEOF\n", "cat <<-EOF\n    line\n    EOF\n",
     "cat <<-EOF\n    line\n    line2\n    EOF\n", A, NO, "cat <<-EOF\n\tline\n\tline2\n\tEOF\n", "<<- heredoc needs tabs")

# ---------------- trailing whitespace ----------------
case("trailing", "old-has-trailing-ws-file-lacks", "md", "# T\n\nsome text\nmore\n", "some text  \nmore\n",
     "some text  \nmore!\n", A, NO, "# T\n\nsome text\nmore!\n", "unchanged line copied from file (no trailing spaces added)")
case("trailing", "file-has-trailing-ws-old-lacks", "toml", "a = 1   \nb = 2\t\nc = 3\n", "a = 1\nb = 2\n",
     "a = 1\nbb = 2\n", A, NO, "a = 1   \nbb = 2\t\nc = 3\n", "trailing tails kept (changed line's end unchanged)")
case("trailing", "deliberate-remove-hard-break-crlf", "md", "line one  \r\nline two\r\n", "line one  \nline two\n",
     "line one\nline two\n", A, NO, "line one\r\nline two\r\n",
     "model deliberately removes the markdown hard break; old/new fold equal but new differs: the file must get new's line")
case("trailing", "deliberate-add-hard-break-crlf", "md", "line one\r\nline two\r\n", "line one\nline two\n",
     "line one  \nline two\n", A, NO, "line one  \r\nline two\r\n",
     "model deliberately adds two trailing spaces (hard break)")

# ---------------- blank lines ----------------
case("blank", "old-blanks-are-ws-only-in-file", "txt", "a1\n   \n\t\nb1\n", "a1\n\n\nb1\n", "a1\n\n\nB1\n", A, NO,
     "a1\n   \n\t\nB1\n", "whitespace-only lines in the file stay byte-identical")
case("blank", "file-blank-run-old-lacks", "yaml", "x: 1\n\n\ny: 2\nz: 3\n", "x: 1\ny: 2\n", "x: 1\ny: 5\n", A, NO,
     "x: 1\n\n\ny: 5\nz: 3\n", "blank run in the file inside the region is kept")
case("blank", "old-blank-file-lacks", "yaml", "x: 1\ny: 2\n", "x: 1\n\ny: 2\n", "x: 1\n\ny: 3\n", A, NO,
     "x: 1\ny: 3\n", "blank line old has and the file lacks is not brought back")

# ---------------- typographic ----------------
case("typo", "curly-to-straight-deliberate", "txt", "He said “hello” today.\r\nNext line.\r\n",
     "He said “hello” today.\nNext line.\n", "He said \"hello\" today.\nNext line.\n", A, NO,
     "He said \"hello\" today.\r\nNext line.\r\n", "model changes curly quotes to straight on purpose: file gets straight")
case("typo", "straight-to-curly-deliberate", "txt", "x = \"a\"\r\ny = 1\r\n", "x = \"a\"\n", "x = “a”\n", A, NO,
     "x = “a”\r\ny = 1\r\n", "model changes straight to curly on purpose")
case("typo", "curly-kept-unchanged-line", "txt", "It’s a “test”.\nEnd\n", "It's a \"test\".\nEnd\n",
     "It's a \"test\".\nEnd!\n", A, NO, "It’s a “test”.\nEnd!\n", "model spelt straight; unchanged line keeps curly")
case("typo", "changed-line-keeps-curly-and-dash", "md", "title: “Intro” – part 1\n", "title: \"Intro\" - part 1\n",
     "title: \"Intro\" - part 2\n", A, NO, "title: “Intro” – part 2\n", "kept tokens keep file spelling")
case("typo", "en-dash-range-kept", "txt", "pages 1–2\r\n", "pages 1-2\n", "pages 1-3\n", A, NO, "pages 1–3\r\n",
     "model kept the dash token (spelt -): file's en dash stays")
case("typo", "en-dash-to-hyphen-deliberate", "txt", "pages 1–2\r\n", "pages 1–2\n", "pages 1-2\n", A, NO,
     "pages 1-2\r\n", "model changes en dash to hyphen on purpose; old/new fold equal")
case("typo", "ellipsis-to-dots-deliberate", "txt", "Loading…\r\nok\r\n", "Loading…\n", "Loading...\n", A, NO,
     "Loading...\r\nok\r\n", "model changes … to ... on purpose")
case("typo", "dots-to-ellipsis-deliberate", "txt", "Wait...\r\nok\r\n", "Wait...\n", "Wait…\n", A, NO,
     "Wait…\r\nok\r\n", "model changes ... to … on purpose")
case("typo", "zero-width-in-identifier", "txt", "user\u200bname = bob\nage = 3\n", "username = bob\n",
     "username = alice\n", A, NO, "user\u200bname = alice\nage = 3\n",
     "zero-width char inside an identifier the model kept: file's spelling kept")
case("typo", "nbsp-unchanged-line", "ini", "a\u00a0=\u00a01\nb = 2\n", "a = 1\nb = 2\n", "a = 1\nb = 3\n", A, NO,
     "a\u00a0=\u00a01\nb = 3\n", "NBSP line unchanged stays byte-identical")
case("typo", "nbsp-changed-line", "ini", "x\u00a0=\u00a01\n", "x = 1\n", "x = 2\n", A, NO, "x\u00a0=\u00a02\n",
     "NBSPs are kept whitespace tokens of the changed line")

case("typo", "en-dash-to-hyphen-plus-change", "txt", "pages 1–2\r\n", "pages 1–2\n", "pages 1-5\n", A, NO,
     "pages 1-5\r\n", "model changes the dash and the number; old/new do not fold equal")
case("typo", "curly-to-straight-plus-change", "txt", "He said “hello” today.\r\nNext line.\r\n",
     "He said “hello” today.\nNext line.\n", "He said \"hi\" today.\nNext line.\n", A, NO,
     "He said \"hi\" today.\r\nNext line.\r\n", "model changes quotes and the word between them")
case("delete", "partial-line-trailing-space-crlf", "txt", "foo(a, b, c)\r\nz\r\n", "b, ", "", A, EX, "foo(a, c)\r\nz\r\n",
     "control: the same partial delete found exactly")
# ---------------- unicode ----------------
case("unicode", "combining-exact", "txt", "café = 1\ncafe\u0301 = 2\nnaïve = 3\n", "cafe\u0301 = 2\n",
     "cafe\u0301 = 20\n", A, EX, "café = 1\ncafe\u0301 = 20\nnaïve = 3\n", "NFD line exact")
case("unicode", "emoji-combining-crlf", "txt", "café = 1\r\ncafe\u0301 = 2\r\n😀 = 3\r\n", "cafe\u0301 = 2\n😀 = 3\n",
     "cafe\u0301 = 2\n😀 = 4\n", A, NO, "café = 1\r\ncafe\u0301 = 2\r\n😀 = 4\r\n", "byte offsets after multibyte chars")
case("unicode", "emoji-midline-normalized", "txt", "x = “😀” + 1\n", "\"😀\" + 1", "\"😀\" + 2", A, NO,
     "x = “😀” + 2\n", "mid-line fragment after curly quotes and a 4-byte emoji")
case("unicode", "nfc-vs-nfd-folded", "txt", "cafe\u0301 = 2\r\n", "café = 2\n", "café = 3\n", A, NO,
     "cafe\u0301 = 3\r\n",
     "rule: locating folds Unicode normalization (NFC old finds the NFD file); what the model did not change (cafe + U+0301) is copied from the file, what it changed is new's, with the file's line ending")
case("unicode", "rtl-hebrew-crlf", "txt", "msg = \"שלום עולם\"\r\nend\r\n", "msg = \"שלום עולם\"\nend\n",
     "msg = \"שלום לכם\"\nend\n", A, NO, "msg = \"שלום לכם\"\r\nend\r\n", "RTL text")

# ---------------- partial lines ----------------
case("partial", "mid-to-mid-3-lines-exact", "sql", "SELECT a, b FROM t\nWHERE x = 1\n  AND y = 2 ORDER BY a;\n",
     "b FROM t\nWHERE x = 1\n  AND y = 2", "b FROM t2\nWHERE x = 1\n  AND y = 3", A, EX,
     "SELECT a, b FROM t2\nWHERE x = 1\n  AND y = 3 ORDER BY a;\n", "partial first and last line, exact")
case("partial", "mid-to-mid-3-lines-normalized", "sql", "SELECT a, b FROM t\r\n\tWHERE x = 1\r\n\tAND y = 2 ORDER BY a;\r\n",
     "b FROM t\n    WHERE x = 1\n    AND y = 2", "b FROM t2\n    WHERE x = 1\n    AND y = 3", A, NO,
     "SELECT a, b FROM t2\r\n\tWHERE x = 1\r\n\tAND y = 3 ORDER BY a;\r\n",
     "suffix of first line, prefix of last line, CRLF + tabs")
case("partial", "mid-word-start-refused", "sql", "SELECT a, b FROM t\r\n\tWHERE x = 1\r\n",
     "LECT a, b FROM t\n    WHERE x = 1\n", "LECT a, b FROM t\n    WHERE x = 2\n", NF,
     note="old starts mid-word (never splitting a word)")

# ---------------- ambiguity / exact wins ----------------
case("ambig", "exact-once-typographic-twice", "txt", "x = \"a\"\ny = 1\nx = “a”\ny = 1\n", "x = \"a\"\ny = 1\n",
     "x = \"b\"\ny = 1\n", A, EX, "x = \"b\"\ny = 1\nx = “a”\ny = 1\n",
     "once exactly, twice folded: the ladder promises exact answers first, so the exact one is edited")
case("ambig", "exact-once-trailing-ws-twice", "txt", "k = 1\nv = 2\nk = 1  \nv = 2\n", "k = 1\nv = 2\n",
     "k = 1\nv = 3\n", A, EX, "k = 1\nv = 3\nk = 1  \nv = 2\n", "exact unique wins over folded duplicate")
case("ambig", "folded-twice-no-exact", "txt", "a = 1\t\nb0\na = 1  \nb0\n", "a = 1\nb0\n", "a = 2\nb0\n", AMB,
     note="two folded places, no exact one")
case("ambig", "inside-longer-word", "txt", "retry_count = 0\n", "count = 0", "count = 1", NF,
     note="lone exact occurrence inside a longer word is not taken")

# ---------------- deletion ----------------
case("delete", "whole-line-crlf", "yaml", "a: 1\r\nb: 2\r\nc: 3\r\n", "b: 2\n", "", A, NO, "a: 1\r\nc: 3\r\n",
     "delete a whole line, CRLF")
case("delete", "partial-line-exact", "txt", "foo(a, b, c)\r\n", "b, ", "", A, EX, "foo(a, c)\r\n", "partial delete")
case("delete", "partial-line-normalized", "txt", "call(“x”, y)\n", "\"x\", ", "", A, NO, "call(y)\n",
     "partial delete of a curly-quoted arg spelt straight")
case("delete", "line-in-tab-block", "txt", "\tone\n\ttwo\n\tthree\n", "    one\n    two\n", "    one\n", A, NO,
     "\tone\n\tthree\n", "delete a line of a tab block")

# ---------------- indentation ----------------
case("indent", "wrap-in-new-level-tabs", "html", "<ul>\n\t<li>a</li>\n\t<li>b</li>\n</ul>\n",
     "<ul>\n    <li>a</li>\n    <li>b</li>\n</ul>\n",
     "<ul>\n    <div>\n        <li>a</li>\n        <li>b</li>\n    </div>\n</ul>\n", A, NO,
     "<ul>\n\t<div>\n\t\t<li>a</li>\n\t\t<li>b</li>\n\t</div>\n</ul>\n", "re-indent kept lines one level deeper, in tabs")
case("indent", "dedent-block-tabs", "txt", "A\n\tB\n\t\tC\n\t\tD\n", "A\n    B\n        C\n        D\n",
     "A\n    B\n    C\n    D\n", A, NO, "A\n\tB\n\tC\n\tD\n", "new only changes indentation (dedent)")
case("indent", "move-line-out-of-block-tabs", "txt", "A\n\tB\n\tC\nD\n", "A\n    B\n    C\nD\n", "A\n    B\nC\nD\n", A, NO,
     "A\n\tB\nC\nD\n", "model deliberately moves C out of the block")
case("indent", "two-space-file-four-space-model", "java",
     "class A {\n  void f() {\n    if (x) {\n      y();\n    }\n  }\n}\n",
     "    void f() {\n        if (x) {\n            y();\n        }\n    }\n",
     "    void f() {\n        if (x) {\n            y();\n            z();\n        }\n    }\n", A, NO,
     "class A {\n  void f() {\n    if (x) {\n      y();\n      z();\n    }\n  }\n}\n", "3 levels, width map 4->2")
case("indent", "two-space-file-four-space-model-deeper", "java",
     "class A {\n  void f() {\n    if (x) {\n      y();\n    }\n  }\n}\n",
     "    void f() {\n        if (x) {\n            y();\n        }\n    }\n",
     "    void f() {\n        if (x) {\n            while (w) {\n                y();\n            }\n        }\n    }\n", A, NO,
     "class A {\n  void f() {\n    if (x) {\n      while (w) {\n        y();\n      }\n    }\n  }\n}\n",
     "unseen model width 16 = one level past 12 -> 8 spaces; y() re-indented deeper")
case("indent", "omitted-new-nests-deeper", "java", "class A {\n    void f() {\n        a();\n        b();\n    }\n}\n",
     "void f() {\n    a();\n    b();\n}\n", "void f() {\n    a();\n    if (c) {\n        b();\n    }\n}\n", A, NO,
     "class A {\n    void f() {\n        a();\n        if (c) {\n            b();\n        }\n    }\n}\n",
     "base indentation omitted; new nests deeper")
case("indent", "flat-old-two-depths-insert-refused", "yaml", "a:\n  b: 1\n  c: 2\nd: 3\n", "b: 1\nc: 2\nd: 3\n",
     "b: 1\nc: 2\ne: 4\nd: 3\n", REF, note="old's column-0 lines sit at two depths in the file; an added line's depth is unknowable")
case("indent", "flat-old-two-depths-change-only", "yaml", "a:\n  b: 1\n  c: 2\nd: 3\n", "b: 1\nc: 2\nd: 3\n",
     "b: 1\nc: 5\nd: 3\n", A, NO, "a:\n  b: 1\n  c: 5\nd: 3\n", "changed line stays in its block")
case("indent", "over-indented-old-tab-file", "c", "int main() {\n\tint a = 1;\n\treturn a;\n}\n",
     "        int a = 1;\n        return a;\n", "        int a = 1;\n        a++;\n        return a;\n", A, NO,
     "int main() {\n\tint a = 1;\n\ta++;\n\treturn a;\n}\n", "over-indented model, tab file")
case("indent", "python-tabs-crlf", "py", "def f(x):\r\n\tif x:\r\n\t\treturn 1\r\n\treturn 0\r\n",
     "def f(x):\n    if x:\n        return 1\n    return 0\n",
     "def f(x):\n    if x:\n        return 1\n    elif x is None:\n        return -1\n    return 0\n", A, NO,
     "def f(x):\r\n\tif x:\r\n\t\treturn 1\r\n\telif x is None:\r\n\t\treturn -1\r\n\treturn 0\r\n", "python, only whitespace differs", lang="python")
case("indent", "python-depth-disagrees-refused", "py", "if a:\n    b()\n    c()\n", "if a:\n    b()\nc()\n",
     "if a:\n    b()\nd()\n", REF, note="python: old's relative indentation disagrees with the file", lang="python")
case("indent", "ts-trailing-ws-crlf", "ts", "function a() {  \r\n  return 1;\r\n}\r\n", "function a() {\n  return 1;\n}\n",
     "function a() {\n  return 2;\n}\n", A, NO, "function a() {  \r\n  return 2;\r\n}\r\n", "TS whitespace-only drift", lang="typescript")

# ---------------- misc ----------------
big = "x" * 200000
case("misc", "huge-line-crlf", "txt", "head\r\n" + big + " MARK\r\ntail\r\n", big + " MARK\ntail\n", big + " MARK\ntail2\n",
     A, NO, "head\r\n" + big + " MARK\r\ntail2\r\n", "200 KB line")
case("misc", "yaml-dots-are-content", "yaml", "a: 1\r\n...\r\n---\r\nb: 2\r\n", "a: 1\n...\n---\nb: 2\n",
     "a: 1\n...\n---\nb: 3\n", A, NO, "a: 1\r\n...\r\n---\r\nb: 3\r\n", "YAML document end marker is content, not elision")
case("misc", "md-dots-line-content-changed", "md", "Steps:\r\n...\r\nDone\r\n", "Steps:\n...\nDone\n",
     "Steps:\n...\nFinished\n", A, NO, "Steps:\r\n...\r\nFinished\r\n", "'...' line in markdown is real content")
case("misc", "html-entities-real-exact", "html", "<p>a &lt; b &amp; c</p>\n<p>x</p>\n", "<p>a &lt; b &amp; c</p>\n",
     "<p>a &lt;= b &amp; c</p>\n", A, EX, "<p>a &lt;= b &amp; c</p>\n<p>x</p>\n", "real entities stay")
case("misc", "html-entities-real-normalized", "html", "<p>a &lt; b &amp; c</p>\r\n<p>x</p>\r\n",
     "<p>a &lt; b &amp; c</p>\n", "<p>a &lt;= b &amp; c</p>\n", A, NO, "<p>a &lt;= b &amp; c</p>\r\n<p>x</p>\r\n",
     "real entities stay, CRLF; no html-entities repair", repairs=[])
case("misc", "already-applied-crlf", "txt", "x = 2\r\n", "x = 1\n", "x = 2\n", AA, note="new already there")
case("misc", "already-applied-typographic", "txt", "label: “Go”\n", "label: \"Stop\"\n", "label: \"Go\"\n", AA,
     note="new already there modulo folding")

# ---------------- repairs: line numbers over numeric content ----------------
case("repairs", "pipe-numbered-file-normalized", "txt", "   1 | first\r\n   2 | second\r\n   3 | third\r\n",
     "   2 | second\n", "   2 | SECOND\n", A, NO, "   1 | first\r\n   2 | SECOND\r\n   3 | third\r\n",
     "file's own lines look like line-number prefixes: plain tiers land it, nothing stripped", repairs=[])
case("repairs", "csv-exact-no-strip", "csv", "1,apple,3\n2,banana,5\n3,cherry,7\n", "2,banana,5\n", "2,banana,6\n", A, EX,
     "1,apple,3\n2,banana,6\n3,cherry,7\n", "numbers are content", repairs=[])
case("repairs", "cat-n-over-pipe-content", "txt", "1 | alpha\n2 | beta\n3 | gamma\n", "     2\t2 | beta\n",
     "     2\t2 | BETA\n", A, EX, "1 | alpha\n2 | BETA\n3 | gamma\n", "strip the read prefix once only",
     drift="line-numbers", repairs=["line-numbers"])
case("repairs", "pipe-prefix-over-pipe-content", "txt", "1 | alpha\n2 | beta\n3 | gamma\n", "  2 | 2 | beta\n",
     "  2 | 2 | BETA\n", A, EX, "1 | alpha\n2 | BETA\n3 | gamma\n", "prefix `  2 | ` over content `2 | beta`",
     drift="line-numbers", repairs=["line-numbers"])
case("repairs", "cat-n-numbered-list-md", "md", "1. one\r\n2. two\r\n3. three\r\n", "     2\t2. two\n     3\t3. three\n",
     "     2\t2. two\n     3\t3. THREE\n", A, NO, "1. one\r\n2. two\r\n3. THREE\r\n", "numbered list content kept",
     drift="line-numbers", repairs=["line-numbers"])
case("repairs", "arrow-prefix-csv-crlf", "csv", "10,a\r\n20,b\r\n30,c\r\n", "     2→20,b\n", "     2→20,bb\n", A, NO,
     "10,a\r\n20,bb\r\n30,c\r\n", "arrow prefix over numeric CSV", drift="line-numbers", repairs=["line-numbers"])
print(N, "cases written to", ROOT)
