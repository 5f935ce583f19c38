// Package catalog is the list of knowledge sources ragman indexes, kept in
// $XDG_DATA_HOME/ragcli/catalog.json, and the audit log of changes to it.
package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/internal/envvar"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// Source types.
const (
	TypeMan  = "man"
	TypeInfo = "info"
	TypeZIM  = "zim"
	// TypeTLDR is a tldr client's page cache (backend/ingest/tldr).
	TypeTLDR = "tldr"
)

// Source statuses.
const (
	StatusActive  = "active"
	StatusPending = "pending"
	StatusError   = "error"
)

// Source is one knowledge source. Its alias never changes.
type Source struct {
	Alias     string    `json:"alias"`
	Type      string    `json:"type"`
	Location  string    `json:"location"`
	Language  string    `json:"language"`
	Status    string    `json:"status"`
	Checksum  string    `json:"checksum,omitempty"`
	Notes     string    `json:"notes,omitempty"`
	Reason    string    `json:"reason,omitempty"` // why the source is in error (quarantined) or not indexed
	Size      int64     `json:"size,omitempty"`
	UpdatedAt time.Time `json:"updated_at,omitzero"`
}

// ValidType and ValidStatus check the values a person may set.
func ValidType(t string) bool { return t == TypeMan || t == TypeInfo || t == TypeZIM || t == TypeTLDR }

func ValidStatus(s string) bool {
	return s == StatusActive || s == StatusPending || s == StatusError
}

// Catalog is every source, in the order they were added.
type Catalog struct {
	Sources []Source `json:"sources"`
}

// ErrNoCatalog is returned by Load when ragman was never set up.
var ErrNoCatalog = errors.New("no catalog")

// Defaults are the sources a new installation starts with: the system's
// man pages and info manuals. RAGMAN_MAN_DIR and RAGMAN_INFO_DIR move
// them, for machines that keep documentation elsewhere and for tests.
func Defaults() []Source {
	man := envOr(envvar.ManDir, "/usr/share/man")
	info := envOr(envvar.InfoDir, "/usr/share/info")
	return []Source{
		{Alias: "man-pages", Type: TypeMan, Location: man, Language: "en", Status: StatusActive},
		{Alias: "info-pages", Type: TypeInfo, Location: info, Language: "en", Status: StatusActive},
	}
}

func envOr(key, def string) string {
	if v := envvar.Get(key); v != "" {
		return v
	}
	return def
}

// maxCatalog bounds catalog.json: thousands of sources take a few MB.
const maxCatalog = 64 << 20

// Load reads the catalog at path.
func Load(path string) (*Catalog, error) {
	data, err := safefile.ReadFile(path, maxCatalog)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", path, ErrNoCatalog)
	}
	if err != nil {
		return nil, err
	}
	var c Catalog
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, ErrCorrupt, err)
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, ErrCorrupt, err)
	}
	return &c, nil
}

// ErrCorrupt says catalog.json cannot be read as a catalog: cut short,
// or edited by hand into what ragman never writes.
var ErrCorrupt = errors.New("corrupt catalog")

// CorruptHint is what to do about ErrCorrupt.
const CorruptHint = "fix the file, or move it aside and run `ragadmin init` to start again from the default sources"

// check refuses what ragman never writes and would mishandle: two
// sources with one alias (a quarantine would land on the wrong one), an
// alias that is not a plain name (aliases name folders and log lines),
// an unknown type or status, a relative location.
func (c *Catalog) check() error {
	seen := map[string]bool{}
	for i, s := range c.Sources {
		switch {
		case !ValidAlias(s.Alias) || strings.HasPrefix(s.Alias, "."):
			return fmt.Errorf("source %d: %q is not an alias (lowercase letters, digits, '.', '_' and '-', not first '.')", i+1, s.Alias)
		case seen[s.Alias]:
			return fmt.Errorf("the alias %s is there twice", s.Alias)
		case !ValidType(s.Type):
			return fmt.Errorf("%s: type %q is not man, info, zim or tldr", s.Alias, s.Type)
		case s.Status != "" && s.Status != StatusActive && s.Status != StatusPending && s.Status != StatusError:
			return fmt.Errorf("%s: status %q is not active, pending or error", s.Alias, s.Status)
		case !filepath.IsAbs(s.Location):
			return fmt.Errorf("%s: location %q is not an absolute path", s.Alias, s.Location)
		}
		seen[s.Alias] = true
	}
	return nil
}

// Save writes the catalog atomically: readers see the old or the new file,
// never half of one.
func (c *Catalog) Save(path string) error {
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, append(data, '\n'), 0o600)
}

// Clone returns a copy that shares nothing with c.
func (c *Catalog) Clone() *Catalog {
	return &Catalog{Sources: append([]Source(nil), c.Sources...)}
}

// Find returns the source with the alias, or nil.
func (c *Catalog) Find(alias string) *Source {
	for i := range c.Sources {
		if c.Sources[i].Alias == alias {
			return &c.Sources[i]
		}
	}
	return nil
}

// Fingerprint identifies what an index built from this catalog contains:
// the sources' identities and locations, not their content checksums
// (content drift is found by comparing checksums at reindex).
func (c *Catalog) Fingerprint() string {
	type key struct{ Alias, Type, Location, Language, Status string }
	keys := make([]key, 0, len(c.Sources))
	for _, s := range c.Sources {
		if s.Status == StatusError {
			continue
		}
		keys = append(keys, key{s.Alias, s.Type, s.Location, s.Language, s.Status})
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].Alias < keys[j].Alias })
	data, _ := json.Marshal(keys)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// WriteFileAtomic writes data to a temporary file beside path, syncs it and
// renames it over path: a link planted at path is replaced, not written
// through. A folder it makes is private (it writes in the data folder).
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
