from dataclasses import dataclass, field
from datetime import datetime
from typing import Dict, List, Optional

LOW_STOCK_THRESHOLD = 5
MAX_QUANTITY = 10000


class InventoryError(Exception):
    pass


@dataclass
class Product:
    sku: str
    name: str
    price_cents: int
    tags: List[str] = field(default_factory=list)
    discontinued: bool = False

    def display_price(self) -> str:
        return "${:,.2f}".format(self.price_cents / 100)

    def has_tag(self, tag: str) -> bool:
        return tag.lower() in (t.lower() for t in self.tags)


@dataclass
class StockMovement:
    sku: str
    delta: int
    reason: str
    at: datetime = field(default_factory=datetime.utcnow)


@dataclass
class Warehouse:
    code: str
    products: Dict[str, Product] = field(default_factory=dict)
    stock: Dict[str, int] = field(default_factory=dict)
    history: List[StockMovement] = field(default_factory=list)

    def add_product(self, product: Product, quantity: int = 0) -> None:
        if product.sku in self.products:
            raise InventoryError("duplicate sku: %s" % product.sku)
        self.products[product.sku] = product
        self.stock[product.sku] = 0
        if quantity:
            self.receive(product.sku, quantity)

    def receive(self, sku: str, quantity: int, reason: str = "delivery") -> int:
        if sku not in self.products:
            raise InventoryError("unknown sku: %s" % sku)
        if quantity <= 0 or quantity > MAX_QUANTITY:
            raise InventoryError("invalid quantity %d for %s" % (quantity, sku))
        self.stock[sku] += quantity
        self.history.append(StockMovement(sku=sku, delta=quantity, reason=reason))
        return self.stock[sku]

    def ship(self, sku: str, quantity: int, order_id: Optional[str] = None) -> int:
        available = self.stock.get(sku, 0)
        if quantity > available:
            raise InventoryError(
                "insufficient stock for %s: have %d, need %d"
                % (sku, available, quantity)
            )
        self.stock[sku] = available - quantity
        reason = "order %s" % order_id if order_id else "shipment"
        self.history.append(StockMovement(sku=sku, delta=-quantity, reason=reason))
        return self.stock[sku]

    def low_stock(self, threshold: int = LOW_STOCK_THRESHOLD) -> List[Product]:
        result = []
        for sku, quantity in sorted(self.stock.items()):
            product = self.products[sku]
            if product.discontinued:
                continue
            if quantity < threshold:
                result.append(product)
        return result

    def total_value_cents(self) -> int:
        total = 0
        for sku, quantity in self.stock.items():
            total += self.products[sku].price_cents * quantity
        return total

    def movements_for(
        self, sku: str, since: Optional[datetime] = None
    ) -> List[StockMovement]:
        moves = [m for m in self.history if m.sku == sku]
        if since is not None:
            moves = [m for m in moves if m.at >= since]
        return moves


def transfer(source: Warehouse, target: Warehouse, sku: str, quantity: int) -> None:
    if sku not in target.products:
        target.add_product(source.products[sku])
    source.ship(sku, quantity, order_id="transfer to %s" % target.code)
    target.receive(sku, quantity, reason="transfer from %s" % source.code)


def summarize(warehouses: List[Warehouse]) -> Dict[str, Dict[str, int]]:
    summary = {}
    for warehouse in warehouses:
        # per-warehouse totals
        summary[warehouse.code] = {
            "skus": len(warehouse.products),
            "units": sum(warehouse.stock.values()),
            "value_cents": warehouse.total_value_cents(),
        }
    return summary
