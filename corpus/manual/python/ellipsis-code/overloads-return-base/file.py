from typing import overload


@overload
def parse(value: str) -> int: ...
@overload
def parse(value: bytes) -> int: ...
def parse(value):
    if isinstance(value, bytes):
        value = value.decode("ascii")
    return int(value.strip())
