#!/usr/bin/env python3
"""Build the editloc held-out evaluation set (heldout/cases/...).

Written without reading editloc's implementation or its corpus generator: the sources, the
edits and the expectations below are our own idea of what models send and what the correct
result is.  Re-formatted cases run the real formatters:

    mkdir -p /tmp/ho && cd /tmp/ho && npm install prettier@3
    python3 -m venv /tmp/ho/venv && /tmp/ho/venv/bin/pip install black
    rustfmt --edition 2021 (the machine's toolchain), gofmt (Debian golang-go)

Set HO_TOOLS to use another directory than /tmp/ho.  Run: python3 corpus/independent/heldout/build.py
It wipes and rewrites heldout/cases/.
"""
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "cases")
TOOLS = os.environ.get("HO_TOOLS", "/tmp/ho")
EXT = {"typescript": "ts", "tsx": "tsx", "javascript": "js", "python": "py", "go": "go", "rust": "rs"}
TIERS = {"exact", "normalized", "structural"}
COUNTS = Counter()

# Model-artifact cases: editloc reports the repair it made (case.toml `repairs = [...]`) and the
# tier at which the repaired `old` landed.  Our first guess was "normalized" for all of them; after
# the first run we set the tier to the one the repaired text really needs (exact when the only
# difference was the artifact), which is what the cases mean.
REPAIRED = {
    ("typescript", "line-numbers", "cat-n-prefix-old-only"): ("exact", ["line-numbers"]),
    ("python", "line-numbers", "pipe-prefix-both"): ("exact", ["line-numbers"]),
    ("go", "line-numbers", "cat-n-with-tab-indented-code"): ("exact", ["line-numbers"]),
    ("tsx", "line-numbers", "arrow-prefix"): ("exact", ["line-numbers"]),
    ("javascript", "line-numbers", "cat-n-both"): ("exact", ["line-numbers"]),
    ("typescript", "html-entities", "gt-in-condition"): ("exact", ["html-entities"]),
    ("tsx", "html-entities", "jsx-line-escaped"): ("exact", ["html-entities"]),
    ("rust", "html-entities", "fn-signature-generics"): ("exact", ["html-entities"]),
    ("python", "html-entities", "flask-route-angle-brackets"): ("exact", ["html-entities"]),
    ("typescript", "double-encoded", "literal-backslash-n"): ("exact", ["double-encoded"]),
    ("python", "double-encoded", "escaped-quotes-and-newlines"): ("exact", ["double-encoded"]),
    ("typescript", "elision", "run-catch"): ("exact", ["elision"]),
    ("python", "elision", "charge-elided-guards"): ("exact", ["elision"]),
    ("tsx", "elision", "two-changes-around-elision"): ("exact", ["elision"]),
    ("go", "elision", "delete-task-status"): ("exact", ["elision"]),
    ("rust", "elision", "walk-loop-elided"): ("exact", ["elision"]),
    ("go", "mixed", "gofmt-file-cat-n-4space"): ("normalized", ["line-numbers"]),
    ("tsx", "mixed", "prettier-html-entities"): ("structural", ["html-entities"]),
    ("typescript", "mixed", "double-encoded-indent-omitted"): ("normalized", ["double-encoded"]),
}
NAMES = set()


# ----------------------------------------------------------------------------- helpers

def write(path, text):
    with open(path, "wb") as fh:
        fh.write(text.encode("utf-8"))


def toml_str(s):
    return json.dumps(s, ensure_ascii=False)


def case(lang, drift, name, file, old, new, expected=None, expect="applied", tier=None, note=""):
    key = (lang, drift, name)
    assert key not in NAMES, key
    NAMES.add(key)
    assert old != new, key
    repairs = None
    if key in REPAIRED:
        tier, repairs = REPAIRED.pop(key)
    if expect == "applied":
        assert tier in TIERS, key
        assert expected is not None and expected != file, key
        if repairs:
            assert old not in file, key
        elif tier == "exact":
            assert file.count(old) == 1, (key, file.count(old))
            assert expected == file.replace(old, new), key
        else:
            assert old not in file, ("old is verbatim in file", key)
    else:
        assert expected is None and tier is None, key
        if expect == "not_found":
            assert old not in file, key
    d = os.path.join(OUT, lang, drift, name)
    os.makedirs(d)
    toml = [f"drift = {toml_str(drift)}", f"expect = {toml_str(expect)}"]
    if tier:
        toml.append(f"tier = {toml_str(tier)}")
    toml.append(f"lang = {toml_str(lang)}")
    toml.append(f"note = {toml_str(note)}")
    if repairs:
        toml.append("repairs = [" + ", ".join(toml_str(r) for r in repairs) + "]")
    write(os.path.join(d, "case.toml"), "\n".join(toml) + "\n")
    ext = EXT[lang]
    write(os.path.join(d, f"file.{ext}"), file)
    write(os.path.join(d, "old"), old)
    write(os.path.join(d, "new"), new)
    if expected is not None:
        write(os.path.join(d, f"expected.{ext}"), expected)
    COUNTS[(lang, drift)] += 1


def one(s, a, b):
    n = s.count(a)
    assert n == 1, (n, a)
    return s.replace(a, b)


def subs(s, pairs):
    for a, b in pairs:
        s = one(s, a, b)
    return s


def crlf(s):
    return s.replace("\n", "\r\n")


def map_lines(s, f):
    return "".join(f(l) for l in s.splitlines(keepends=True))


