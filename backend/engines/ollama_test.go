package engines

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/testutil/testollama"
)

// generation is generation.engine named engine with Ollama at url.
func generation(engine, url string) config.Generation {
	g := config.Default().Generation
	g.Engine, g.Ollama.URL = engine, url
	return g
}

// autoAt is the auto composer Build makes for Ollama at url.
func autoAt(t *testing.T, url string) *autoComposer {
	t.Helper()
	c, err := auto(generation(Auto, url), deps(t))
	if err != nil {
		t.Fatal(err)
	}
	return c.(*autoComposer)
}

// probes counts the probes a double received: each asks its version.
func probes(s *testollama.Server) int {
	n := 0
	for _, r := range s.Requests() {
		if r.Path == "/api/version" {
			n++
		}
	}
	return n
}

// extractiveDraft is what the extractive composer writes for ret, and
// the references it cites.
func extractiveDraft(t *testing.T, ret *answer.Retrieval, lib *answer.Library) (answer.Draft, string) {
	t.Helper()
	var c answer.Citer
	d, err := compose.New().Compose(context.Background(), ret, lib, &c)
	if err != nil {
		t.Fatal(err)
	}
	return d, fmt.Sprint(c.Refs())
}

// Auto with Ollama there: the model writes, and the probe is trusted
// for a while rather than asked again for every question.
func TestAutoWrites(t *testing.T) {
	ret, lib := retrieval(t)
	s := testollama.Start(t)
	c := autoAt(t, s.URL())
	for range 2 {
		d, err := c.Compose(context.Background(), ret, lib, &answer.Citer{})
		if err != nil || d.Generator != "" || d.Fallback != "" || len(d.Warnings) != 0 {
			t.Fatalf("draft %+v, %v: want Ollama's", d, err)
		}
	}
	if len(s.Chats()) != 2 || probes(s) != 1 {
		t.Errorf("%d chats and %d probes, want 2 and 1", len(s.Chats()), probes(s))
	}
}

// Auto with an Ollama that fails midway: the extractive composer's
// answer, numbered from 1, marked as a fallback with the reason; and
// the next question probes again.
func TestAutoFallsBack(t *testing.T) {
	ret, lib := retrieval(t)
	want, wantRefs := extractiveDraft(t, ret, lib)
	answerWith := func(r string) testollama.Option {
		return testollama.Reply(func([]api.Message) string { return r })
	}
	for _, f := range []struct {
		name    string
		opt     testollama.Option
		timeout time.Duration
		says    string
	}{
		{"slow", testollama.Delay(5 * time.Second), 100 * time.Millisecond, "did not answer within 100ms"},
		{"malformed body", testollama.Malformed(), 0, "unexpected end of JSON"},
		{"prose instead of JSON", answerWith("Sure! To change permissions, use chmod."), 0, "not the JSON asked for"},
		{"cites no passage given", answerWith(`{"summary":"Use chmod.","summary_citations":[9],"steps":[]}`), 0, "cites none of"},
		{"unsupported summary", answerWith(`{"summary":"Reticulate zorblax splines.","summary_citations":[1],"steps":[]}`), 0, "nothing the passages it cites say"},
	} {
		t.Run(f.name, func(t *testing.T) {
			s := testollama.Start(t, f.opt)
			c := autoAt(t, s.URL())
			c.gen.Timeout = f.timeout
			var cite answer.Citer
			d, err := c.Compose(context.Background(), ret, lib, &cite)
			if err != nil {
				t.Fatal(err)
			}
			if d.Summary != want.Summary || !slices.Equal(d.Steps, want.Steps) || fmt.Sprint(cite.Refs()) != wantRefs {
				t.Errorf("fallback %+v, want the extractive answer %+v", d, want)
			}
			if d.Generator != Extractive || !strings.Contains(d.Fallback, f.says) {
				t.Errorf("generator %q, fallback %q: want extractive, saying %q", d.Generator, d.Fallback, f.says)
			}
			c.Compose(context.Background(), ret, lib, &answer.Citer{})
			if probes(s) != 2 {
				t.Errorf("%d probes, want another after the failure", probes(s))
			}
		})
	}
}

