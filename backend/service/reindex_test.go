package service

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
)

type recorder struct {
	onProgress func(proto.Progress)
	result     ReindexResult
	err        *proto.Error
}

func (r *recorder) Progress(p proto.Progress) error {
	if r.onProgress != nil {
		r.onProgress(p)
	}
	return nil
}

func (r *recorder) Result(v any) error {
	data, _ := json.Marshal(v)
	return json.Unmarshal(data, &r.result)
}

func (r *recorder) Error(e *proto.Error) error { r.err = e; return nil }

// setup gives a service over a private data folder whose catalog holds a
// copy of the fixture man pages and the fixture info manuals.
func setup(t *testing.T) (*Service, string) {
	t.Helper()
	root := t.TempDir()
	p := config.PathsFor(filepath.Join(root, "config"), filepath.Join(root, "data"))
	man := filepath.Join(root, "man")
	if err := os.CopyFS(man, os.DirFS("../../testdata/fixtures/man")); err != nil {
		t.Fatal(err)
	}
	info, _ := filepath.Abs("../../testdata/fixtures/info")
	cat := &catalog.Catalog{Sources: []catalog.Source{
		{Alias: "man-pages", Type: catalog.TypeMan, Location: man, Language: "en", Status: catalog.StatusActive},
		{Alias: "info-pages", Type: catalog.TypeInfo, Location: info, Language: "en", Status: catalog.StatusActive},
	}}
	if err := cat.Save(p.Catalog); err != nil {
		t.Fatal(err)
	}
	return New(p, nil, nil), man
}

func reindex(t *testing.T, s *Service, r *recorder, p proto.ReindexParams) ReindexResult {
	t.Helper()
	if r == nil {
		r = &recorder{}
	}
	if err := s.reindex(context.Background(), "test", p, r); err != nil {
		t.Fatalf("reindex: %v", err)
	}
	return r.result
}

