from dataclasses import dataclass
from typing import Any


@dataclass
class Option:
    name: str
    default: Any = ...
    required: bool = False

    def missing(self) -> bool:
        """Whether a required option got no value."""
        return self.default is ... and self.required
