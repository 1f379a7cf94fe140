"""The Python side of the bindings' per-call overhead bench (see run): the same edit as
overhead.rs. Prints `python <what> <lines> <µs per call>`."""

import time

import editloc


def case(n):
    line = lambda i: f'const v{i} = compute({i}, "x{i}");'
    file = "function f() {\r\n" + "".join(f"\t{line(i)}\r\n" for i in range(n)) + "}\r\n"
    k = n // 2
    old = f"    {line(k)}\n    {line(k + 1)}"
    new = f'    {line(k)}\n    const v{k + 1} = compute({k + 1}, "y");'
    return file, old, new


def per_call(calls, f):
    for _ in range(calls // 10):
        f()
    start = time.perf_counter()
    for _ in range(calls):
        f()
    return (time.perf_counter() - start) * 1e6 / calls


for n, calls in [(20, 20_000), (1_000, 2_000)]:
    file, old, new = case(n)
    doc = editloc.Document(file)
    expected = doc.apply(old, new).content
    assert expected.count("\r\n") == n + 2
    print(f"python apply {n} {per_call(calls, lambda: doc.apply(old, new)):.2f}")
    print(f"python new+apply {n} {per_call(calls, lambda: editloc.Document(file).apply(old, new)):.2f}")
