import React from 'react';
import type { Order } from '../types';

type Props = { orders: Order[]; onSelect: (id: string) => void; selectedId?: string };

export default function OrderTable({ orders, onSelect, selectedId }: Props) {
  if (orders.length === 0) {
    return <p className="empty">No orders match your filters.</p>;
  }
  return (
    <table className="orders">
      <thead>
        <tr>
          <th>Order</th>
          <th>Customer</th>
          <th>Total</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className={order.id === selectedId ? 'selected' : undefined} onClick={() => onSelect(order.id)}>
            <td>{order.number}</td>
            <td>{order.customerName}</td>
            <td className="num">{order.total.toFixed(2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
