package service

import (
	"os"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/freshness"
	"github.com/ragman-dev/ragman/backend/health"
)

// HealthReport is what MethodHealth returns: the checks of the index,
// which the backend owns.
type HealthReport struct {
	PID    int            `json:"pid"`
	Checks []health.Check `json:"checks"`
}

func (s *Service) health(r Replier) error {
	cat, err := catalog.Load(s.Paths.Catalog)
	checks := health.IndexChecks(s.Paths.IndexDir, cat, err, time.Now())
	rec, ok, rerr := freshness.ReadRecord(s.Paths.Refresh)
	checks = append(checks, health.RefreshCheck(rec, ok, rerr, s.RefreshInterval))
	if b := s.Building(); b.Running > 0 {
		checks = append(checks, health.BuildCheck(b.What, b.Running, b.Last, os.Getpid(), s.Paths.LogFile))
	}
	if checks[0].Status == health.Pass {
		s.warm()
	}
	return r.Result(HealthReport{PID: os.Getpid(), Checks: checks})
}
