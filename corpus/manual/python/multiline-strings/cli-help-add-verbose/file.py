import argparse


def build_parser():
    parser = argparse.ArgumentParser(
        prog="sync",
        description="""
        Synchronise a local folder with a remote bucket.
        Files newer on either side win; deletions are not propagated.
    """,
    )
    parser.add_argument("source", help="the local folder")
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="""
        Print what would be copied,
        copy nothing.
    """,
    )
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    print("syncing", args.source)
    return 0
