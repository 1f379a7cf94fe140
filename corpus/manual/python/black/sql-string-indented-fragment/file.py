class Repo:
    def find(self, db, key):
        query = """
            SELECT id, name
              FROM items
             WHERE key = ?
        """
        return db.execute(query, (key,)).fetchall()
