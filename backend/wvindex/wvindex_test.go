package wvindex_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-openapi/strfmt"
	"github.com/ragman-dev/ragman/backend/wvindex"
	"github.com/ragman-dev/ragman/testutil/testweaviate"
	"github.com/weaviate/weaviate-go-client/v4/weaviate"
	"github.com/weaviate/weaviate-go-client/v4/weaviate/fault"
	"github.com/weaviate/weaviate/entities/models"
)

func chunks(lsText string) []wvindex.Chunk {
	return []wvindex.Chunk{
		{Alias: "man-pages", Type: "man", Language: "en", Ref: "man1/ls.1.gz", Label: "ls(1)", Section: "NAME", Text: lsText, Sum: "aa", N: 0},
		{Alias: "man-pages", Type: "man", Language: "en", Ref: "man1/cp.1.gz", Label: "cp(1)", Section: "NAME", Text: "copy files and directories", Sum: "bb", N: 0},
		{Alias: "man-pages", Type: "man", Language: "en", Ref: "man1/cp.1.gz", Label: "cp(1)", Section: "OPTIONS", Text: "-r, --recursive: copy directories recursively", Sum: "bb", N: 1},
		{Alias: "wiki", Type: "zim", Language: "de", Ref: "A/Kopieren", Label: "Kopieren", Section: "", Text: "copy Dateien kopieren", Sum: "cc", N: 0},
	}
}

func labels(hs []wvindex.Hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Label)
	}
	return out
}

