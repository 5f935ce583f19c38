package proto

import "github.com/ragman-dev/ragman/backend/catalog"

// Reindex outcomes (ReindexResult.Status).
const (
	Rebuilt  = "rebuilt"
	UpToDate = "up_to_date"
)

// ReindexResult is the result of the reindex method.
type ReindexResult struct {
	Status    string         `json:"status"` // rebuilt, up_to_date
	Version   string         `json:"version"`
	Documents int            `json:"documents"`
	Chunks    int            `json:"chunks"`
	Seconds   float64        `json:"seconds"`
	Sources   []SourceReport `json:"sources"`
	// Changed are the sources whose files changed since they were last
	// indexed (or that were never indexed).
	Changed []string `json:"changed"`
	// Quarantined are the sources in error after this reindex: skipped,
	// with the reason in their state.
	Quarantined []string `json:"quarantined"`
	// Recovered are the leftovers of interrupted builds this reindex
	// removed before it started.
	Recovered []string `json:"recovered"`
}

// SourceReport is what a reindex did with one source: the state the
// index's manifest keeps for it (index.SourceState), as the reply carries
// it.
type SourceReport struct {
	catalog.Source
	Documents int    `json:"documents"`
	Skipped   int    `json:"skipped,omitempty"`
	Note      string `json:"note,omitempty"`
}
