package man

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestDump prints the document of the page named by RAGMAN_DUMP (a path
// relative to /usr/share/man or an absolute file), for debugging.
func TestDump(t *testing.T) {
	f := os.Getenv("RAGMAN_DUMP")
	if f == "" {
		t.Skip("RAGMAN_DUMP not set")
	}
	root := "/usr/share/man"
	if filepath.IsAbs(f) {
		root = filepath.Dir(filepath.Dir(f))
		f, _ = filepath.Rel(root, f)
	}
	d, err := ReadPage(root, Page{Ref: f, Section: sectionOf(f)})
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("RAGMAN_JSON") != "" {
		b, _ := json.MarshalIndent(d, "", "  ")
		os.Stdout.Write(b)
		return
	}
	os.Stdout.WriteString(compareText(d, nil))
}
