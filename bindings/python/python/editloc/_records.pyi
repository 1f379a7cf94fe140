from collections.abc import Mapping
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

class Record(dict[str, Any]):
    """A frozen dict: nested dicts are records, lists tuples; mutation raises TypeError."""

    def __init__(self, data: Mapping[str, Any] = ..., /) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def to_dict(self) -> dict[str, Any]: ...

class Match(Record):
    range: Span
    byte_range: Span
    lines: Lines
    tier: Tier
    repairs: tuple[str, ...]
    hint_decided: bool
    notes: tuple[str, ...]

class Applied(Record):
    content: str
    range: Span
    byte_range: Span
    lines: Lines
    tier: Tier
    diff: str
    text_edits: tuple[TextEdit, ...]
    fallback: bool
    warnings: tuple[str, ...]
    repairs: tuple[str, ...]
    hint_decided: bool
    notes: tuple[str, ...]
    rules: tuple[str, ...]
    # apply_file only
    path: str
    written: bool

class PatchResult(Record):
    status: Literal["applied", "would_apply", "partial"]
    dry_run: bool
    written: bool
    files: tuple[Any, ...]

class Report(Record):
    hint: str
    tiers: tuple[Any, ...]
    candidates: tuple[Lines, ...]
    closest: Any
    already_applied: Lines | None
