import { Request, Response, NextFunction } from 'express';
import { OrderStore, Order, OrderStatus } from './orderStore';
import { PaymentGateway } from './payments';

type LineItem = { sku: string; quantity: number; unitPrice: number };

const MAX_ITEMS_PER_ORDER = 50;
const TAX_RATE = 0.0825;

export function calculateSubtotal(items: LineItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
}

export function calculateTotal(items: LineItem[], discount: number = 0): number {
  const subtotal = calculateSubtotal(items);
  const taxed = subtotal * (1 + TAX_RATE);
  return Math.round((taxed - discount) * 100) / 100;
}

function validateItems(items: LineItem[]): string | null {
  if (!Array.isArray(items) || items.length === 0) {
    return 'Order must contain at least one item';
  }
  if (items.length > MAX_ITEMS_PER_ORDER) {
    return 'Too many items in a single order';
  }
  for (const item of items) {
    if (item.quantity <= 0) {
      return `Invalid quantity for ${item.sku}`;
    }
  }
  return null;
}

export function createOrderHandler(store: OrderStore, gateway: PaymentGateway) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const items: LineItem[] = req.body.items;
      const error = validateItems(items);
      if (error) {
        res.status(400).json({ error: error });
        return;
      }
      const total = calculateTotal(items, req.body.discount ?? 0);
      const order = await store.create({ customerId: req.body.customerId, items: items, total: total, status: 'pending' });
      res.status(201).json(order);
    } catch (err) {
      next(err);
    }
  };
}

export function getOrderHandler(store: OrderStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const order = await store.findById(req.params.orderId);
      if (!order) {
        res.status(404).json({ error: 'Order not found' });
        return;
      }
      res.json(order);
    } catch (err) {
      next(err);
    }
  };
}

export function payOrderHandler(store: OrderStore, gateway: PaymentGateway) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const order = await store.findById(req.params.orderId);
      if (!order) {
        res.status(404).json({ error: 'Order not found' });
        return;
      }
      if (order.status !== 'pending') {
        res.status(409).json({ error: 'Order is not awaiting payment', status: order.status });
        return;
      }
      const charge = await gateway.charge({ amount: order.total, currency: 'usd', reference: order.id, customerId: order.customerId });
      const status: OrderStatus = charge.succeeded ? 'paid' : 'failed';  

      await store.updateStatus(order.id, status);  
      res.json({ orderId: order.id, status: status, chargeId: charge.id });
    } catch (err) {
      next(err);
    }
  };
}

export function cancelOrderHandler(store: OrderStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const order = await store.findById(req.params.orderId);
      if (!order) {
        res.status(404).json({ error: 'Order not found' });
        return;
      }
      if (order.status === 'shipped' || order.status === 'delivered') {
        res.status(409).json({ error: 'Order can no longer be cancelled' });
        return;
      }
      await store.updateStatus(order.id, 'cancelled');
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  };
}

export function listOrdersHandler(store: OrderStore) {
  return async (req: Request, res: Response) => {
    const page = parseInt(String(req.query.page ?? '1'), 10);
    const pageSize = parseInt(String(req.query.pageSize ?? '20'), 10);
    const status = req.query.status as OrderStatus | undefined;
    const orders: Order[] = await store.list({ status: status, skip: (page - 1) * pageSize, take: pageSize });
    res.json({ page: page, pageSize: pageSize, orders: orders.map(o => ({ id: o.id, total: o.total, status: o.status })) });
  };
}
