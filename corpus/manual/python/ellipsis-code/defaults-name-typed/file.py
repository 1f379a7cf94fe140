from dataclasses import dataclass
from typing import Any


@dataclass
class Option:
    name: str
    default: Any = ...
    required: bool = False

    def missing(self) -> bool:
        return self.default is ... and self.required
