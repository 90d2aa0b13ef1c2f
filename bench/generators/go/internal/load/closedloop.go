// Package load runs a closed loop: N callers, each making one call at a time, as fast as the
// replies come back; a warm-up, then a fixed measured window. Each caller keeps its own
// HdrHistogram (microseconds); they are merged at the end.
//
//	result := load.ClosedLoop(load.Plan{Callers: 16, Warmup: 5 * time.Second, Measure: 10 * time.Second},
//		func(caller int) load.CallFunc { return func() error { ... one call ... } })
package load

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// CallFunc makes one call and returns its error (nil for a correct reply).
type CallFunc func() error

// Plan is the shape of one run.
type Plan struct {
	Callers int
	Warmup  time.Duration
	Measure time.Duration
	// OnMeasureStart and OnMeasureEnd run at the window's edges (CPU readings).
	OnMeasureStart, OnMeasureEnd func()
}

// Result is what the measured window saw. Calls are counted when they complete inside the
// window (as wrk and ghz count), errors likewise.
type Result struct {
	Calls, Errors int64
	Elapsed       time.Duration
	Latency       *hdrhistogram.Histogram // microseconds, successful calls only
	FirstError    error
	StoppedEarly  int // callers that stopped because their connection was lost
}

// CallsPerSecond is the completed successful calls over the window.
func (r Result) CallsPerSecond() float64 {
	return float64(r.Calls) / r.Elapsed.Seconds()
}

const (
	phaseWarmup int32 = iota
	phaseMeasure
	phaseDone
)

// Latency range of the histograms: 1 µs to 60 s, 3 significant digits.
const (
	lowestMicros  = 1
	highestMicros = 60_000_000
	sigFigs       = 3
)

// NewHistogram is the histogram every caller records into.
func NewHistogram() *hdrhistogram.Histogram {
	return hdrhistogram.New(lowestMicros, highestMicros, sigFigs)
}

type caller struct {
	calls, errors int64
	hist          *hdrhistogram.Histogram
	firstError    error
	stoppedEarly  bool
}

// ClosedLoop runs plan.Callers goroutines, each calling newCall(i)'s function in a loop.
// A call that fails with an error for which fatal returns true stops its caller (a lost
// connection: its calls would only fail fast).
func ClosedLoop(plan Plan, newCall func(caller int) CallFunc, fatal func(error) bool) Result {
	var phase atomic.Int32
	callers := make([]*caller, plan.Callers)
	var wg sync.WaitGroup
	for i := range callers {
		c := &caller{hist: NewHistogram()}
		callers[i] = c
		call := newCall(i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.loop(call, &phase, fatal)
		}()
	}
	time.Sleep(plan.Warmup)
	if plan.OnMeasureStart != nil {
		plan.OnMeasureStart()
	}
	start := time.Now()
	phase.Store(phaseMeasure)
	time.Sleep(plan.Measure)
	phase.Store(phaseDone)
	elapsed := time.Since(start)
	if plan.OnMeasureEnd != nil {
		plan.OnMeasureEnd()
	}
	wg.Wait()

	result := Result{Elapsed: elapsed, Latency: NewHistogram()}
	for _, c := range callers {
		result.Calls += c.calls
		result.Errors += c.errors
		result.Latency.Merge(c.hist)
		if result.FirstError == nil {
			result.FirstError = c.firstError
		}
		if c.stoppedEarly {
			result.StoppedEarly++
		}
	}
	return result
}

func (c *caller) loop(call CallFunc, phase *atomic.Int32, fatal func(error) bool) {
	for {
		begin := time.Now()
		err := call()
		took := time.Since(begin)
		switch phase.Load() {
		case phaseDone:
			return
		case phaseMeasure:
			if err != nil {
				c.errors++
			} else {
				c.calls++
				_ = c.hist.RecordValue(max(took.Microseconds(), lowestMicros))
			}
		}
		if err != nil {
			if c.firstError == nil {
				c.firstError = err
			}
			if fatal != nil && fatal(err) {
				c.stoppedEarly = true
				return
			}
		}
	}
}
