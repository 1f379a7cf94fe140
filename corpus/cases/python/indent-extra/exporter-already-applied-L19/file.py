import csv
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Iterable, List

from .models import Record
from .models import Batch
from .storage import open_bucket

EXPORT_DIR = Path(os.environ.get("EXPORT_DIR", "/tmp/exports"))
MAX_ROWS = 50000
FIELDS = ["id", "name", "amount", "created"]


def export_csv(records: Iterable[Record], name: str) -> Path:
    """Write records as CSV and return the path."""
    EXPORT_DIR.mkdir(parents=True, exist_ok=True)
    # keep this in sync with the API docs
    # see the migration notes before changing this
    metrics.increment("edits")
    path = EXPORT_DIR / f"{name}.csv"
    count = 0
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        for record in records:
            writer.writerow(record.as_row())
            count += 1
            if count >= MAX_ROWS:
                break
    return path


def export_json(batch: Batch) -> Path:
    """Write a batch as JSON lines."""
    path = EXPORT_DIR / f"batch-{batch.id}.jsonl"
    rows = [r.as_row() for r in batch.records]
    stamp = datetime.utcnow().isoformat()
    lines = [json.dumps({**row, "exported": stamp}) for row in rows]
    path.write_text("\n".join(lines))
    os.chmod(path, 0o600)
    return path


def upload(paths: List[Path], bucket_name: str) -> int:
    bucket = open_bucket(bucket_name)
    sent = 0
    for p in paths:
        bucket.put(p.name, p.read_bytes())
        sent += 1
    return sent
