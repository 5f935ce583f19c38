package trace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Traces are appended, read back last first, bounded by rotation, and a
// damaged line costs only itself.
func TestAppendLast(t *testing.T) {
	path := filepath.Join(t.TempDir(), "traces.jsonl")
	if ts, err := Last(path, 5); err != nil || len(ts) != 0 {
		t.Fatalf("no file: %v, %v", ts, err)
	}
	long := strings.Repeat("x", 100<<10)
	for i := range 50 {
		if err := Append(path, Trace{Question: string(rune('a'+i%26)) + long, Confidence: float64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{path, path + ".1"} {
		if fi, err := os.Stat(p); err != nil || fi.Size() > MaxBytes {
			t.Errorf("%s: %v, %v bytes; at most %d", p, err, fi.Size(), MaxBytes)
		}
	}
	ts, err := Last(path, 3)
	if err != nil || len(ts) != 3 || ts[2].Confidence != 49 || ts[0].Confidence != 47 {
		t.Fatalf("Last 3: %d traces, %v", len(ts), err)
	}
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString("{\"question\": \"cut sho")
	f.Close()
	Append(path, Trace{Question: "after", Confidence: 50})
	if ts, _ := Last(path, 1); len(ts) != 1 || ts[0].Question != "after" {
		t.Errorf("after a damaged line: %d traces, the last of confidence %v", len(ts), ts[len(ts)-1].Confidence)
	}
}

// TestAppendPlanted: a link planted at the trace file or at its rotation
// is never written through, and an old 0644 file is made 0600.
func TestAppendPlanted(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "passwd")
	os.WriteFile(target, []byte("root:x:0:0\n"), 0o644)
	path := filepath.Join(dir, "traces.jsonl")
	os.Symlink(target, path)
	if err := Append(path, Trace{Question: "q"}); err == nil {
		t.Error("appended through a symbolic link")
	}
	os.Remove(path)
	os.Symlink(target, path+".1")
	os.WriteFile(path, []byte(strings.Repeat("x", MaxBytes)+"\n"), 0o644)
	if err := Append(path, Trace{Question: "q"}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "root:x:0:0\n" {
		t.Errorf("the link's target changed: %.40q", b)
	}
	os.Remove(path)
	os.WriteFile(path, nil, 0o644)
	if err := Append(path, Trace{Question: "q"}); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}
