import { Request, Response } from "express";
import { db } from "./db";

export interface Order {
	id: string;
	items: { price: number; quantity: number }[];
	discount?: number;
}

export class OrderService {
	constructor(private readonly currency: string) {}

	async total(orderId: string): Promise<number> {
		const order: Order = await db.orders.get(orderId);
		let sum = 0;
		for (const item of order.items) {
			sum += item.price * item.quantity;
		}
		return sum;
	}

	async handle(req: Request, res: Response): Promise<void> {
		const sum = await this.total(req.params.id);
		res.json({ total: sum, currency: this.currency });
	}
}

export function format(amount: number): string {
	return amount.toFixed(2);
}
