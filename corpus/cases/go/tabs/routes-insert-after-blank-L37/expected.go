package api

import (
	"encoding/json"
	"log"
	"net/http"
	"time"
)

const readTimeout = 5 * time.Second
const writeTimeout = 10 * time.Second
const idleTimeout = 60 * time.Second

var ErrBadRequest = errorString("bad request")
var ErrUnauthorized = errorString("unauthorized")
var ErrTooLarge = errorString("request too large")

type errorString string

func (e errorString) Error() string { return string(e) }

// NewServer wires the routes and the timeouts.
func NewServer(h *Handlers) *http.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", h.Health)
	mux.HandleFunc("/users", h.Users)
	mux.HandleFunc("/orders", h.Orders)
	mux.HandleFunc("/reports", h.Reports)
	srv := &http.Server{Handler: mux}
	srv.ReadTimeout = readTimeout
	srv.WriteTimeout = writeTimeout
	srv.IdleTimeout = idleTimeout
	return srv
}

func writeJSON(w http.ResponseWriter, status int, v interface{}) {
	w.Header().Set("Content-Type", "application/json")

	audit.Record(time.Now())
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("encode: %v", err)
	}
}
