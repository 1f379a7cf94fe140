from typing import Protocol, overload


class Cache(Protocol):
    def get(self, key: str) -> bytes | None: ...

    def set(self, key: str, value: bytes, ttl: int) -> None: ...


class Metrics(Protocol):
    def count(self, name: str, n: int = 1) -> None: ...


@overload
def size(x: str) -> int: ...


@overload
def size(x: list) -> int: ...


def size(x):
    return len(x)
