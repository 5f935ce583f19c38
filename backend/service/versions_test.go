package service

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
)

// queryHeld asks as Handle does, releasing the versions the question
// held once it has replied.
func queryHeld(s *Service, ctx context.Context, cid string, p proto.QueryParams, r Replier) error {
	var held holds
	defer held.release()
	return s.query(ctx, &held, cid, p, r)
}

// mappedVersions are the index versions this process maps, and how many
// of their mappings are of files deleted since.
func mappedVersions(t *testing.T, indexDir string) (versions []string, deleted int) {
	t.Helper()
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip("no /proc/self/maps:", err)
	}
	for line := range strings.Lines(string(maps)) {
		_, path, ok := strings.Cut(line, indexDir+"/")
		if !ok {
			continue
		}
		if strings.HasSuffix(strings.TrimSpace(path), "(deleted)") {
			deleted++
		}
		if v, _, _ := strings.Cut(path, "/"); !slices.Contains(versions, v) {
			versions = append(versions, v)
		}
	}
	return versions, deleted
}

func activeName(t *testing.T, s *Service) string {
	t.Helper()
	dir, err := index.ActiveDir(s.Paths.IndexDir)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Base(dir)
}

// frames is a Replier that keeps what it was sent, encoded as the daemon
// encodes it; onResult runs first, while the request still holds what it
// answered from.
type frames struct {
	onResult func()
	mu       sync.Mutex
	result   json.RawMessage
	err      *proto.Error
}

func (f *frames) Progress(proto.Progress) error { return nil }

func (f *frames) Result(v any) error {
	if f.onResult != nil {
		f.onResult()
	}
	raw, err := proto.Marshal(v)
	f.mu.Lock()
	f.result = raw
	f.mu.Unlock()
	return err
}

func (f *frames) Error(e *proto.Error) error {
	f.mu.Lock()
	f.err = e
	f.mu.Unlock()
	return nil
}

func request(t *testing.T, method string, params any) *proto.Request {
	t.Helper()
	raw, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	return &proto.Request{CorrelationID: "cid-" + method, Method: method, Params: raw}
}

// chmodAnswered says whether a query's result cites chmod(1).
func chmodAnswered(t *testing.T, f *frames) bool {
	t.Helper()
	if f.err != nil {
		t.Errorf("question: %s", f.err.Message)
		return false
	}
	var ans proto.Answer
	if err := json.Unmarshal(f.result, &ans); err != nil {
		t.Errorf("question: %v", err)
		return false
	}
	for _, ref := range ans.References {
		if ref.Label == "chmod(1)" {
			return true
		}
	}
	t.Errorf("question: chmod(1) not cited: %s", f.result)
	return false
}

// A backend holds the active index version and those requests in flight
// still read, no more (issue 35: five reindexes left eight deleted files
// mapped and 261 MB of disk held until the backend exited). A question
// in flight during a switch answers from the version it started with,
// whose strings it sends after the switch; the version is unmapped once
// it has replied. Then questions, explanations and shows in a loop
// across reindexes (run it with -race).
func TestRetiredVersionsUnmapped(t *testing.T) {
	s, _ := setup(t)
	reindex(t, s, nil, proto.ReindexParams{})
	first := activeName(t, s)
	perms := proto.QueryParams{Question: "How do I change file permissions?", Threshold: 0.01}

	inFlight := &frames{}
	inFlight.onResult = func() {
		reindex(t, s, nil, proto.ReindexParams{Force: true})
		if v, _ := mappedVersions(t, s.Paths.IndexDir); len(v) != 2 || !slices.Contains(v, first) {
			t.Errorf("a reindex during a question: versions mapped %q, want the question's %s and the new one", v, first)
		}
	}
	s.Handle(context.Background(), request(t, proto.MethodQuery, perms), inFlight)
	chmodAnswered(t, inFlight)
	if v, deleted := mappedVersions(t, s.Paths.IndexDir); len(v) != 1 || slices.Contains(v, first) || deleted != 0 {
		t.Fatalf("the question done: versions mapped %q (%d deleted files), want the new one alone", v, deleted)
	}

	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				q := &frames{}
				s.Handle(context.Background(), request(t, proto.MethodQuery, perms), q)
				if !chmodAnswered(t, q) {
					return
				}
				x := &frames{}
				s.Handle(context.Background(), request(t, proto.MethodExplain, proto.ExplainParams{CommandLine: "chmod -R u+x dir"}), x)
				sh := &frames{}
				s.Handle(context.Background(), request(t, proto.MethodShow, proto.ShowParams{Alias: "man-pages", Ref: "chmod(1)"}), sh)
				if x.err != nil || sh.err != nil || !strings.Contains(string(x.result), "chmod") || !strings.Contains(string(sh.result), "chmod") {
					t.Errorf("explain: %v %.100s; show: %v %.100s", x.err, x.result, sh.err, sh.result)
					return
				}
			}
		}()
	}
	const switches = 5
	for range switches {
		reindex(t, s, nil, proto.ReindexParams{Force: true})
	}
	close(stop)
	wg.Wait()
	active := activeName(t, s)
	if v, deleted := mappedVersions(t, s.Paths.IndexDir); len(v) != 1 || v[0] != active || deleted != 0 {
		t.Errorf("after %d more reindexes: versions mapped %q (%d deleted files), want the active %s alone", switches, v, deleted, active)
	}
}
