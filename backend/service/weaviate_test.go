package service

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/wvindex"
	"github.com/ragman-dev/ragman/testutil/testollama"
	"github.com/ragman-dev/ragman/testutil/testweaviate"
)

// weaviateHealth is health's check of the server config.yaml names.
func weaviateHealth(t *testing.T, s *Service) health.Check {
	t.Helper()
	cfg, err := config.Load(s.Paths.ConfigFile)
	if err != nil {
		t.Fatal(err)
	}
	p := health.Prober{WeaviateRecord: filepath.Join(s.Paths.IndexDir, wvindex.RecordFile)}
	return health.EngineChecks(context.Background(), cfg, s.Paths.ConfigFile, p)[0]
}

// answerRecorder keeps the answer a query replies with.
type answerRecorder struct {
	ans proto.Answer
	err *proto.Error
}

func (r *answerRecorder) Progress(proto.Progress) error { return nil }
func (r *answerRecorder) Result(v any) error {
	data, _ := json.Marshal(v)
	return json.Unmarshal(data, &r.ans)
}
func (r *answerRecorder) Error(e *proto.Error) error { r.err = e; return nil }

func ask(t *testing.T, s *Service, q string) proto.Answer {
	t.Helper()
	r := &answerRecorder{}
	if err := queryHeld(s, context.Background(), "cid-test", proto.QueryParams{Question: q, Threshold: 0.01}, r); err != nil {
		t.Fatalf("query %q: %v", q, err)
	}
	return r.ans
}

