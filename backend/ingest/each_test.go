package ingest

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
)

// Each must give the documents Build indexes, no more and no fewer.
func TestEachReadsWhatBuildIndexes(t *testing.T) {
	fixtures := filepath.Join("..", "..", "testdata", "fixtures")
	cat := &catalog.Catalog{Sources: []catalog.Source{
		{Alias: "man", Type: catalog.TypeMan, Location: filepath.Join(fixtures, "man"), Language: "en", Status: catalog.StatusPending},
		{Alias: "info", Type: catalog.TypeInfo, Location: filepath.Join(fixtures, "info"), Language: "en", Status: catalog.StatusPending},
	}}
	var each []string
	for _, src := range cat.Sources {
		if err := Each(src, func(d *document.Document) { each = append(each, d.Label) }); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(t.TempDir(), "index")
	if _, err := Build(context.Background(), dir, cat, Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	r, err := index.OpenActive(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var built []string
	for id := range r.NumDocs() {
		built = append(built, r.Meta(id).Label)
	}
	slices.Sort(each)
	slices.Sort(built)
	if len(each) < 20 || !slices.Equal(each, built) {
		t.Fatalf("Each read %d documents, Build indexed %d:\n%v\n%v", len(each), len(built), each, built)
	}
	if err := Each(catalog.Source{Type: catalog.TypeMan, Location: filepath.Join(fixtures, "none")}, func(*document.Document) {}); err == nil {
		t.Fatal("a missing folder gave no error")
	}
}
