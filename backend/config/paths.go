package config

import (
	"path/filepath"

	"github.com/adrg/xdg"
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
	xdg.Reload()
	return PathsFor(filepath.Join(xdg.ConfigHome, "ragcli"), filepath.Join(xdg.DataHome, "ragcli"))
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
