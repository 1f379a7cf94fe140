import re
from decimal import Decimal
from typing import Protocol, overload
from billing.models import (
    Invoice,
    LineItem,
    TaxRule,
    CurrencyRate,
)
from billing.rules import (
    discount,
)


class RateSource(Protocol):
    def rate(self, currency: str) -> Decimal: ...

    def refresh(self) -> None: ...


class Formatter:
    def header(self, invoice):
        """Render the invoice header.

        The number is padded to eight digits;
            the customer name follows it.
        """
        return "%08d %s" % (
            invoice.number,
            invoice.customer,
        )

    @overload
    def amount(self, value: int) -> str: ...
    @overload
    def amount(self, value: Decimal) -> str: ...
    def amount(self, value):
        return f"{value:.2f}"


def find_span(pattern, text):
    m = re.search(pattern, text)
    start_offset, end_offset = (
        m.start() + len(m.group(1)),
        m.end(),
    )
    return start_offset, end_offset


def billable(items, minimum):
    kept = [
        item.total
        for item in items
        if (item.total > minimum and not item.voided)
    ]
    return (
        sum(kept) > minimum
        and not invoice_is_locked
        or force
    )


def export(invoice, first_path, second_path):
    with (
        open(first_path, "w") as first_file,
        open(second_path, "w") as second_file,
    ):
        first_file.write(str(invoice))
        second_file.write(repr(invoice))
