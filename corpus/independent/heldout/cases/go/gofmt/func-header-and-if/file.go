package model

import "time"

type Invoice struct {
	ID          string    `json:"id" db:"id"`
	CustomerID  string    `json:"customer_id" db:"customer_id"`
	AmountCents int64     `json:"amount_cents" db:"amount_cents"`
	Paid        bool      `json:"paid" db:"paid"`
	DueAt       time.Time `json:"due_at" db:"due_at"`
}

func (i Invoice) Overdue(now time.Time) bool {
	if i.Paid {
		return false
	}
	return now.After(i.DueAt)
}
