class Cache:
    def __init__(self, size):
        self.size = size
        self.items = {}
        self.hits = 0
        self.misses = 0

    def get(self, key):
        return self.items.get(key)
