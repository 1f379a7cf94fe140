from typing import overload


@overload
def parse(value: str) -> int: ...
@overload
def parse(value: bytes) -> int: ...
def parse(value):
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    return int(value.strip())