// Auto with Ollama not there, or without the model: the extractive
// composer answers, and only the meta says so (no Fallback, no warning)
// until Ollama has answered once and stops.
func TestAutoWithoutOllama(t *testing.T) {
	ret, lib := retrieval(t)
	want, _ := extractiveDraft(t, ret, lib)
	for name, url := range map[string]string{
		"refused":       testollama.RefusedURL(t),
		"missing model": testollama.Start(t, testollama.Models("llama3:8b")).URL(),
	} {
		t.Run(name, func(t *testing.T) {
			d, err := autoAt(t, url).Compose(context.Background(), ret, lib, &answer.Citer{})
			if err != nil || d.Generator != Extractive || d.Fallback != "" || len(d.Warnings) != 0 || d.Summary != want.Summary {
				t.Errorf("draft %+v, %v: want the extractive answer, quietly", d, err)
			}
		})
	}

	// up, then stopped: the question it was to write falls back, the
	// next says Ollama no longer answers
	s := testollama.Start(t)
	c := autoAt(t, s.URL())
	if d, err := c.Compose(context.Background(), ret, lib, &answer.Citer{}); err != nil || d.Generator != "" {
		t.Fatalf("up: %+v, %v", d, err)
	}
	s.Close()
	if d, err := c.Compose(context.Background(), ret, lib, &answer.Citer{}); err != nil || d.Fallback == "" {
		t.Errorf("stopped: %+v, %v; want a fallback", d, err)
	}
	d, err := c.Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil || d.Generator != Extractive || d.Fallback != "" || len(d.Warnings) != 1 ||
		!strings.HasPrefix(d.Warnings[0], "Ollama no longer answers (ollama is not reachable") {
		t.Errorf("after: %+v, %v", d, err)
	}
}

// A question given up on while Ollama writes is the caller's error:
// nobody reads a fallback, and nothing is cited.
func TestAutoGivenUp(t *testing.T) {
	ret, lib := retrieval(t)
	s := testollama.Start(t, testollama.Delay(5*time.Second))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var cite answer.Citer
	d, err := autoAt(t, s.URL()).Compose(ctx, ret, lib, &cite)
	if !errors.Is(err, context.DeadlineExceeded) || d.Summary != "" || len(cite.Refs()) != 0 || len(s.Chats()) != 1 {
		t.Errorf("draft %+v, %v, refs %v", d, err, cite.Refs())
	}
}

// generation.engine ollama: Ollama writes, and one that fails is the
// question's error, which says where Ollama was and what to do.
func TestOllamaChosen(t *testing.T) {
	ret, lib := retrieval(t)
	s := testollama.Start(t)
	c, err := ollama(generation(Ollama, s.URL()), deps(t))
	if err != nil {
		t.Fatal(err)
	}
	if d, err := c.Compose(context.Background(), ret, lib, &answer.Citer{}); err != nil || d.Generator != "" || d.Summary == "" {
		t.Errorf("up: %+v, %v", d, err)
	}
	if probes(s) != 0 {
		t.Errorf("%d probes: ollama chosen is asked to write, not whether it can", probes(s))
	}
	s.Close()
	var cite answer.Citer
	_, err = c.Compose(context.Background(), ret, lib, &cite)
	var pe *proto.Error
	if !errors.As(err, &pe) || pe.Code != proto.CodeEngineUnavailable || !strings.HasPrefix(pe.Message, "ollama at "+s.URL()+": ollama is not reachable") ||
		pe.Hint != "start Ollama (`ragadmin health` checks it), or set generation.engine: auto in config.yaml" || len(cite.Refs()) != 0 {
		t.Errorf("stopped: %#v", err)
	}
}

// A fill embeds with the embed model when generation may use Ollama and
// Ollama has it; otherwise BM25 alone, saying why.
func TestEmbedder(t *testing.T) {
	ctx := context.Background()
	s := testollama.Start(t)
	with := func(engine, url, model string) Choice {
		g := generation(engine, url)
		g.Ollama.EmbedModel = model
		return Choice{Retrieval: config.Default().Retrieval, Generation: g}
	}
	for _, tc := range []struct {
		name  string
		ch    Choice
		model string // the embedder's; "": none
		why   string
	}{
		{"auto", with(Auto, s.URL(), "embeddinggemma:latest"), "embeddinggemma:latest", "with the vectors of embeddinggemma:latest at " + s.URL()},
		{"ollama", with(Ollama, s.URL(), "embeddinggemma"), "embeddinggemma", "with the vectors of embeddinggemma at " + s.URL()},
		{"extractive", with(Extractive, s.URL(), "embeddinggemma:latest"), "", "no embedding model is configured: BM25 alone"},
		{"no embed model", with(Auto, s.URL(), ""), "", "no embedding model is configured: BM25 alone"},
		{"missing model", with(Auto, s.URL(), "nomic-embed-text"), "", "no vectors, BM25 alone: ollama has no model \"nomic-embed-text\""},
		{"refused", with(Auto, testollama.RefusedURL(t), "embeddinggemma:latest"), "", "no vectors, BM25 alone: ollama is not reachable"},
		{"no URL", with(Auto, "localhost", "embeddinggemma:latest"), "", "no vectors, BM25 alone: ollama url \"localhost\" is not"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			emb, why := Embedder(ctx, tc.ch)
			model := ""
			if emb != nil {
				model = emb.Model()
			}
			if model != tc.model || !strings.HasPrefix(why, tc.why) {
				t.Errorf("embedder of %q, %q; want %q, %q", model, why, tc.model, tc.why)
			}
		})
	}
}
