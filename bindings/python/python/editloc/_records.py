"""Results as read-only, dict-backed records.

The native module serializes the library's results (their serde form) into plain dicts; a
record gives attribute access to them (``applied.lines.start``) and still behaves as a
read-only mapping (``applied["tier"]``, ``dict(applied)``, ``applied == {...}``). A field the
library adds shows up here without a new release of these classes.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Record(value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    return value


class Record(Mapping[str, Any]):
    """A read-only mapping whose keys are also attributes; nested dicts are records too."""

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        object.__setattr__(self, "_data", data)

    def __getattr__(self, name: str) -> Any:
        try:
            return _wrap(self._data[name])
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r} (fields: {', '.join(self._data)})"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its data: the default would set the slot, which is read-only.
        return (type(self), (self._data,))

    def __getitem__(self, key: str) -> Any:
        return _wrap(self._data[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(self._data))

    def to_dict(self) -> dict[str, Any]:
        """A deep copy as plain dicts and lists (what ``json.dumps`` takes)."""
        return copy.deepcopy(self._data)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self._data.items() if k != "content")
        return f"{type(self).__name__}({fields})"


class Match(Record):
    """Where ``old`` is: ``range`` (code points of the document's content; ``byte_range`` in
    UTF-8 bytes), ``lines`` (1-based, inclusive), ``tier``, ``repairs``, ``hint_decided``,
    ``notes``."""

    __slots__ = ()


class Applied(Record):
    """An applied edit: the whole new ``content``, the ``range`` of the original it replaced
    (code points; ``byte_range`` in bytes), ``lines``, ``tier``, ``diff`` (unified),
    ``text_edits`` (LSP-style: 0-based ``line``, UTF-16 ``character``, ``new_text``),
    ``fallback``, ``warnings``, ``repairs``, ``hint_decided``, ``notes``; from ``apply_file``
    also ``path`` and ``written``."""

    __slots__ = ()


class PatchResult(Record):
    """A patch's outcome: ``status`` (``applied``, ``would_apply``, ``partial``), ``written``
    and ``files`` (each with ``path``, ``action``, ``status``, ``edits``, ``diff``,
    ``warnings``)."""

    __slots__ = ()


class Report(Record):
    """Why an edit did not land: ``tiers`` (each tier's outcome), ``candidates``,
    ``closest`` (``lines``, ``similarity``, ``diff``, ``differences``), ``already_applied``,
    ``repairs`` and a one-line ``hint``; for a refusal ``tier``, ``lines`` and ``reason``; for a
    refused patch the patch's outcome (``status``, ``files``)."""

    __slots__ = ()
