#!/usr/bin/env python3
"""Writes the hand-specified cases of issue 10's items 4 and 5 (Python):

- `multiline-strings/`: a fragment holding a triple-quoted string whose continuation lines
  are indented (SQL, help texts, docstrings, templates), sent as the model remembers the code
  (single quotes, lines black wraps) with an edit next to the string;
- `ellipsis-code/`: `...` as code (Protocol and abstract method bodies, `@overload` stubs,
  `Callable[..., T]`, `x[..., 0]`, an `Ellipsis` default) in `old`, never read as an elision
  marker, with an edit next to it.

Each case: `source` is the module as the model remembers it, `old` a fragment of it, `new`
that fragment edited. The file is black's output of `source`; the expected file is black's
output of `source` with `old` replaced by `new` (the real formatter decides, not editloc).
Near misses (`old` that the file does not say) must be refused. The tier is the reference
locator's (`corpus/generate`'s `classify`).

Run from the repository root: `python3 corpus/manual/python/make_items.py` (needs the
formatters `corpus/generate` installs into `corpus/.tools`).
"""

import importlib.machinery
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BLACK = ROOT / ".tools" / "venv" / "bin" / "black"


def reference():
    loader = importlib.machinery.SourceFileLoader("generate", str(ROOT / "generate"))
    spec = importlib.util.spec_from_loader("generate", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def black(text):
    p = subprocess.run([str(BLACK), "-q", "-"], input=text, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("black failed:\n" + p.stderr + text)
    return p.stdout


# ----------------------------------------------------------------------------- item 4

STRINGS = {}

STRINGS["orders-repo"] = '''import sqlite3


class OrderRepository:
    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def open_orders(self, customer_id):
        sql = """
            SELECT id, total, created_at
            FROM orders
            WHERE customer_id = ? AND status = 'open'
            ORDER BY created_at DESC
        """
        rows = self.conn.execute(sql, (customer_id,)).fetchall()
        return [dict(id=r[0], total=r[1], created_at=r[2]) for r in rows]

    def close(self, order_id):
        sql = """
            UPDATE orders
            SET status = 'closed'
            WHERE id = ?
        """
        self.conn.execute(sql, (order_id,))
        self.conn.commit()
'''

STRINGS["cli-help"] = '''import argparse


def build_parser():
    parser = argparse.ArgumentParser(prog='sync', description="""
        Synchronise a local folder with a remote bucket.
        Files newer on either side win; deletions are not propagated.
    """)
    parser.add_argument('source', help='the local folder')
    parser.add_argument('--dry-run', action='store_true', help="""
        Print what would be copied,
        copy nothing.
    """)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    print('syncing', args.source)
    return 0
'''

STRINGS["docstrings"] = '''class RateLimiter:
    def __init__(self, rate, burst):
        """Create a limiter.

        rate: tokens added per second
        burst: the most tokens held at once
        """
        self.rate = rate
        self.burst = burst
        self.tokens = burst

    def take(self, n=1):
        """Take n tokens if there are enough.

        Returns True when taken, False otherwise;
        never blocks.
        """
        if self.tokens >= n:
            self.tokens -= n
            return True
        return False
'''

STRINGS["mail-templates"] = '''WELCOME = """
    Hello {name},

    Welcome to {product}! Your account is ready.
"""


def render_welcome(user, product):
    body = WELCOME.format(name=user['name'], product=product)
    footer = """
        --
        The {product} team
    """.format(product=product)
    return body + footer


def subject(product):
    return 'Welcome to ' + product
'''

STRINGS["graphql"] = '''import requests

QUERY = """
    query Repo($owner: String!, $name: String!) {
        repository(owner: $owner, name: $name) {
            stargazerCount
        }
    }
"""


def stars(owner, name, token):
    response = requests.post('https://api.github.com/graphql', json={'query': QUERY, 'variables': {'owner': owner, 'name': name}}, headers={'Authorization': 'bearer ' + token})
    data = response.json()
    return data['data']['repository']['stargazerCount']
'''

STRINGS["test-expected"] = '''import textwrap

from report import render


def test_render_two_rows():
    got = render([('a', 1), ('b', 2)])
    expected = textwrap.dedent("""
        name  count
        a     1
        b     2
    """).strip()
    assert got == expected


def test_render_empty():
    assert render([]) == 'no rows'
'''

STRINGS["migration"] = '''from alembic import op


def upgrade():
    op.execute("""
        CREATE TABLE audit_log (
            id INTEGER PRIMARY KEY,
            actor TEXT NOT NULL,
            action TEXT NOT NULL
        )
    """)
    op.create_index('ix_audit_actor', 'audit_log', ['actor'])


def downgrade():
    op.drop_index('ix_audit_actor', table_name='audit_log')
    op.execute('DROP TABLE audit_log')
'''

STRINGS["log-format"] = '''import logging

FORMAT = """%(asctime)s %(levelname)s
    %(name)s: %(message)s"""


def setup(level='INFO', name='app'):
    logging.basicConfig(level=level, format=FORMAT)
    logger = logging.getLogger(name)
    logger.info('logging ready at %s', level)
    return logger
'''

# (module, case name, old, new): `old` is a fragment of the module as remembered.
STRING_EDITS = [
    ("orders-repo", "limit-rows", '''        rows = self.conn.execute(sql, (customer_id,)).fetchall()
        return [dict(id=r[0], total=r[1], created_at=r[2]) for r in rows]''',
     '''        rows = self.conn.execute(sql, (customer_id,)).fetchmany(100)
        return [dict(id=r[0], total=r[1], created_at=r[2]) for r in rows]'''),
    ("orders-repo", "query-and-fetch", '''    def open_orders(self, customer_id):
        sql = """
            SELECT id, total, created_at
            FROM orders
            WHERE customer_id = ? AND status = 'open'
            ORDER BY created_at DESC
        """
        rows = self.conn.execute(sql, (customer_id,)).fetchall()''',
     '''    def open_orders(self, customer_id, limit=50):
        sql = """
            SELECT id, total, created_at
            FROM orders
            WHERE customer_id = ? AND status = 'open'
            ORDER BY created_at DESC
        """
        rows = self.conn.execute(sql, (customer_id,)).fetchmany(limit)'''),
    ("orders-repo", "close-commit", '''sql = """
            UPDATE orders
            SET status = 'closed'
            WHERE id = ?
        """
        self.conn.execute(sql, (order_id,))
        self.conn.commit()''',
     '''sql = """
            UPDATE orders
            SET status = 'closed'
            WHERE id = ?
        """
        cur = self.conn.execute(sql, (order_id,))
        self.conn.commit()
        return cur.rowcount'''),
    ("orders-repo", "close-signature", '''    def close(self, order_id):
        sql = """
            UPDATE orders''',
     '''    def close(self, order_id: int):
        sql = """
            UPDATE orders'''),
    ("cli-help", "source-help", '''    parser.add_argument('source', help='the local folder')''',
     '''    parser.add_argument('source', help='the local folder to sync')'''),
    ("cli-help", "add-verbose", '''    parser.add_argument('--dry-run', action='store_true', help="""
        Print what would be copied,
        copy nothing.
    """)
    return parser''',
     '''    parser.add_argument('--dry-run', action='store_true', help="""
        Print what would be copied,
        copy nothing.
    """)
    parser.add_argument('--verbose', action='store_true')
    return parser'''),
    ("cli-help", "prog-name", '''    parser = argparse.ArgumentParser(prog='sync', description="""
        Synchronise a local folder with a remote bucket.
        Files newer on either side win; deletions are not propagated.
    """)''',
     '''    parser = argparse.ArgumentParser(prog='bucket-sync', description="""
        Synchronise a local folder with a remote bucket.
        Files newer on either side win; deletions are not propagated.
    """)'''),
    ("cli-help", "main-print", '''    args = build_parser().parse_args(argv)
    print('syncing', args.source)''',
     '''    args = build_parser().parse_args(argv)
    print('syncing', args.source, 'dry run' if args.dry_run else '')'''),
    ("docstrings", "init-refill", '''        self.rate = rate
        self.burst = burst
        self.tokens = burst''',
     '''        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.refilled_at = 0.0'''),
    ("docstrings", "take-docstring-and-check", '''    def take(self, n=1):
        """Take n tokens if there are enough.

        Returns True when taken, False otherwise;
        never blocks.
        """
        if self.tokens >= n:''',
     '''    def take(self, n=1):
        """Take n tokens if there are enough.

        Returns True when taken, False otherwise;
        never blocks.
        """
        if n > 0 and self.tokens >= n:'''),
    ("docstrings", "init-signature", '''def __init__(self, rate, burst):
        """Create a limiter.''',
     '''def __init__(self, rate: float, burst: int):
        """Create a limiter.'''),
    ("docstrings", "take-return", '''            self.tokens -= n
            return True
        return False''',
     '''            self.tokens -= n
            return True
        self.denied = getattr(self, 'denied', 0) + 1
        return False'''),
    ("mail-templates", "welcome-format", '''    body = WELCOME.format(name=user['name'], product=product)''',
     '''    body = WELCOME.format(name=user['display_name'], product=product)'''),
    ("mail-templates", "footer-and-return", '''    footer = """
        --
        The {product} team
    """.format(product=product)
    return body + footer''',
     '''    footer = """
        --
        The {product} team
    """.format(product=product)
    return (body + footer).strip()'''),
    ("mail-templates", "subject", '''def subject(product):
    return 'Welcome to ' + product''',
     '''def subject(product):
    return 'Welcome to ' + product + '!\''''),
    ("mail-templates", "render-signature", '''def render_welcome(user, product):
    body = WELCOME.format(name=user['name'], product=product)''',
     '''def render_welcome(user, product='Acme'):
    body = WELCOME.format(name=user['name'], product=product)'''),
    ("graphql", "stars-timeout", '''    response = requests.post('https://api.github.com/graphql', json={'query': QUERY, 'variables': {'owner': owner, 'name': name}}, headers={'Authorization': 'bearer ' + token})''',
     '''    response = requests.post('https://api.github.com/graphql', json={'query': QUERY, 'variables': {'owner': owner, 'name': name}}, headers={'Authorization': 'bearer ' + token}, timeout=10)'''),
    ("graphql", "raise-for-status", '''    data = response.json()
    return data['data']['repository']['stargazerCount']''',
     '''    response.raise_for_status()
    data = response.json()
    return data['data']['repository']['stargazerCount']'''),
    ("graphql", "signature", '''def stars(owner, name, token):''',
     '''def stars(owner: str, name: str, token: str) -> int:'''),
    ("graphql", "query-and-def", '''            stargazerCount
        }
    }
"""


def stars(owner, name, token):''',
     '''            stargazerCount
        }
    }
"""


def stars(owner, name, token=''):'''),
    ("test-expected", "three-rows", '''    got = render([('a', 1), ('b', 2)])''',
     '''    got = render([('a', 1), ('b', 2), ('c', 3)])'''),
    ("test-expected", "assert-message", '''        b     2
    """).strip()
    assert got == expected''',
     '''        b     2
    """).strip()
    assert got == expected, got'''),
    ("test-expected", "empty-message", '''def test_render_empty():
    assert render([]) == 'no rows\'''',
     '''def test_render_empty():
    assert render([]) == 'no rows to show\''''),
    ("test-expected", "rename-test", '''def test_render_two_rows():
    got = render([('a', 1), ('b', 2)])
    expected = textwrap.dedent("""
        name  count
        a     1
        b     2
    """).strip()''',
     '''def test_render_rows_in_order():
    got = render([('a', 1), ('b', 2)])
    expected = textwrap.dedent("""
        name  count
        a     1
        b     2
    """).strip()'''),
    ("migration", "index-unique", '''    op.create_index('ix_audit_actor', 'audit_log', ['actor'])''',
     '''    op.create_index('ix_audit_actor', 'audit_log', ['actor'], unique=False)'''),
    ("migration", "downgrade-if-exists", '''    op.drop_index('ix_audit_actor', table_name='audit_log')
    op.execute('DROP TABLE audit_log')''',
     '''    op.drop_index('ix_audit_actor', table_name='audit_log')
    op.execute('DROP TABLE IF EXISTS audit_log')'''),
    ("migration", "second-index", '''    op.execute("""
        CREATE TABLE audit_log (
            id INTEGER PRIMARY KEY,
            actor TEXT NOT NULL,
            action TEXT NOT NULL
        )
    """)
    op.create_index('ix_audit_actor', 'audit_log', ['actor'])''',
     '''    op.execute("""
        CREATE TABLE audit_log (
            id INTEGER PRIMARY KEY,
            actor TEXT NOT NULL,
            action TEXT NOT NULL
        )
    """)
    op.create_index('ix_audit_actor', 'audit_log', ['actor'])
    op.create_index('ix_audit_action', 'audit_log', ['action'])'''),
    ("migration", "upgrade-doc", '''def upgrade():
    op.execute("""''',
     '''def upgrade():
    """Create the audit log."""
    op.execute("""'''),
    ("log-format", "setup-level", '''def setup(level='INFO', name='app'):''',
     '''def setup(level='WARNING', name='app'):'''),
    ("log-format", "handler", '''    logger = logging.getLogger(name)
    logger.info('logging ready at %s', level)''',
     '''    logger = logging.getLogger(name)
    logger.propagate = False
    logger.info('logging ready at %s', level)'''),
    ("log-format", "format-and-setup", '''FORMAT = """%(asctime)s %(levelname)s
    %(name)s: %(message)s"""


def setup(level='INFO', name='app'):
    logging.basicConfig(level=level, format=FORMAT)''',
     '''FORMAT = """%(asctime)s %(levelname)s
    %(name)s: %(message)s"""


def setup(level='INFO', name='app'):
    logging.basicConfig(level=level, format=FORMAT, force=True)'''),
    ("log-format", "return-name", '''    logger.info('logging ready at %s', level)
    return logger''',
     '''    logger.info('logging ready at %s for %s', level, name)
    return logger'''),
]

# Near misses: `old` says a string value the file does not hold.
STRING_MISSES = [
    ("orders-repo", "other-sql", '''        sql = """
            SELECT id, total
            FROM orders
        """''', '''        sql = """
            SELECT id
            FROM orders
        """'''),
    ("docstrings", "other-docstring", '''        """Take n tokens.
        """
        if self.tokens >= n:''', '''        """Take n tokens.
        """
        if self.tokens > n:'''),
]

# ----------------------------------------------------------------------------- item 5

ELLIPSIS = {}

ELLIPSIS["protocols"] = '''from typing import Protocol


class Store(Protocol):
    def get(self, key: str) -> bytes: ...
    def put(self, key: str, value: bytes) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...


def copy(src: Store, dst: Store, key: str) -> None:
    dst.put(key, src.get(key))
'''

ELLIPSIS["overloads"] = '''from typing import overload


@overload
def parse(value: str) -> int: ...
@overload
def parse(value: bytes) -> int: ...
def parse(value):
    if isinstance(value, bytes):
        value = value.decode('ascii')
    return int(value.strip())
'''

ELLIPSIS["abstract"] = '''from abc import ABC, abstractmethod


class Exporter(ABC):
    @abstractmethod
    def header(self) -> list[str]: ...

    @abstractmethod
    def row(self, item) -> list[str]: ...

    def export(self, items):
        yield self.header()
        for item in items:
            yield self.row(item)
'''

ELLIPSIS["callables"] = '''from typing import Any, Callable

Handler = Callable[..., Any]
HANDLERS: dict[str, Handler] = {}


def register(name: str, fn: Handler) -> Handler:
    HANDLERS[name] = fn
    return fn


def dispatch(name: str, *args: Any) -> Any:
    return HANDLERS[name](*args)
'''

ELLIPSIS["arrays"] = '''import numpy as np


def channels_last(img):
    return np.moveaxis(img, 0, -1)


def first_channel(batch):
    return batch[..., 0]


def normalise(batch, mean, std):
    out = (batch - mean[..., None]) / std[..., None]
    return out.astype('float32')
'''

ELLIPSIS["defaults"] = '''from dataclasses import dataclass
from typing import Any


@dataclass
class Option:
    name: str
    default: Any = ...
    required: bool = False

    def missing(self) -> bool:
        return self.default is ... and self.required
'''

ELLIPSIS["stubs"] = '''class Connection:
    timeout: float
    def connect(self, host: str, port: int = ...) -> None: ...
    def send(self, data: bytes) -> int: ...
    def close(self) -> None: ...

def open_connection(host: str, port: int = ..., timeout: float = ...) -> Connection: ...
'''

ELLIPSIS["typed-dict"] = '''from typing import Protocol, TypedDict


class Event(TypedDict):
    name: str
    at: float


class Sink(Protocol):
    def emit(self, event: Event) -> None: ...
    def flush(self) -> None: ...


def emit_all(sink: Sink, events: list[Event]) -> None:
    for event in events:
        sink.emit(event)
    sink.flush()
'''


ELLIPSIS["own-line-bodies"] = '''from typing import Protocol, overload


class Cache(Protocol):
    def get(self, key: str) -> bytes | None:
        ...

    def set(self, key: str, value: bytes, ttl: int) -> None:
        ...


class Metrics(Protocol):
    def count(self, name: str, n: int = 1) -> None:
        ...


@overload
def size(x: str) -> int:
    ...


@overload
def size(x: list) -> int:
    ...


def size(x):
    return len(x)
'''

ELLIPSIS_EDITS_OWN_LINE = [
    ("own-line-bodies", "cache-delete", '''    def set(self, key: str, value: bytes, ttl: int) -> None:
        ...''', '''    def set(self, key: str, value: bytes, ttl: int) -> None:
        ...

    def delete(self, key: str) -> None:
        ...'''),
    ("own-line-bodies", "cache-get-default", '''    def get(self, key: str) -> bytes | None:
        ...''', '''    def get(self, key: str, default: bytes | None = None) -> bytes | None:
        ...'''),
    ("own-line-bodies", "set-ttl-optional", '''def set(self, key: str, value: bytes, ttl: int) -> None:
        ...''', '''def set(self, key: str, value: bytes, ttl: int | None = None) -> None:
        ...'''),
    ("own-line-bodies", "metrics-gauge", '''class Metrics(Protocol):
    def count(self, name: str, n: int = 1) -> None:
        ...''', '''class Metrics(Protocol):
    def count(self, name: str, n: int = 1) -> None:
        ...

    def gauge(self, name: str, value: float) -> None:
        ...'''),
    ("own-line-bodies", "size-bytes-overload", '''@overload
def size(x: list) -> int:
    ...''', '''@overload
def size(x: list) -> int:
    ...


@overload
def size(x: bytes) -> int:
    ...'''),
    ("own-line-bodies", "size-str-typed", '''@overload
def size(x: str) -> int:
    ...''', '''@overload
def size(x: str, encoded: bool = False) -> int:
    ...'''),
    ("own-line-bodies", "count-default", '''    def count(self, name: str, n: int = 1) -> None:
        ...''', '''    def count(self, name: str, n: int = 1, tags: dict | None = None) -> None:
        ...'''),
]

ELLIPSIS_EDITS = [
    ("protocols", "store-delete", '''    def get(self, key: str) -> bytes: ...
    def put(self, key: str, value: bytes) -> None: ...''',
     '''    def get(self, key: str) -> bytes: ...
    def put(self, key: str, value: bytes) -> None: ...
    def delete(self, key: str) -> None: ...'''),
    ("protocols", "clock-monotonic", '''class Clock(Protocol):
    def now(self) -> float: ...''',
     '''class Clock(Protocol):
    def now(self) -> float: ...
    def monotonic(self) -> float: ...'''),
    ("protocols", "get-default", '''def get(self, key: str) -> bytes: ...''',
     '''def get(self, key: str, default: bytes = b'') -> bytes: ...'''),
    ("protocols", "copy-check", '''def copy(src: Store, dst: Store, key: str) -> None:
    dst.put(key, src.get(key))''',
     '''def copy(src: Store, dst: Store, key: str) -> None:
    if src is dst:
        return
    dst.put(key, src.get(key))'''),
    ("overloads", "parse-float", '''@overload
def parse(value: bytes) -> int: ...
def parse(value):''',
     '''@overload
def parse(value: bytes) -> int: ...
@overload
def parse(value: float) -> int: ...
def parse(value):'''),
    ("overloads", "decode-utf8", '''    if isinstance(value, bytes):
        value = value.decode('ascii')''',
     '''    if isinstance(value, bytes):
        value = value.decode('utf-8')'''),
    ("overloads", "str-base", '''@overload
def parse(value: str) -> int: ...''',
     '''@overload
def parse(value: str, base: int = 10) -> int: ...'''),
    ("overloads", "return-base", '''    return int(value.strip())''',
     '''    return int(value.strip(), 10)'''),
    ("abstract", "header-tuple", '''    @abstractmethod
    def header(self) -> list[str]: ...''',
     '''    @abstractmethod
    def header(self) -> tuple[str, ...]: ...'''),
    ("abstract", "footer", '''    @abstractmethod
    def row(self, item) -> list[str]: ...

    def export(self, items):''',
     '''    @abstractmethod
    def row(self, item) -> list[str]: ...

    def footer(self) -> list[str]:
        return []

    def export(self, items):'''),
    ("abstract", "export-footer", '''        for item in items:
            yield self.row(item)''',
     '''        for item in items:
            yield self.row(item)
        yield self.footer()'''),
    ("abstract", "row-typed", '''def row(self, item) -> list[str]: ...''',
     '''def row(self, item: dict) -> list[str]: ...'''),
    ("callables", "handler-type", '''Handler = Callable[..., Any]''',
     '''Handler = Callable[..., object]'''),
    ("callables", "register-check", '''def register(name: str, fn: Handler) -> Handler:
    HANDLERS[name] = fn''',
     '''def register(name: str, fn: Handler) -> Handler:
    if name in HANDLERS:
        raise KeyError(name)
    HANDLERS[name] = fn'''),
    ("callables", "dispatch-kwargs", '''def dispatch(name: str, *args: Any) -> Any:
    return HANDLERS[name](*args)''',
     '''def dispatch(name: str, *args: Any, **kwargs: Any) -> Any:
    return HANDLERS[name](*args, **kwargs)'''),
    ("callables", "registry-and-handler", '''Handler = Callable[..., Any]
HANDLERS: dict[str, Handler] = {}''',
     '''Handler = Callable[..., Any]
HANDLERS: dict[str, Handler] = {}
ALIASES: dict[str, str] = {}'''),
    ("arrays", "first-channel-keep", '''def first_channel(batch):
    return batch[..., 0]''',
     '''def first_channel(batch):
    return batch[..., :1]'''),
    ("arrays", "normalise-eps", '''    out = (batch - mean[..., None]) / std[..., None]''',
     '''    out = (batch - mean[..., None]) / (std[..., None] + 1e-6)'''),
    ("arrays", "normalise-dtype", '''    out = (batch - mean[..., None]) / std[..., None]
    return out.astype('float32')''',
     '''    out = (batch - mean[..., None]) / std[..., None]
    return out.astype('float16')'''),
    ("arrays", "last-channel", '''def first_channel(batch):
    return batch[..., 0]''',
     '''def first_channel(batch):
    return batch[..., 0]


def last_channel(batch):
    return batch[..., -1]'''),
    ("defaults", "help-field", '''    default: Any = ...
    required: bool = False''',
     '''    default: Any = ...
    required: bool = False
    help: str = ""'''),
    ("defaults", "missing-or", '''        return self.default is ... and self.required''',
     '''        return self.default is ... or self.required'''),
    ("defaults", "name-typed", '''class Option:
    name: str
    default: Any = ...''',
     '''class Option:
    name: str
    default: Any = ...
    aliases: tuple[str, ...] = ()'''),
    ("defaults", "missing-doc", '''    def missing(self) -> bool:
        return self.default is ... and self.required''',
     '''    def missing(self) -> bool:
        """Whether a required option got no value."""
        return self.default is ... and self.required'''),
    ("stubs", "send-flags", '''    def send(self, data: bytes) -> int: ...''',
     '''    def send(self, data: bytes, flags: int = ...) -> int: ...'''),
    ("stubs", "recv", '''    def send(self, data: bytes) -> int: ...
    def close(self) -> None: ...''',
     '''    def send(self, data: bytes) -> int: ...
    def recv(self, size: int) -> bytes: ...
    def close(self) -> None: ...'''),
    ("stubs", "open-tls", '''def open_connection(host: str, port: int = ..., timeout: float = ...) -> Connection: ...''',
     '''def open_connection(host: str, port: int = ..., timeout: float = ..., tls: bool = ...) -> Connection: ...'''),
    ("stubs", "timeout-optional", '''class Connection:
    timeout: float''',
     '''class Connection:
    timeout: float | None'''),
    ("typed-dict", "event-source", '''class Event(TypedDict):
    name: str
    at: float''',
     '''class Event(TypedDict):
    name: str
    at: float
    source: str'''),
    ("typed-dict", "sink-close", '''    def emit(self, event: Event) -> None: ...
    def flush(self) -> None: ...''',
     '''    def emit(self, event: Event) -> None: ...
    def flush(self) -> None: ...
    def close(self) -> None: ...'''),
    ("typed-dict", "emit-batch", '''    for event in events:
        sink.emit(event)
    sink.flush()''',
     '''    for event in events:
        sink.emit(event)
        if len(events) > 100:
            sink.flush()
    sink.flush()'''),
    ("typed-dict", "emit-returns", '''def emit_all(sink: Sink, events: list[Event]) -> None:''',
     '''def emit_all(sink: Sink, events: list[Event]) -> int:'''),
]

# Near misses: `old` says `pass` or a body the file does not have where the file has `...`.
ELLIPSIS_MISSES = [
    ("protocols", "pass-for-ellipsis", '''    def get(self, key: str) -> bytes:
        pass''', '''    def get(self, key: str) -> bytes:
        return b\'\''''),
    ("abstract", "raise-for-ellipsis", '''    @abstractmethod
    def header(self) -> list[str]:
        raise NotImplementedError''', '''    @abstractmethod
    def header(self) -> list[str]:
        return []'''),
]


# ----------------------------------------------------------------------------- writing

def write_case(gen, folder, drift, name, source, old, new, expect):
    """One case; `expect` "applied" needs `old` once in `source`, "not_found" not at all."""
    if source.count(old) != (1 if expect == "applied" else 0):
        sys.exit("%s/%s: `old` occurs %d times in the source" % (folder, name, source.count(old)))
    file_text = black(source)
    d = HERE / folder / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    (d / "file.py").write_text(file_text, encoding="utf-8")
    (d / "old").write_text(old, encoding="utf-8")
    (d / "new").write_text(new, encoding="utf-8")
    meta = ['drift = "%s"' % drift, 'expect = "%s"' % expect, 'lang = "python"']
    if expect == "applied":
        tier = gen.classify(file_text, old, "python")
        if tier not in ("exact", "normalized", "structural"):
            sys.exit("%s/%s: the reference locator finds `old` %s" % (folder, name, tier))
        (d / "expected.py").write_text(black(source.replace(old, new)), encoding="utf-8")
        meta.append('tier = "%s"' % tier)
        # The text tiers write `new` as sent and the conventions follow only what the file
        # shows: an output that black formats to the expected file is met (the real
        # formatter judges it, `corpus/generate --judge`).
        first, last = gen.old_span(file_text, old, "python")
        meta += ['judge = "formatter"', 'formatter = { tool = "black" }',
                 "region = [%d, %d]" % (first, last)]
    shapes = [] if old.endswith("\n") else ["no-final-newline"]
    if expect == "applied" and old[:1] not in (" ", "\t"):
        first = source[: source.index(old)].rsplit("\n", 1)[-1]
        if first and not first.strip():
            shapes.append("mid-line-start")
    meta.append("shape = [%s]" % ", ".join('"%s"' % s for s in shapes))
    what = ("a triple-quoted string with indented continuation lines"
            if drift == "multiline-string" else "`...` is code, not an elision marker")
    near = "; a near miss the file does not say" if expect != "applied" else ""
    meta.append('note = "issue 10: %s; file formatted by black; old as remembered%s"' % (what, near))
    (d / "case.toml").write_text("\n".join(meta) + "\n", encoding="utf-8")


def main():
    gen = reference()
    sets = [
        ("multiline-strings", "multiline-string", STRINGS, STRING_EDITS, STRING_MISSES),
        ("ellipsis-code", "ellipsis-code", ELLIPSIS, ELLIPSIS_EDITS + ELLIPSIS_EDITS_OWN_LINE,
         ELLIPSIS_MISSES),
    ]
    for folder, drift, modules, edits, misses in sets:
        for mod, name, old, new in edits:
            write_case(gen, folder, drift, mod + "-" + name, modules[mod], old, new, "applied")
        for mod, name, old, new in misses:
            write_case(gen, folder, drift, mod + "-" + name, modules[mod], old, new, "not_found")
        print("%s: %d applied, %d near misses" % (folder, len(edits), len(misses)))


if __name__ == "__main__":
    main()