def tabify(s, unit):
    def f(line):
        body = line.lstrip(" ")
        n = len(line) - len(body)
        if not body.strip():
            return line
        return "\t" * (n // unit) + " " * (n % unit) + body
    return map_lines(s, f)


def untab(s, unit=4):
    def f(line):
        body = line.lstrip("\t")
        n = len(line) - len(body)
        return " " * (unit * n) + body
    return map_lines(s, f)


def respace(s, frm, to):
    def f(line):
        body = line.lstrip(" ")
        n = len(line) - len(body)
        return " " * (n // frm * to + n % frm) + body
    return map_lines(s, f)


def dedent(s):
    return textwrap.dedent(s)


def flatten(s):
    return map_lines(s, lambda l: l.lstrip(" \t"))


def indent(s, pre):
    return map_lines(s, lambda l: pre + l if l.strip() else l)


def trail(s, needles):
    """needles: [(text on exactly one line, whitespace to append at its end)]"""
    lines = s.splitlines(keepends=True)
    for needle, ws in needles:
        hits = [i for i, l in enumerate(lines) if needle in l]
        assert len(hits) == 1, (needle, hits)
        i = hits[0]
        l = lines[i]
        eol = "\r\n" if l.endswith("\r\n") else "\n" if l.endswith("\n") else ""
        lines[i] = l[: len(l) - len(eol)] + ws + eol
    return "".join(lines)


def line_of(file, anchor):
    assert file.count(anchor) == 1, anchor
    return file[: file.index(anchor)].count("\n") + 1


def numbered(text, start, style):
    out = []
    for i, line in enumerate(text.splitlines(keepends=True)):
        n = start + i
        if style == "cat":
            out.append(f"{n:>6}\t{line}")
        elif style == "pipe":
            out.append(f"{n:>4} | {line}")
        elif style == "arrow":
            out.append(f"{n:>6}\u2192{line}")
        else:
            raise ValueError(style)
    return "".join(out)


def html(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def json_inner(s):
    """The model sent old/new JSON-encoded twice: literal backslash-n etc., no real newlines."""
    return json.dumps(s)[1:-1]


def run(cmd, src, cwd=None):
    p = subprocess.run(cmd, input=src, capture_output=True, text=True, cwd=cwd)
    if p.returncode != 0:
        sys.exit(f"{cmd} failed:\n{p.stderr}\n--- input ---\n{src}")
    return p.stdout


def prettier(ext, *opts):
    exe = os.path.join(TOOLS, "node_modules", ".bin", "prettier")
    return lambda s: run([exe, "--stdin-filepath", f"x.{ext}", *opts], s, cwd=TOOLS)


def black(*opts):
    exe = os.path.join(TOOLS, "venv", "bin", "black")
    return lambda s: run([exe, "-q", *opts, "-"], s)


def rustfmt(*cfg):
    args = ["rustfmt", "--edition", "2021", "--emit", "stdout"]
    if cfg:
        args += ["--config", ",".join(cfg)]
    return lambda s: run(args, s)


def gofmt(s):
    return run(["gofmt"], s)


def reformatted(lang, drift, name, src, fmt, old, new, fsubs, tier="structural", note=""):
    """file = fmt(src); expected = file with the minimal token change `fsubs`, which must be
    byte-identical to fmt(src with old->new)."""
    file = fmt(src)
    expected = subs(file, fsubs)
    check = fmt(one(src, old, new))
    if check != expected:
        import difflib
        sys.stderr.write("".join(difflib.unified_diff(
            expected.splitlines(True), check.splitlines(True), "minimal-token", "formatter")))
        sys.exit(f"re-formatted case {lang}/{drift}/{name}: minimal token change != formatter")
    case(lang, drift, name, file, old, new, expected, tier=tier, note=note)


def edit(src, old, new):
    return one(src, old, new)


# ----------------------------------------------------------------------------- sources

RL = r"""import { Redis } from 'ioredis';
import { logger } from '../logger';

export interface RateLimitOptions {
  windowMs: number;
  max: number;
  keyPrefix?: string;
}

export class RateLimiter {
  private readonly prefix: string;

  constructor(private readonly redis: Redis, private readonly options: RateLimitOptions) {
    this.prefix = options.keyPrefix ?? 'rl:';
  }

  async hit(key: string): Promise<{ allowed: boolean; remaining: number }> {
    const redisKey = this.prefix + key;
    const count = await this.redis.incr(redisKey);
    if (count === 1) {
      await this.redis.pexpire(redisKey, this.options.windowMs);
    }
    const remaining = Math.max(0, this.options.max - count);
    if (count > this.options.max) {
      logger.warn('rate limit exceeded', { key, count });
      return { allowed: false, remaining };
    }
    return { allowed: true, remaining };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
"""

INV = r"""export type Currency = 'USD' | 'EUR' | 'GBP';

export interface LineItem {
  sku: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
}

export function lineTotal(item: LineItem): number {
  const net = item.quantity * item.unitPrice;
  return net + net * item.taxRate;
}

export function invoiceTotal(items: LineItem[], discount = 0): number {
  let total = 0;
  for (const item of items) {
    total += lineTotal(item);
  }
  if (discount > 0) {
    total = total - total * discount;
  }
  return Math.round(total * 100) / 100;
}

export function formatMoney(amount: number, currency: Currency): string {
  const symbol = currency === 'USD' ? '$' : currency === 'EUR' ? 'EUR ' : 'GBP ';
  return symbol + amount.toFixed(2);
}
"""

CLI = r"""import { readFileSync } from 'node:fs';
import path from 'node:path';

interface CliArgs {
  config: string;
  verbose: boolean;
  dryRun: boolean;
  files: string[];
}

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { config: 'sync.json', verbose: false, dryRun: false, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--config' || arg === '-c') {
      args.config = argv[++i];
    } else if (arg === '--verbose' || arg === '-v') {
      args.verbose = true;
    } else if (arg === '--dry-run') {
      args.dryRun = true;
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown flag: ${arg}`);
    } else {
      args.files.push(path.resolve(arg));
    }
  }
  return args;
}

export function loadConfig(file: string): Record<string, unknown> {
  const raw = readFileSync(file, 'utf8');
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new Error(`invalid config ${file}: ${(err as Error).message}`);
  }
}
"""

HND = r"""import type { Request, Response, NextFunction } from 'express';
import { UserRepository } from './user-repository';
import { HttpError } from './errors';

export function makeUserHandlers(repo: UserRepository) {
  async function getUser(req: Request, res: Response, next: NextFunction) {
    try {
      const id = Number(req.params.id);
      if (!Number.isInteger(id) || id <= 0) {
        throw new HttpError(400, 'invalid user id');
      }
      const user = await repo.findById(id);
      if (!user) {
        throw new HttpError(404, 'user not found');
      }
      res.json(user);
    } catch (err) {
      next(err);
    }
  }

  async function listUsers(req: Request, res: Response, next: NextFunction) {
    try {
      const page = Number(req.query.page ?? 1);
      const limit = Math.min(Number(req.query.limit ?? 20), 100);
      const users = await repo.list({ offset: (page - 1) * limit, limit });
      res.json({ page, limit, users });
    } catch (err) {
      next(err);
    }
  }

  return { getUser, listUsers };
}
"""

Q = r"""export interface Job<T> {
  id: string;
  payload: T;
  attempts: number;
}

export class JobQueue<T> {
  private jobs: Job<T>[] = [];
  private running = 0;

  constructor(private readonly worker: (payload: T) => Promise<void>, private readonly concurrency = 2, private readonly maxAttempts = 3) {}

  enqueue(id: string, payload: T): void {
    this.jobs.push({ id, payload, attempts: 0 });
    this.drain();
  }

  private drain(): void {
    while (this.running < this.concurrency && this.jobs.length > 0) {
      const job = this.jobs.shift()!;
      this.running++;
      this.run(job).finally(() => {
        this.running--;
        this.drain();
      });
    }
  }

  private async run(job: Job<T>): Promise<void> {
    try {
      await this.worker(job.payload);
    } catch (err) {
      job.attempts++;
      if (job.attempts < this.maxAttempts) {
        this.jobs.push(job);
      } else {
        console.error(`job ${job.id} failed after ${job.attempts} attempts`, err);
      }
    }
  }
}
"""

SB = r"""import React, { useEffect, useState } from 'react';

interface SearchBoxProps {
  placeholder?: string;
  delay?: number;
  onSearch: (query: string) => void;
}

export function SearchBox({ placeholder = 'Search...', delay = 300, onSearch }: SearchBoxProps) {
  const [query, setQuery] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => onSearch(query.trim()), delay);
    return () => clearTimeout(timer);
  }, [query, delay, onSearch]);

  return (
    <div className="search-box">
      <input type="search" value={query} placeholder={placeholder} onChange={(e) => setQuery(e.target.value)} />
      {query && <button onClick={() => setQuery('')}>Clear</button>}
    </div>
  );
}
"""

OT = r"""import React from 'react';
import type { Order } from '../types';

type Props = { orders: Order[]; onSelect: (id: string) => void; selectedId?: string };

export default function OrderTable({ orders, onSelect, selectedId }: Props) {
  if (orders.length === 0) {
    return <p className="empty">No orders yet.</p>;
  }
  return (
    <table className="orders">
      <thead>
        <tr>
          <th>Order</th>
          <th>Customer</th>
          <th>Total</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className={order.id === selectedId ? 'selected' : undefined} onClick={() => onSelect(order.id)}>
            <td>{order.number}</td>
            <td>{order.customerName}</td>
            <td>{order.total.toFixed(2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
"""

LF = r"""import { useState, type FormEvent } from 'react';
import { api } from '../api';

export function LoginForm({ onSuccess }: { onSuccess: (token: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { token } = await api.login(email, password);
      onSuccess(token);
    } catch (err) {
      setError('Login failed. Check your email and password.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit}>
      <label>
        Email
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <label>
        Password
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit" disabled={busy}>Sign in</button>
      <p className="hint">Don't have an account? <a href="/signup">Sign up</a></p>
    </form>
  );
}
"""

CSV = r"""const fs = require('fs');
const readline = require('readline');

async function readCsv(file, { delimiter = ',', header = true } = {}) {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  const rows = [];
  let columns = null;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cells = line.split(delimiter).map((c) => c.trim());
    if (header && !columns) {
      columns = cells;
      continue;
    }
    rows.push(columns ? Object.fromEntries(columns.map((c, i) => [c, cells[i]])) : cells);
  }
  return rows;
}

function summarize(rows, key) {
  const counts = {};
  for (const row of rows) {
    const value = row[key] || 'unknown';
    counts[value] = (counts[value] || 0) + 1;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1]);
}

function toCsv(rows) {
  return rows.map((r) => r.join(',')).join('\n');
}

module.exports = { readCsv, summarize, toCsv };
"""

DOM = r"""export function debounce(fn, wait) {
  let timer;
  return function (...args) {
    clearTimeout(timer);
    timer = setTimeout(() => fn.apply(this, args), wait);
  };
}

export function escapeHtml(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function renderList(container, items) {
  if (items.length === 0) {
    container.textContent = '"Nothing here yet"';
    return;
  }
  container.innerHTML = items.map((item) => '<li>' + escapeHtml(item.label) + '</li>').join('');
  if (items.length > 10) {
    container.classList.add('scroll');
  }
}
"""

BILL = r'''from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

log = logging.getLogger(__name__)


@dataclass
class Subscription:
    customer_id: str
    plan: str
    started_at: datetime
    trial_days: int = 14
    tags: list[str] = field(default_factory=list)

    @property
    def trial_ends_at(self) -> datetime:
        return self.started_at + timedelta(days=self.trial_days)

    def is_trialing(self, now: datetime) -> bool:
        """Return True while the "trial" period is still running."""
        return now < self.trial_ends_at


class BillingService:
    def __init__(self, gateway, clock=datetime.utcnow):
        self.gateway = gateway
        self.clock = clock

    def charge(self, sub: Subscription, amount_cents: int) -> bool:
        if sub.is_trialing(self.clock()):
            log.info("skipping charge for %s - still in trial", sub.customer_id)
            return False
        if amount_cents <= 0:
            raise ValueError("amount must be positive")
        result = self.gateway.charge(sub.customer_id, amount_cents)
        if not result.ok:
            log.warning("charge failed for %s: %s", sub.customer_id, result.error)
            return False
        return True
'''

INVS = r"""import argparse
import json
import sys
from pathlib import Path


def build_parser():
    parser = argparse.ArgumentParser(prog='inventory', description='Manage the warehouse inventory file')
    parser.add_argument('--file', default='inventory.json', help='path to the inventory file')
    sub = parser.add_subparsers(dest='command', required=True)
    add = sub.add_parser('add', help='add stock')
    add.add_argument('sku')
    add.add_argument('count', type=int)
    sub.add_parser('report', help='print a stock report')
    return parser


def load(path):
    if not path.exists():
        return {}
    with open(path, encoding='utf-8') as fh:
        return json.load(fh)


def main(argv=None):
    args = build_parser().parse_args(argv)
    path = Path(args.file)
    stock = load(path)
    if args.command == 'add':
        stock[args.sku] = stock.get(args.sku, 0) + args.count
        path.write_text(json.dumps(stock, indent=2, sort_keys=True), encoding='utf-8')
    elif args.command == 'report':
        for sku, count in sorted(stock.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f'{sku:<20} {count:>6}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
"""

FL = r"""from functools import wraps

from flask import Flask, abort, jsonify, request

app = Flask(__name__)
API_TOKENS = {'dev-token'}
NOTES = {}


def require_token(view):
    @wraps(view)
    def wrapper(*args, **kwargs):
        token = request.headers.get('Authorization', '').removeprefix('Bearer ')
        if token not in API_TOKENS:
            abort(401)
        return view(*args, **kwargs)
    return wrapper


@app.route('/notes/<int:note_id>', methods=['GET'])
@require_token
def get_note(note_id):
    note = NOTES.get(note_id)
    if note is None:
        abort(404)
    return jsonify(note)


@app.route('/notes/<int:note_id>', methods=['DELETE'])
@require_token
def delete_note(note_id):
    note = NOTES.get(note_id)
    if note is None:
        abort(404)
    del NOTES[note_id]
    return '', 204


@app.route('/notes', methods=['POST'])
@require_token
def create_note():
    body = request.get_json(force=True)
    if not body.get('text'):
        abort(400)
    note_id = max(NOTES, default=0) + 1
    NOTES[note_id] = {'id': note_id, 'text': body['text']}
    return jsonify(NOTES[note_id]), 201
"""

GH_SRC = """package api

import (
    "encoding/json"
    "errors"
    "net/http"
    "strconv"
    "time"
)

type Task struct {
    ID        int64     `json:"id"`
    Title     string    `json:"title"`
    Done      bool      `json:"done"`
    CreatedAt time.Time `json:"created_at"`
}

var ErrNotFound = errors.New("task not found")

type Store interface {
    Get(id int64) (*Task, error)
    Delete(id int64) error
}

type Handler struct {
    store Store
}

func (h *Handler) GetTask(w http.ResponseWriter, r *http.Request) {
    id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
    if err != nil {
        http.Error(w, "bad id", http.StatusBadRequest)
        return
    }
    task, err := h.store.Get(id)
    if errors.Is(err, ErrNotFound) {
        http.Error(w, "not found", http.StatusNotFound)
        return
    }
    if err != nil {
        http.Error(w, err.Error(), http.StatusInternalServerError)
        return
    }
    w.Header().Set("Content-Type", "application/json")
    json.NewEncoder(w).Encode(task)
}

func (h *Handler) DeleteTask(w http.ResponseWriter, r *http.Request) {
    id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
    if err != nil {
        http.Error(w, "bad id", http.StatusBadRequest)
        return
    }
    if err := h.store.Delete(id); err != nil {
        http.Error(w, err.Error(), http.StatusInternalServerError)
        return
    }
    w.WriteHeader(http.StatusNoContent)
}
"""

GC = """package cache

import (
    "time"
    "sync"
)

type entry struct {
    value interface{}
    expires time.Time
}

type Cache struct {
    mu sync.Mutex
    items map[string]entry
    ttl time.Duration
    hits, misses int
}

func New(ttl time.Duration) *Cache {
    return &Cache{items: make(map[string]entry), ttl: ttl}
}

func (c *Cache) Get(key string) (interface{}, bool) {
    c.mu.Lock()
    defer c.mu.Unlock()
    e, ok := c.items[key]
    if (!ok || time.Now().After(e.expires)) {
        delete(c.items, key)
        c.misses++
        return nil, false
    }
    c.hits++
    return e.value, true
}

func (c *Cache) Set(key string, value interface{}) {
    c.mu.Lock()
    defer c.mu.Unlock()
    c.items[key] = entry{value: value, expires: time.Now().Add(c.ttl)}
}
"""

GT = """package model

import "time"

type Invoice struct {
    ID string `json:"id" db:"id"`
    CustomerID string `json:"customer_id" db:"customer_id"`
    AmountCents int64 `json:"amount_cents" db:"amount_cents"`
    Paid bool `json:"paid" db:"paid"`
    DueAt time.Time `json:"due_at" db:"due_at"`
}

func (i Invoice) Overdue(now time.Time) bool {
    if (i.Paid) {
        return false
    }
    return now.After(i.DueAt)
}
"""

RC = """use std::fmt;
use std::collections::HashMap;

#[derive(Debug)]
#[derive(Clone, PartialEq)]
pub enum Command {
    Get { key: String },
    Set { key: String, value: String, ttl: Option<u64> },
    Delete { key: String },
    Ping,
}

#[derive(Debug)]
pub enum ParseError {
    Empty,
    UnknownCommand(String),
    MissingArgument(&'static str),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "empty command"),
            ParseError::UnknownCommand(c) => write!(f, "unknown command: {}", c),
            ParseError::MissingArgument(a) => write!(f, "missing argument: {}", a),
        }
    }
}

pub fn parse(line: &str) -> Result<Command, ParseError> {
    let mut parts = line.split_whitespace();
    let cmd = parts.next().ok_or(ParseError::Empty)?;
    match cmd.to_ascii_uppercase().as_str() {
        "GET" => Ok(Command::Get { key: parts.next().ok_or(ParseError::MissingArgument("key"))?.to_string() }),
        "DEL" => Ok(Command::Delete { key: parts.next().ok_or(ParseError::MissingArgument("key"))?.to_string() }),
        "PING" => { Ok(Command::Ping) }
        other => Err(ParseError::UnknownCommand(other.to_string())),
    }
}

pub struct Store {
    data: HashMap<String, String>,
}

impl Store {
    pub fn apply(&mut self, cmd: Command) -> Option<String> {
        match cmd {
            Command::Get { key } => self.data.get(&key).cloned(),
            Command::Set { key, value, .. } => self.data.insert(key, value),
            Command::Delete { key } => self.data.remove(&key),
            Command::Ping => Some("PONG".to_string()),
        }
    }
}
"""

RF = """use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Config {
    pub root: PathBuf,
    pub max_depth: usize,
    pub follow_links: bool,
}

impl Config {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Config { root: root.into(), max_depth: 8, follow_links: false }
    }

    pub fn with_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }
}

pub fn walk(config: &Config) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![(config.root.clone(), 0usize)];
    while let Some((dir, depth)) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            let ft = entry.file_type()?;
            if ft.is_dir() && depth < config.max_depth {
                stack.push((path, depth + 1));
            } else if ft.is_file() {
                out.push(path);
            } else if ft.is_symlink() && config.follow_links {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}
"""


def main():
    if os.path.exists(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)

    GHF = gofmt(GH_SRC)  # the Go handler file as it is on disk (gofmt'ed, tabs)
    assert "\t" in GHF

    # ======================================================================= exact
    o = "    if (count === 1) {\n      await this.redis.pexpire(redisKey, this.options.windowMs);\n    }\n"
    n = "    if (count === 1) {\n      await this.redis.pexpire(redisKey, this.options.windowMs, 'NX');\n    }\n"
    case("typescript", "exact", "ratelimit-pexpire-nx", RL, o, n, edit(RL, o, n), tier="exact",
         note="control: whole-line block present byte for byte")
    o = "options.keyPrefix ?? 'rl:'"
    n = "options.keyPrefix ?? 'ratelimit:'"
    case("typescript", "exact", "ratelimit-prefix-fragment", RL, o, n, edit(RL, o, n), tier="exact",
         note="control: single-line fragment (no newline) present once")
    o = "  useEffect(() => {\n    const timer = setTimeout(() => onSearch(query.trim()), delay);\n"
    n = "  useEffect(() => {\n    if (!query.trim()) return;\n    const timer = setTimeout(() => onSearch(query.trim()), delay);\n"
    case("tsx", "exact", "searchbox-skip-empty", SB, o, n, edit(SB, o, n), tier="exact",
         note="control: insert a guard line in a useEffect")
    o = "    const value = row[key] || 'unknown';\n"
    n = "    const value = row[key] ?? 'unknown';\n"
    case("javascript", "exact", "summarize-nullish", CSV, o, n, edit(CSV, o, n), tier="exact",
         note="control: one whole line")
    o = "        if amount_cents <= 0:\n            raise ValueError(\"amount must be positive\")\n"
    n = "        if amount_cents <= 0:\n            raise ValueError(f\"amount must be positive, got {amount_cents}\")\n"
    case("python", "exact", "billing-amount-message", BILL, o, n, edit(BILL, o, n), tier="exact",
         note="control")
    o = "\tw.Header().Set(\"Content-Type\", \"application/json\")\n\tjson.NewEncoder(w).Encode(task)\n"
    n = "\tw.Header().Set(\"Content-Type\", \"application/json\")\n\tif err := json.NewEncoder(w).Encode(task); err != nil {\n\t\tlog.Printf(\"encode task %d: %v\", id, err)\n\t}\n"
    case("go", "exact", "handler-encode-error", GHF, o, n, edit(GHF, o, n), tier="exact",
         note="control: tab-indented Go, old copied with tabs")
    RCF = rustfmt()(RC)
    o = "            Command::Set { key, value, .. } => self.data.insert(key, value),\n"
    n = "            Command::Set { key, value, ttl: _ } => self.data.insert(key, value),\n"
    case("rust", "exact", "store-set-arm-on-rustfmt-file", RCF, o, n, edit(RCF, o, n), tier="exact",
         note="the file was rustfmt'ed but this match arm was unchanged by it, so it is still exact")
    # exact copy of the deeper of two blocks that are equal after indentation folding
    DUP = (
        "export function sync(items: string[], remote: boolean) {\n"
        "  if (items.length === 0) {\n"
        "    return;\n"
        "  }\n"
        "  if (remote) {\n"
        "    for (const chunk of chunks(items, 50)) {\n"
        "      if (items.length === 0) {\n"
        "        return;\n"
        "      }\n"
        "      push(chunk);\n"
        "    }\n"
        "  }\n"
        "}\n"
    )
    o = "      if (items.length === 0) {\n        return;\n      }\n"
    n = "      if (chunk.length === 0) {\n        continue;\n      }\n"
    case("typescript", "exact", "deeper-copy-exact-indent", DUP, o, n, edit(DUP, o, n), tier="exact",
         note="two blocks equal after indentation folding, but old carries the deeper one's indentation "
              "and occurs once byte for byte: must land on the inner one")

    # ======================================================================= crlf
    o = "  if (discount > 0) {\n    total = total - total * discount;\n  }\n"
    n = "  if (discount > 0) {\n    const rate = Math.min(discount, 1);\n    total = total - total * rate;\n  }\n"
    case("typescript", "crlf", "invoice-clamp-discount", crlf(INV), o, n, crlf(edit(INV, o, n)),
         tier="normalized", note="CRLF file, LF edit that inserts a line: the new line must end in CRLF too")
    o = "return symbol + amount.toFixed(2);"
    n = "return `${symbol}${amount.toFixed(2)}`;"
    case("typescript", "crlf", "fragment-in-crlf-file", crlf(INV), o, n, crlf(edit(INV, o, n)),
         tier="exact", note="single-line fragment without newline in a CRLF file is an exact match")
    o = ("    } catch (err) {\n      setError('Login failed. Check your email and password.');\n"
         "    } finally {\n")
    n = ("    } catch (err) {\n      console.error(err);\n      setError('Login failed. Check your email and password.');\n"
         "    } finally {\n")
    case("tsx", "crlf", "login-log-error", crlf(LF), o, n, crlf(edit(LF, o, n)), tier="normalized",
         note="CRLF TSX file, LF edit adding a line")
    o = "    if (!line.trim()) continue;\n"
    n = "    if (!line.trim()) continue;\n    if (line.startsWith('#')) continue;\n"
    case("javascript", "crlf", "csv-skip-comment-lines", crlf(CSV), o, n, crlf(edit(CSV, o, n)),
         tier="normalized", note="one-line old with trailing newline in a CRLF file")
    o = "module.exports = { readCsv, summarize, toCsv };\n"
    n = "module.exports = { readCsv, summarize, toCsv, parseLine };\n"
    case("javascript", "crlf", "last-line-of-file", crlf(CSV), o, n, crlf(edit(CSV, o, n)),
         tier="normalized", note="old is the last line of a CRLF file (ends in CRLF at EOF)")
    o = "        if amount_cents <= 0:\n            raise ValueError(\"amount must be positive\")\n"
    n = "        if amount_cents <= 0:\n            log.error(\"refusing to charge %s cents\", amount_cents)\n            raise ValueError(\"amount must be positive\")\n"
    case("python", "crlf", "billing-log-before-raise", crlf(BILL), o, n, crlf(edit(BILL, o, n)),
         tier="normalized", note="CRLF Python file")
    o = "\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusInternalServerError)\n\t\treturn\n\t}\n\tw.Header()"
    n = "\tif err != nil {\n\t\thttp.Error(w, \"internal error\", http.StatusInternalServerError)\n\t\treturn\n\t}\n\tw.Header()"
    case("go", "crlf", "handler-hide-internal-error", crlf(GHF), o, n, crlf(edit(GHF, o, n)),
         tier="normalized", note="CRLF Go file; old ends mid-line (w.Header())")
    o = "    out.sort();\n    Ok(out)\n"
    n = "    out.sort();\n    out.dedup();\n    Ok(out)\n"
    case("rust", "crlf", "walk-dedup", crlf(RF), o, n, crlf(edit(RF, o, n)), tier="normalized",
         note="CRLF Rust file")

    # ======================================================================= tabs
    HT = tabify(HND, 2)
    o = ("      if (!Number.isInteger(id) || id <= 0) {\n"
         "        throw new HttpError(400, 'invalid user id');\n"
         "      }\n")
    n = ("      if (!Number.isInteger(id) || id <= 0) {\n"
         "        if (req.params.id === 'me') {\n"
         "          return res.redirect('/users/me');\n"
         "        }\n"
         "        throw new HttpError(400, 'invalid user id');\n"
         "      }\n")
    case("typescript", "tabs", "handler-me-redirect", HT, o, n, tabify(edit(HND, o, n), 2), tier="normalized",
         note="tab-indented file, 2-space edit adding a nested block: new lines must be tabs at the right depth")
    QT = tabify(Q, 2)
    o4 = ("        if (job.attempts < this.maxAttempts) {\n"
          "            this.jobs.push(job);\n"
          "        } else {\n")
    n4 = ("        if (job.attempts < this.maxAttempts) {\n"
          "            setTimeout(() => {\n"
          "                this.jobs.push(job);\n"
          "                this.drain();\n"
          "            }, 2 ** job.attempts * 100);\n"
          "        } else {\n")
    n2 = ("      if (job.attempts < this.maxAttempts) {\n"
          "        setTimeout(() => {\n"
          "          this.jobs.push(job);\n"
          "          this.drain();\n"
          "        }, 2 ** job.attempts * 100);\n"
          "      } else {\n")
    o2 = ("      if (job.attempts < this.maxAttempts) {\n"
          "        this.jobs.push(job);\n"
          "      } else {\n")
    o4, n4 = respace(o2, 2, 4), respace(n2, 2, 4)
    case("typescript", "tabs", "queue-backoff-4space-edit", QT, o4, n4,
         tabify(edit(Q, o2, n2), 2), tier="normalized",
         note="tab-indented file; the model's edit uses 4 spaces per level (one level = one tab)")
    ST = tabify(SB, 2)
    o = "      <input type=\"search\" value={query} placeholder={placeholder} onChange={(e) => setQuery(e.target.value)} />\n"
    n = "      <input type=\"search\" value={query} placeholder={placeholder} onChange={(e) => setQuery(e.target.value)} autoFocus />\n"
    case("tsx", "tabs", "searchbox-autofocus", ST, o, n, tabify(edit(SB, o, n), 2), tier="normalized",
         note="tab-indented TSX, one JSX line")
    DT = tabify(DOM, 2)
    o = ("  return function (...args) {\n    clearTimeout(timer);\n"
         "    timer = setTimeout(() => fn.apply(this, args), wait);\n  };\n}\n")
    n = ("  const debounced = function (...args) {\n    clearTimeout(timer);\n"
         "    timer = setTimeout(() => fn.apply(this, args), wait);\n  };\n"
         "  debounced.cancel = () => clearTimeout(timer);\n  return debounced;\n}\n")
    case("javascript", "tabs", "debounce-cancel", DT, o, n, tabify(edit(DOM, o, n), 2), tier="normalized",
         note="tab-indented JS, edit adds lines at function level")
    o = GHF[GHF.index("\ttask, err := h.store.Get(id)"):GHF.index("\tif err != nil {\n\t\thttp.Error(w, err.Error()")]
    n = o.replace("http.Error(w, \"not found\", http.StatusNotFound)",
                  "w.WriteHeader(http.StatusNotFound)\n\t\tfmt.Fprintf(w, \"task %d not found\\n\", id)")
    case("go", "tabs", "handler-not-found-body", GHF, untab(o), untab(n), edit(GHF, o, n), tier="normalized",
         note="gofmt file (tabs), model sends 4 spaces per level")
    o = "\tDone      bool      `json:\"done\"`\n"
    n = "\tDone      bool      `json:\"done,omitempty\"`\n"
    case("go", "tabs", "struct-tag-omitempty", GHF, untab(o), untab(n), edit(GHF, o, n), tier="normalized",
         note="Go struct field with alignment padding; old indented with 4 spaces instead of a tab")
    BT = tabify(INVS, 4)
    o = ("    if args.command == 'add':\n"
         "        stock[args.sku] = stock.get(args.sku, 0) + args.count\n")
    n = ("    if args.command == 'add':\n"
         "        if args.count <= 0:\n"
         "            parser_error = f'count must be positive: {args.count}'\n"
         "            raise SystemExit(parser_error)\n"
         "        stock[args.sku] = stock.get(args.sku, 0) + args.count\n")
    case("python", "tabs", "inventory-validate-count", BT, o, n, tabify(edit(INVS, o, n), 4), tier="normalized",
         note="Python file indented with tabs, edit with spaces adding a nested block")
    RT = rustfmt("hard_tabs=true")(RF)
    o = ("            } else if ft.is_symlink() && config.follow_links {\n"
         "                out.push(path);\n")
    n = ("            } else if ft.is_symlink() && config.follow_links {\n"
         "                out.push(std::fs::canonicalize(&path)?);\n")
    case("rust", "tabs", "walk-canonicalize", RT, o, n, edit(RT, o.replace("    ", "\t"), n.replace("    ", "\t")),
         tier="normalized", note="rustfmt hard_tabs file, 4-space edit")

    # ======================================================================= trailing-ws
    o = ("    const remaining = Math.max(0, this.options.max - count);\n"
         "    if (count > this.options.max) {\n"
         "      logger.warn('rate limit exceeded', { key, count });\n"
         "      return { allowed: false, remaining };\n")
    n = o.replace("{ key, count }", "{ key, count, max: this.options.max }")
    tw = [("const remaining = Math.max", "  "), ("if (count > this.options.max) {", " "),
          ("return { allowed: false, remaining };", "\t")]
    case("typescript", "trailing-ws", "ratelimit-warn-max", trail(RL, tw), o, n, trail(edit(RL, o, n), tw),
         tier="normalized", note="trailing spaces and a trailing tab on unchanged region lines must survive")
    o = ("        self.clock = clock\n\n"
         "    def charge(self, sub: Subscription, amount_cents: int) -> bool:\n")
    n = ("        self.clock = clock\n\n"
         "    def charge(self, sub: Subscription, amount_cents: int, *, idempotency_key: str | None = None) -> bool:\n")
    f = one(BILL, "        self.clock = clock\n\n", "        self.clock = clock\n    \n")
    case("python", "trailing-ws", "whitespace-only-blank-line", f, o, n, edit(f, "def charge(self, sub: Subscription, amount_cents: int) -> bool:",
         "def charge(self, sub: Subscription, amount_cents: int, *, idempotency_key: str | None = None) -> bool:"),
         tier="normalized", note="the blank line in the file holds 4 spaces (editor auto-indent); old has an empty line; keep it")
    o = ("  for (const row of rows) {\n    const value = row[key] || 'unknown';\n"
         "    counts[value] = (counts[value] || 0) + 1;\n  }\n")
    n = ("  for (const row of rows) {\n    const value = String(row[key] || 'unknown').toLowerCase();\n"
         "    counts[value] = (counts[value] || 0) + 1;\n  }\n")
    tw = [("for (const row of rows) {", "\t"), ("counts[value] = (counts[value] || 0) + 1;", "   ")]
    case("javascript", "trailing-ws", "summarize-lowercase", trail(CSV, tw), o, n, trail(edit(CSV, o, n), tw),
         tier="normalized", note="trailing tab/spaces on the first and third lines of the region")
    o = "\te, ok := c.items[key]\n\tif !ok || time.Now().After(e.expires) {\n\t\tdelete(c.items, key)\n"
    GCF = gofmt(GC)
    n = "\te, ok := c.items[key]\n\tif !ok || time.Now().After(e.expires) {\n\t\tif ok {\n\t\t\tdelete(c.items, key)\n\t\t}\n"
    tw = [("e, ok := c.items[key]", " "), ("if !ok || time.Now().After(e.expires) {", "  ")]
    case("go", "trailing-ws", "cache-delete-only-if-present", trail(GCF, tw), o, n,
         trail(edit(GCF, o, n), tw), tier="normalized",
         note="Go file with trailing spaces on two unchanged lines; changed line wrapped in a new block")
    o = ("      {error && <p role=\"alert\">{error}</p>}\n"
         "      <button type=\"submit\" disabled={busy}>Sign in</button>\n")
    n = ("      {error && <p role=\"alert\">{error}</p>}\n"
         "      <button type=\"submit\" disabled={busy || !email}>Sign in</button>\n")
    tw = [("{error && <p role=\"alert\">{error}</p>}", "  ")]
    case("tsx", "trailing-ws", "login-disable-without-email", trail(LF, tw), o, n, trail(edit(LF, o, n), tw),
         tier="normalized", note="trailing spaces after a JSX expression line")
    o = ("    pub fn with_depth(mut self, depth: usize) -> Self {\n"
         "        self.max_depth = depth;\n        self\n    }\n")
    n = ("    pub fn with_depth(mut self, depth: usize) -> Self {\n"
         "        self.max_depth = depth.min(64);\n        self\n    }\n")
    tw = [("pub fn with_depth(mut self, depth: usize) -> Self {", " "), ("        self\n", "    ")]
    f = trail(RF, [tw[0]])
    f = one(f, "        self\n", "        self    \n")
    x = trail(edit(RF, o, n), [tw[0]])
    x = one(x, "        self\n", "        self    \n")
    case("rust", "trailing-ws", "with-depth-clamp", f, o, n, x, tier="normalized",
         note="trailing spaces on the header and on the tail expression line")

    # ======================================================================= indent-omitted
    o = ("if sub.is_trialing(self.clock()):\n"
         "    log.info(\"skipping charge for %s - still in trial\", sub.customer_id)\n"
         "    return False\n")
    n = ("if sub.is_trialing(self.clock()):\n"
         "    log.info(\"skipping charge for %s - still in trial\", sub.customer_id)\n"
         "    self.gateway.authorize(sub.customer_id, 0)\n"
         "    return False\n")
    case("python", "indent-omitted", "billing-trial-branch", BILL, o, n, edit(BILL, indent(o, "        "), indent(n, "        ")),
         tier="normalized", note="Python method body sent at column 0 (class+method indentation omitted); new line must go to 12 spaces")
    o = ("@property\ndef trial_ends_at(self) -> datetime:\n"
         "    return self.started_at + timedelta(days=self.trial_days)\n")
    n = ("@property\ndef trial_ends_at(self) -> datetime:\n"
         "    if self.trial_days <= 0:\n        return self.started_at\n"
         "    return self.started_at + timedelta(days=self.trial_days)\n")
    case("python", "indent-omitted", "decorated-method-at-col0", BILL, o, n, edit(BILL, indent(o, "    "), indent(n, "    ")),
         tier="normalized", note="decorator + method of a dataclass sent without the class indentation")
    o = ("enqueue(id: string, payload: T): void {\n"
         "  this.jobs.push({ id, payload, attempts: 0 });\n  this.drain();\n}\n")
    n = ("enqueue(id: string, payload: T): void {\n"
         "  if (this.jobs.some((j) => j.id === id)) return;\n"
         "  this.jobs.push({ id, payload, attempts: 0 });\n  this.drain();\n}\n")
    case("typescript", "indent-omitted", "queue-enqueue-dedupe", Q, o, n, edit(Q, indent(o, "  "), indent(n, "  ")),
         tier="normalized", note="class method sent at column 0")
    o = ("<label>\n  Email\n  <input type=\"email\" value={email} onChange={(e) => setEmail(e.target.value)} required />\n</label>\n")
    n = ("<label>\n  Email\n  <input type=\"email\" autoComplete=\"username\" value={email} onChange={(e) => setEmail(e.target.value)} required />\n</label>\n")
    case("tsx", "indent-omitted", "login-email-autocomplete", LF, o, n, edit(LF, indent(o, "      "), indent(n, "      ")),
         tier="normalized", note="JSX children sent at column 0")
    o = ("c.mu.Lock()\ndefer c.mu.Unlock()\nc.items[key] = entry{value: value, expires: time.Now().Add(c.ttl)}\n")
    n = ("if c.ttl <= 0 {\n    return\n}\nc.mu.Lock()\ndefer c.mu.Unlock()\nc.items[key] = entry{value: value, expires: time.Now().Add(c.ttl)}\n")
    nf = "\tif c.ttl <= 0 {\n\t\treturn\n\t}\n\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\tc.items[key] = entry{value: value, expires: time.Now().Add(c.ttl)}\n"
    of = "\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\tc.items[key] = entry{value: value, expires: time.Now().Add(c.ttl)}\n"
    case("go", "indent-omitted", "cache-set-guard", GCF, o, n, edit(GCF, of, nf), tier="normalized",
         note="Go function body at column 0 (with 4-space nesting in new) in a gofmt'ed tab file")
    o = ("pub fn with_depth(mut self, depth: usize) -> Self {\n    self.max_depth = depth;\n    self\n}\n")
    n = ("pub fn with_depth(mut self, depth: usize) -> Self {\n    assert!(depth > 0, \"depth must be positive\");\n    self.max_depth = depth;\n    self\n}\n")
    case("rust", "indent-omitted", "with-depth-assert", RF, o, n, edit(RF, indent(o, "    "), indent(n, "    ")),
         tier="normalized", note="impl method sent without the impl indentation")
    o = ("if (arg === '--config' || arg === '-c') {\nargs.config = argv[++i];\n"
         "} else if (arg === '--verbose' || arg === '-v') {\n")
    n = ("if (arg === '--config' || arg === '-c') {\nargs.config = argv[++i] ?? args.config;\n"
         "} else if (arg === '--verbose' || arg === '-v') {\n")
    case("typescript", "indent-omitted", "cli-flattened-all-indentation", CLI, o, n,
         edit(CLI, "      args.config = argv[++i];\n", "      args.config = argv[++i] ?? args.config;\n"),
         tier="normalized", note="every line flattened to column 0 (relative indentation lost too); only a token changes")
    o = ("const value = row[key] || 'unknown';\ncounts[value] = (counts[value] || 0) + 1;\n")
    n = ("const value = row[key] || 'unknown';\nif (value === 'unknown' && !includeUnknown) continue;\ncounts[value] = (counts[value] || 0) + 1;\n")
    case("javascript", "indent-omitted", "summarize-skip-unknown", CSV, o, n, edit(CSV, indent(o, "    "), indent(n, "    ")),
         tier="normalized", note="two loop-body lines at column 0; inserted line must get 4 spaces")

    # ======================================================================= indent-extra
    o = "  const net = item.quantity * item.unitPrice;\n  return net + net * item.taxRate;\n"
    n = "  const net = item.quantity * item.unitPrice;\n  return Math.round((net + net * item.taxRate) * 100) / 100;\n"
    case("typescript", "indent-extra", "invoice-round-line", INV, indent(o, "    "), indent(n, "    "), edit(INV, o, n),
         tier="normalized", note="old/new indented one level (4 spaces) deeper than the file")
    o = "def load(path):\n    if not path.exists():\n        return {}\n"
    n = "def load(path):\n    if not path.exists():\n        print(f'{path} does not exist, starting empty', file=sys.stderr)\n        return {}\n"
    case("python", "indent-extra", "load-warn-missing", INVS, indent(o, "    "), indent(n, "    "), edit(INVS, o, n),
         tier="normalized", note="top-level function sent as if it were a method (4 extra spaces)")
    o = "\tif errors.Is(err, ErrNotFound) {\n\t\thttp.Error(w, \"not found\", http.StatusNotFound)\n"
    n = "\tif errors.Is(err, ErrNotFound) {\n\t\thttp.NotFound(w, r)\n"
    case("go", "indent-extra", "handler-notfound-helper", GHF, indent(o, "\t"), indent(n, "\t"), edit(GHF, o, n),
         tier="normalized", note="one extra tab on every line")
    o = ("            <td>{order.number}</td>\n            <td>{order.customerName}</td>\n")
    n = ("            <td>{order.number}</td>\n            <td>{order.customerName || '-'}</td>\n")
    case("tsx", "indent-extra", "ordertable-empty-name", OT, indent(o, "    "), indent(n, "    "), edit(OT, o, n),
         tier="normalized", note="JSX rows sent 4 spaces deeper")
    o = "        match self {\n            ParseError::Empty => write!(f, \"empty command\"),\n"
    n = "        match self {\n            ParseError::Empty => f.write_str(\"empty command\"),\n"
    case("rust", "indent-extra", "display-write-str", RC, indent(o, "    "), indent(n, "    "), edit(RC, o, n),
         tier="normalized", note="match arm sent one level deeper")
    o = ("  if (items.length > 10) {\n    container.classList.add('scroll');\n  }\n")
    n = ("  container.classList.toggle('scroll', items.length > 10);\n")
    case("javascript", "indent-extra", "renderlist-toggle", DOM, indent(o, "    "), indent(n, "    "), edit(DOM, o, n),
         tier="normalized", note="a 3-line block replaced by one line; edit 4 spaces too deep")

    # ======================================================================= typographic
    RLA = one(RL, "    if (count > this.options.max) {\n",
              "    // Callers can't exceed the window's budget - not even admins.\n    if (count > this.options.max) {\n")
    curly = [("    // Callers can't exceed the window's budget - not even admins.\n",
              "    // Callers can\u2019t exceed the window\u2019s budget \u2013 not even admins.\n")]
    o = ("    // Callers can't exceed the window's budget - not even admins.\n    if (count > this.options.max) {\n"
         "      logger.warn('rate limit exceeded', { key, count });\n")
    n = ("    // Callers can't exceed the window's budget - not even admins.\n    if (count > this.options.max) {\n"
         "      logger.warn('rate limit exceeded', { key, count, windowMs: this.options.windowMs });\n")
    case("typescript", "typographic", "comment-curly-apostrophes", subs(RLA, curly), o, n, subs(edit(RLA, o, n), curly),
         tier="normalized", note="the file's comment has curly apostrophes and an en dash, old is ASCII; the comment line is unchanged and must keep them")
    BT2 = [("\"\"\"Return True while the \"trial\" period is still running.\"\"\"",
            "\"\"\"Return True while the \u201ctrial\u201d period is still running.\"\"\"")]
    o = ("    def is_trialing(self, now: datetime) -> bool:\n"
         "        \"\"\"Return True while the \"trial\" period is still running.\"\"\"\n"
         "        return now < self.trial_ends_at\n")
    n = ("    def is_trialing(self, now: datetime) -> bool:\n"
         "        \"\"\"Return True while the \"trial\" period is still running.\"\"\"\n"
         "        return self.trial_days > 0 and now < self.trial_ends_at\n")
    case("python", "typographic", "docstring-curly-quotes", subs(BILL, BT2), o, n, subs(edit(BILL, o, n), BT2),
         tier="normalized", note="docstring with curly double quotes in the file, straight in old")
    LT = [("Don't have an account?", "Don\u2019t have an account?")]
    o = "      <p className=\"hint\">Don't have an account? <a href=\"/signup\">Sign up</a></p>\n"
    n = "      <p className=\"hint\">Don't have an account? <a href=\"/register\">Sign up</a></p>\n"
    case("tsx", "typographic", "jsx-text-apostrophe-changed-line", subs(LF, LT), o, n, subs(edit(LF, o, n), LT),
         tier="normalized", note="the rewritten line itself has a curly apostrophe before the changed href: the kept prefix keeps the file's spelling")
    NB = [("print(f'{sku:<20} {count:>6}')", "print(f'{sku:<20}\u00a0{count:>6}')")]
    o = "            print(f'{sku:<20} {count:>6}')\n"
    n = "            print(f'{sku:<20} {count:>8}')\n"
    case("python", "typographic", "nbsp-in-fstring", subs(INVS, NB), o, n,
         subs(edit(INVS, o, n), [(a.replace(">6", ">8"), b.replace(">6", ">8")) for a, b in NB]),
         tier="normalized", note="NBSP in the file's f-string before the changed token; model typed a space")
    GTY = [("// GetTask - returns the task as JSON.", "// GetTask \u2013 returns the task as JSON.")]
    GHC = one(GHF, "func (h *Handler) GetTask(", "// GetTask - returns the task as JSON.\nfunc (h *Handler) GetTask(")
    o = ("// GetTask - returns the task as JSON.\nfunc (h *Handler) GetTask(w http.ResponseWriter, r *http.Request) {\n"
         "\tid, err := strconv.ParseInt(r.URL.Query().Get(\"id\"), 10, 64)\n")
    n = ("// GetTask - returns the task as JSON.\nfunc (h *Handler) GetTask(w http.ResponseWriter, r *http.Request) {\n"
         "\tid, err := strconv.ParseInt(r.PathValue(\"id\"), 10, 64)\n")
    case("go", "typographic", "doc-comment-en-dash", subs(GHC, GTY), o, n, subs(edit(GHC, o, n), GTY),
         tier="normalized", note="en dash in a Go doc comment; header + first body line edited")
    DQ = [("'\"Nothing here yet\"'", "'\u201cNothing here yet\u201d'")]
    o = ("  if (items.length === 0) {\n    container.textContent = '\"Nothing here yet\"';\n    return;\n  }\n")
    n = ("  if (items.length === 0) {\n    container.textContent = '\"Nothing here yet\"';\n    container.classList.remove('scroll');\n    return;\n  }\n")
    case("javascript", "typographic", "curly-quotes-in-string-literal", subs(DOM, DQ), o, n, subs(edit(DOM, o, n), DQ),
         tier="normalized", note="string literal content has curly double quotes in the file; that line is unchanged")
    SBE = [("'Search...'", "'Search\u2026'")]
    o = "export function SearchBox({ placeholder = 'Search...', delay = 300, onSearch }: SearchBoxProps) {\n"
    n = "export function SearchBox({ placeholder = 'Search...', delay = 250, onSearch }: SearchBoxProps) {\n"
    case("tsx", "typographic", "ellipsis-character", subs(SB, SBE), o, n, subs(edit(SB, o, n), SBE),
         tier="normalized", note="file has U+2026 ellipsis where the model typed three dots (stretch: not in the listed folding set); the kept prefix keeps the ellipsis")
    ZW = [("  // Remember the exact window so reset() can clear it.\n",
           "  // Remember the exact\u200b window so reset() can clear it.\n")]
    RLZ = one(RL, "  async reset(", "  // Remember the exact window so reset() can clear it.\n  async reset(")
    o = ("  // Remember the exact window so reset() can clear it.\n  async reset(key: string): Promise<void> {\n"
         "    await this.redis.del(this.prefix + key);\n")
    n = ("  // Remember the exact window so reset() can clear it.\n  async reset(key: string): Promise<void> {\n"
         "    await this.redis.unlink(this.prefix + key);\n")
    case("typescript", "typographic", "zero-width-space-in-comment", subs(RLZ, ZW), o, n, subs(edit(RLZ, o, n), ZW),
         tier="normalized", note="a zero-width space pasted into a comment line of the region; the comment keeps it")

    # ======================================================================= comments
    HC = one(HND, "      const id = Number(req.params.id);\n",
             "      const id = Number(req.params.id);\n      // ids are positive integers; 0 is the anonymous user\n")
    o = ("      const id = Number(req.params.id);\n      if (!Number.isInteger(id) || id <= 0) {\n"
         "        throw new HttpError(400, 'invalid user id');\n")
    n = ("      const id = Number(req.params.id);\n      if (!Number.isInteger(id) || id <= 0) {\n"
         "        throw new HttpError(400, `invalid user id: ${req.params.id}`);\n")
    case("typescript", "comments", "file-has-extra-comment", HC, o, n, edit(HC, "        throw new HttpError(400, 'invalid user id');\n",
         "        throw new HttpError(400, `invalid user id: ${req.params.id}`);\n"),
         tier="structural", note="a comment line in the file inside the region that old lacks: it is kept")
    o = ("        if sub.is_trialing(self.clock()):\n            # trial users are never charged\n"
         "            log.info(\"skipping charge for %s - still in trial\", sub.customer_id)\n            return False\n")
    n = ("        if sub.is_trialing(self.clock()):\n            # trial users are never charged\n"
         "            log.info(\"skipping charge for %s - still in trial\", sub.customer_id)\n            return None\n")
    case("python", "comments", "old-has-stale-comment", BILL, o, n,
         edit(BILL, "            return False\n        if amount_cents", "            return None\n        if amount_cents"),
         tier="structural", note="old (and new) carry a comment the file does not have: it must not be brought back")
    GHT = one(GHF, "\t\thttp.Error(w, \"not found\", http.StatusNotFound)\n\t\treturn\n",
              "\t\thttp.Error(w, \"not found\", http.StatusNotFound)\n\t\treturn // nothing to encode\n")
    o = ("\tif errors.Is(err, ErrNotFound) {\n\t\thttp.Error(w, \"not found\", http.StatusNotFound)\n\t\treturn\n\t}\n")
    n = ("\tif errors.Is(err, ErrNotFound) {\n\t\thttp.Error(w, \"task not found\", http.StatusNotFound)\n\t\treturn\n\t}\n")
    case("go", "comments", "file-has-trailing-comment", GHT, o, n,
         edit(GHT, "http.Error(w, \"not found\", http.StatusNotFound)", "http.Error(w, \"task not found\", http.StatusNotFound)"),
         tier="structural", note="an unchanged line in the file has an end-of-line comment old lacks: it is kept")
    RFC = one(RF, "            let ft = entry.file_type()?;\n",
              "            // file_type() does not follow symlinks\n            let ft = entry.file_type()?;\n")
    o = ("            let path = entry.path();\n            let ft = entry.file_type()?;\n"
         "            if ft.is_dir() && depth < config.max_depth {\n")
    n = ("            let path = entry.path();\n            let ft = entry.file_type()?;\n"
         "            if ft.is_dir() && depth + 1 <= config.max_depth {\n")
    case("rust", "comments", "file-has-comment-line", RFC, o, n,
         edit(RFC, "if ft.is_dir() && depth < config.max_depth {", "if ft.is_dir() && depth + 1 <= config.max_depth {"),
         tier="structural", note="comment line inside the region in the file only")

    # ======================================================================= blank-lines
    QB = one(Q, "      const job = this.jobs.shift()!;\n      this.running++;\n",
             "      const job = this.jobs.shift()!;\n\n      this.running++;\n")
    o = ("      const job = this.jobs.shift()!;\n      this.running++;\n      this.run(job).finally(() => {\n")
    n = ("      const job = this.jobs.shift()!;\n      this.running++;\n      void this.run(job).finally(() => {\n")
    case("typescript", "blank-lines", "file-has-blank-line", QB, o, n,
         edit(QB, "      this.run(job).finally", "      void this.run(job).finally"),
         tier="normalized", note="the file has a blank line inside the region that old lacks: kept")
    o = ("    stock = load(path)\n\n    if args.command == 'add':\n")
    n = ("    stock = load(path)\n\n    if args.command in ('add', 'put'):\n")
    case("python", "blank-lines", "old-has-blank-line", INVS, o, n,
         edit(INVS, "    if args.command == 'add':\n", "    if args.command in ('add', 'put'):\n"),
         tier="normalized", note="old has a blank line the file lacks: not brought back")
    GB = one(GCF, "\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\te, ok", "\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\n\te, ok")
    o = "\tdefer c.mu.Unlock()\n\te, ok := c.items[key]\n"
    n = "\tdefer c.mu.Unlock()\n\te, found := c.items[key]\n"
    case("go", "blank-lines", "file-has-blank-after-defer", GB, o, n,
         edit(GB, "\te, ok := c.items[key]\n", "\te, found := c.items[key]\n"), tier="normalized",
         note="blank line between defer and the lookup in the file only")
    o = ("  const [query, setQuery] = useState('');\n\n\n  useEffect(() => {\n")
    n = ("  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');\n\n\n  useEffect(() => {\n")
    case("tsx", "blank-lines", "old-has-extra-blank-lines", SB, o, n,
         edit(SB, "  const [query, setQuery] = useState('');\n", "  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');\n"),
         tier="normalized", note="old has two blank lines where the file has one")

    # ======================================================================= prettier
    pts = prettier("ts")
    o = ("  constructor(private readonly redis: Redis, private readonly options: RateLimitOptions) {\n"
         "    this.prefix = options.keyPrefix ?? 'rl:';\n  }\n")
    n = o.replace("'rl:'", "'ratelimit:'")
    reformatted("typescript", "prettier", "ctor-header-wrapped", RL, pts, o, n, [('"rl:"', '"ratelimit:"')],
                note="Prettier defaults wrapped the constructor parameters; old spans the header ending in { plus the first body line; quotes become double")
    o = "  const args: CliArgs = { config: 'sync.json', verbose: false, dryRun: false, files: [] };\n"
    n = o.replace("'sync.json'", "'sync.config.json'")
    reformatted("typescript", "prettier", "object-literal-wrapped", CLI, pts, o, n, [('"sync.json"', '"sync.config.json"')],
                note="Prettier defaults broke a long object literal over lines (trailing comma added)")
    o = "  const net = item.quantity * item.unitPrice;\n  return net + net * item.taxRate;\n"
    n = "  const net = item.quantity * item.unitPrice;\n  return net * (1 + item.taxRate);\n"
    reformatted("typescript", "prettier", "no-semi", INV, prettier("ts", "--no-semi"), o, n,
                [("  return net + net * item.taxRate\n", "  return net * (1 + item.taxRate)\n")],
                note="prettier --no-semi: the file has no semicolons; old/new have them")
    o = "    const redisKey = this.prefix + key;\n    const count = await this.redis.incr(redisKey);\n"
    n = "    const redisKey = this.prefix + key;\n    const count = await this.redis.incrby(redisKey, 1);\n"
    reformatted("typescript", "prettier", "use-tabs-single-quote", RL, prettier("ts", "--use-tabs", "--single-quote"), o, n,
                [("this.redis.incr(redisKey)", "this.redis.incrby(redisKey, 1)")], tier="normalized",
                note="prettier --use-tabs --single-quote only re-indents this region, so folding finds it")
    o = ("  constructor(private readonly worker: (payload: T) => Promise<void>, private readonly concurrency = 2, "
         "private readonly maxAttempts = 3) {}\n")
    n = o.replace("concurrency = 2", "concurrency = 4")
    reformatted("typescript", "prettier", "print-width-120-ctor", Q, prettier("ts", "--print-width", "120"), o, n,
                [("concurrency = 2", "concurrency = 4")], note="prettier --print-width 120 still wraps the 140-column constructor")
    o = ("  const symbol = currency === 'USD' ? '$' : currency === 'EUR' ? 'EUR ' : 'GBP ';\n"
         "  return symbol + amount.toFixed(2);\n")
    n = o.replace("'EUR '", "'\u20ac'")
    reformatted("typescript", "prettier", "print-width-40-ternary", INV, prettier("ts", "--print-width", "40"), o, n,
                [('"EUR "', '"\u20ac"')],
                note="prettier --print-width 40 turns the nested ternary into an indented chain")
    ptsx = prettier("tsx")
    o = "      <input type=\"search\" value={query} placeholder={placeholder} onChange={(e) => setQuery(e.target.value)} />\n"
    n = o.replace("setQuery(e.target.value)", "setQuery(e.target.value.trimStart())")
    reformatted("tsx", "prettier", "jsx-attributes-one-per-line", SB, ptsx, o, n,
                [("setQuery(e.target.value)", "setQuery(e.target.value.trimStart())")],
                note="Prettier put each JSX attribute on its own line")
    o = "          <tr key={order.id} className={order.id === selectedId ? 'selected' : undefined} onClick={() => onSelect(order.id)}>\n"
    n = o.replace("'selected'", "'is-selected'")
    reformatted("tsx", "prettier", "jsx-row-class-string", OT, ptsx, o, n, [('"selected"', '"is-selected"')],
                note="string inside a JSX expression attribute, now double-quoted and on its own line")
    o = "type Props = { orders: Order[]; onSelect: (id: string) => void; selectedId?: string };\n"
    n = o.replace("selectedId?: string", "selectedId?: string | null")
    reformatted("tsx", "prettier", "type-literal-expanded", OT, ptsx, o, n,
                [("selectedId?: string;", "selectedId?: string | null;")], note="one-line type literal expanded to one member per line")
    o = "    } catch (err) {\n      setError('Login failed. Check your email and password.');\n"
    n = "    } catch (err) {\n      setError('Login failed. Please try again.');\n"
    reformatted("tsx", "prettier", "string-content-double-quotes", LF, ptsx, o, n,
                [('"Login failed. Check your email and password."', '"Login failed. Please try again."')],
                note="only the quotes changed in this region; the new string content goes inside the file's double quotes")
    pjs = prettier("js")
    o = "  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });\n"
    n = o.replace("fs.createReadStream(file)", "fs.createReadStream(file, { highWaterMark: 1 << 16 })")
    reformatted("javascript", "prettier", "call-args-wrapped", CSV, pjs, o, n,
                [("input: fs.createReadStream(file),", "input: fs.createReadStream(file, { highWaterMark: 1 << 16 }),")],
                note="Prettier wrapped the object argument; new adds a nested object (check keeps the layout)")
    o = "    const cells = line.split(delimiter).map((c) => c.trim());\n"
    n = "    const cells = line.split(delimiter).map((c) => c.trimEnd());\n"
    reformatted("javascript", "prettier", "arrow-parens-avoid", CSV, prettier("js", "--arrow-parens", "avoid", "--single-quote"), o, n,
                [(".map(c => c.trim());", ".map(c => c.trimEnd());")],
                note="prettier --arrow-parens avoid dropped the parens around c")
    o = "    .replace(/\"/g, '&quot;');\n"
    n = "    .replace(/\"/g, '&#34;');\n"
    reformatted("javascript", "prettier", "no-semi-chain-end", DOM, prettier("js", "--no-semi"), o, n,
                [('.replace(/"/g, "&quot;")\n', '.replace(/"/g, "&#34;")\n')],
                note="prettier --no-semi: last call of a chain lost its semicolon and got double quotes")
    o = "        console.error(`job ${job.id} failed after ${job.attempts} attempts`, err);\n"
    n = "        console.error(`job ${job.id} gave up after ${job.attempts} attempts`, err);\n"
    reformatted("typescript", "prettier", "long-call-wrapped-template", Q, pts, o, n,
                [("failed after ${job.attempts}", "gave up after ${job.attempts}")],
                note="Prettier broke a long console.error call; template literal content changes")

    # ======================================================================= black
    bl = black()
    o = "    parser = argparse.ArgumentParser(prog='inventory', description='Manage the warehouse inventory file')\n"
    n = o.replace("inventory file", "stock file")
    reformatted("python", "black", "call-wrapped-double-quotes", INVS, bl, o, n,
                [('"Manage the warehouse inventory file"', '"Manage the warehouse stock file"')],
                note="black wrapped the call and switched to double quotes")
    o = "        path.write_text(json.dumps(stock, indent=2, sort_keys=True), encoding='utf-8')\n"
    n = o.replace("indent=2", "indent=4")
    reformatted("python", "black", "long-line-split", INVS, bl, o, n, [("indent=2", "indent=4")],
                note="black split a 90-column line")
    FLB = bl(FL)
    o = ("@app.route('/notes/<int:note_id>', methods=['GET'])\n@require_token\ndef get_note(note_id):\n"
         "    note = NOTES.get(note_id)\n")
    n = o.replace("'/notes/<int:note_id>'", "'/api/notes/<int:note_id>'")
    reformatted("python", "black", "decorators-and-def", FL, bl, o, n,
                [('@app.route("/notes/<int:note_id>", methods=["GET"])', '@app.route("/api/notes/<int:note_id>", methods=["GET"])')],
                note="decorators + def header + first body line; black changed quotes in the decorator")
    o = "            log.warning(\"charge failed for %s: %s\", sub.customer_id, result.error)\n"
    n = o.replace("result.error)", "result.error_code)")
    reformatted("python", "black", "line-length-60", BILL, black("-l", "60"), o, n,
                [("result.error,", "result.error_code,")], note="black -l 60 exploded the call one argument per line (magic trailing comma)")
    BILLP = one(BILL, "        return now < self.trial_ends_at\n", "        return (now < self.trial_ends_at)\n")
    o = "        return (now < self.trial_ends_at)\n"
    n = "        return (now <= self.trial_ends_at)\n"
    reformatted("python", "black", "redundant-parens-removed", BILLP, bl, o, n, [("return now < self", "return now <= self")],
                note="black removed redundant parentheses around the return value")
    o = "        token = request.headers.get('Authorization', '').removeprefix('Bearer ')\n        if token not in API_TOKENS:\n"
    n = "        token = request.headers.get('Authorization', '').removeprefix('Bearer ').strip()\n        if token not in API_TOKENS:\n"
    reformatted("python", "black", "nested-def-quotes", FL, bl, o, n,
                [('.removeprefix("Bearer ")\n', '.removeprefix("Bearer ").strip()\n')],
                note="inside a nested def; black double-quoted the strings")

    # ======================================================================= rustfmt
    rf = rustfmt()
    o = "        \"GET\" => Ok(Command::Get { key: parts.next().ok_or(ParseError::MissingArgument(\"key\"))?.to_string() }),\n"
    n = o.replace("MissingArgument(\"key\")", "MissingArgument(\"get key\")")
    g = '"GET" => Ok(Command::Get {\n            key: parts\n                .next()\n                .ok_or(ParseError::MissingArgument("key"))?'
    reformatted("rust", "rustfmt", "match-arm-wrapped", RC, rf, o, n, [(g, g.replace('("key")', '("get key")'))],
                note="rustfmt wrapped a long match arm (struct literal + method chain)")
    o = "        Config { root: root.into(), max_depth: 8, follow_links: false }\n"
    n = o.replace("max_depth: 8", "max_depth: 16")
    reformatted("rust", "rustfmt", "struct-literal-vertical", RF, rf, o, n, [("max_depth: 8,", "max_depth: 16,")],
                note="rustfmt made the struct literal vertical with a trailing comma")
    o = "        \"PING\" => { Ok(Command::Ping) }\n"
    n = "        \"PING\" | \"HEALTH\" => { Ok(Command::Ping) }\n"
    reformatted("rust", "rustfmt", "match-arm-block-unwrapped", RC, rf, o, n, [('"PING" => Ok', '"PING" | "HEALTH" => Ok')],
                note="rustfmt unwrapped the arm's block `{ expr }` into `expr,`")
    o = "#[derive(Debug)]\n#[derive(Clone, PartialEq)]\npub enum Command {\n"
    n = "#[derive(Debug)]\n#[derive(Clone, PartialEq, Eq)]\npub enum Command {\n"
    reformatted("rust", "rustfmt", "merged-derives", RC, rf, o, n, [("#[derive(Debug, Clone, PartialEq)]", "#[derive(Debug, Clone, PartialEq, Eq)]")],
                note="rustfmt merged two derive attributes; the model remembers them separate")
    o = "    Set { key: String, value: String, ttl: Option<u64> },\n"
    n = "    Set { key: String, value: String, ttl: Option<u32> },\n"
    reformatted("rust", "rustfmt", "max-width-40-variant", RC, rustfmt("max_width=40"), o, n, [("ttl: Option<u64>,", "ttl: Option<u32>,")],
                note="rustfmt max_width=40 put the variant fields one per line")

    # ======================================================================= gofmt
    o = "    if (!ok || time.Now().After(e.expires)) {\n        delete(c.items, key)\n"
    n = "    if (!ok || c.now().After(e.expires)) {\n        delete(c.items, key)\n"
    reformatted("go", "gofmt", "if-parens-removed", GC, gofmt, o, n, [("if !ok || time.Now().After", "if !ok || c.now().After")],
                note="gofmt removed the parentheses around the if condition and switched to tabs")
    o = "type Cache struct {\n    mu sync.Mutex\n    items map[string]entry\n"
    n = "type Cache struct {\n    mu sync.Mutex\n    items map[string]*entry\n"
    reformatted("go", "gofmt", "struct-field-alignment", GC, gofmt, o, n, [("map[string]entry\n\tttl", "map[string]*entry\n\tttl")],
                note="gofmt aligned struct field types; old has single spaces")
    o = "    Paid bool `json:\"paid\" db:\"paid\"`\n"
    n = "    Paid bool `json:\"paid,omitempty\" db:\"paid\"`\n"
    reformatted("go", "gofmt", "struct-tag-aligned", GT, gofmt, o, n, [('`json:"paid" db:"paid"`', '`json:"paid,omitempty" db:"paid"`')],
                note="gofmt aligned the struct tags column; model edits a tag")
    o = "func (i Invoice) Overdue(now time.Time) bool {\n    if (i.Paid) {\n        return false\n    }\n"
    n = "func (i Invoice) Overdue(now time.Time) bool {\n    if (i.Paid || i.AmountCents == 0) {\n        return false\n    }\n"
    reformatted("go", "gofmt", "func-header-and-if", GT, gofmt, o, n, [("if i.Paid {", "if i.Paid || i.AmountCents == 0 {")],
                note="func header ending in { plus an if whose parens gofmt removed")

    # ======================================================================= line-numbers
    o = ("  async reset(key: string): Promise<void> {\n    await this.redis.del(this.prefix + key);\n  }\n")
    n = ("  async reset(key: string): Promise<void> {\n    await this.redis.del(this.prefix + key);\n    logger.info('rate limit reset', { key });\n  }\n")
    case("typescript", "line-numbers", "cat-n-prefix-old-only", RL, numbered(o, line_of(RL, "  async reset("), "cat"), n,
         edit(RL, o, n), tier="normalized", note="old copied from a `cat -n` view (right-aligned number + tab); new is plain")
    o = ("        for sku, count in sorted(stock.items(), key=lambda kv: (-kv[1], kv[0])):\n"
         "            print(f'{sku:<20} {count:>6}')\n")
    n = ("        for sku, count in sorted(stock.items(), key=lambda kv: (kv[0], kv[1])):\n"
         "            print(f'{sku:<20} {count:>6}')\n")
    st = line_of(INVS, "        for sku, count")
    case("python", "line-numbers", "pipe-prefix-both", INVS, numbered(o, st, "pipe"), numbered(n, st, "pipe"),
         edit(INVS, o, n), tier="normalized", note="old and new both carry `  NN | ` prefixes from a read tool")
    st = line_of(GHF, "\ttask, err := h.store.Get(id)") - 4
    o_ = "\tif err != nil {\n\t\thttp.Error(w, \"bad id\", http.StatusBadRequest)\n\t\treturn\n\t}\n\ttask, err := h.store.Get(id)\n"
    n_ = "\tif err != nil {\n\t\thttp.Error(w, \"bad id: \"+err.Error(), http.StatusBadRequest)\n\t\treturn\n\t}\n\ttask, err := h.store.Get(id)\n"
    case("go", "line-numbers", "cat-n-with-tab-indented-code", GHF, numbered(o_, st, "cat"), n_, edit(GHF, o_, n_),
         tier="normalized", note="cat -n prefix followed by the file's own tab indentation; the `bad id` block is unique thanks to the following line")
    o = ("      <label>\n        Password\n        <input type=\"password\" value={password} onChange={(e) => setPassword(e.target.value)} required />\n")
    n = ("      <label>\n        Password\n        <input type=\"password\" value={password} onChange={(e) => setPassword(e.target.value)} required minLength={8} />\n")
    st = line_of(LF, "        Password\n") - 1
    case("tsx", "line-numbers", "arrow-prefix", LF, numbered(o, st, "arrow"), n, edit(LF, o, n), tier="normalized",
         note="old copied from a read tool that prints `     NN\u2192code`")
    o = ("function toCsv(rows) {\n  return rows.map((r) => r.join(',')).join('\\n');\n}\n")
    n = ("function toCsv(rows, delimiter = ',') {\n  return rows.map((r) => r.join(delimiter)).join('\\n');\n}\n")
    st = line_of(CSV, "function toCsv(")
    case("javascript", "line-numbers", "cat-n-both", CSV, numbered(o, st, "cat"), numbered(n, st, "cat"), edit(CSV, o, n),
         tier="normalized", note="cat -n prefixes on both old and new (same line count)")

    # ======================================================================= html-entities
    o = html("    if (count > this.options.max) {\n")
    n = html("    if (count >= this.options.max) {\n")
    case("typescript", "html-entities", "gt-in-condition", RL, o, n, edit(RL, "    if (count > this.options.max) {\n", "    if (count >= this.options.max) {\n"),
         tier="normalized", note="old/new arrive with &gt; for >")
    o = "      {query && <button onClick={() => setQuery('')}>Clear</button>}\n"
    n = "      {query && <button type=\"button\" onClick={() => setQuery('')}>Clear</button>}\n"
    case("tsx", "html-entities", "jsx-line-escaped", SB, html(o), html(n), edit(SB, o, n), tier="normalized",
         note="a JSX line with &amp;&amp;, &lt;, &gt; and =&gt; entities")
    o = "pub fn parse(line: &str) -> Result<Command, ParseError> {\n    let mut parts = line.split_whitespace();\n"
    n = "pub fn parse(line: &str) -> Result<Command, ParseError> {\n    let mut parts = line.trim().split_whitespace();\n"
    case("rust", "html-entities", "fn-signature-generics", RCF, html(o), html(n), edit(RCF, o, n), tier="normalized",
         note="&amp;str, -&gt; and Result&lt;..&gt; in a Rust signature (file is rustfmt'ed but the region is unchanged)")
    o = "@app.route('/notes/<int:note_id>', methods=['DELETE'])\n"
    n = "@app.route('/notes/<int:note_id>/delete', methods=['POST'])\n"
    case("python", "html-entities", "flask-route-angle-brackets", FL, html(o), html(n), edit(FL, o, n), tier="normalized",
         note="Flask route converter <int:..> sent as &lt;int:..&gt;")
    o = "    .replace(/</g, '&lt;')\n"
    n = "    .replace(/</g, '&#60;')\n"
    case("javascript", "html-entities", "real-entities-in-code-exact", DOM, o, n, edit(DOM, o, n), tier="exact",
         note="trap: the code really contains '&lt;'; old matches byte for byte and must be written as is (no decoding)")

    # ======================================================================= double-encoded
    o = "  async reset(key: string): Promise<void> {\n    await this.redis.del(this.prefix + key);\n  }"
    n = "  async reset(key: string): Promise<void> {\n    await this.redis.del(this.prefix + key);\n    logger.info('rate limit reset', { key });\n  }"
    case("typescript", "double-encoded", "literal-backslash-n", RL, json_inner(o), json_inner(n), edit(RL, o, n),
         tier="normalized", note="old/new arrived JSON-encoded twice: one line with literal \\n")
    o = ("        if not result.ok:\n            log.warning(\"charge failed for %s: %s\", sub.customer_id, result.error)\n")
    n = ("        if not result.ok:\n            log.warning(\"charge failed for %s: %s\", sub.customer_id, result.error)\n"
         "            self.gateway.void(result.id)\n")
    case("python", "double-encoded", "escaped-quotes-and-newlines", BILL, json_inner(o), json_inner(n), edit(BILL, o, n),
         tier="normalized", note="literal \\n and \\\" escapes in old/new")
    o = "  return rows.map((r) => r.join(',')).join('\\n');"
    n = "  return rows.map((r) => r.join(',')).join('\\r\\n');"
    case("javascript", "double-encoded", "real-backslash-n-in-code-exact", CSV, o, n, edit(CSV, o, n), tier="exact",
         note="trap: the code really contains '\\n' in a string; old matches exactly and must not be decoded")

    # ======================================================================= elision
    o = ("  private async run(job: Job<T>): Promise<void> {\n    try {\n      // ... existing code ...\n"
         "    } catch (err) {\n      job.attempts++;\n")
    n = ("  private async run(job: Job<T>): Promise<void> {\n    try {\n      // ... existing code ...\n"
         "    } catch (err) {\n      job.attempts += 1;\n      this.onError?.(job, err);\n")
    case("typescript", "elision", "run-catch", Q, o, n,
         edit(Q, "      job.attempts++;\n", "      job.attempts += 1;\n      this.onError?.(job, err);\n"),
         tier="normalized", note="old/new elide the try body with `// ... existing code ...`; the elided line stays")
    o = ("    def charge(self, sub: Subscription, amount_cents: int) -> bool:\n        # ... existing code ...\n"
         "        result = self.gateway.charge(sub.customer_id, amount_cents)\n")
    n = ("    def charge(self, sub: Subscription, amount_cents: int) -> bool:\n        # ... existing code ...\n"
         "        result = self.gateway.charge(sub.customer_id, amount_cents, currency=sub.currency)\n")
    case("python", "elision", "charge-elided-guards", BILL, o, n,
         edit(BILL, "        result = self.gateway.charge(sub.customer_id, amount_cents)\n",
              "        result = self.gateway.charge(sub.customer_id, amount_cents, currency=sub.currency)\n"),
         tier="normalized", note="Python `# ... existing code ...` covering two if-blocks")
    o = ("export default function OrderTable({ orders, onSelect, selectedId }: Props) {\n  if (orders.length === 0) {\n"
         "    return <p className=\"empty\">No orders yet.</p>;\n  }\n  // ... existing code ...\n"
         "            <td>{order.total.toFixed(2)}</td>\n")
    n = ("export default function OrderTable({ orders, onSelect, selectedId }: Props) {\n  if (orders.length === 0) {\n"
         "    return <p className=\"empty\">No orders match your filters.</p>;\n  }\n  // ... existing code ...\n"
         "            <td className=\"num\">{order.total.toFixed(2)}</td>\n")
    case("tsx", "elision", "two-changes-around-elision", OT, o, n,
         subs(OT, [("No orders yet.", "No orders match your filters."),
                   ("<td>{order.total.toFixed(2)}</td>", "<td className=\"num\">{order.total.toFixed(2)}</td>")]),
         tier="normalized", note="changes before and after the elided JSX")
    o = ("func (h *Handler) DeleteTask(w http.ResponseWriter, r *http.Request) {\n\t// ... existing code ...\n"
         "\tw.WriteHeader(http.StatusNoContent)\n}\n")
    n = ("func (h *Handler) DeleteTask(w http.ResponseWriter, r *http.Request) {\n\t// ... existing code ...\n"
         "\tw.WriteHeader(http.StatusOK)\n}\n")
    case("go", "elision", "delete-task-status", GHF, o, n,
         edit(GHF, "\tw.WriteHeader(http.StatusNoContent)\n", "\tw.WriteHeader(http.StatusOK)\n"), tier="normalized",
         note="elided function body; the elided part contains the duplicated `bad id` block")
    o = ("    while let Some((dir, depth)) = stack.pop() {\n        // ... existing code ...\n    }\n    out.sort();\n")
    n = ("    while let Some((dir, depth)) = stack.pop() {\n        // ... existing code ...\n    }\n    out.sort_unstable();\n")
    case("rust", "elision", "walk-loop-elided", RF, o, n, edit(RF, "    out.sort();\n", "    out.sort_unstable();\n"),
         tier="normalized", note="the elided loop body contains nested blocks")
    o = ("  private async run(job: Job<T>): Promise<void> {\n    // ... existing code ...\n"
         "      job.retries++;\n")
    n = ("  private async run(job: Job<T>): Promise<void> {\n    // ... existing code ...\n"
         "      job.retries += 1;\n")
    case("typescript", "elision", "tail-not-in-file", Q, o, n, expect="not_found",
         note="negative: the head matches but the line after the elision marker (job.retries++) is nowhere in the file")

    # ======================================================================= renamed-identifier
    o = "    const remaining = Math.max(0, this.options.limit - count);\n    if (count > this.options.limit) {\n"
    n = "    const remaining = Math.max(0, this.options.limit - count);\n    if (count >= this.options.limit) {\n"
    case("typescript", "renamed-identifier", "options-limit", RL, o, n, expect="not_found",
         note="old says options.limit, the file has options.max")
    o = "      {query && <button onClick={() => setSearch('')}>Clear</button>}\n"
    n = "      {query && <button onClick={() => setSearch('')}>Reset</button>}\n"
    case("tsx", "renamed-identifier", "setter-renamed", SB, o, n, expect="not_found", note="setSearch vs setQuery")
    o = ("    const value = row[key] || 'unknown';\n    tally[value] = (tally[value] || 0) + 1;\n")
    n = ("    const value = row[key] || 'unknown';\n    tally[value] = (tally[value] ?? 0) + 1;\n")
    case("javascript", "renamed-identifier", "middle-line-renamed", CSV, o, n, expect="not_found",
         note="first line matches, the second names tally instead of counts")
    o = ("        if amount <= 0:\n            raise ValueError(\"amount must be positive\")\n")
    n = ("        if amount < 100:\n            raise ValueError(\"amount must be positive\")\n")
    case("python", "renamed-identifier", "amount-vs-amount-cents", BILL, o, n, expect="not_found",
         note="amount vs amount_cents (a prefix of the real name)")
    o = "\ttask, err := h.repo.Get(id)\n"
    n = "\ttask, err := h.repo.Get(r.Context(), id)\n"
    case("go", "renamed-identifier", "store-vs-repo", GHF, o, n, expect="not_found", note="h.repo vs h.store")
    o = ("    let mut queue = vec![(config.root.clone(), 0usize)];\n    while let Some((dir, depth)) = queue.pop() {\n")
    n = ("    let mut queue = std::collections::VecDeque::from([(config.root.clone(), 0usize)]);\n    while let Some((dir, depth)) = queue.pop_front() {\n")
    case("rust", "renamed-identifier", "stack-vs-queue", RF, o, n, expect="not_found", note="queue vs stack")
    o = "  constructor(private readonly redis: Redis, private readonly options: RateLimitOptions) {\n    this.prefix = options.prefix ?? 'rl:';\n  }\n"
    n = o.replace("'rl:'", "'ratelimit:'")
    case("typescript", "renamed-identifier", "on-prettier-file", pts(RL), o, n, expect="not_found",
         note="negative on a Prettier-formatted file: options.prefix vs options.keyPrefix")
    o = "        for sku, count in sorted(stock.items(), key=lambda item: (-item[1], item[0])):\n"
    n = "        for sku, count in sorted(stock.items(), key=lambda item: (item[0], item[1])):\n"
    case("python", "renamed-identifier", "lambda-param-on-black-file", bl(INVS), o, n, expect="not_found",
         note="negative on a black-formatted file: lambda parameter item vs kv (consistent rename is still a different text)")
    o = "            Command::Remove { key } => self.data.remove(&key),\n"
    n = "            Command::Remove { key } => self.data.remove(&key).map(|_| \"OK\".to_string()),\n"
    case("rust", "renamed-identifier", "match-arm-variant", RCF, o, n, expect="not_found", note="Command::Remove vs Command::Delete")

    # ======================================================================= changed-literal
    o = "    this.prefix = options.keyPrefix ?? 'rate:';\n"
    n = "    this.prefix = options.keyPrefix ?? 'ratelimit:';\n"
    case("typescript", "changed-literal", "prefix-string", RL, o, n, expect="not_found", note="'rate:' vs 'rl:'")
    o = "export function SearchBox({ placeholder = 'Search...', delay = 500, onSearch }: SearchBoxProps) {\n"
    n = "export function SearchBox({ placeholder = 'Search...', delay = 250, onSearch }: SearchBoxProps) {\n"
    case("tsx", "changed-literal", "default-delay", SB, o, n, expect="not_found", note="500 vs 300 in a default parameter")
    o = "async function readCsv(file, { delimiter = ';', header = true } = {}) {\n"
    n = "async function readCsv(file, { delimiter = ';', header = false } = {}) {\n"
    case("javascript", "changed-literal", "delimiter-char", CSV, o, n, expect="not_found", note="';' vs ','")
    o = "    trial_days: int = 30\n"
    n = "    trial_days: int = 7\n"
    case("python", "changed-literal", "dataclass-default", BILL, o, n, expect="not_found", note="30 vs 14")
    o = "\tid, err := strconv.ParseInt(r.URL.Query().Get(\"id\"), 10, 32)\n\tif err != nil {\n\t\thttp.Error(w, \"bad id\", http.StatusBadRequest)\n"
    n = "\tid, err := strconv.ParseInt(r.URL.Query().Get(\"task_id\"), 10, 32)\n\tif err != nil {\n\t\thttp.Error(w, \"bad id\", http.StatusBadRequest)\n"
    case("go", "changed-literal", "bit-size", GHF, o, n, expect="not_found", note="ParseInt bit size 32 vs 64 (on a block present twice otherwise)")
    o = "        Config { root: root.into(), max_depth: 10, follow_links: false }\n"
    n = "        Config { root: root.into(), max_depth: 10, follow_links: true }\n"
    case("rust", "changed-literal", "struct-literal-number", RF, o, n, expect="not_found", note="10 vs 8")
    o = "          <tr key={order.id} className={order.id === selectedId ? 'active' : undefined} onClick={() => onSelect(order.id)}>\n"
    n = "          <tr key={order.id} className={order.id === selectedId ? 'active' : ''} onClick={() => onSelect(order.id)}>\n"
    case("tsx", "changed-literal", "on-prettier-file", ptsx(OT), o, n, expect="not_found",
         note="negative on a Prettier-formatted file: 'active' vs \"selected\" (quote style differs as well, content differs)")
    o = "    return jsonify(NOTES[note_id]), 200\n"
    n = "    return jsonify(NOTES[note_id]), 202\n"
    case("python", "changed-literal", "status-code", FL, o, n, expect="not_found", note="200 vs 201 (new says 202, so it is not an already-applied edit either)")
    o = "    parser = argparse.ArgumentParser(prog='inventory', description='Manage the warehouse inventory files')\n"
    n = "    parser = argparse.ArgumentParser(prog='inv', description='Manage the warehouse inventory files')\n"
    case("python", "changed-literal", "string-on-black-file", bl(INVS), o, n, expect="not_found",
         note="negative on a black-formatted file: 'files' vs \"file\" inside the description")

    # ======================================================================= changed-operator
    o = "  return Object.entries(counts).sort((a, b) => a[1] - b[1]);\n"
    n = "  return Object.entries(counts).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));\n"
    case("javascript", "changed-operator", "swapped-operands", CSV, o, n, expect="not_found",
         note="a[1] - b[1] vs b[1] - a[1]: operands swapped (sort direction)")
    o = "    if (count == 1) {\n      await this.redis.pexpire(redisKey, this.options.windowMs);\n    }\n"
    n = "    if (count == 1) {\n      await this.redis.pexpire(redisKey, this.options.windowMs * 2);\n    }\n"
    case("typescript", "changed-operator", "loose-vs-strict-equality", RL, o, n, expect="not_found", note="== vs ===")
    o = "      if (!Number.isInteger(id) || id < 0) {\n"
    n = "      if (!Number.isInteger(id) || id < 1) {\n"
    case("typescript", "changed-operator", "lt-vs-le", HND, o, n, expect="not_found", note="id < 0 vs id <= 0")
    o = "        if amount_cents < 0:\n            raise ValueError(\"amount must be positive\")\n"
    n = "        if amount_cents < 0:\n            raise ValueError(\"amount must not be negative\")\n"
    case("python", "changed-operator", "lt-vs-le", BILL, o, n, expect="not_found", note="< vs <=")
    o = "\tif !errors.Is(err, ErrNotFound) {\n"
    n = "\tif !errors.Is(err, ErrNotFound) && err != nil {\n"
    case("go", "changed-operator", "negated-call", GHF, o, n, expect="not_found", note="!errors.Is vs errors.Is")
    o = "            if ft.is_dir() || depth < config.max_depth {\n"
    n = "            if ft.is_dir() || depth <= config.max_depth {\n"
    case("rust", "changed-operator", "or-vs-and", RF, o, n, expect="not_found", note="|| vs &&")
    o = "  const [busy, setBusy] = useState(true);\n"
    n = "  const [busy, setBusy] = useState(!email);\n"
    case("tsx", "changed-literal", "boolean-literal", LF, o, n, expect="not_found", note="useState(true) vs useState(false)")
    o = "    while (this.running < this.concurrency || this.jobs.length > 0) {\n"
    n = "    while (this.running < this.concurrency || this.jobs.length >= 1) {\n"
    case("typescript", "changed-operator", "and-vs-or-in-while", Q, o, n, expect="not_found", note="|| vs && in a loop condition")
    o = "\t\tc.hits--\n"
    n = "\t\tc.hits -= 1\n"
    case("go", "changed-operator", "inc-vs-dec-on-gofmt", GCF, o, n, expect="not_found", note="c.hits-- vs c.hits++")
    o = "  total = total + total * discount;\n"
    n = "  total = total + total * Math.min(discount, 1);\n"
    case("typescript", "changed-operator", "plus-vs-minus-indent-omitted", INV, o.replace("  total", "total"), n.replace("  total", "total"),
         expect="not_found", note="indentation differs AND - became +: the operator difference must still refuse")

    # ======================================================================= deleted-statement
    o = ("    const count = await this.redis.incr(redisKey);\n    logger.debug('hit', { key, count });\n"
         "    if (count === 1) {\n")
    n = ("    const count = await this.redis.incr(redisKey);\n    logger.debug('hit', { key, count, windowMs: this.options.windowMs });\n"
         "    if (count === 1) {\n")
    case("typescript", "deleted-statement", "middle-line-missing", RL, o, n, expect="not_found",
         note="old has a logging line between two real lines that the file does not have")
    o = ("    event.preventDefault();\n    if (busy) return;\n    setBusy(true);\n")
    n = ("    event.preventDefault();\n    if (busy || !email) return;\n    setBusy(true);\n")
    case("tsx", "deleted-statement", "guard-not-in-file", LF, o, n, expect="not_found", note="if (busy) return; is not in the file")
    o = "        stock.pop(args.sku, None)\n"
    n = "        stock.pop(args.sku)\n"
    case("python", "deleted-statement", "whole-statement-absent", INVS, o, n, expect="not_found", note="a statement the file does not have")
    o = ("\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\tc.evictExpired()\n\tc.items[key] = entry{value: value, expires: time.Now().Add(c.ttl)}\n")
    n = ("\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\tc.evictExpired()\n\tc.items[key] = entry{value: value, expires: time.Now().Add(2 * c.ttl)}\n")
    case("go", "deleted-statement", "first-last-match-middle-not", GCF, o, n, expect="not_found",
         note="first and last lines match Cache.Set, the third line does not exist (anchor-matching trap)")
    o = ("        for entry in std::fs::read_dir(&dir)? {\n            let entry = entry?;\n            if entry.file_name() == \".git\" {\n                continue;\n            }\n            let path = entry.path();\n")
    n = ("        for entry in std::fs::read_dir(&dir)? {\n            let entry = entry?;\n            if entry.file_name() == \".git\" || entry.file_name() == \"target\" {\n                continue;\n            }\n            let path = entry.path();\n")
    case("rust", "deleted-statement", "block-not-in-file", RF, o, n, expect="not_found", note="an if block between two real lines")
    o = ("  for (const item of items) {\n    total += lineTotal(item);\n  }\n  total = applyCoupons(total);\n")
    n = ("  for (const item of items) {\n    total += lineTotal(item);\n  }\n  total = applyCoupons(total, items);\n")
    case("typescript", "deleted-statement", "trailing-line-missing-on-prettier", pts(INV), o, n, expect="not_found",
         note="negative on a Prettier-formatted file: the last line of old is not in the file")

    # ======================================================================= duplicated-block
    o = "    } catch (err) {\n      next(err);\n    }\n"
    n = "    } catch (err) {\n      next(err instanceof HttpError ? err : new HttpError(500, 'internal'));\n    }\n"
    case("typescript", "duplicated-block", "catch-next", HND, o, n, expect="ambiguous", note="the catch block occurs in both handlers")
    case("typescript", "duplicated-block", "fragment-twice", HND, "next(err);", "next(err as Error);", expect="ambiguous",
         note="single-line fragment occurring twice")
    o = ("    note = NOTES.get(note_id)\n    if note is None:\n        abort(404)\n")
    n = ("    note = NOTES.get(note_id)\n    if note is None:\n        abort(404, description='no such note')\n")
    case("python", "duplicated-block", "flask-lookup", FL, o, n, expect="ambiguous", note="lookup block in get_note and delete_note")
    o = ("\tid, err := strconv.ParseInt(r.URL.Query().Get(\"id\"), 10, 64)\n\tif err != nil {\n\t\thttp.Error(w, \"bad id\", http.StatusBadRequest)\n\t\treturn\n\t}\n")
    n = ("\tid, err := parseID(r)\n\tif err != nil {\n\t\thttp.Error(w, \"bad id\", http.StatusBadRequest)\n\t\treturn\n\t}\n")
    case("go", "duplicated-block", "parse-id", GHF, untab(o), untab(n), expect="ambiguous",
         note="block present twice; old with 4 spaces so both copies match only after normalization")
    o = "parts.next().ok_or(ParseError::MissingArgument(\"key\"))?.to_string()"
    n = "parts.next().ok_or(ParseError::MissingArgument(\"key\"))?.to_owned()"
    case("rust", "duplicated-block", "expression-twice-in-match", RC, o, n, expect="ambiguous", note="the same expression in the GET and DEL arms")
    o = "if (items.length === 0) {\n  return;\n}\n"
    n = "if (items.length === 0) {\n  return undefined;\n}\n"
    case("typescript", "duplicated-block", "equal-after-indent-folding", DUP, o, n, expect="ambiguous",
         note="old at column 0 matches two blocks at different depths after indentation folding")
    o = "    } catch (err) {\n      next(err);\n    }\n  }\n"
    n = "    } catch (err) {\n      logger.error(err);\n      next(err);\n    }\n  }\n"
    case("typescript", "duplicated-block", "on-prettier-file", pts(HND), o, n, expect="ambiguous",
         note="Prettier left both catch blocks identical")
    o = ("        <input type=\"email\" value={email} onChange={(e) => setEmail(e.target.value)} required />\n      </label>\n      <label>\n")
    n = ("        <input type=\"email\" value={email} onChange={(e) => setEmail(e.target.value.trim())} required />\n      </label>\n      <label>\n")
    case("tsx", "exact", "jsx-input-unique-by-context", LF, o, n, edit(LF, o, n), tier="exact",
         note="control: the two <label> blocks are similar but only one matches")
    o = "            out.push(path);\n"
    n = "            out.push(path.canonicalize()?);\n"
    case("rust", "duplicated-block", "push-line-twice", RF, o, n, expect="ambiguous", note="out.push(path); occurs in two else-if branches")
    o = ("  if (count === 1) {\n    await this.redis.pexpire(redisKey, this.options.windowMs);\n  }\n")
    n = ("  if (count === 1) {\n    await this.redis.pexpire(redisKey, this.options.windowMs);\n    logger.debug('window opened', { key });\n  }\n")
    RL2 = RL.replace("  async reset(key: string): Promise<void> {\n",
                     "  async touch(key: string): Promise<void> {\n    const redisKey = this.prefix + key;\n    const count = await this.redis.incr(redisKey);\n"
                     "    if (count === 1) {\n      await this.redis.pexpire(redisKey, this.options.windowMs);\n    }\n  }\n\n"
                     "  async reset(key: string): Promise<void> {\n")
    case("typescript", "duplicated-block", "crlf-tabs-copies", tabify(crlf(RL2), 2), o, n, expect="ambiguous",
         note="two identical blocks in a CRLF + tabs file; old (LF, spaces, wrong depth) matches both after normalization")

    # ======================================================================= structural inner whitespace
    o = "    total = total - total*discount;\n"
    n = "    total = total - total*Math.min(discount, 1);\n"
    case("typescript", "mixed", "inner-whitespace-differs", INV, o, n,
         edit(INV, "    total = total - total * discount;\n", "    total = total - total * Math.min(discount, 1);\n"),
         tier="structural", note="model squeezed spaces around * (a*b vs a * b is the same code); the kept `* ` keeps the file's spacing")

    # ======================================================================= mixed
    LFC = crlf(tabify(LF, 2))
    o = ("setBusy(true);\nsetError(null);\ntry {\n  const { token } = await api.login(email, password);\n")
    n = ("setBusy(true);\nsetError(null);\ntry {\n  const { token } = await api.login(email.trim().toLowerCase(), password);\n")
    case("tsx", "mixed", "crlf-tabs-indent-omitted", LFC, o, n,
         crlf(tabify(edit(LF, "api.login(email, password)", "api.login(email.trim().toLowerCase(), password)"), 2)),
         tier="normalized", note="CRLF + tabs file; LF edit at column 0 with 2-space nesting")
    MX = [("log.info(\"skipping charge for %s - still in trial\"", "log.info(\"skipping charge for %s \u2013 still in trial\"")]
    f0 = subs(BILL, MX)
    tw = [("if sub.is_trialing(self.clock()):", "  "), ("log.info(\"skipping charge", " ")]
    o = ("        if sub.is_trialing(self.clock()):\n            log.info(\"skipping charge for %s - still in trial\", sub.customer_id)\n"
         "            return False\n")
    n = ("        if sub.is_trialing(self.clock()):\n            log.info(\"skipping charge for %s - still in trial\", sub.customer_id)\n"
         "            return sub.plan == \"free\"\n")
    case("python", "mixed", "crlf-trailing-typographic", crlf(trail(f0, tw)), o, n,
         crlf(trail(subs(edit(BILL, o, n), MX), tw)), tier="normalized",
         note="CRLF + trailing spaces + en dash on unchanged lines; only the return line changes")
    o = ("  const raw = readFileSync(file, 'utf8');\n  try {\n    return JSON.parse(raw);\n")
    n = ("  const raw = readFileSync(file, 'utf8');\n  try {\n    return JSON.parse(raw) as Record<string, unknown>;\n")
    reformatted("typescript", "mixed", "prettier-crlf", CLI, prettier("ts", "--end-of-line", "crlf"), o, n,
                [("return JSON.parse(raw);", "return JSON.parse(raw) as Record<string, unknown>;")],
                note="prettier --end-of-line crlf: CRLF + double quotes; LF edit from the unformatted source")
    GCF_lines = GCF.splitlines(keepends=True)
    idx = [i for i, l in enumerate(GCF_lines) if l.startswith("\tc.items[key] = entry")]
    assert len(idx) == 1
    o_ = GCF_lines[idx[0]]
    n_ = o_.replace("time.Now().Add(c.ttl)", "time.Now().Add(c.ttl).Round(0)")
    case("go", "mixed", "gofmt-file-cat-n-4space", GCF, numbered(untab(o_), idx[0] + 1, "cat"), untab(n_), edit(GCF, o_, n_),
         tier="normalized", note="cat -n prefix + 4-space indentation against a gofmt'ed (tab) file")
    o = "          <tr key={order.id} className={order.id === selectedId ? 'selected' : undefined} onClick={() => onSelect(order.id)}>\n"
    n = "          <tr key={order.id} className={order.id === selectedId ? 'selected' : undefined} onClick={() => onSelect(order.id, order.number)}>\n"
    f = ptsx(OT)
    x = one(f, "onClick={() => onSelect(order.id)}", "onClick={() => onSelect(order.id, order.number)}")
    assert x == ptsx(one(OT, o, n))
    case("tsx", "mixed", "prettier-html-entities", f, html(o), html(n), x, tier="structural",
         note="Prettier-formatted JSX row + old/new with =&gt; entities")
    o = ("    pub fn new(root: impl Into<PathBuf>) -> Self {\n        Config { root: root.into(), max_depth: 8, follow_links: false }\n    }\n")
    n = ("    pub fn new(root: impl Into<PathBuf>) -> Self {\n        Config { root: root.into(), max_depth: 8, follow_links: true }\n    }\n")
    f = rf(RF)
    x = one(f, "follow_links: false,", "follow_links: true,")
    assert x == rf(one(RF, o, n))
    case("rust", "mixed", "rustfmt-indent-omitted", f, dedent(o), dedent(n), x, tier="structural",
         note="rustfmt-formatted file + method sent at column 0 from the unformatted source")
    ML = CSV.replace("  for (const row of rows) {\n", "  for (const row of rows) {\r\n").replace(
        "    counts[value] = (counts[value] || 0) + 1;\n", "    counts[value] = (counts[value] || 0) + 1;\r\n")
    o = ("  for (const row of rows) {\n    const value = row[key] || 'unknown';\n    counts[value] = (counts[value] || 0) + 1;\n")
    n = ("  for (const row of rows) {\n    const value = row[key] || 'unknown';\n    counts[value] = (counts[value] || 0) + 2;\n")
    case("javascript", "mixed", "mixed-line-endings", ML, o, n,
         ML.replace("(counts[value] || 0) + 1;\r\n", "(counts[value] || 0) + 2;\r\n"), tier="normalized",
         note="file with a few CRLF lines among LF ones: each kept line keeps its own ending, the changed CRLF line stays CRLF")
    o = "if (!user) {\n  throw new HttpError(404, 'user not found');\n}"
    n = "if (!user) {\n  throw new HttpError(404, `user ${id} not found`);\n}"
    case("typescript", "mixed", "double-encoded-indent-omitted", tabify(HND, 2), json_inner(o), json_inner(n),
         tabify(edit(HND, "        throw new HttpError(404, 'user not found');\n", "        throw new HttpError(404, `user ${id} not found`);\n"), 2),
         tier="normalized", note="JSON-double-encoded old/new at column 0 against a tab-indented file")


    # ======================================================================= round 2 (added after the first run)
    # more probes of in-line spacing, regex literals with quotes, and formatter rewrites beyond whitespace
    FLAGS = r"""export interface Flags {
  beta: boolean;
  ratio: number;
}

export function isEnabled(flags: Flags, userId: number, allowList: Set<number>): boolean {
  const inBucket = userId % 100 < flags.ratio * 100;
  return flags.beta && inBucket || allowList.has(userId);
}

export const DEFAULT_RATIO = .5;
export const SEPARATOR = ' | ';

export async function refresh(cache: Map<string, Flags>, load: () => Promise<Flags>): Promise<void> {
  const next = await load();
  // cache.clear();
  cache.set('flags', next);
}
"""
    o = "  return flags.beta && inBucket || allowList.has(userId);\n"
    n = "  return flags.beta && inBucket || allowList.has(userId) || userId === 0;\n"
    reformatted("typescript", "prettier", "clarifying-parens-added", FLAGS, pts, o, n,
                [("allowList.has(userId);", "allowList.has(userId) || userId === 0;")],
                note="Prettier added parens: (flags.beta && inBucket) || ...; old has none")
    o = "export const DEFAULT_RATIO = .5;\n"
    n = "export const DEFAULT_ROLLOUT_RATIO = .5;\n"
    reformatted("typescript", "prettier", "number-normalized", FLAGS, pts, o, n,
                [("export const DEFAULT_RATIO = 0.5;", "export const DEFAULT_ROLLOUT_RATIO = 0.5;")],
                note="Prettier wrote .5 as 0.5; old/new spell it .5 and only the name changes (the file keeps 0.5)")
    o = "export const SEPARATOR = '|';\n"
    n = "export const SEPARATOR = ' / ';\n"
    case("typescript", "changed-literal", "string-inner-whitespace", FLAGS, o, n, expect="not_found",
         note="'|' vs ' | ': whitespace inside a string literal is content, not layout")
    o = "  const next = await load();\n  cache.clear();\n  cache.set('flags', next);\n"
    n = "  const next = await load();\n  cache.clear();\n  cache.set('flags', Object.freeze(next));\n"
    case("typescript", "deleted-statement", "statement-commented-out-in-file", FLAGS, o, n, expect="not_found",
         note="the file has `// cache.clear();` as a comment; old has it as code: ignoring comments must not make them equal")
    o = "  const inBucket = userId%100 < flags.ratio*100;\n"
    n = "  const inBucket = userId%1000 < flags.ratio*1000;\n"
    case("typescript", "mixed", "squeezed-operators-literal-change", FLAGS, o, n,
         edit(FLAGS, "  const inBucket = userId % 100 < flags.ratio * 100;\n", "  const inBucket = userId % 1000 < flags.ratio * 1000;\n"),
         tier="structural", note="model squeezed spaces around % and *; only two literals change, the file's spacing stays")
    o = "  const inBucket = userId % 10 < flags.ratio * 100;\n"
    n = "  const inBucket = userId % 10 < flags.ratio * 10;\n"
    case("typescript", "changed-literal", "number-inside-squeezable-line", FLAGS, o, n, expect="not_found",
         note="10 vs 100")
    PYX = r"""def normalize(record, defaults):
    out = dict(defaults)
    out.update({k: v for k, v in record.items() if v is not None})
    out['name'] = out.get('name', '').strip().title()
    return out
"""
    o = "    out.update({k:v for k,v in record.items() if v is not None})\n"
    n = "    out.update({k:v for k,v in record.items() if v not in (None, '')})\n"
    case("python", "mixed", "squeezed-comprehension", PYX, o, n,
         edit(PYX, "if v is not None})\n", "if v not in (None, '')})\n"),
         tier="structural", note="model dropped spaces after : and , in a dict comprehension; the tail changes")
    PYB = "def warn(host, log):\n    msg = 'can\\'t reach %s' % host  #retry later\n    log.warning(msg)\n    return msg\n"
    o = "    msg = 'can\\'t reach %s' % host  #retry later\n    log.warning(msg)\n"
    n = "    msg = 'can\\'t reach %s' % host  #retry later\n    log.error(msg)\n"
    reformatted("python", "black", "escaped-quote-and-comment-space", PYB, bl, o, n, [("log.warning(msg)", "log.error(msg)")],
                note="black rewrote 'can\\'t ..' as \"can't ..\" and #retry as # retry; an unchanged line of old")
    GM = "package config\n\nvar defaults = map[string]int{\n    \"timeout\": 30,\n    \"retries\": 3,\n    \"max_connections\": 100,\n}\n"
    o = "    \"retries\": 3,\n"
    n = "    \"retries\": 5,\n"
    reformatted("go", "gofmt", "map-value-alignment", GM, gofmt, o, n, [("\"retries\":         3,", "\"retries\":         5,")],
                note="gofmt aligned the map values; old has one space after the colon")
    DOMC = crlf(DOM)
    o = "    .replace(/>/g, '&gt;')\n    .replace(/\"/g, '&quot;');\n"
    n = "    .replace(/>/g, '&gt;')\n    .replace(/\"/g, '&quot;')\n    .replace(/'/g, '&#39;');\n"
    case("javascript", "crlf", "regex-literals-with-quotes", DOMC, o, n, crlf(edit(DOM, o, n)), tier="normalized",
         note="CRLF file; the region has regex literals /\"/g and (in new) /'/g containing quote characters")
    o = "  return text\n    .replace(/&/g, '&amp;')\n"
    n = "  return String(text)\n    .replace(/&/g, '&amp;')\n"
    reformatted("javascript", "prettier", "regex-chain-start", DOM, prettier("js", "--no-semi"), o, n,
                [("  return text\n", "  return String(text)\n")],
                note="prettier --no-semi + double quotes; the chain also holds regex literals with quotes (/\"/g)")
    assert not REPAIRED, REPAIRED
    # summary
    langs = ["typescript", "tsx", "javascript", "python", "go", "rust"]
    drifts = sorted({d for (_, d) in COUNTS})
    print("| drift | " + " | ".join(langs) + " | total |")
    print("|---|" + "---|" * (len(langs) + 1))
    for d in drifts:
        row = [COUNTS[(l, d)] for l in langs]
        print(f"| {d} | " + " | ".join(str(x) if x else "." for x in row) + f" | {sum(row)} |")
    tot = [sum(COUNTS[(l, d)] for d in drifts) for l in langs]
    print("| **total** | " + " | ".join(map(str, tot)) + f" | {sum(tot)} |")


if __name__ == "__main__":
    main()
