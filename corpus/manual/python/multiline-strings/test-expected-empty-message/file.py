import textwrap

from report import render


def test_render_two_rows():
    got = render([("a", 1), ("b", 2)])
    expected = textwrap.dedent("""
        name  count
        a     1
        b     2
    """).strip()
    assert got == expected


def test_render_empty():
    assert render([]) == "no rows"
