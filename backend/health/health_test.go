package health

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/internal/envvar"
	"github.com/ragman-dev/ragman/testutil/testollama"
)

var fast = Schedule{time.Millisecond, time.Millisecond, time.Millisecond, time.Millisecond, time.Millisecond}

func TestRetry(t *testing.T) {
	n := 0
	attempts, err := Retry(context.Background(), fast, func(context.Context) error { n++; return errors.New("down") })
	if attempts != 6 || n != 6 || err == nil {
		t.Errorf("always failing: %d attempts, %v; want 6 (1 + 5 retries)", attempts, err)
	}
	n = 0
	attempts, err = Retry(context.Background(), fast, func(context.Context) error {
		n++
		if n < 3 {
			return errors.New("starting")
		}
		return nil
	})
	if attempts != 3 || err != nil {
		t.Errorf("up at the third: %d attempts, %v", attempts, err)
	}
	want := errors.New("no such model")
	attempts, err = Retry(context.Background(), fast, func(context.Context) error { return Final(want) })
	if attempts != 1 || err != want {
		t.Errorf("final: %d attempts, %v", attempts, err)
	}
	if len(DefaultSchedule) != 5 || DefaultSchedule[0] != 500*time.Millisecond || DefaultSchedule[4] != 8*time.Second {
		t.Errorf("DefaultSchedule = %v, want 0.5, 1, 2, 4, 8 s", DefaultSchedule)
	}
}

func TestScheduleFromEnv(t *testing.T) {
	t.Setenv(envvar.TestRetrySchedule, "")
	if s := ScheduleFromEnv(); len(s) != 5 || s[0] != DefaultSchedule[0] {
		t.Errorf("unset: %v", s)
	}
	t.Setenv(envvar.TestRetrySchedule, "10ms,20ms")
	if s := ScheduleFromEnv(); len(s) != 2 || s[1] != 20*time.Millisecond {
		t.Errorf("10ms,20ms: %v", s)
	}
	t.Setenv(envvar.TestRetrySchedule, "none")
	if s := ScheduleFromEnv(); len(s) != 0 {
		t.Errorf("none: %v", s)
	}
}

func TestDiskThresholds(t *testing.T) {
	dir := t.TempDir()
	for pct, want := range map[string]string{"50%": Pass, "10.5%": Pass, "10%": Warn, "9%": Warn, "8.01%": Warn, "8%": Fail, "1%": Fail, "0%": Fail} {
		t.Setenv(envvar.TestDiskFree, pct)
		if c := DiskCheck(dir); c.Status != want || (want != Pass) != (c.Hint != "") {
			t.Errorf("%s free: %s (%s; hint %q), want %s", pct, c.Status, c.Detail, c.Hint, want)
		}
	}
	t.Setenv(envvar.TestDiskFree, "3MB")
	s, err := DiskSpace(filepath.Join(dir, "not", "yet"))
	if err != nil || s.Free != 3<<20 || s.Path != dir {
		t.Errorf("DiskSpace(missing child) = %+v, %v", s, err)
	}
	t.Setenv(envvar.TestDiskFree, "")
	if s, err := DiskSpace(dir); err != nil || s.Total == 0 || s.Free > s.Total {
		t.Errorf("real statfs: %+v, %v", s, err)
	}
}

func TestWritable(t *testing.T) {
	dir := t.TempDir()
	if c := WritableCheck(dir); c.Status != Pass {
		t.Errorf("%+v", c)
	}
	if c := WritableCheck(filepath.Join(dir, "missing")); c.Status != Fail || c.Hint == "" {
		t.Errorf("missing folder: %+v", c)
	}
}

// probes counts the probes an Ollama double received: each asks its
// version first.
func probes(ol *testollama.Server) int {
	n := 0
	for _, r := range ol.Requests() {
		if r.Path == "/api/version" {
			n++
		}
	}
	return n
}

