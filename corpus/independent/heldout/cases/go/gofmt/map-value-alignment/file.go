package config

var defaults = map[string]int{
	"timeout":         30,
	"retries":         3,
	"max_connections": 100,
}
