import sqlite3


class OrderRepository:
    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def open_orders(self, customer_id):
        sql = """
            SELECT id, total, created_at
            FROM orders
            WHERE customer_id = ? AND status = 'open'
            ORDER BY created_at DESC
        """
        rows = self.conn.execute(sql, (customer_id,)).fetchall()
        return [dict(id=r[0], total=r[1], created_at=r[2]) for r in rows]

    def close(self, order_id):
        sql = """
            UPDATE orders
            SET status = 'closed'
            WHERE id = ?
        """
        self.conn.execute(sql, (order_id,))
        self.conn.commit()
