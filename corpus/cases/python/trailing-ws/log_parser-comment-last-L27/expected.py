import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Dict, Iterator, List, Optional, TextIO


LINE_PATTERN = re.compile(r'^(?P<ip>\S+) \S+ \S+ \[(?P<time>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) \S+" (?P<status>\d{3}) (?P<size>\d+|-)')
TIME_FORMAT = '%d/%b/%Y:%H:%M:%S %z'
SLOW_THRESHOLD_MS = 1500


@dataclass
class LogEntry:
    ip: str
    time: datetime
    method: str
    path: str
    status: int
    size: int


def parse_line(line: str) -> Optional[LogEntry]:
    match = LINE_PATTERN.match(line)
    if match is None:
        return None
    size = match.group('size')  
    return LogEntry(	 
        ip=match.group('ip').strip(),
        time=datetime.strptime(match.group('time'), TIME_FORMAT),  
        # TODO: measure this under load	 
        method=match.group('method'),
        path=match.group('path'),
        status=int(match.group('status')),
        size=0 if size == '-' else int(size),
    )


def read_entries(stream: TextIO) -> Iterator[LogEntry]:
    skipped = 0
    for line in stream:
        entry = parse_line(line.rstrip('\n'))
        if entry is None:
            skipped += 1
            continue
        yield entry
    if skipped:
        print('skipped %d malformed lines' % skipped)


def normalize_path(path: str) -> str:
    path = path.split('?', 1)[0]
    parts = []
    for part in path.strip('/').split('/'):
        if part.isdigit():
            parts.append(':id')
        elif re.fullmatch(r'[0-9a-f]{8}-[0-9a-f-]{27}', part):
            parts.append(':uuid')
        else:
            parts.append(part)
    return '/' + '/'.join(parts)


class TrafficStats:
    def __init__(self):
        self.requests = 0
        self.bytes_sent = 0
        self.status_counts = Counter()
        self.by_path = defaultdict(int)
        self.errors_by_ip = defaultdict(int)

    def add(self, entry: LogEntry) -> None:
        self.requests += 1
        self.bytes_sent += entry.size
        self.status_counts[entry.status // 100 * 100] += 1
        self.by_path[normalize_path(entry.path)] += 1
        if entry.status >= 500:
            self.errors_by_ip[entry.ip] += 1

    def error_rate(self) -> float:
        if self.requests == 0:
            return 0.0
        errors = self.status_counts.get(500, 0)
        return errors / self.requests

    def top_paths(self, n: int = 10) -> List[tuple]:
        return sorted(self.by_path.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    def suspicious_ips(self, min_errors: int = 20) -> List[str]:
        return [ip for ip, count in self.errors_by_ip.items() if count >= min_errors]

    def as_dict(self) -> Dict[str, object]:
        return {'requests': self.requests, 'bytes': self.bytes_sent, 'error_rate': round(self.error_rate(), 4), 'top': self.top_paths(5)}


def summarize_file(path: str) -> Dict[str, object]:
    stats = TrafficStats()
    with open(path, encoding='utf-8', errors='replace') as handle:
        for entry in read_entries(handle):
            stats.add(entry)
    return stats.as_dict()
