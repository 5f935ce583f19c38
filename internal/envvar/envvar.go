// Package envvar reads ragman's environment variables. Their prefix is
// RAGMAN_. The user settings that had the prefix RAGCLI_ are read under
// that name too, for one release, when the RAGMAN_ name is not set; the
// CLIs warn about each old name set (Warnings).
package envvar

import (
	"os"
	"slices"
	"strings"
	"time"
)

// The user settings that had the prefix RAGCLI_.
const (
	// NoAutostart set to 1, true or yes keeps the CLIs from starting a
	// backend (tests, systemd units).
	NoAutostart = "RAGMAN_NO_AUTOSTART"
	// ManDir and InfoDir are where the default sources point when the
	// catalog is created.
	ManDir  = "RAGMAN_MAN_DIR"
	InfoDir = "RAGMAN_INFO_DIR"
)

const (
	prefix    = "RAGMAN_"
	oldPrefix = "RAGCLI_"
)

// renamed are the settings still read under their old name.
var renamed = []string{NoAutostart, ManDir, InfoDir}

// Old is the name a renamed setting had: RAGCLI_X for RAGMAN_X.
func Old(name string) string { return oldPrefix + strings.TrimPrefix(name, prefix) }

// Lookup returns the value of name and the name it was read under: name
// itself, or, when name is unset or empty and it is a renamed setting,
// its old name. An empty value counts as unset; from is "" when neither
// is set.
func Lookup(name string) (value, from string) {
	if v := os.Getenv(name); v != "" {
		return v, name
	}
	if slices.Contains(renamed, name) {
		if v := os.Getenv(Old(name)); v != "" {
			return v, Old(name)
		}
	}
	return "", ""
}

// Get returns the value of name as Lookup finds it.
func Get(name string) string {
	v, _ := Lookup(name)
	return v
}

// Warnings returns one line for each setting set under its old name (also
// when the new name is set too and wins), for the CLIs to print as they
// start.
func Warnings() []string {
	var out []string
	for _, name := range renamed {
		if os.Getenv(Old(name)) != "" {
			out = append(out, Old(name)+" is deprecated, use "+name+" (the old name goes in the next release)")
		}
	}
	return out
}

// Duration is the duration name holds, or def when it is unset or not a
// positive duration.
func Duration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil && d > 0 {
		return d
	}
	return def
}
