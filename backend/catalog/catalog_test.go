package catalog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestDeriveAlias(t *testing.T) {
	taken := map[string]bool{"man": true, "man-2": true}
	is := func(a string) bool { return taken[a] }
	for _, tc := range []struct{ loc, typ, want string }{
		{"/usr/share/info", TypeInfo, "info"},
		{"/usr/share/man", TypeMan, "man-3"},
		{"/srv/kiwix/wikipedia_en_all_maxi_2024-01.zim", TypeZIM, "wikipedia_en_all_maxi_2024-01"},
		{"/data/My Docs (v2)", TypeMan, "my-docs-v2"},
		{"/data/--odd--name--/", TypeInfo, "odd-name"},
		{"/data/ÉTÉ", TypeMan, "t"},
		{"/data/%%%", TypeInfo, "info"},
	} {
		if got := DeriveAlias(tc.loc, tc.typ, is); got != tc.want {
			t.Errorf("DeriveAlias(%q) = %q, want %q", tc.loc, got, tc.want)
		}
		if got := DeriveAlias(tc.loc, tc.typ, is); !ValidAlias(got) {
			t.Errorf("DeriveAlias(%q) = %q is not a valid alias", tc.loc, got)
		}
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLanguage(t *testing.T) {
	for l, english := range map[string]bool{"en": true, "eng": true, "en-GB": true, "en_US": true, "fr": false, "und": false, "engl": false} {
		if IsEnglish(l) != english {
			t.Errorf("IsEnglish(%q) = %v", l, !english)
		}
	}
	for l, ok := range map[string]bool{"en": true, "pt-BR": true, "und": true, "zh_Hans_CN": true, "english!": false, "": false, "e": false} {
		if ValidLanguage(l) != ok {
			t.Errorf("ValidLanguage(%q) = %v", l, !ok)
		}
	}
}

func TestMeasure(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "man")
	write(t, filepath.Join(root, "man1/a.1"), "aaa")
	write(t, filepath.Join(root, "man1/b.1"), "bb")
	os.Symlink("a.1", filepath.Join(root, "man1/c.1"))
	src := Source{Type: TypeMan, Location: root}
	c1, err := Measure(src)
	if err != nil || c1.Files != 2 || c1.Size != 5 || len(c1.Checksum) != 64 {
		t.Fatalf("Measure = %+v, %v", c1, err)
	}
	if c2, _ := Measure(src); c2 != c1 {
		t.Errorf("Measure is not stable: %+v then %+v", c1, c2)
	}
	// through a symlink to the tree: the same content
	link := filepath.Join(dir, "link")
	os.Symlink(root, link)
	if c, _ := Measure(Source{Type: TypeMan, Location: link}); c.Checksum != c1.Checksum {
		t.Errorf("through a symlink: %s, want %s", c.Checksum, c1.Checksum)
	}
	// a touched file changes it
	later := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(root, "man1/b.1"), later, later)
	if c, _ := Measure(src); c.Checksum == c1.Checksum {
		t.Error("a new mtime left the checksum unchanged")
	}
	if _, err := Measure(Source{Type: TypeMan, Location: filepath.Join(dir, "nope")}); !errors.Is(err, ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if _, err := Measure(Source{Type: TypeMan, Location: filepath.Join(root, "man1/a.1")}); err == nil {
		t.Error("a file as a man tree measured fine")
	}
	zim := filepath.Join(dir, "x.zim")
	write(t, zim, "0123456789")
	if c, err := Measure(Source{Type: TypeZIM, Location: zim}); err != nil || c.Size != 10 || c.Files != 1 {
		t.Errorf("zim: %+v, %v", c, err)
	}
}

func TestEditIsSerialized(t *testing.T) {
	path := filepath.Join(t.TempDir(), "catalog.json")
	if ok, err := Create(path, &Catalog{}); !ok || err != nil {
		t.Fatalf("Create = %v, %v", ok, err)
	}
	if ok, err := Create(path, &Catalog{Sources: Defaults()}); ok || err != nil {
		t.Fatalf("second Create = %v, %v; want false, nil", ok, err)
	}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := Edit(path, func(c *Catalog) error {
				alias := DeriveAlias("/x/src", TypeMan, func(a string) bool { return c.Find(a) != nil })
				c.Sources = append(c.Sources, Source{Alias: alias, Type: TypeMan, Location: filepath.Join("/x", alias)})
				return nil
			})
			if err != nil {
				t.Error(i, err)
			}
		}()
	}
	wg.Wait()
	c, err := Load(path)
	if err != nil || len(c.Sources) != 20 {
		t.Fatalf("after 20 concurrent edits: %d sources, %v", len(c.Sources), err)
	}
	if !c.Remove("src-2") || c.Remove("src-2") || c.Find("src-2") != nil {
		t.Error("Remove")
	}
}

// A catalog cut short or edited by hand into what ragman never writes is
// ErrCorrupt, saying what is wrong.
func TestLoadRefuses(t *testing.T) {
	good := `{"sources": [{"alias": "man-pages", "type": "man", "location": "/usr/share/man", "status": "active"}`
	for _, tc := range []struct{ name, json, want string }{
		{"cut short", good[:40], "unexpected end of JSON input"},
		{"twice", good + `, {"alias": "man-pages", "type": "info", "location": "/x", "status": "active"}]}`, "the alias man-pages is there twice"},
		{"type", `{"sources": [{"alias": "a", "type": "pdf", "location": "/x"}]}`, `a: type "pdf" is not man, info, zim or tldr`},
		{"relative", `{"sources": [{"alias": "a", "type": "man", "location": "man"}]}`, `a: location "man" is not an absolute path`},
		{"path alias", `{"sources": [{"alias": "../../x", "type": "man", "location": "/x"}]}`, `"../../x" is not an alias`},
		{"dots", `{"sources": [{"alias": "..", "type": "man", "location": "/x"}]}`, `".." is not an alias`},
		{"status", `{"sources": [{"alias": "a", "type": "man", "location": "/x", "status": "ok"}]}`, `a: status "ok" is not`},
	} {
		path := filepath.Join(t.TempDir(), "catalog.json")
		os.WriteFile(path, []byte(tc.json), 0o644)
		_, err := Load(path)
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrCorrupt with %q", tc.name, err, tc.want)
		}
	}
	path := filepath.Join(t.TempDir(), "catalog.json")
	os.WriteFile(path, []byte(good+"]}"), 0o644)
	if c, err := Load(path); err != nil || len(c.Sources) != 1 {
		t.Errorf("a good catalog: %v", err)
	}
}
