from typing import Protocol


class Store(Protocol):
    def get(self, key: str) -> bytes: ...
    def put(self, key: str, value: bytes) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...


def copy(src: Store, dst: Store, key: str) -> None:
    dst.put(key, src.get(key))
