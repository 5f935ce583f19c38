package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Paths are the files ragman keeps, all under the user's XDG folders.
type Paths struct {
	ConfigDir  string // $XDG_CONFIG_HOME/ragcli
	ConfigFile string // .../config.yaml
	DataDir    string // $XDG_DATA_HOME/ragcli
	Catalog    string // .../catalog.json
	IndexDir   string // .../index: one folder per version and the ACTIVE pointer
	AuditLog   string // .../audit.log
	LogFile    string // .../ragcli.log
	KiwixDir   string // .../kiwix
	Traces     string // .../traces.jsonl: one line per question (backend/trace)
	Refresh    string // .../refresh.json: what the last background refresh did (backend/freshness)
}

// DefaultPaths reads the XDG environment now, so a process whose
// environment changed (tests) sees the change.
func DefaultPaths() Paths {
	return PathsFor(filepath.Join(xdgHome("XDG_CONFIG_HOME", ".config"), "ragcli"),
		filepath.Join(xdgHome("XDG_DATA_HOME", filepath.Join(".local", "share")), "ragcli"))
}

// xdgHome is the base folder the variable env names, as
// github.com/adrg/xdg reads it (which ragman used; it also read every
// other XDG folder and the user's user-dirs.dirs as each call started):
// the variable's value when it is absolute once a leading ~ or $HOME is
// replaced by the home folder, else def in the home folder ($HOME, or /
// without it), else "" (a relative $HOME).
func xdgHome(env, def string) string {
	home := os.Getenv("HOME")
	if home == "" {
		home = "/"
	}
	for _, dir := range []string{os.Getenv(env), filepath.Join(home, def)} {
		switch {
		case dir == "":
		case dir[0] == '~':
			dir = filepath.Join(home, dir[1:])
		case strings.HasPrefix(dir, "$HOME"):
			dir = filepath.Join(home, dir[5:])
		}
		if dir != "" && filepath.IsAbs(dir) {
			return dir
		}
	}
	return ""
}

// PathsFor lays the files out under the given config and data folders.
func PathsFor(configDir, dataDir string) Paths {
	return Paths{
		ConfigDir:  configDir,
		ConfigFile: filepath.Join(configDir, "config.yaml"),
		DataDir:    dataDir,
		Catalog:    filepath.Join(dataDir, "catalog.json"),
		IndexDir:   filepath.Join(dataDir, "index"),
		AuditLog:   filepath.Join(dataDir, "audit.log"),
		LogFile:    filepath.Join(dataDir, "ragcli.log"),
		KiwixDir:   filepath.Join(dataDir, "kiwix"),
		Traces:     filepath.Join(dataDir, "traces.jsonl"),
		Refresh:    filepath.Join(dataDir, "refresh.json"),
	}
}

// DataDirError is a data folder ragman refuses to use.
type DataDirError struct {
	Dir    string
	Reason string // "belongs to uid 65534, not to uid 0"
}

func (e *DataDirError) Error() string {
	return fmt.Sprintf("data folder %s %s; refusing to use it", e.Dir, e.Reason)
}

// Hint is what to do about it, for the CLIs' hint line.
func (e *DataDirError) Hint() string {
	return "run this as the user who owns " + e.Dir + ", or set XDG_DATA_HOME to a folder of your own"
}

// EnsureDataDir creates the data folder dir 0700 when it is missing and
// refuses one that another user owns: whoever owns it can plant links and
// files where ragman writes its index, logs and catalog, and read the
// questions logged there (a root run with another user's XDG_DATA_HOME
// would write through them as root). It follows a symbolic link: a data
// folder moved to a larger disk is fine as long as the folder is ours.
// Every path that writes in the data folder runs it first: the first-run
// setup, the catalog's edits and the backend.
func EnsureDataDir(dir string) error {
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("cannot create %s: %w", dir, err)
		}
		fi, err = os.Stat(dir)
	}
	if err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	if !fi.IsDir() {
		return &DataDirError{Dir: dir, Reason: "is not a directory"}
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return &DataDirError{Dir: dir, Reason: fmt.Sprintf("belongs to uid %d, not to uid %d", st.Uid, os.Geteuid())}
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		// Ours, as checked above, and made 0755 by an older ragman: it
		// holds the text of the user's sources and their questions. Only
		// the others' bits go: a folder its owner made read-only stays so.
		if err := os.Chmod(dir, perm&^0o077); err != nil {
			return fmt.Errorf("data folder: %w", err)
		}
	}
	return nil
}
