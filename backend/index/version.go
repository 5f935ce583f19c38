package index

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// An index folder holds one subfolder per version and a file ACTIVE naming
// the one queries use. A build writes "<version>.partial", renames it to
// "<version>" when complete and only then replaces ACTIVE, so a crash at
// any moment leaves the previous version active and intact.
const (
	activeFile    = "ACTIVE"
	partialSuffix = ".partial"
	formatVersion = 5
	// ReadersVersion counts changes in what the readers take from a page
	// that a version built before them lacks (2: info index entries; 3:
	// versioned pages named as typed, llvm-as for llvm-as-14; 4: a
	// bulleted option's term read from the bullet's line, jq's; 5: the
	// options under a heading item, dpkg's -L, items of their own; 6:
	// help2man's ".HP" option lines, sed's and timeout's, items; 7: an
	// ".IP" tag with an empty body joined to the next, pod2man's
	// "-d", "--disassemble", "--disassemble=symbol" one item, and a
	// one-letter option glued to its value written apart, patch's "-p
	// num"; 8: an option tag in a synopsis' brackets, unzip's "[-d
	// exdir]", the option; 9: the word dot where names start with a lone
	// dot, ls -a's "entries starting with .", see startsWithDot; 10: a
	// NAME section of several entries, hostname(1)'s, the first entry's
	// summary and every entry's names, see laterEntry). A
	// reindex rebuilds a version built by older readers though no source
	// changed; queries still read it.
	ReadersVersion = 10
)

// ErrNoIndex means no version was ever activated.
var ErrNoIndex = errors.New("no index has been built")

// Manifest describes a built version.
type Manifest struct {
	Format    int           `json:"format"`
	Readers   int           `json:"readers,omitempty"` // ReadersVersion of the build
	Version   string        `json:"version"`
	Engine    string        `json:"engine"`
	BuiltAt   time.Time     `json:"built_at"`
	Documents int           `json:"documents"`
	Chunks    int           `json:"chunks"`
	Terms     int           `json:"terms"`
	Catalog   string        `json:"catalog"` // catalog.Fingerprint() of the sources built
	Sources   []SourceState `json:"sources"`
	// Files are the sha256 sums of the version's files (all but this
	// manifest), written at Commit and checked by Verify.
	Files map[string]string `json:"files,omitempty"`
}

// Source returns the state of the source with the alias, or nil.
func (m *Manifest) Source(alias string) *SourceState {
	for i := range m.Sources {
		if m.Sources[i].Alias == alias {
			return &m.Sources[i]
		}
	}
	return nil
}

// SourceState is what a build did with one source, as the manifest keeps
// it. A reindex reports it to the CLIs as proto.SourceReport, which has
// the same fields and JSON.
type SourceState struct {
	catalog.Source
	Documents int    `json:"documents"`
	Skipped   int    `json:"skipped,omitempty"`
	Note      string `json:"note,omitempty"`
}

// ReadManifest reads the manifest of the version in dir.
func ReadManifest(dir string) (Manifest, error) { return readManifest(dir) }

func readManifest(dir string) (Manifest, error) {
	var m Manifest
	data, err := safefile.ReadFile(filepath.Join(dir, "manifest.json"), maxManifest)
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("%s: manifest: %w", dir, errCorrupt)
	}
	if m.Format != formatVersion {
		return m, fmt.Errorf("%s: index format %d, this ragman reads %d: run ragadmin reindex", dir, m.Format, formatVersion)
	}
	return m, nil
}

// Caps on the small files of the index folder: ACTIVE holds a version's
// name, a manifest a line per source.
const (
	maxActive   = 4 << 10
	maxManifest = 64 << 20
)

// ActiveDir returns the folder of the active version.
func ActiveDir(indexDir string) (string, error) {
	data, err := safefile.ReadFile(filepath.Join(indexDir, activeFile), maxActive)
	if errors.Is(err, fs.ErrNotExist) {
		return "", ErrNoIndex
	}
	if err != nil {
		return "", err
	}
	name := strings.TrimSpace(string(data))
	if name == "" || strings.ContainsAny(name, "/\\") || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("%s: %w", filepath.Join(indexDir, activeFile), errCorrupt)
	}
	return filepath.Join(indexDir, name), nil
}

// OpenActive opens the active version.
func OpenActive(indexDir string) (*Reader, error) {
	dir, err := ActiveDir(indexDir)
	if err != nil {
		return nil, err
	}
	return Open(dir)
}

// Staging is a version being built.
type Staging struct {
	indexDir, name string
}

// Verify checks the version in dir end to end: its manifest, the sums of
// its files and that it opens. Errors for a damaged version satisfy
// IsCorrupt.
func Verify(dir string) (Manifest, error) {
	m, err := readManifest(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return m, fmt.Errorf("%s: manifest.json is missing: %w", dir, errCorrupt)
		}
		return m, err
	}
	names := make([]string, 0, len(m.Files))
	for name := range m.Files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		sum, err := fileSum(filepath.Join(dir, name))
		if err != nil {
			return m, fmt.Errorf("%s: %s: %v: %w", dir, name, err, errCorrupt)
		}
		if sum != m.Files[name] {
			return m, fmt.Errorf("%s: %s does not match its checksum: %w", dir, name, errCorrupt)
		}
	}
	r, err := Open(dir)
	if err != nil {
		if !errors.Is(err, errCorrupt) {
			err = fmt.Errorf("%w: %w", err, errCorrupt)
		}
		return m, err
	}
	r.Close()
	return m, nil
}

