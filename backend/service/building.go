package service

import (
	"fmt"
	"sync"
	"time"

	"github.com/ragman-dev/ragman/backend/freshness"
	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/backend/proto"
)

// building is the build this backend runs, if any. A build can stall
// where no timeout reaches it (a read of a hung network mount), and then
// the lock it holds would make every reindex and first question wait
// forever; knowing when it started and how long the last one took lets
// health say so and the waiters give up.
type building struct {
	mu    sync.Mutex
	since time.Time // zero: none runs
	what  string    // "reindex" or "refresh"
	last  time.Duration
	// recorded says the record of the last refresh was read for last:
	// once a backend, not at every look of a reindex that waits
	recorded bool
}

func (b *building) start(what string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.since, b.what = time.Now(), what
}

// done ends the build; one that rebuilt is the measure of the next.
func (b *building) done(rebuilt bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if rebuilt {
		b.last = time.Since(b.since)
	}
	b.since = time.Time{}
}

// Build is what health and the waiters know of the running build.
type Build struct {
	What    string
	Running time.Duration // how long it has run; 0: no build runs
	Last    time.Duration // the last build that rebuilt; 0: unknown
}

// Stalled says the build has run far longer than one should.
func (b Build) Stalled() bool {
	return b.Running > 0 && b.Running > health.StallAfter(b.Last)
}

// error is the waiters' error for a stalled build.
func (b Build) error() *proto.Error {
	last := ""
	if b.Last > 0 {
		last = fmt.Sprintf(", far longer than the last (%s)", b.Last.Round(time.Second))
	}
	return &proto.Error{Code: proto.CodeStalled,
		Message: fmt.Sprintf("a %s has run for %s%s and may be stuck", b.What, b.Running.Round(time.Second), last),
		Hint:    "run `ragadmin health` to see what it is doing"}
}

// Building returns the running build, with the last one's time from
// this backend's builds or, for a backend that has not built yet, from
// the record of the last refresh.
func (s *Service) Building() Build {
	s.running.mu.Lock()
	defer s.running.mu.Unlock()
	if s.running.last == 0 && !s.running.recorded {
		s.running.recorded = true
		if rec, ok, err := freshness.ReadRecord(s.Paths.Refresh); ok && err == nil && rec.Status == freshness.Refreshed {
			s.running.last = time.Duration(rec.Seconds * float64(time.Second))
		}
	}
	b := Build{What: s.running.what, Last: s.running.last}
	if !s.running.since.IsZero() {
		b.Running = time.Since(s.running.since)
	}
	return b
}

// StallBound is how long the running build may go on before it counts
// as stalled: the background refresh lets the backend idle out past it.
func (s *Service) StallBound() time.Duration { return health.StallAfter(s.Building().Last) }
