package catalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/ragman-dev/ragman/internal/safefile"
)

// AuditEntry is one line of audit.log (FR-008).
type AuditEntry struct {
	Timestamp time.Time `json:"timestamp"`
	Action    string    `json:"action"` // init, add, update, remove, reindex
	Target    string    `json:"target"`
	Status    string    `json:"status"` // ok, error
	TraceID   string    `json:"trace_id"`
	Message   string    `json:"message,omitempty"`
	ErrorCode string    `json:"error_code,omitempty"`
}

// Audit appends e to the log at path as one JSON line. One write call per
// line keeps concurrent writers from interleaving.
func Audit(path string, e AuditEntry) error {
	if e.Timestamp.IsZero() {
		e.Timestamp = time.Now().UTC()
	}
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	// The log names sources and what became of them: private, and a link
	// planted at path is refused, not written through.
	f, err := safefile.OpenPrivate(path, os.O_WRONLY|os.O_APPEND)
	if err != nil {
		return err
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
