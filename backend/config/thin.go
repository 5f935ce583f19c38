//go:build thinclient

package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// The client-only ragman reads an edited config.yaml as ragadmin decodes
// it (ragadmin __config), once per content: the result is kept under the
// user's cache folder, named by the SHA-256 of the path, the content and
// the ragadmin that read it, so that every later question reads a small
// JSON file instead of linking the YAML decoder (yaml.go).

// decoder is the program that decodes config.yaml: the ragadmin beside
// this ragman, as it runs the backend (cli.BackendCmd). Tests replace it.
var decoder = func() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(exe), "ragadmin"), nil
}

func decode(path string, data []byte) (Config, error) {
	prog, err := decoder()
	if err != nil {
		return Default(), fmt.Errorf("%s: %w", path, err)
	}
	// the same content at the same path, read by the same ragadmin (a
	// new one may know new keys), reads the same
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", path, prog)
	if st, err := os.Stat(prog); err == nil {
		fmt.Fprintf(h, "%d\x00%d\x00", st.Size(), st.ModTime().UnixNano())
	}
	h.Write(data)
	kept := ""
	if dir, err := os.UserCacheDir(); err == nil {
		kept = filepath.Join(dir, "ragcli", "config-"+hex.EncodeToString(h.Sum(nil))+".json")
	}
	d := Decoded{Config: Default()}
	out, err := os.ReadFile(kept)
	if err != nil || json.Unmarshal(out, &d) != nil {
		if out, err = exec.Command(prog, DecodeCmd, path).Output(); err != nil {
			return Default(), fmt.Errorf("%s: ragadmin could not read it: %w", path, err)
		}
		d = Decoded{Config: Default()}
		if err := json.Unmarshal(out, &d); err != nil {
			return Default(), fmt.Errorf("%s: ragadmin's reading of it: %w", path, err)
		}
		if kept != "" && os.MkdirAll(filepath.Dir(kept), 0o700) == nil {
			// a lost write costs the next question the decoder again
			_ = os.WriteFile(kept, out, 0o600)
		}
	}
	if d.Error != "" {
		return Default(), errors.New(d.Error)
	}
	return d.Config, nil
}
