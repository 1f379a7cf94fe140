from abc import ABC, abstractmethod


class Exporter(ABC):
    @abstractmethod
    def header(self) -> list[str]: ...

    @abstractmethod
    def row(self, item: dict) -> list[str]: ...

    def export(self, items):
        yield self.header()
        for item in items:
            yield self.row(item)
