package freshness

import (
	"encoding/json"
	"errors"
	"io/fs"
	"time"

	"github.com/ragman-dev/ragman/internal/safefile"
)

// Record is what the last refresh did, kept in refresh.json beside the
// index so that `ragadmin health` can say it after the backend that did
// it has exited.
type Record struct {
	At      time.Time `json:"at"`
	Why     string    `json:"why"` // started, changed, nudged
	Status  string    `json:"status"`
	Version string    `json:"version,omitempty"`
	Changed []string  `json:"changed,omitempty"` // the sources whose pages changed
	Seconds float64   `json:"seconds"`
	Error   string    `json:"error,omitempty"`
}

// Record statuses.
const (
	Refreshed = "refreshed"
	Failed    = "failed"
)

// ReadRecord reads path; ok is false when no refresh has run.
func ReadRecord(path string) (r Record, ok bool, err error) {
	data, err := safefile.ReadFile(path, 1<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return r, false, nil
	}
	if err != nil {
		return r, false, err
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return r, false, err
	}
	return r, true, nil
}

// Write replaces path with r, whole or not at all.
func (r Record) Write(path string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return safefile.WriteFileMode(path, append(data, '\n'), 0o600)
}
