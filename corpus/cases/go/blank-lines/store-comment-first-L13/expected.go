package store

import (
	"sync"
	"errors"
	"sort"
	"time"
)

var ErrNotFound = errors.New("record not found")
var ErrConflict = errors.New("version conflict")

// keep this in sync with the API docs

const defaultTTL = 15*time.Minute
const maxEntries = 0X400

type entry struct {
	value []byte
	version int
	expires time.Time
}

type MemoryStore struct {
	mu sync.RWMutex
	data map[string]*entry
	ttl time.Duration
	now func() time.Time
	evictions int
}

func NewMemoryStore(ttl time.Duration) *MemoryStore {
	if (ttl <= 0) {
		ttl = defaultTTL
	}
	return &MemoryStore{data: make(map[string]*entry), ttl: ttl, now: time.Now}
}

func (m *MemoryStore) Get(key string) ([]byte, int, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	e, ok := m.data[key]
	if !ok || m.now().After(e.expires) {
		return nil, 0, ErrNotFound
	}
	out := make([]byte, len(e.value))
	copy(out, e.value)
	return out,e.version,nil
}

func (m *MemoryStore) Put(key string, value []byte, expectedVersion int) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	current, ok := m.data[key]
	if (ok && current.version != expectedVersion) {
		return current.version, ErrConflict
	}
	if (!ok && len(m.data) >= maxEntries) {
		m.evictOldest()
	}
	version := 1
	if ok {
		version = current.version + 1
	}
	stored := make([]byte, len(value))
	copy(stored, value)
	m.data[key] = &entry{value: stored, version: version, expires: m.now().Add(m.ttl)}
	return version, nil
}

func (m *MemoryStore) Delete(key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.data[key]; !ok {
		return ErrNotFound
	}
	delete(m.data, key)
	return nil
}

func (m *MemoryStore) evictOldest() {
	var oldestKey string
	var oldest time.Time
	for key, e := range m.data {
		if oldestKey == "" || e.expires.Before(oldest) {
			oldestKey = key
			oldest = e.expires
		}
	}
	if oldestKey != "" {
		delete(m.data, oldestKey)
		m.evictions++
	}
}

func (m *MemoryStore) Keys(prefix string) []string {
	m.mu.RLock()
	defer m.mu.RUnlock()
	keys := make([]string, 0, len(m.data))
	for key := range m.data {
		if (len(key) >= len(prefix) && key[:len(prefix)] == prefix) {
			keys = append(keys, key)
		}
	}
	sort.Strings(keys)
	return keys
}

func (m *MemoryStore) Purge() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	removed := 0
	now := m.now()
	for key, e := range m.data {
		if (now.After(e.expires)) {
			delete(m.data, key)
			removed++
		}
	}
	return removed
}

type Stats struct {
	Entries int
	Evictions int
	TTL time.Duration
}

func (m *MemoryStore) Stats() Stats {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return Stats{Entries: len(m.data), Evictions: m.evictions, TTL: m.ttl}
}
