export type Currency = "USD" | "EUR" | "GBP";

export interface LineItem {
  sku: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
}

export function lineTotal(item: LineItem): number {
  const net = item.quantity * item.unitPrice;
  return net + net * item.taxRate;
}

export function invoiceTotal(items: LineItem[], discount = 0): number {
  let total = 0;
  for (const item of items) {
    total += lineTotal(item);
  }
  if (discount > 0) {
    total = total - total * discount;
  }
  return Math.round(total * 100) / 100;
}

export function formatMoney(amount: number, currency: Currency): string {
  const symbol =
    currency === "USD" ? "$" : currency === "EUR" ? "EUR " : "GBP ";
  return symbol + amount.toFixed(2);
}
