"""Results as frozen, dict-backed records.

The native module serializes the library's results (their serde form) into plain dicts; a
record is a ``dict`` subclass frozen all the way down: nested objects are records, lists are
tuples, and every mutating method raises ``TypeError`` (setting an attribute raises
``AttributeError``). Keys are also attributes (``applied.lines.start``). Being a ``dict`` of
plain values, a record goes to ``json.dumps`` as it is, compares equal to the plain dict of
the same data (lists given as tuples), pickles, and copies to a mutable plain dict with
``to_dict()``. A field the library adds shows up here without a new release of these classes.
"""

from __future__ import annotations

from typing import Any, NoReturn


def _freeze(value: Any) -> Any:
    if isinstance(value, Record):
        return value
    if isinstance(value, dict):
        return Record(value)
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class Record(dict):  # type: ignore[type-arg]
    """A frozen ``dict`` whose keys are also attributes; nested dicts are records and lists
    tuples, all the way down."""

    __slots__ = ()

    def __new__(cls, data: Any = (), /) -> Record:
        record = dict.__new__(cls)
        dict.update(record, {k: _freeze(v) for k, v in dict(data).items()})
        return record

    def __init__(self, data: Any = (), /) -> None:
        # Filled by __new__: calling __init__ again must not refill it.
        pass

    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(f"{type(self).__name__} is read-only (to_dict() gives a mutable copy)")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r} (fields: {', '.join(self)})"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its data: dict's own pickling would set the items one by one.
        return (type(self), (dict(self),))

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(self))

    def to_dict(self) -> dict[str, Any]:
        """A mutable deep copy as plain dicts and lists."""
        return _thaw(self)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.items() if k != "content")
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
    ``fallback``, ``warnings``, ``repairs``, ``hint_decided``, ``notes``, ``rules`` (the named
    writer rules that wrote it); from ``apply_file`` also ``path`` and ``written``."""

    __slots__ = ()


class PatchResult(Record):
    """A patch's outcome, the shape ``editloc apply --patch --json`` prints: ``status``
    (``applied``, ``would_apply``, ``partial``), ``dry_run``, ``written`` and ``files`` (each
    with ``path``, ``action``, ``status``, ``code`` and ``message`` when refused whole,
    ``stale_view``, ``edit_counts``, ``edits``, ``diff``, ``warnings``, ``text_edits``)."""

    __slots__ = ()


class Report(Record):
    """Why an edit did not land: ``tiers`` (each tier's outcome), ``candidates``,
    ``closest`` (``lines``, ``similarity``, ``diff``, ``differences``), ``already_applied``,
    ``repairs`` and a one-line ``hint``; for a refusal ``tier``, ``lines`` and ``reason``; for a
    refused patch the patch's outcome (``status``, ``files``)."""

    __slots__ = ()
