import json


def load(path):
    with open(path) as f:
        data = json.load(f)
    return data


def total(items):
    s = 0
    for it in items:
        s += it["price"]
    return s
