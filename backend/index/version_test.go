package index

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/ragman-dev/ragman/internal/envvar"
)

// buildVersion builds and activates a version of the test documents.
func buildVersion(t *testing.T, indexDir string) string {
	t.Helper()
	st, _, err := Begin(indexDir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBuilder(st.Dir())
	if err != nil {
		t.Fatal(err)
	}
	p := NewPreparer()
	for _, d := range testDocs() {
		pd, err := p.Prepare(d, Facts{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Add(pd); err != nil {
			t.Fatal(err)
		}
	}
	stats, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(Manifest{Engine: "embedded", Documents: stats.Documents}); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(indexDir, st.Name())
}

func TestVerify(t *testing.T) {
	dir := t.TempDir()
	v := buildVersion(t, dir)
	m, err := Verify(v)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Files) != 2 || m.Files["docs.bin"] == "" || m.Files["index.bin"] == "" {
		t.Errorf("manifest files = %v, want sums of docs.bin and index.bin", m.Files)
	}
	if Size(v) == 0 {
		t.Error("Size = 0")
	}
	// one byte changed in the stored documents
	f, _ := os.OpenFile(filepath.Join(v, "docs.bin"), os.O_RDWR, 0)
	f.WriteAt([]byte{0xff}, 10)
	f.Close()
	if _, err := Verify(v); !IsCorrupt(err) {
		t.Errorf("Verify(damaged docs.bin) = %v, want a corrupt error", err)
	}
	// a missing manifest
	v2 := buildVersion(t, dir)
	os.Remove(filepath.Join(v2, "manifest.json"))
	if _, err := Verify(v2); !IsCorrupt(err) {
		t.Errorf("Verify(no manifest) = %v", err)
	}
	// a truncated index file
	v3 := buildVersion(t, dir)
	os.Truncate(filepath.Join(v3, "index.bin"), 20)
	if _, err := Verify(v3); !IsCorrupt(err) {
		t.Errorf("Verify(truncated index.bin) = %v", err)
	}
}

func TestRecover(t *testing.T) {
	dir := t.TempDir()
	if got, err := Recover(filepath.Join(dir, "none"), nil); got != nil || err != nil {
		t.Errorf("Recover(missing folder) = %v, %v", got, err)
	}
	v := buildVersion(t, dir)
	os.Mkdir(filepath.Join(dir, "20990101T000000Z-abcdef.partial"), 0o755)
	os.WriteFile(filepath.Join(dir, ".ACTIVE.123"), []byte("x"), 0o644)
	if p := Partials(dir); len(p) != 1 {
		t.Errorf("Partials = %v", p)
	}
	var told []string
	got, err := Recover(dir, func(name string) { told = append(told, name) })
	if err != nil || len(got) != 2 {
		t.Fatalf("Recover = %v, %v", got, err)
	}
	if !slices.Equal(told, got) {
		t.Errorf("Recover told %v before removing, removed %v", told, got)
	}
	if len(Partials(dir)) != 0 {
		t.Error("partial left")
	}
	if a, err := ActiveDir(dir); err != nil || a != v {
		t.Errorf("ActiveDir = %s, %v; want %s untouched", a, err, v)
	}
}

func TestFullDiskDuringBuild(t *testing.T) {
	dir := t.TempDir()
	v := buildVersion(t, dir)
	t.Setenv(envvar.TestFailWriteAfter, "100")
	st, _, err := Begin(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBuilder(st.Dir())
	if err != nil {
		t.Fatal(err)
	}
	p := NewPreparer()
	for _, d := range testDocs() {
		pd, _ := p.Prepare(d, Facts{})
		if _, err = b.Add(pd); err != nil {
			break
		}
	}
	if err == nil {
		_, err = b.Finish()
	}
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("build with a full disk: %v, want ENOSPC", err)
	}
	b.Abort()
	st.Abort()
	if a, _ := ActiveDir(dir); a != v {
		t.Errorf("active = %s, want the old %s", a, v)
	}
	if len(Partials(dir)) != 0 {
		t.Error("the aborted build left a partial version")
	}
}
