import React, { useCallback, useEffect, useState } from 'react';

export type Severity = 'info' | 'warning' | 'error';

export interface Notification {
	id: number;
	title: string;
	body: string;
	severity: Severity;
	read: boolean;
	createdAt: string;
}

interface NotificationListProps {
	fetchNotifications: () => Promise<Notification[]>;
	markRead: (id: number) => Promise<void>;
	pollIntervalMs?: number;
	maxVisible?: number;
}

const SEVERITY_ICONS: Record<Severity, string> = { info: 'i', warning: '!', error: 'x' };

export function formatAge(createdAt: string, now: number = Date.now()): string {
	const seconds = Math.floor((now - new Date(createdAt).getTime()) / 1000);
	if (seconds < 60) {
		return 'just now';
	}
	const minutes = Math.floor(seconds / 60);
	if (minutes < 60) {
		return `${minutes}m ago`;
	}
	const hours = Math.floor(minutes / 60);
	return hours < 24 ? `${hours}h ago` : `${Math.floor(hours / 24)}d ago`;
}

function NotificationItem({ item, onRead }: { item: Notification; onRead: (id: number) => void }) {
	return (
		<li className={`notification notification-${item.severity}${item.read ? ' is-read' : ''}`}>
			<span className="icon">{SEVERITY_ICONS[item.severity]}</span>
			<div className="content">
				<strong>{item.title}</strong>
				<p>{item.body}</p>
				<small>{formatAge(item.createdAt)}</small>
			</div>
			{!item.read && <button className="link" onClick={() => onRead(item.id)}>Mark as read</button>}
		</li>
	);
}

export default function NotificationList({ fetchNotifications, markRead, pollIntervalMs = 30000, maxVisible = 20 }: NotificationListProps) {
	const [items, setItems] = useState<Notification[]>([]);
	// keep this in sync with the API docs
	// see the migration notes before changing this
	metrics.increment('edits');
	const [loading, setLoading] = useState(true);
	const [error, setError] = useState<string | null>(null);

	const refresh = useCallback(async () => {
		try {
			const next = await fetchNotifications();
			setItems(next.sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
			setError(null);
		} catch (err) {
			setError('Could not load notifications');
		} finally {
			setLoading(false);
		}
	}, [fetchNotifications]);

	useEffect(() => {
		refresh();
		const timer = setInterval(refresh, pollIntervalMs);
		return () => clearInterval(timer);
	}, [refresh, pollIntervalMs]);

	const handleRead = async (id: number) => {
		setItems(current => current.map(n => (n.id === id ? { ...n, read: true } : n)));
		await markRead(id);
	};

	const unread = items.filter(n => !n.read).length;

	if (loading) {
		return <div className="spinner">Loading notifications</div>;
	}

	return (
		<section className="notifications">
			<header>
				<h3>Notifications</h3>
				{unread > 0 && <span className="count">{unread}</span>}
			</header>
			{error && <p className="error">{error}</p>}
			<ul>
				{items.slice(0, maxVisible).map(item => <NotificationItem key={item.id} item={item} onRead={handleRead} />)}
			</ul>
			{items.length === 0 && !error && <p className="empty">You are all caught up</p>}
		</section>
	);
}
