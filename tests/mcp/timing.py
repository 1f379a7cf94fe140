"""Round-trip timings of `editloc mcp` through the Python SDK (not run by the tests).

    python tests/mcp/timing.py target/release/editloc FILE.ts

FILE.ts: a TypeScript file holding `value_I = I;` for I in 0..20 and functions
`export function fn_N(a: number, b: number) {` (any generated file of that shape). Prints the
median time of 20 `edit` calls (each changes the file), of 20 structural `check` calls on the
unchanged file (the first parses, the rest reuse the warm document) and of one `read`."""
import asyncio, os, sys, tempfile, time, statistics
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BIN = sys.argv[1]
SRC = sys.argv[2]  # a TypeScript file to copy


async def main():
    root = tempfile.mkdtemp()
    text = open(SRC).read()
    path = os.path.join(root, "big.ts")
    open(path, "w").write(text)
    params = StdioServerParameters(command=BIN, args=["mcp"], cwd=root)
    async with stdio_client(params) as (rd, wr):
        async with ClientSession(rd, wr) as s:
            await s.initialize()
            # A structural check (old reformatted so only the structural tier finds it).
            lines = text.splitlines()
            n = len(lines)
            async def timed(name, args):
                t = time.perf_counter()
                r = await s.call_tool(name, args)
                return (time.perf_counter() - t) * 1000, r
            # exact edits: each changes the file (new document each time)
            ts = []
            for i in range(20):
                ms, r = await timed("edit", {"file_path": "big.ts", "old_string": f"value_{i} = {i};", "new_string": f"value_{i} = {i + 1000};"})
                assert not r.is_error, r.content[0].text[:300]
                ts.append(ms)
            print(f"edit (exact, file of {n} lines): median {statistics.median(ts):.1f} ms, first {ts[0]:.1f} ms")
            ts = []
            for i in range(20):
                ms, r = await timed("check", {"file_path": "big.ts", "old_string": f"export function fn_{i * 7}(a: number,\n  b: number) {{"})
                ts.append(ms)
            print(f"check (structural; first parses, later reuse the warm tree): first {ts[0]:.1f} ms, median of the rest {statistics.median(ts[1:]):.1f} ms")
            ms, r = await timed("read", {"file_path": "big.ts"})
            print(f"read (2000 lines): {ms:.1f} ms")

asyncio.run(main())
