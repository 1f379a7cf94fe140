import argparse
import json
import logging
import os
import sys
from pathlib import Path


log = logging.getLogger('backup')

DEFAULT_EXCLUDES = ['.git', 'node_modules', '__pycache__', '.venv']
# keep this in sync with the API docs

CHUNK_SIZE = 64 * 1024


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog='backup', description='Copy a directory tree into a dated backup folder.')
    parser.add_argument('source', type=Path, help='directory to back up')
    parser.add_argument('destination', type=Path, help='where backups are kept')
    parser.add_argument('--exclude', action='append', default=[], help='glob to skip (repeatable)')
    parser.add_argument('--dry-run', action='store_true', help='print what would be copied')
    parser.add_argument('--keep', type=int, default=7, help='number of backups to keep')
    parser.add_argument('-v', '--verbose', action='count', default=0)
    return parser


def configure_logging(verbosity: int) -> None:
    level = logging.WARNING
    if verbosity == 1:
        level = logging.INFO
    elif verbosity >= 2:
        level = logging.DEBUG
    logging.basicConfig(level=level, format='%(asctime)s %(levelname)s %(message)s')


def should_skip(path: Path, excludes: list) -> bool:
    for pattern in excludes:
        if path.match(pattern) or path.name == pattern:
            return True
    return False


def copy_file(src: Path, dst: Path) -> int:
    dst.parent.mkdir(parents=True, exist_ok=True)
    copied = 0
    with open(src, 'rb') as reader, open(dst, 'wb') as writer:
        while True:
            chunk = reader.read(CHUNK_SIZE)
            if not chunk:
                break
            writer.write(chunk)
            copied += len(chunk)
    return copied


def plan_copy(source: Path, target: Path, excludes: list) -> list:
    plan = []
    for root, dirs, files in os.walk(source):
        root_path = Path(root)
        dirs[:] = [d for d in dirs if not should_skip(root_path / d, excludes)]
        for name in sorted(files):
            src = root_path / name
            if should_skip(src, excludes):
                log.debug('skipping %s', src)
                continue
            plan.append((src, target / src.relative_to(source)))
    return plan


def prune_old_backups(destination: Path, keep: int) -> list:
    backups = sorted(p for p in destination.iterdir() if p.is_dir() and p.name.startswith('backup-'))
    removed = []
    while len(backups) > keep:
        oldest = backups.pop(0)
        log.info('removing old backup %s', oldest)
        for child in sorted(oldest.rglob('*'), reverse=True):
            child.unlink() if child.is_file() else child.rmdir()
        oldest.rmdir()
        removed.append(oldest)
    return removed


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    configure_logging(args.verbose)
    if not args.source.is_dir():
        print('error: %s is not a directory' % args.source, file=sys.stderr)
        return 2
    stamp = __import__('datetime').datetime.now().strftime('%Y%m%d-%H%M%S')
    target = args.destination / ('backup-' + stamp)
    plan = plan_copy(args.source, target, DEFAULT_EXCLUDES + args.exclude)
    if args.dry_run:
        for src, dst in plan:
            print('%s -> %s' % (src, dst))
        return 0
    total = 0
    for src, dst in plan:
        total += copy_file(src, dst)
    manifest = {'files': len(plan), 'bytes': total, 'source': str(args.source)}
    (target / 'manifest.json').write_text(json.dumps(manifest, indent=2))
    log.info('copied %d files (%d bytes) to %s', len(plan), total, target)
    prune_old_backups(args.destination, args.keep)
    return 0


if __name__ == '__main__':
    sys.exit(main())