// useWeaviate points the service's config.yaml at srv.
func useWeaviate(t *testing.T, s *Service, srv *testweaviate.Server) {
	t.Helper()
	cfg := fmt.Sprintf("retrieval:\n  engine: weaviate\n  weaviate: {url: %q, grpc: %q}\ngeneration:\n  engine: extractive\n", srv.URL(), srv.GRPC())
	os.MkdirAll(filepath.Dir(s.Paths.ConfigFile), 0o755)
	if err := os.WriteFile(s.Paths.ConfigFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
}

// objects is how many objects the active index version makes.
func objects(t *testing.T, s *Service) int {
	t.Helper()
	r, err := index.OpenActive(s.Paths.IndexDir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	n := 0
	for id := range r.NumDocs() {
		d, err := r.Load(id)
		if err != nil {
			t.Fatal(err)
		}
		n += len(wvindex.Chunks(r.Meta(id), d, r.Blocks(id), ""))
	}
	return n
}

// rewrite replaces old with new in the gzipped man page at path.
func rewrite(t *testing.T, path, old, new string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	src, err := io.ReadAll(zr)
	f.Close()
	if err != nil || !bytes.Contains(src, []byte(old)) {
		t.Fatalf("%s: %v, or no %q in it", path, err, old)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(bytes.ReplaceAll(src, []byte(old), []byte(new)))
	zw.Close()
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// the measure is by size and time: make sure the time moves
	later := time.Now().Add(time.Minute)
	os.Chtimes(path, later, later)
}

// With retrieval.engine weaviate, on a real server: a reindex fills the
// server and questions are answered from it; a rebuild with one page
// changed replaces the stale objects; a server killed midway through a
// rebuild keeps answering from the version it held; a server down at
// question time gives an answer from the embedded index that says so.
func TestWeaviateEngine(t *testing.T) {
	srv := testweaviate.Start(t)
	s, man := setup(t)
	useWeaviate(t, s, srv)
	ctx := context.Background()
	st, err := wvindex.Open(srv.Host, srv.GRPC(), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}

	var stages []string
	res := reindex(t, s, &recorder{onProgress: func(p proto.Progress) { stages = append(stages, p.Stage) }}, proto.ReindexParams{})
	if active, _ := st.Active(ctx); active != wvindex.Class(res.Version, "") {
		t.Fatalf("active collection %q after building %s", active, res.Version)
	}
	if !strings.Contains(strings.Join(stages, ","), "filling weaviate") {
		t.Errorf("no progress while filling the server: %v", stages)
	}
	want := objects(t, s)
	if n, err := st.Count(ctx); err != nil || n != want {
		t.Fatalf("Count = %d, %v; the index makes %d objects", n, err, want)
	}
	// health reports the version, the collection and its objects, and a
	// server that holds other than the reindex sent
	wantDetail := fmt.Sprintf("ready at %s, version %s, collection %s with %d objects (retrieval.engine: weaviate)",
		srv.URL(), testweaviate.Version, wvindex.Class(res.Version, ""), want)
	if c := weaviateHealth(t, s); c.Status != health.Pass || c.Detail != wantDetail {
		t.Errorf("health: %+v, want PASS %q", c, wantDetail)
	}
	recFile := filepath.Join(s.Paths.IndexDir, wvindex.RecordFile)
	rec, _ := os.ReadFile(recFile)
	os.WriteFile(recFile, []byte(strings.Replace(string(rec), fmt.Sprintf(`"objects":%d`, want), `"objects":1`, 1)), 0o644)
	if c := weaviateHealth(t, s); c.Status != health.Warn || !strings.Contains(c.Hint, fmt.Sprintf("sent 1 objects and the server holds %d", want)) {
		t.Errorf("health with a count that differs: %+v", c)
	}
	os.WriteFile(recFile, rec, 0o644)

	a := ask(t, s, "how do I copy a directory recursively")
	if a.Meta.Status != "OK" || a.Meta.Engine == nil || a.Meta.Engine.Retrieval != "weaviate" ||
		len(a.References) == 0 || a.References[0].Label != "cp(1)" {
		t.Fatalf("answer from weaviate: meta %+v engine %+v, references %+v", a.Meta, a.Meta.Engine, a.References)
	}

	// one page changed: its objects replaced, the count unchanged
	rewrite(t, filepath.Join(man, "man1", "cp.1.gz"), "copy files and directories", "quokka files and directories")
	res2 := reindex(t, s, nil, proto.ReindexParams{})
	if res2.Status != Rebuilt || res2.Version == res.Version {
		t.Fatalf("reindex after a change: %+v", res2)
	}
	if n, err := st.Count(ctx); err != nil || n != want {
		t.Errorf("Count after one page changed = %d, %v; want %d", n, err, want)
	}
	hs, err := st.Search(ctx, "quokka", wvindex.Filter{}, 5)
	if err != nil || len(hs) != 1 || hs[0].Label != "cp(1)" {
		t.Errorf("search for the changed page's new word: %+v, %v", hs, err)
	}
	if a := ask(t, s, "quokka files"); len(a.References) == 0 || a.References[0].Label != "cp(1)" {
		t.Errorf("the changed page is not answered: %+v", a.References)
	}

	// the server killed midway through a forced rebuild
	r := &recorder{}
	r.onProgress = func(p proto.Progress) {
		if p.Stage == "filling weaviate" && p.Done > 0 && p.Done < p.Total {
			srv.Kill()
		}
	}
	if err := s.reindex(ctx, "test", proto.ReindexParams{Force: true}, r); err == nil {
		t.Fatal("a reindex whose server was killed midway succeeded")
	} else if pe, ok := err.(*proto.Error); !ok || pe.Code != proto.CodeEngineUnavailable || pe.Hint == "" {
		t.Fatalf("reindex error = %#v", err)
	}
	srv.Restart(t)
	if active, _ := st.Active(ctx); active != wvindex.Class(res2.Version, "") {
		t.Fatalf("after a killed rebuild the server serves %q, want the old %q", active, wvindex.Class(res2.Version, ""))
	}
	if n, err := st.Count(ctx); err != nil || n != want {
		t.Errorf("Count after a killed rebuild = %d, %v; want %d", n, err, want)
	}
	if a := ask(t, s, "quokka files"); a.Meta.Status != "OK" || a.Meta.Engine.Retrieval != "weaviate" || len(a.References) == 0 || a.References[0].Label != "cp(1)" {
		t.Errorf("after a restart: meta %+v, references %+v", a.Meta, a.References)
	}
	// the next reindex finishes what was killed and removes what it left
	res3 := reindex(t, s, nil, proto.ReindexParams{})
	if active, _ := st.Active(ctx); active != wvindex.Class(res3.Version, "") {
		t.Errorf("the reindex after the kill left %q active, want %q", active, wvindex.Class(res3.Version, ""))
	}

	// the server down at question time
	srv.Kill()
	a = ask(t, s, "how do I copy a directory recursively")
	if a.Meta.Status != "FALLBACK" || a.Meta.Engine.Retrieval != "embedded" || len(a.References) == 0 || a.References[0].Label != "cp(1)" ||
		!strings.Contains(strings.Join(a.Warnings, " "), "embedded index") {
		t.Errorf("server down: meta %+v engine %+v warnings %q references %+v", a.Meta, a.Meta.Engine, a.Warnings, a.References)
	}
}

// Weaviate with Ollama's embeddings: a reindex gives every chunk the
// embed model's vector, questions are embedded and searched hybrid, and
// Ollama writes the answer from what Weaviate found.
func TestWeaviateHybrid(t *testing.T) {
	srv := testweaviate.Start(t)
	ol := testollama.Start(t)
	s, _ := setup(t)
	cfg := fmt.Sprintf("retrieval:\n  engine: weaviate\n  weaviate: {url: %q, grpc: %q, alpha: 0.25}\n"+
		"generation:\n  engine: auto\n  ollama: {url: %q}\n", srv.URL(), srv.GRPC(), ol.URL())
	os.MkdirAll(filepath.Dir(s.Paths.ConfigFile), 0o755)
	if err := os.WriteFile(s.Paths.ConfigFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	res := reindex(t, s, nil, proto.ReindexParams{})
	st, err := wvindex.Open(srv.Host, srv.GRPC(), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := st.Active(context.Background()); a != wvindex.Class(res.Version, "embeddinggemma:latest") {
		t.Fatalf("active %q, want the collection with vectors", a)
	}
	embedded := 0
	for _, e := range ol.Embeds() {
		if e.Model != "embeddinggemma:latest" {
			t.Errorf("embedded with %q", e.Model)
		}
		embedded += len(e.Input.([]string))
	}
	if want := objects(t, s); embedded != want {
		t.Errorf("%d texts embedded at reindex, want one per object, %d", embedded, want)
	}

	before := len(ol.Embeds())
	a := ask(t, s, "how do I copy a directory recursively")
	if a.Meta.Engine.Retrieval != "weaviate" || a.Meta.Engine.Generation != "ollama" || a.Meta.Status != "OK" ||
		len(a.References) == 0 || a.References[0].Label != "cp(1)" {
		t.Errorf("hybrid: meta %+v engine %+v references %+v", a.Meta, a.Meta.Engine, a.References)
	}
	if es := ol.Embeds(); len(es) != before+1 || fmt.Sprint(es[len(es)-1].Input) != "[how do I copy a directory recursively]" {
		t.Errorf("the question was not embedded: %d embed requests, want %d", len(es), before+1)
	}
	if len(ol.Chats()) != 1 {
		t.Errorf("%d chats, want the answer written by the model", len(ol.Chats()))
	}
}
