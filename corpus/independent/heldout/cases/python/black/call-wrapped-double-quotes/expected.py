import argparse
import json
import sys
from pathlib import Path


def build_parser():
    parser = argparse.ArgumentParser(
        prog="inventory", description="Manage the warehouse stock file"
    )
    parser.add_argument(
        "--file", default="inventory.json", help="path to the inventory file"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="add stock")
    add.add_argument("sku")
    add.add_argument("count", type=int)
    sub.add_parser("report", help="print a stock report")
    return parser


def load(path):
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main(argv=None):
    args = build_parser().parse_args(argv)
    path = Path(args.file)
    stock = load(path)
    if args.command == "add":
        stock[args.sku] = stock.get(args.sku, 0) + args.count
        path.write_text(json.dumps(stock, indent=2, sort_keys=True), encoding="utf-8")
    elif args.command == "report":
        for sku, count in sorted(stock.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"{sku:<20} {count:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
