package config

var defaults = map[string]int{
	"timeout":         30,
	"retries":         5,
	"max_connections": 100,
}
