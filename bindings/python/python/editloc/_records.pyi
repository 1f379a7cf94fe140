from collections.abc import Iterator, Mapping
from typing import Any, Literal, Protocol

Tier = Literal["exact", "normalized", "structural"]

class Span(Protocol):
    """Offsets: ``start`` inclusive, ``end`` exclusive."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...

class Lines(Protocol):
    """1-based line numbers, both inclusive."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...

class Position(Protocol):
    """0-based line, UTF-16 code units from the line's start (LSP)."""

    @property
    def line(self) -> int: ...
    @property
    def character(self) -> int: ...

class PositionRange(Protocol):
    @property
    def start(self) -> Position: ...
    @property
    def end(self) -> Position: ...

class TextEdit(Protocol):
    @property
    def range(self) -> PositionRange: ...
    @property
    def new_text(self) -> str: ...

class Record(Mapping[str, Any]):
    def __init__(self, data: dict[str, Any]) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...

class Match(Record):
    range: Span
    byte_range: Span
    lines: Lines
    tier: Tier
    repairs: list[str]
    hint_decided: bool
    notes: list[str]

class Applied(Record):
    content: str
    range: Span
    byte_range: Span
    lines: Lines
    tier: Tier
    diff: str
    text_edits: list[TextEdit]
    fallback: bool
    warnings: list[str]
    repairs: list[str]
    hint_decided: bool
    notes: list[str]
    # apply_file only
    path: str
    written: bool

class PatchResult(Record):
    status: Literal["applied", "would_apply", "partial"]
    written: bool
    files: list[Any]

class Report(Record):
    hint: str
    tiers: list[Any]
    candidates: list[Lines]
    closest: Any
    already_applied: Lines | None
