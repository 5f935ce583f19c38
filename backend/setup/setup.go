// Package setup creates what ragman needs on disk the first time: the
// config file, the data folders and the catalog with the default sources.
package setup

import (
	"errors"
	"fmt"
	"os"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
)

// Result says what Ensure created; all false means everything was there.
type Result struct {
	Config, Catalog, Folders bool
}

// Changed reports whether anything was created.
func (r Result) Changed() bool { return r.Config || r.Catalog || r.Folders }

// Ensure creates whatever of the setup is missing and leaves the rest
// alone, so running it twice changes nothing.
func Ensure(p config.Paths, traceID string) (Result, error) {
	var res Result
	for _, dir := range []string{p.ConfigDir, p.DataDir, p.IndexDir, p.KiwixDir} {
		if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return res, fmt.Errorf("cannot create %s: %w", dir, err)
			}
			res.Folders = true
		}
	}
	wrote, err := config.WriteDefault(p.ConfigFile)
	if err != nil {
		return res, err
	}
	res.Config = wrote
	if _, err := catalog.Load(p.Catalog); errors.Is(err, catalog.ErrNoCatalog) {
		cat := &catalog.Catalog{Sources: catalog.Defaults()}
		if err := cat.Save(p.Catalog); err != nil {
			return res, fmt.Errorf("cannot write %s: %w", p.Catalog, err)
		}
		res.Catalog = true
	} else if err != nil {
		return res, err
	}
	if res.Changed() {
		msg := "created"
		if res.Catalog {
			msg += " catalog with sources man-pages, info-pages"
		}
		if res.Config {
			msg += ", config " + p.ConfigFile
		}
		catalog.Audit(p.AuditLog, catalog.AuditEntry{Action: "init", Target: p.DataDir, Status: "ok", TraceID: traceID, Message: msg})
	}
	return res, nil
}
