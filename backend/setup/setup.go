// Package setup creates what ragman needs on disk the first time: the
// config file, the data folders and the catalog with the default sources.
package setup

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
)

// Result says what Init created; all empty means everything was there.
type Result struct {
	Config  bool     // config.yaml was written with the defaults
	Catalog bool     // catalog.json was written with the default sources
	Folders []string // folders created
}

// Changed reports whether anything was created.
func (r Result) Changed() bool { return r.Config || r.Catalog || len(r.Folders) > 0 }

// Message says what was created, for the audit log.
func (r Result) Message(p config.Paths) string {
	var parts []string
	if r.Catalog {
		var names []string
		for _, s := range catalog.Defaults() {
			names = append(names, s.Alias)
		}
		parts = append(parts, "catalog with sources "+strings.Join(names, ", "))
	}
	if r.Config {
		parts = append(parts, "config "+p.ConfigFile)
	}
	if len(r.Folders) > 0 {
		parts = append(parts, "folders "+strings.Join(r.Folders, ", "))
	}
	if len(parts) == 0 {
		return "nothing to do: already set up"
	}
	return "created " + strings.Join(parts, ", ")
}

// Init creates whatever of the setup is missing and leaves the rest alone,
// so running it twice changes nothing.
func Init(p config.Paths) (Result, error) {
	var res Result
	// The data folder first: one another user owns is refused before
	// anything is created in it.
	if _, err := os.Stat(p.DataDir); errors.Is(err, os.ErrNotExist) {
		res.Folders = append(res.Folders, p.DataDir)
	}
	if err := config.EnsureDataDir(p.DataDir); err != nil {
		return Result{}, err
	}
	for _, dir := range []string{p.ConfigDir, p.IndexDir, p.KiwixDir} {
		// The data folder's are private, the index holding the text of
		// the user's sources; the config folder is not.
		perm := os.FileMode(0o700)
		if dir == p.ConfigDir {
			perm = 0o755
		}
		if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
			if err := os.MkdirAll(dir, perm); err != nil {
				return res, fmt.Errorf("cannot create %s: %w", dir, err)
			}
			res.Folders = append(res.Folders, dir)
		}
	}
	wrote, err := config.WriteDefault(p.ConfigFile)
	if err != nil {
		return res, err
	}
	res.Config = wrote
	if _, err := catalog.Load(p.Catalog); errors.Is(err, catalog.ErrNoCatalog) {
		created, err := catalog.Create(p.Catalog, &catalog.Catalog{Sources: catalog.Defaults()})
		if err != nil {
			return res, fmt.Errorf("cannot write %s: %w", p.Catalog, err)
		}
		res.Catalog = created
	} else if err != nil {
		return res, err
	}
	return res, nil
}

// Ensure is Init for the commands that set up on first use (ragman's
// first question, ragadmin reindex): it writes an audit line when it
// created something.
func Ensure(p config.Paths, traceID string) (Result, error) {
	res, err := Init(p)
	if err != nil {
		return res, err
	}
	if res.Changed() {
		catalog.Audit(p.AuditLog, catalog.AuditEntry{Action: "init", Target: p.DataDir, Status: "ok", TraceID: traceID, Message: res.Message(p)})
	}
	return res, nil
}

// Hint is what to do about an error of Init or Ensure: a catalog that
// cannot be read is fixed or moved aside; a data folder of another user
// is left to its owner; anything else is a folder this user cannot create
// or write.
func Hint(p config.Paths, err error) string {
	if errors.Is(err, catalog.ErrCorrupt) {
		return catalog.CorruptHint
	}
	var foreign *config.DataDirError
	if errors.As(err, &foreign) {
		return foreign.Hint()
	}
	return "check that " + p.DataDir + " and " + p.ConfigDir + " can be created by this user"
}