// IsCorrupt reports whether err says an index version is damaged.
func IsCorrupt(err error) bool { return errors.Is(err, errCorrupt) }

// Size is the number of bytes of the files in dir.
func Size(dir string) int64 {
	entries, _ := os.ReadDir(dir)
	var n int64
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() {
			n += fi.Size()
		}
	}
	return n
}

func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Recover removes what interrupted builds left in indexDir (partial
// versions, half-written ACTIVE files) and returns their names. The caller
// holds the reindex lock, so nothing it removes is being written.
// removing, when not nil, is called with each name before it is removed:
// a log written there survives a crash in the middle of the recovery,
// when a leftover may be gone but the list not yet returned.
func Recover(indexDir string, removing func(name string)) ([]string, error) {
	if _, err := os.Stat(indexDir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return removePartial(indexDir, removing)
}

// Partials lists the partial versions in indexDir, for tests and health.
func Partials(indexDir string) []string {
	entries, _ := os.ReadDir(indexDir)
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), partialSuffix) {
			out = append(out, e.Name())
		}
	}
	return out
}

// Begin starts a new version. The caller holds the reindex lock, so any
// partial folder left is from a build that died: Begin removes it and
// reports it as recovered.
func Begin(indexDir string) (*Staging, []string, error) {
	if err := os.MkdirAll(indexDir, 0o700); err != nil {
		return nil, nil, err
	}
	recovered, err := removePartial(indexDir, nil)
	if err != nil {
		return nil, recovered, err
	}
	var rnd [3]byte
	rand.Read(rnd[:])
	name := time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(rnd[:])
	s := &Staging{indexDir: indexDir, name: name}
	if err := os.Mkdir(s.Dir(), 0o700); err != nil {
		return nil, recovered, err
	}
	return s, recovered, nil
}

func removePartial(indexDir string, removing func(name string)) ([]string, error) {
	entries, err := os.ReadDir(indexDir)
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), partialSuffix) || strings.HasPrefix(e.Name(), "."+activeFile) {
			if removing != nil {
				removing(e.Name())
			}
			if err := os.RemoveAll(filepath.Join(indexDir, e.Name())); err != nil {
				return removed, err
			}
			removed = append(removed, e.Name())
		}
	}
	return removed, nil
}

// Dir is where the builder writes.
func (s *Staging) Dir() string { return filepath.Join(s.indexDir, s.name+partialSuffix) }

// Name is the version's name.
func (s *Staging) Name() string { return s.name }

// Abort removes the partial version.
func (s *Staging) Abort() error { return os.RemoveAll(s.Dir()) }

// Commit seals the version and makes it the active one.
func (s *Staging) Commit(m Manifest) error {
	m.Format = formatVersion
	m.Readers = ReadersVersion
	m.Version = s.name
	entries, err := os.ReadDir(s.Dir())
	if err != nil {
		return err
	}
	m.Files = map[string]string{}
	for _, e := range entries {
		if !e.Type().IsRegular() || e.Name() == "manifest.json" {
			continue
		}
		sum, err := fileSum(filepath.Join(s.Dir(), e.Name()))
		if err != nil {
			return err
		}
		m.Files[e.Name()] = sum
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := catalog.WriteFileAtomic(filepath.Join(s.Dir(), "manifest.json"), data, 0o600); err != nil {
		return err
	}
	if err := syncDir(s.Dir()); err != nil {
		return err
	}
	prev := ""
	if dir, err := ActiveDir(s.indexDir); err == nil {
		prev = filepath.Base(dir)
	}
	final := filepath.Join(s.indexDir, s.name)
	if err := os.Rename(s.Dir(), final); err != nil {
		return err
	}
	if err := catalog.WriteFileAtomic(filepath.Join(s.indexDir, activeFile), []byte(s.name+"\n"), 0o600); err != nil {
		return err
	}
	if err := syncDir(s.indexDir); err != nil {
		return err
	}
	return prune(s.indexDir, s.name, prev)
}

// prune keeps the active version and the one active before it (prev), so
// a backend still answering from the previous version is not left without
// files and an operator can go back by hand. Names start with the build
// time to the second, and builds in the same second sort by their random
// suffix: the one before is the one ACTIVE named, not the last by name.
// Without one (a first build, ACTIVE unreadable) the newest is kept.
func prune(indexDir, active, prev string) error {
	entries, err := os.ReadDir(indexDir)
	if err != nil {
		return err
	}
	var versions []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasSuffix(e.Name(), partialSuffix) && e.Name() != active {
			versions = append(versions, e.Name())
		}
	}
	sort.Strings(versions)
	keep := prev
	if !slices.Contains(versions, keep) && len(versions) > 0 {
		keep = versions[len(versions)-1]
	}
	for _, v := range versions {
		if v == keep {
			continue
		}
		if err := os.RemoveAll(filepath.Join(indexDir, v)); err != nil {
			return err
		}
	}
	return nil
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
