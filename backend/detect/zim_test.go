package detect

import (
	"github.com/ragman-dev/ragman/backend/catalog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/testutil/testzim"
)

// TestReadZIMCompressedMetadata: libzim stores metadata in compressed
// clusters (zstd today, xz in older archives); the language is read from
// them, as from the archives zimwriterfs makes (testdata/zim).
func TestReadZIMCompressedMetadata(t *testing.T) {
	dir := t.TempDir()
	for name, comp := range map[string]byte{"zstd": testzim.Zstd, "xz": testzim.XZ, "plain": testzim.None} {
		path := filepath.Join(dir, name+".zim")
		err := testzim.WriteArchive(path, testzim.Archive{Major: 6, Minor: 1, Compression: comp, Entries: []testzim.Entry{
			{Namespace: 'C', Path: "A_page", Title: "A page", MIME: "text/html", Content: []byte(strings.Repeat("<p>text</p>", 500))},
			{Namespace: 'M', Path: "Language", MIME: "text/plain", Content: []byte("fra,eng")},
			{Namespace: 'M', Path: "Title", MIME: "text/plain", Content: []byte("Un wiki")},
		}})
		if err != nil {
			t.Fatal(err)
		}
		z, err := ReadZIM(path)
		if err != nil || z.Language != "fra" || z.Major != 6 || z.Minor != 1 || z.Entries != 3 {
			t.Errorf("%s: %+v, %v", name, z, err)
		}
	}
	for name, want := range map[string]string{"linuxwiki_en.zim": "eng", "linuxwiki_fr.zim": "fra"} {
		d, err := Detect(filepath.Join("..", "..", "testdata", "zim", name), "")
		if err != nil || d.Type != catalog.TypeZIM || d.Language != want || !d.Detected {
			t.Errorf("%s: %+v, %v", name, d, err)
		}
	}
}

// TestReadZIMTruncated: an archive cut short is not accepted as a source.
func TestReadZIMTruncated(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "zim", "linuxwiki_en.zim"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cut.zim")
	os.WriteFile(path, data[:len(data)/2], 0o644)
	if _, err := ReadZIM(path); err == nil || !strings.Contains(err.Error(), "truncated: the file has") {
		t.Errorf("ReadZIM: %v", err)
	}
	if _, err := Detect(path, ""); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("Detect: %v", err)
	}
}
