package cache

import (
	"sync"
	"time"
)

type entry struct {
	value   interface{}
	expires time.Time
}

type Cache struct {
	mu           sync.Mutex
	items        map[string]entry
	ttl          time.Duration
	hits, misses int
}

func New(ttl time.Duration) *Cache {
	return &Cache{items: make(map[string]entry), ttl: ttl}
}

func (c *Cache) Get(key string) (interface{}, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok || c.now().After(e.expires) {
		delete(c.items, key)
		c.misses++
		return nil, false
	}
	c.hits++
	return e.value, true
}

func (c *Cache) Set(key string, value interface{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[key] = entry{value: value, expires: time.Now().Add(c.ttl)}
}