// open opens a store on srv as ragman does.
func open(t *testing.T, srv *testweaviate.Server) *wvindex.Store {
	t.Helper()
	s, err := wvindex.Open(srv.Host, srv.GRPC(), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func build(t *testing.T, s *wvindex.Store, version string, cs []wvindex.Chunk) {
	t.Helper()
	ctx := context.Background()
	b, err := s.Begin(ctx, version, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add(ctx, cs); err != nil {
		t.Fatal(err)
	}
	if err := b.Activate(ctx); err != nil {
		t.Fatal(err)
	}
}

// Index, search with filters, rebuild with one page changed, and a build
// abandoned midway, on a real server.
func TestStore(t *testing.T) {
	srv := testweaviate.Start(t)
	ctx := context.Background()
	s := open(t, srv)
	if v, err := s.Version(ctx); err != nil || v != testweaviate.Version {
		t.Fatalf("Version = %q, %v", v, err)
	}
	if a, err := s.Active(ctx); err != nil || a != "" {
		t.Fatalf("Active before a build = %q, %v", a, err)
	}
	build(t, s, "v1", chunks("list directory entries"))
	if n, err := s.Count(ctx); err != nil || n != 4 {
		t.Fatalf("Count = %d, %v; want 4", n, err)
	}

	hs, err := s.Search(ctx, "copy directories recursively", wvindex.Filter{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) == 0 || hs[0].Label != "cp(1)" || hs[0].Section != "OPTIONS" || hs[0].Score <= 0 {
		t.Fatalf("search: %+v", hs)
	}
	hs, err = s.Search(ctx, "copy", wvindex.Filter{Type: "zim"}, 10)
	if err != nil || !slices.Equal(labels(hs), []string{"Kopieren"}) {
		t.Fatalf("type filter: %v, %v", labels(hs), err)
	}
	hs, err = s.Search(ctx, "copy", wvindex.Filter{Alias: "man-pages", Language: "en"}, 10)
	if err != nil || slices.Contains(labels(hs), "Kopieren") || len(hs) != 2 {
		t.Fatalf("alias and language filter: %v, %v", labels(hs), err)
	}

	// ls's page changed: its old chunk goes, the count stays, and the
	// first version's collection is gone
	cs := chunks("show what folders hold")
	cs[0].Sum = "ab"
	build(t, s, "v2", cs)
	if n, err := s.Count(ctx); err != nil || n != 4 {
		t.Fatalf("Count after rebuild = %d, %v; want 4", n, err)
	}
	if hs, _ := s.Search(ctx, "entries", wvindex.Filter{}, 10); len(hs) > 0 || slices.Contains(labels(hs), "ls(1)") {
		t.Fatalf("the stale ls text is still found: %+v", hs)
	}
	if hs, _ := s.Search(ctx, "folders", wvindex.Filter{}, 10); !slices.Equal(labels(hs), []string{"ls(1)"}) {
		t.Fatalf("the new ls text is not found: %v", labels(hs))
	}

	// a build that never activates leaves v2 answering, and the next
	// build removes it
	b, err := s.Begin(ctx, "v3", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add(ctx, chunks("half built")[:1]); err != nil {
		t.Fatal(err)
	}
	if a, _ := s.Active(ctx); a != wvindex.Alias+"_v2" {
		t.Fatalf("Active during a build = %q", a)
	}
	if n, _ := s.Count(ctx); n != 4 {
		t.Fatalf("Count during a build = %d, want 4", n)
	}
	// more chunks than one batch carries
	for i := range 2050 {
		cs = append(cs, wvindex.Chunk{Alias: "man-pages", Type: "man", Language: "en", Ref: "man1/big.1.gz", Label: "big(1)", Text: "filler", Sum: "dd", N: i})
	}
	build(t, s, "v4", cs)
	if a, _ := s.Active(ctx); a != wvindex.Alias+"_v4" {
		t.Fatalf("Active = %q", a)
	}
	if n, err := s.Count(ctx); err != nil || n != 2054 {
		t.Fatalf("Count of a build in three batches = %d, %v; want 2054", n, err)
	}
	if _, err := s.Begin(ctx, "v3", "", nil); err != nil {
		t.Fatalf("the abandoned v3 was not removed: %v", err)
	}
}

// The id depends on the source, the page's content and the chunk, not on
// the build.
func TestChunkID(t *testing.T) {
	a := wvindex.Chunk{Alias: "man-pages", Sum: "aa", N: 0}
	b := a
	b.Label = "other"
	if a.ID() != b.ID() {
		t.Error("ID depends on more than alias, sum and number")
	}
	for _, c := range []wvindex.Chunk{{Alias: "x", Sum: "aa"}, {Alias: "man-pages", Sum: "ab"}, {Alias: "man-pages", Sum: "aa", N: 1}} {
		if c.ID() == a.ID() {
			t.Errorf("%+v has the ID of %+v", c, a)
		}
	}
}

// axes embeds a text on one axis per topic it names, as a model puts
// texts of a meaning together.
func axes(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		switch {
		case strings.Contains(t, "list"):
			out[i] = []float32{0, 1, 0}
		case strings.Contains(t, "cop"):
			out[i] = []float32{1, 0, 0}
		default:
			out[i] = []float32{0, 0, 1}
		}
	}
	return out, nil
}

// A collection filled with an embedder is searched by vectors as well as
// words, in the share alpha; a failing embedder fails the build.
func TestHybrid(t *testing.T) {
	srv := testweaviate.Start(t)
	ctx := context.Background()
	s := open(t, srv)
	b, err := s.Begin(ctx, "v1", "axes", axes)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add(ctx, chunks("list directory contents")); err != nil {
		t.Fatal(err)
	}
	if err := b.Activate(ctx); err != nil {
		t.Fatal(err)
	}
	if a, _ := s.Active(ctx); a != wvindex.Class("v1", "axes") || a == wvindex.Class("v1", "") {
		t.Fatalf("Active = %q", a)
	}
	// no word of "enumerate" is in any chunk: vectors alone find ls
	hs, err := s.Hybrid(ctx, "enumerate", []float32{0, 1, 0}, 1, wvindex.Filter{}, 1)
	if err != nil || !slices.Equal(labels(hs), []string{"ls(1)"}) {
		t.Errorf("Hybrid alpha 1 = %v, %v; want ls(1)", labels(hs), err)
	}
	if hs, err := s.Hybrid(ctx, "enumerate", []float32{0, 1, 0}, 0, wvindex.Filter{}, 1); err != nil || len(hs) != 0 {
		t.Errorf("Hybrid alpha 0 = %v, %v; want what BM25 finds, nothing", labels(hs), err)
	}
	fail := func(context.Context, []string) ([][]float32, error) { return nil, errors.New("model not found") }
	b, err = s.Begin(ctx, "v2", "broken", fail)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add(ctx, chunks("x")); err == nil || !strings.Contains(err.Error(), "model not found") {
		t.Errorf("Add with a failing embedder: %v", err)
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "awaiting headers" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// Explain says what went wrong without the client's wrapping.
func TestExplain(t *testing.T) {
	refused := &url.Error{Op: "Post", URL: "http://127.0.0.1:9/v1/graphql", Err: errors.New("dial tcp 127.0.0.1:9: connect: connection refused")}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&fault.WeaviateClientError{StatusCode: -1, Msg: "check the DerivedFromError field for more information",
			DerivedFromError: &fault.WeaviateClientError{StatusCode: -1, DerivedFromError: refused}}, "dial tcp 127.0.0.1:9: connect: connection refused"},
		{&fault.WeaviateClientError{IsUnexpectedStatusCode: true, StatusCode: 422, Msg: "class name Document_v1 already exists\n"},
			"the server answered 422: class name Document_v1 already exists"},
		{fmt.Errorf("importing 3 objects: %w", &url.Error{Op: "Post", URL: "u", Err: timeoutErr{}}), "no answer in time"},
		{context.DeadlineExceeded, "no answer in time"},
		{errors.New("weaviate refused object x: bad"), "weaviate refused object x: bad"},
	} {
		if got := wvindex.Explain(tc.err); got != tc.want {
			t.Errorf("Explain(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// A collection an earlier ragman filled has no tenants: it is searched
// and counted without one until a build replaces it, and the build's
// collection, with its tenant, is searched at once.
func TestUntenanted(t *testing.T) {
	srv := testweaviate.Start(t)
	ctx := context.Background()
	c, err := weaviate.NewClient(weaviate.Config{Host: srv.Host, Scheme: "http", Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	old := wvindex.Class("v1", "")
	if err := c.Schema().ClassCreator().WithClass(&models.Class{Class: old, Vectorizer: "none",
		VectorIndexConfig: map[string]any{"skip": true}}).Do(ctx); err != nil {
		t.Fatal(err)
	}
	var objs []*models.Object
	for _, ch := range chunks("list directory entries") {
		objs = append(objs, &models.Object{Class: old, ID: strfmt.UUID(ch.ID()), Properties: map[string]any{
			"source_alias": ch.Alias, "source_type": ch.Type, "language": ch.Language, "document_ref": ch.Ref,
			"label": ch.Label, "section": ch.Section, "text": ch.Label + "\n" + ch.Text, "chunk_id": ch.N}})
	}
	if _, err := c.Batch().ObjectsBatcher().WithObjects(objs...).Do(ctx); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(srv.URL()+"/v1/aliases", "application/json", strings.NewReader(`{"alias":"`+wvindex.Alias+`","class":"`+old+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("creating the alias: %s", resp.Status)
	}

	s := open(t, srv)
	if n, err := s.Count(ctx); err != nil || n != 4 {
		t.Fatalf("Count of the collection without tenants = %d, %v; want 4", n, err)
	}
	if hs, err := s.Search(ctx, "directory entries", wvindex.Filter{Type: "man"}, 10); err != nil || len(hs) == 0 || hs[0].Label != "ls(1)" {
		t.Fatalf("Search of the collection without tenants = %v, %v", labels(hs), err)
	}
	build(t, s, "v2", chunks("show what folders hold"))
	if n, err := s.Count(ctx); err != nil || n != 4 {
		t.Fatalf("Count after the build = %d, %v; want 4", n, err)
	}
	if hs, err := s.Search(ctx, "folders", wvindex.Filter{}, 10); err != nil || !slices.Equal(labels(hs), []string{"ls(1)"}) {
		t.Fatalf("Search after the build = %v, %v", labels(hs), err)
	}
	// another process's Store learns the new collection's tenant
	s2, err := wvindex.Open(srv.Host, "", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if hs, err := s2.Search(ctx, "folders", wvindex.Filter{}, 10); err != nil || !slices.Equal(labels(hs), []string{"ls(1)"}) {
		t.Fatalf("Search by a fresh store = %v, %v", labels(hs), err)
	}
}
