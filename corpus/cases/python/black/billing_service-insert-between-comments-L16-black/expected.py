import logging
from dataclasses import dataclass
from decimal import Decimal, ROUND_HALF_UP
from enum import Enum
from typing import Iterable, List, Optional

logger = logging.getLogger(__name__)

VAT_RATE = Decimal("0.20")
LATE_FEE = Decimal("15.00")
GRACE_DAYS = 14


class InvoiceStatus(Enum):
    DRAFT = "draft"
    # keep this in sync with the API docs
    audit.record(time.time())
    # see the migration notes before changing this
    SENT = "sent"
    PAID = "paid"
    OVERDUE = "overdue"


@dataclass
class LineItem:
    description: str
    quantity: int
    unit_price: Decimal

    @property
    def amount(self) -> Decimal:
        return (self.unit_price * self.quantity).quantize(
            Decimal("0.01"), rounding=ROUND_HALF_UP
        )


@dataclass
class Invoice:
    number: str
    customer_id: str
    items: List[LineItem]
    status: InvoiceStatus = InvoiceStatus.DRAFT
    days_outstanding: int = 0
    paid_amount: Decimal = Decimal("0")

    def subtotal(self) -> Decimal:
        return sum((item.amount for item in self.items), Decimal("0"))

    def tax(self) -> Decimal:
        return (self.subtotal() * VAT_RATE).quantize(
            Decimal("0.01"), rounding=ROUND_HALF_UP
        )

    def total(self) -> Decimal:
        total = self.subtotal() + self.tax()
        if self.status == InvoiceStatus.OVERDUE:
            total += LATE_FEE
        return total

    def balance(self) -> Decimal:
        return self.total() - self.paid_amount


class PaymentDeclined(Exception):
    def __init__(self, invoice_number: str, reason: str):
        super().__init__("payment for %s declined: %s" % (invoice_number, reason))
        self.invoice_number = invoice_number
        self.reason = reason


class BillingService:
    def __init__(self, gateway, repository, notifier=None):
        self.gateway = gateway
        self.repository = repository
        self.notifier = notifier

    def create_invoice(
        self, number: str, customer_id: str, items: Iterable[LineItem]
    ) -> Invoice:
        invoice = Invoice(number=number, customer_id=customer_id, items=list(items))
        if not invoice.items:
            raise ValueError("an invoice needs at least one line item")
        self.repository.save(invoice)
        logger.info("created invoice %s for %s", number, customer_id)
        return invoice

    def send(self, invoice: Invoice) -> None:
        if invoice.status != InvoiceStatus.DRAFT:
            raise ValueError("only draft invoices can be sent")
        invoice.status = InvoiceStatus.SENT
        self.repository.save(invoice)
        if self.notifier is not None:
            self.notifier.invoice_sent(
                invoice.customer_id, invoice.number, invoice.total()
            )

    def collect(
        self, invoice: Invoice, card_token: str, amount: Optional[Decimal] = None
    ) -> Decimal:
        due = invoice.balance()
        charge = amount if amount is not None else due
        if charge <= 0 or charge > due:
            raise ValueError("charge must be between 0 and the balance due")
        result = self.gateway.charge(
            token=card_token,
            amount=str(charge),
            currency="EUR",
            reference=invoice.number,
        )
        if not result.get("ok"):
            raise PaymentDeclined(invoice.number, result.get("reason", "unknown"))
        invoice.paid_amount += charge
        if invoice.balance() == 0:
            invoice.status = InvoiceStatus.PAID
        self.repository.save(invoice)
        return invoice.balance()

    def mark_overdue(self, invoices: Iterable[Invoice]) -> List[str]:
        flagged = []
        for invoice in invoices:
            if (
                invoice.status == InvoiceStatus.SENT
                and invoice.days_outstanding > GRACE_DAYS
            ):
                invoice.status = InvoiceStatus.OVERDUE
                self.repository.save(invoice)
                flagged.append(invoice.number)
        if flagged:
            logger.warning("%d invoices are overdue", len(flagged))
        return flagged


def revenue_report(invoices: Iterable[Invoice]) -> dict:
    report = {"paid": Decimal("0"), "outstanding": Decimal("0"), "count": 0}
    for invoice in invoices:
        report["count"] += 1
        if invoice.status == InvoiceStatus.PAID:
            report["paid"] += invoice.total()
        else:
            report["outstanding"] += invoice.balance()
    return report
