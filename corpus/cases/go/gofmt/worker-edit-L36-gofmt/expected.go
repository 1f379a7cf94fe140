package worker

import (
	"context"
	"fmt"
	"log"
	"sync"
	"time"
)

type Job struct {
	ID          string
	Payload     map[string]string
	Attempts    int
	MaxAttempts int
}

type Result struct {
	JobID    string
	Err      error
	Duration time.Duration
}

type Handler func(ctx context.Context, job Job) error

type Pool struct {
	workers    int
	queue      chan Job
	results    chan Result
	handler    Handler
	wg         sync.WaitGroup
	retryDelay time.Duration // wait between attempts
}

func NewPool(workers int, queueSize int, handler Handler) *Pool {
	if workers < 1 {
		workers = 2
	}
	return &Pool{
		workers:    workers,
		queue:      make(chan Job, queueSize),
		results:    make(chan Result, queueSize),
		handler:    handler,
		retryDelay: 250 * time.Millisecond,
	}
}

func (p *Pool) Start(ctx context.Context) {
	for i := 0; i < p.workers; i++ {
		p.wg.Add(1)
		go p.run(ctx, i)
	}
}

func (p *Pool) run(ctx context.Context, index int) {
	defer p.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case job, ok := <-p.queue:
			if !ok {
				return
			}
			p.results <- p.process(ctx, job)
		}
	}
}

func (p *Pool) process(ctx context.Context, job Job) Result {
	start := time.Now()
	var err error
	for job.Attempts < job.MaxAttempts {
		job.Attempts++
		err = p.handler(ctx, job)
		if err == nil {
			break
		}
		log.Printf("job %s attempt %d failed: %v", job.ID, job.Attempts, err)
		select {
		case <-ctx.Done():
			return Result{JobID: job.ID, Err: ctx.Err(), Duration: time.Since(start)}
		case <-time.After(p.retryDelay):
		}
	}
	return Result{JobID: job.ID, Err: err, Duration: time.Since(start)}
}

func (p *Pool) Submit(job Job) error {
	if job.ID == "" {
		return fmt.Errorf("job has no id")
	}
	if job.MaxAttempts == 0 {
		job.MaxAttempts = 3
	}
	select {
	case p.queue <- job:
		return nil
	default:
		return fmt.Errorf("queue is full (%d jobs)", cap(p.queue))
	}
}

func (p *Pool) Close() {
	close(p.queue)
	p.wg.Wait()
	close(p.results)
}

func (p *Pool) Results() <-chan Result {
	return p.results
}

func Summarize(results []Result) (succeeded int, failed int, slowest time.Duration) {
	for _, r := range results {
		if r.Err != nil {
			failed++
		} else {
			succeeded++
		}
		if r.Duration > slowest {
			slowest = r.Duration
		}
	}
	return succeeded, failed, slowest
}
