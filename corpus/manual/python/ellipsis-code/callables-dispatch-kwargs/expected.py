from typing import Any, Callable

Handler = Callable[..., Any]
HANDLERS: dict[str, Handler] = {}


def register(name: str, fn: Handler) -> Handler:
    HANDLERS[name] = fn
    return fn


def dispatch(name: str, *args: Any, **kwargs: Any) -> Any:
    return HANDLERS[name](*args, **kwargs)