func TestEngineChecks(t *testing.T) {
	var weaviateCalls atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/.well-known/ready", func(w http.ResponseWriter, r *http.Request) {
		if weaviateCalls.Add(1) <= 2 {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	})
	// an empty server: no ragman collection yet
	mux.HandleFunc("/v1/meta", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"version":"1.35.2"}`)) })
	mux.HandleFunc("/v1/aliases", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"aliases":[]}`)) })
	ol := testollama.Start(t, testollama.Models("gemma3:1b", "mistral"))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dead := httptest.NewServer(mux)
	dead.Close()

	cfg := config.Default()
	p := Prober{Schedule: fast}
	ctx := context.Background()

	// default config: Weaviate not configured, Ollama auto and absent
	cfg.Generation.Ollama.URL = dead.URL
	cs := EngineChecks(ctx, cfg, "config.yaml", p)
	if cs[0].Status != Pass || cs[0].Detail != "optional, not configured (retrieval.engine: embedded)" {
		t.Errorf("weaviate: %+v", cs[0])
	}
	if cs[1].Status != Pass || !strings.HasPrefix(cs[1].Detail, "optional, not reachable at "+dead.URL) || probes(ol) != 0 {
		t.Errorf("ollama auto, absent: %+v", cs[1])
	}

	// selected and there, Weaviate after two 503s
	cfg.Retrieval.Engine, cfg.Retrieval.Weaviate.URL = "weaviate", srv.URL
	cfg.Generation.Engine, cfg.Generation.Ollama.URL = "ollama", ol.URL()
	cs = EngineChecks(ctx, cfg, "config.yaml", p)
	// three probes, and the readiness check before the version is read
	if cs[0].Status != Pass || weaviateCalls.Load() != 4 || !strings.HasSuffix(cs[0].Detail, ", version 1.35.2, no ragman collection yet (retrieval.engine: weaviate)") {
		t.Errorf("weaviate flaky: %+v after %d calls", cs[0], weaviateCalls.Load())
	}
	if cs[1].Status != Pass {
		t.Errorf("ollama: %+v", cs[1])
	}
	// "mistral" means mistral:latest
	cfg.Generation.Ollama.Model = "mistral"
	if c := EngineChecks(ctx, cfg, "config.yaml", p)[1]; c.Status != Pass {
		t.Errorf("mistral: %+v", c)
	}
	// model missing: FAIL at once, no retries
	cfg.Generation.Ollama.Model = "llama3:8b"
	before := probes(ol)
	if c := EngineChecks(ctx, cfg, "config.yaml", p)[1]; c.Status != Fail || probes(ol)-before != 1 ||
		c.Detail != "Ollama answers at "+ol.URL()+" but does not have the model llama3:8b" || !strings.Contains(c.Hint, "ollama pull llama3:8b") {
		t.Errorf("missing model: %+v after %d probes", c, probes(ol)-before)
	}
	// auto with Ollama there but without the model: WARN
	cfg.Generation.Engine = "auto"
	if c := EngineChecks(ctx, cfg, "config.yaml", p)[1]; c.Status != Warn {
		t.Errorf("auto, missing model: %+v", c)
	}
	// down
	cfg.Retrieval.Weaviate.URL = dead.URL
	cfg.Generation.Engine, cfg.Generation.Ollama.URL = "ollama", dead.URL
	cs = EngineChecks(ctx, cfg, "config.yaml", p)
	if cs[0].Status != Fail || cs[1].Status != Fail || cs[0].Hint == "" ||
		!strings.HasPrefix(cs[1].Detail, "not reachable at "+dead.URL+" after 6 attempts: ") || !strings.Contains(cs[1].Hint, "ollama serve") {
		t.Errorf("down: %+v", cs)
	}
}

func TestSourceChecks(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "man", "man1"), 0o755)
	os.WriteFile(filepath.Join(dir, "man", "man1", "a.1"), []byte(".TH A 1"), 0o644)
	man := catalog.Source{Alias: "m", Type: catalog.TypeMan, Location: filepath.Join(dir, "man"), Status: catalog.StatusActive, Language: "en"}
	content, _ := catalog.Measure(man)
	indexed := man
	indexed.Checksum = content.Checksum
	changed := indexed
	changed.Alias, changed.Checksum = "c", "0000"
	pending := man
	pending.Alias, pending.Status = "p", catalog.StatusPending
	missing := indexed
	missing.Alias, missing.Location = "x", filepath.Join(dir, "gone")
	bad := indexed
	bad.Alias, bad.Status, bad.Reason = "b", catalog.StatusError, "broken"
	cs := SourceChecks(context.Background(), &catalog.Catalog{Sources: []catalog.Source{indexed, changed, pending, missing, bad}}, fast)
	for i, want := range []string{Pass, Warn, Warn, Fail, Fail} {
		if cs[i].Status != want {
			t.Errorf("%s: %+v, want %s", cs[i].Name, cs[i], want)
		}
	}
}
