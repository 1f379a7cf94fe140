from typing import Protocol, TypedDict


class Event(TypedDict):
    name: str
    at: float


class Sink(Protocol):
    def emit(self, event: Event) -> None: ...
    def flush(self) -> None: ...


def emit_all(sink: Sink, events: list[Event]) -> None:
    for event in events:
        sink.emit(event)
    sink.flush()