func fresh(t *testing.T, s *Service) bool {
	t.Helper()
	cat, err := catalog.Load(s.Paths.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	m, err := index.OpenActive(s.Paths.IndexDir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	return m.Manifest.Catalog == cat.Fingerprint()
}

func TestReindexUpToDate(t *testing.T) {
	s, man := setup(t)
	first := reindex(t, s, nil, proto.ReindexParams{})
	if first.Status != Rebuilt || len(first.Changed) != 2 || !fresh(t, s) {
		t.Fatalf("first reindex: %+v", first)
	}
	again := reindex(t, s, nil, proto.ReindexParams{})
	if again.Status != UpToDate || again.Version != first.Version {
		t.Fatalf("nothing changed: %+v", again)
	}
	if forced := reindex(t, s, nil, proto.ReindexParams{Force: true}); forced.Status != Rebuilt || forced.Version == first.Version {
		t.Fatalf("--force: %+v", forced)
	}
	os.WriteFile(filepath.Join(man, "man1", "new.1"), []byte(".TH NEW 1\n.SH NAME\nnew \\- a new page\n"), 0o644)
	if r := reindex(t, s, nil, proto.ReindexParams{Aliases: []string{"info-pages"}}); r.Status != UpToDate {
		t.Errorf("info-pages did not change: %+v", r)
	}
	r := reindex(t, s, nil, proto.ReindexParams{})
	if r.Status != Rebuilt || len(r.Changed) != 1 || r.Changed[0] != "man-pages" {
		t.Errorf("a page added: %+v", r)
	}
}

// A crash after the new version was activated but before the catalog was
// updated leaves catalog.json behind the manifest: the next reindex must
// not take the stale catalog for "up to date" with what is on disk.
func TestCatalogBehindTheIndex(t *testing.T) {
	s, man := setup(t)
	reindex(t, s, nil, proto.ReindexParams{})
	before, _ := os.ReadFile(s.Paths.Catalog)
	os.WriteFile(filepath.Join(man, "man1", "new.1"), []byte(".TH NEW 1\n.SH NAME\nnew \\- a new page\n"), 0o644)
	reindex(t, s, nil, proto.ReindexParams{})
	os.WriteFile(s.Paths.Catalog, before, 0o644) // the catalog update "never happened"
	if r := reindex(t, s, nil, proto.ReindexParams{}); r.Status != Rebuilt {
		t.Errorf("catalog behind the index: %+v, want a rebuild", r)
	}
	if r := reindex(t, s, nil, proto.ReindexParams{}); r.Status != UpToDate || !fresh(t, s) {
		t.Errorf("after it: %+v", r)
	}
}

// Edits to the catalog while a build runs are kept; the index is stale
// afterwards because it does not have them.
func TestReindexKeepsConcurrentEdits(t *testing.T) {
	s, _ := setup(t)
	r := &recorder{}
	done := false
	r.onProgress = func(p proto.Progress) {
		if p.Stage != "writing index" || done {
			return
		}
		done = true
		err := catalog.Edit(s.Paths.Catalog, func(c *catalog.Catalog) error {
			c.Find("info-pages").Notes = "edited during the build"
			c.Sources = append(c.Sources, catalog.Source{Alias: "late", Type: catalog.TypeMan, Location: "/nowhere", Language: "en", Status: catalog.StatusPending})
			return nil
		})
		if err != nil {
			t.Error(err)
		}
	}
	res := reindex(t, s, r, proto.ReindexParams{})
	if res.Status != Rebuilt {
		t.Fatalf("%+v", res)
	}
	cat, _ := catalog.Load(s.Paths.Catalog)
	if cat.Find("late") == nil || cat.Find("info-pages").Notes != "edited during the build" {
		t.Errorf("the edits were lost: %+v", cat.Sources)
	}
	if cat.Find("man-pages").Checksum == "" || cat.Find("info-pages").Checksum != "" {
		t.Errorf("man-pages should be recorded, info-pages (edited) left alone: %+v", cat.Sources)
	}
	if fresh(t, s) {
		t.Error("the index is fresh although a source was added during the build")
	}
	res = reindex(t, s, nil, proto.ReindexParams{})
	if res.Status != Rebuilt || len(res.Quarantined) != 1 || res.Quarantined[0] != "late" || !fresh(t, s) {
		t.Errorf("next reindex: %+v", res)
	}
}

func TestReindexBadAlias(t *testing.T) {
	s, _ := setup(t)
	r := &recorder{}
	err := s.reindex(context.Background(), "test", proto.ReindexParams{Aliases: []string{"nosuch"}}, r)
	if pe, ok := err.(*proto.Error); !ok || pe.Code != proto.CodeNotFound {
		t.Fatalf("unknown alias: %v", err)
	}
	audit, _ := os.ReadFile(s.Paths.AuditLog)
	if len(audit) == 0 {
		t.Error("no audit line for a failed reindex")
	}
}

// A version built by older readers lacks what newer ones take from the
// same pages (info index entries): a reindex rebuilds it though no source
// changed.
func TestReindexAfterNewerReaders(t *testing.T) {
	s, _ := setup(t)
	first := reindex(t, s, nil, proto.ReindexParams{})
	dir, err := index.ActiveDir(s.Paths.IndexDir)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "manifest.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m["readers"] != float64(index.ReadersVersion) {
		t.Fatalf("manifest readers = %v, want %d", m["readers"], index.ReadersVersion)
	}
	delete(m, "readers") // as the readers before versioning wrote it
	data, _ = json.Marshal(m)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s = New(s.Paths, nil, nil)
	if r := reindex(t, s, nil, proto.ReindexParams{}); r.Status != Rebuilt || r.Version == first.Version {
		t.Errorf("built by older readers: %+v, want a rebuild", r)
	}
	if r := reindex(t, s, nil, proto.ReindexParams{}); r.Status != UpToDate {
		t.Errorf("after it: %+v", r)
	}
}
