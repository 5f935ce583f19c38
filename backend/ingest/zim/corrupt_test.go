package zim

import (
	"encoding/binary"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/testutil/testzim"
)

// damaged writes a copy of the file at src, changed by fn, and returns its
// path.
func damaged(t *testing.T, src string, fn func([]byte) []byte) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "damaged.zim")
	if err := os.WriteFile(path, fn(append([]byte(nil), data...)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestNotZIM(t *testing.T) {
	for name, content := range map[string]string{"text": "not a ZIM archive at all", "empty": "", "short": "ZI"} {
		path := filepath.Join(t.TempDir(), name+".zim")
		os.WriteFile(path, []byte(content), 0o644)
		if _, err := Open(path); !errors.Is(err, ErrNotZIM) {
			t.Errorf("%s: %v, want ErrNotZIM", name, err)
		}
	}
	wrong := damaged(t, fixture("linuxwiki_en.zim"), func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b, 0x12345678)
		return b
	})
	if _, err := Open(wrong); !errors.Is(err, ErrNotZIM) || !strings.Contains(err.Error(), "not a ZIM archive") {
		t.Errorf("wrong magic number: %v", err)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing.zim")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// TestTruncated cuts the archive short at places that fall in its
// header, directory, clusters and checksum: it is refused as a whole,
// with the reason.
func TestTruncated(t *testing.T) {
	src := fixture("linuxwiki_en.zim")
	fi, err := os.Stat(src)
	if err != nil {
		t.Fatal(err)
	}
	size := int(fi.Size())
	for _, cut := range []int{4, 40, 79, 80, 500, size / 3, size / 2, size - 17, size - 1} {
		path := damaged(t, src, func(b []byte) []byte { return b[:cut] })
		_, err := Open(path)
		if !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "truncated") {
			t.Errorf("cut at %d of %d: %v, want ErrTruncated", cut, size, err)
		}
	}
}

// TestBrokenCluster reads the fixture whose cluster holding Reflector does
// not decompress (testdata/zim/make.sh overwrites its start): that
// cluster is reported, the others are read.
func TestBrokenCluster(t *testing.T) {
	a := open(t, fixture("linuxwiki_en_badcluster.zim"))
	l, err := a.List()
	if err != nil {
		t.Fatal(err)
	}
	n := uint32(0) // the directory is intact: it says where Reflector is
	for _, art := range l.Articles {
		if art.Path == "C/Reflector.html" {
			n = art.Cluster
		}
	}
	var refs []string
	broken := 0
	for _, g := range Groups(l.Articles) {
		docs, skips, err := a.Read(g)
		if len(skips) > 0 {
			t.Errorf("skips %v", skips)
		}
		if err != nil {
			broken++
			if g[0].Cluster != n || !strings.Contains(err.Error(), "cluster") || !strings.Contains(err.Error(), "cannot be read") {
				t.Errorf("cluster %d: %v", g[0].Cluster, err)
			}
			continue
		}
		for _, d := range docs {
			checkClean(t, d)
			refs = append(refs, d.Ref)
		}
	}
	if broken != 1 || len(refs) != 4 {
		t.Errorf("%d clusters broken, documents %q", broken, refs)
	}
}

// TestBrokenDirectory points a directory entry outside the file (gozim
// would index a slice with it): that entry is skipped with the reason.
func TestBrokenDirectory(t *testing.T) {
	src := fixture("linuxwiki_en.zim")
	path := damaged(t, src, func(b []byte) []byte {
		urlPtr := binary.LittleEndian.Uint64(b[32:])
		binary.LittleEndian.PutUint64(b[urlPtr+8*5:], uint64(len(b)+1000)) // entry 5: C/Reflector.html
		return b
	})
	a := open(t, path)
	l, err := a.List()
	if err != nil {
		t.Fatal(err)
	}
	// the entry and the redirect to it
	if l.Skipped != 2 || !strings.Contains(l.Reason, "malformed data") || len(l.Articles) != 6 {
		t.Errorf("listing %+v", l)
	}
	for _, g := range Groups(l.Articles) {
		if _, skips, err := a.Read(g); err != nil || len(skips) > 0 {
			t.Errorf("%v %v", err, skips)
		}
	}
}

// readEverything opens, lists and reads an archive, whatever happens; it
// returns the documents read. It is what a build does.
func readEverything(t *testing.T, path string) int {
	a, err := Open(path)
	if err != nil {
		return 0
	}
	defer a.Close()
	l, err := a.List()
	if err != nil {
		return 0
	}
	n := 0
	for _, g := range Groups(l.Articles) {
		docs, _, _ := a.Read(g)
		for _, d := range docs {
			checkClean(t, d)
		}
		n += len(docs)
	}
	a.ByTitle("Reflector")
	return n
}

// TestRandomDamage flips bytes of the fixtures at random (the seed is
// fixed) and truncates them: reading must never panic nor let a control
// character through.
func TestRandomDamage(t *testing.T) {
	old := filepath.Join(t.TempDir(), "old.zim")
	err := testzim.WriteArchive(old, testzim.Archive{Major: 5, Compression: testzim.XZ, ClusterSize: 50, Entries: []testzim.Entry{
		{Namespace: 'A', Path: "One", Title: "One", MIME: "text/html", Content: []byte("<p>first page, with some text</p>")},
		{Namespace: 'A', Path: "Two", Title: "Two", MIME: "text/html", Content: []byte("<h2>Two</h2><pre>code</pre>")},
		{Namespace: 'A', Path: "Alias", Title: "Alias", Redirect: "A/One"},
		{Namespace: 'M', Path: "Language", MIME: "text/plain", Content: []byte("eng")},
	}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	for _, src := range []string{fixture("linuxwiki_en.zim"), old} {
		if readEverything(t, src) == 0 {
			t.Fatalf("%s: nothing read from the intact archive", src)
		}
		for i := range 150 {
			path := damaged(t, src, func(b []byte) []byte {
				if i%5 == 0 {
					return b[:rng.Intn(len(b))]
				}
				for range 1 + rng.Intn(8) {
					b[rng.Intn(len(b))] = byte(rng.Intn(256))
				}
				return b
			})
			readEverything(t, path)
		}
	}
}
