package detect

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/testutil/testzim"
)

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDetect(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "man/man1/ls.1.gz"), "x")
	write(t, filepath.Join(dir, "fr/man1/ls.1"), "x")
	write(t, filepath.Join(dir, "info/coreutils.info-2.gz"), "x")
	write(t, filepath.Join(dir, "plain/readme"), "x")
	write(t, filepath.Join(dir, "file.txt"), "x")
	os.Mkdir(filepath.Join(dir, "empty"), 0o755)
	zim := filepath.Join(dir, "wikipedia_fr_all_2024.zim")
	if err := testzim.Write(zim, map[string]string{"Language": "fra,eng", "Title": "t"}, false); err != nil {
		t.Fatal(err)
	}
	packed := filepath.Join(dir, "devdocs_en_go_2024.zim")
	testzim.Write(packed, map[string]string{"Language": "eng"}, true)
	nameless := filepath.Join(dir, "archive.zim")
	testzim.Write(nameless, map[string]string{"Title": "t"}, true)

	for _, tc := range []struct {
		path, want, typ, lang string
		detected              bool
		err                   error
		warn                  bool
	}{
		{path: "man", typ: catalog.TypeMan, lang: "en"},
		{path: "fr", typ: catalog.TypeMan, lang: "fr", detected: true},
		{path: "info", typ: catalog.TypeInfo, lang: "en"},
		{path: "wikipedia_fr_all_2024.zim", typ: catalog.TypeZIM, lang: "fra", detected: true},
		{path: "devdocs_en_go_2024.zim", typ: catalog.TypeZIM, lang: "en", detected: true}, // compressed metadata: the name says
		{path: "archive.zim", typ: catalog.TypeZIM, lang: "und"},
		{path: "plain", err: catalog.ErrNotSource},
		{path: "file.txt", err: catalog.ErrNotSource},
		{path: "nope", err: catalog.ErrNotExist},
		{path: "man/man1", err: catalog.ErrNotSource},
		{path: "empty", want: catalog.TypeInfo, typ: catalog.TypeInfo, lang: "en", warn: true},
		{path: "man", want: catalog.TypeZIM, err: catalog.ErrNotSource},
		{path: "file.txt", want: catalog.TypeMan, err: catalog.ErrNotSource},
	} {
		d, err := Detect(filepath.Join(dir, tc.path), tc.want)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("Detect(%s, %q) error = %v, want %v", tc.path, tc.want, err, tc.err)
			}
			continue
		}
		if err != nil || d.Type != tc.typ || d.Language != tc.lang || d.Detected != tc.detected || (d.Warning != "") != tc.warn {
			t.Errorf("Detect(%s, %q) = %+v, %v; want %s %s detected=%v warning=%v", tc.path, tc.want, d, err, tc.typ, tc.lang, tc.detected, tc.warn)
		}
	}
}

func TestReadZIM(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.zim")
	testzim.Write(path, map[string]string{"Language": "eng", "Creator": "c", "Title": "t", "Date": "2024-01-01"}, false)
	z, err := ReadZIM(path)
	if err != nil || z.Language != "eng" || z.Major != 6 || z.Entries != 4 {
		t.Fatalf("ReadZIM = %+v, %v", z, err)
	}
	write(t, path, "ZIM? no")
	if _, err := ReadZIM(path); !errors.Is(err, ErrNotZIM) {
		t.Errorf("ReadZIM(not a zim) = %v, want ErrNotZIM", err)
	}
}
