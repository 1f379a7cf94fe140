export type Handler<T> = (payload: T) => void | Promise<void>;

export interface EventMap {
	'user.created': { id: string; email: string };
	'user.deleted': { id: string };
	'order.paid': { orderId: string; amount: number };
}

interface Subscription {
	event: string;
	handler: Handler<any>;
	once: boolean;
}

export interface RetryPolicy {
	attempts: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 5000 };

function sleep(ms: number): Promise<void> {
	return new Promise(resolve => setTimeout(resolve, ms));
}

// see the migration notes before changing this
export function backoffDelay(attempt: number, policy: RetryPolicy = DEFAULT_RETRY): number {
	const delay = policy.baseDelayMs * Math.pow(2, attempt - 1);
	return Math.min(delay, policy.maxDelayMs);
}

export class EventBus<M extends Record<string, unknown> = EventMap> {
	private subscriptions: Subscription[] = [];
	private deadLetters: Array<{ event: string; payload: unknown; error: string }> = [];

	constructor(private readonly retry: RetryPolicy = DEFAULT_RETRY) {}

	on<K extends keyof M & string>(event: K, handler: Handler<M[K]>): () => void {
		const sub: Subscription = { event, handler, once: false };
		this.subscriptions.push(sub);
		return () => this.off(sub);
	}

	once<K extends keyof M & string>(event: K, handler: Handler<M[K]>): void {
		this.subscriptions.push({ event, handler, once: true });
	}

	private off(sub: Subscription): void {
		this.subscriptions = this.subscriptions.filter(s => s !== sub);
	}

	async emit<K extends keyof M & string>(event: K, payload: M[K]): Promise<number> {
		const matching = this.subscriptions.filter(s => s.event === event);
		let delivered = 0;
		for (const sub of matching) {
			const ok = await this.deliver(sub, payload);
			if (ok) {
				delivered += 1;
			}
			if (sub.once) {
				this.off(sub);
			}
		}
		return delivered;
	}

	private async deliver(sub: Subscription, payload: unknown): Promise<boolean> {
		for (let attempt = 1; attempt <= this.retry.attempts; attempt++) {
			try {
				await sub.handler(payload);
				return true;
			} catch (err) {
				if (attempt === this.retry.attempts) {
					this.deadLetters.push({ event: sub.event, payload: payload, error: String(err) });
					return false;
				}
				await sleep(backoffDelay(attempt, this.retry));
			}
		}
		return false;
	}

	listenerCount(event: string): number {
		return this.subscriptions.filter(s => s.event === event).length;
	}

	drainDeadLetters(): Array<{ event: string; payload: unknown; error: string }> {
		const letters = this.deadLetters;
		this.deadLetters = [];
		return letters;
	}
}

export function createAuditListener(log: (line: string) => void): Handler<{ id: string; email: string }> {
	return payload => {
		const stamp = new Date().toISOString();
		log(`[${stamp}] user created: ${payload.id} (${payload.email})`);
	};
}
