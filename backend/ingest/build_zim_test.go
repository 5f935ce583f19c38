package ingest

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/index"
)

// zimFixture copies testdata/zim/NAME into a temporary folder, changed by
// damage when it is not nil, and returns the copy's path.
func zimFixture(t *testing.T, name string, damage func([]byte) []byte) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "zim", name))
	if err != nil {
		t.Fatal(err)
	}
	if damage != nil {
		data = damage(data)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// buildZIM builds an index of one ZIM source and returns its state and,
// when the source was indexed, the index.
func buildZIM(t *testing.T, path string) (index.SourceState, *index.Reader) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "index")
	cat := &catalog.Catalog{Sources: []catalog.Source{{Alias: "wiki", Type: catalog.TypeZIM, Location: path, Language: "en",
		Status: catalog.StatusPending}}}
	m, err := Build(context.Background(), dir, cat, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	st := m.Source("wiki")
	if st == nil {
		t.Fatalf("no state for the source: %+v", m)
	}
	if st.Status != catalog.StatusActive {
		return *st, nil
	}
	r, err := index.OpenActive(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return *st, r
}

func TestBuildZIM(t *testing.T) {
	st, r := buildZIM(t, zimFixture(t, "linuxwiki_en.zim", nil))
	if r == nil || st.Documents != 5 || st.Skipped != 0 || st.Reason != "" {
		t.Fatalf("state %+v", st)
	}
	var labels []string
	for id := range r.NumDocs() {
		m := r.Meta(id)
		labels = append(labels, m.Label)
		if m.Type != "zim" || m.Alias != "wiki" || !strings.HasPrefix(m.Ref, "C/") ||
			!strings.HasPrefix(m.URL, "/linuxwiki_en/") || m.Command || m.Package != "" {
			t.Errorf("meta %+v", m)
		}
		if m.Label == "Reflector" {
			d, err := r.Load(id)
			if err != nil || d.Language != "en" || d.Find("Usage") == nil {
				t.Errorf("document %+v, %v", d, err)
			}
		}
	}
	slices.Sort(labels)
	if want := []string{"File permissions and attributes", "Help:Reading", "Reflector", "Terminal colors", "systemd/Timers"}; !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
}

// clusterOffset returns where cluster n of an archive starts.
func clusterOffset(data []byte, n int) int {
	ptr := binary.LittleEndian.Uint64(data[48:])
	return int(binary.LittleEndian.Uint64(data[ptr+8*uint64(n):]))
}

// TestBuildZIMBrokenCluster: a cluster that does not decompress costs its
// articles, logged and noted; the rest of the archive is indexed. The
// fixture is linuxwiki_en.zim with Reflector's cluster overwritten.
func TestBuildZIMBrokenCluster(t *testing.T) {
	st, r := buildZIM(t, zimFixture(t, "linuxwiki_en_badcluster.zim", nil))
	if r == nil || st.Documents != 4 || st.Skipped != 1 || st.Status != catalog.StatusActive ||
		st.Note != "1 of 5 clusters of articles could not be read and were skipped (see the log)" {
		t.Fatalf("state %+v", st)
	}
	for id := range r.NumDocs() {
		if m := r.Meta(id); m.Label == "Reflector" {
			t.Errorf("the article of the broken cluster was indexed: %+v", m)
		}
	}
}

// TestBuildZIMUnreadable: archives that cannot be read as a whole are
// quarantined with the reason.
func TestBuildZIMUnreadable(t *testing.T) {
	cases := map[string]struct {
		damage func([]byte) []byte
		reason string
	}{
		"truncated":   {func(b []byte) []byte { return b[:len(b)/2] }, "truncated: the file has "},
		"wrong magic": {func(b []byte) []byte { copy(b, "ZIP!"); return b }, "not a ZIM archive"},
		"every cluster broken": {func(b []byte) []byte {
			for n := range int(binary.LittleEndian.Uint32(b[28:])) {
				off := clusterOffset(b, n)
				copy(b[off+1:], "garbage!")
			}
			return b
		}, "none of its 5 clusters of articles could be read (first: "},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			st, r := buildZIM(t, zimFixture(t, "linuxwiki_en.zim", c.damage))
			if r != nil || st.Status != catalog.StatusError || !strings.Contains(st.Reason, c.reason) {
				t.Errorf("state %+v, want quarantined with %q", st, c.reason)
			}
		})
	}
}
