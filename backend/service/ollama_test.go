package service

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/testutil/testollama"
)

// useOllama writes config.yaml with generation.engine engine at url.
func useOllama(t *testing.T, s *Service, engine, url string) {
	t.Helper()
	cfg := fmt.Sprintf("generation:\n  engine: %s\n  ollama: {url: %q, model: \"gemma3:1b\"}\n", engine, url)
	os.MkdirAll(filepath.Dir(s.Paths.ConfigFile), 0o755)
	if err := os.WriteFile(s.Paths.ConfigFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
}

// model says what a small model would: a summary and steps, each citing
// the passages given, and one step citing a passage it was not given.
func model(msgs []api.Message) string {
	return `{"summary": "Use chmod to change the mode bits of a file.", "summary_citations": [1],
	  "steps": [{"text": "Run chmod u+x FILE to let its owner execute it.", "citations": [1]},
	            {"text": "Run permfix --all to repair every permission.", "citations": [9]}]}`
}

var marker = regexp.MustCompile(`\[(\d+)\]`)

// cited checks that every [n] of the answer's text is a reference.
func cited(t *testing.T, a proto.Answer) {
	t.Helper()
	refs := map[string]bool{}
	for _, r := range a.References {
		refs[fmt.Sprint(r.N)] = true
	}
	for _, text := range append([]string{a.Summary}, a.Steps...) {
		ms := marker.FindAllStringSubmatch(text, -1)
		if len(ms) == 0 {
			t.Errorf("%q cites nothing", text)
		}
		for _, m := range ms {
			if !refs[m[1]] {
				t.Errorf("%q cites [%s], which is not among the references %+v", text, m[1], a.References)
			}
		}
	}
}

// generation.engine ollama and auto against an in-process Ollama spoken
// to through the official client: the model's text, cited by the
// references; a step citing a passage not given dropped; auto answering
// extractively when Ollama is stopped, and falling back, saying so, when
// it fails midway; ollama chosen and stopped is the question's error.
func TestOllamaEngine(t *testing.T) {
	s, _ := setup(t)
	reindex(t, s, nil, proto.ReindexParams{})
	q := "How do I change file permissions?"

	ol := testollama.Start(t, testollama.Reply(model))
	useOllama(t, s, "ollama", ol.URL())
	a := ask(t, s, q)
	if a.Meta.Engine.Generation != "ollama" || a.Meta.Status != "OK" ||
		!strings.HasPrefix(a.Summary, "Use chmod to change the mode bits of a file") || len(a.Steps) != 1 ||
		!strings.HasPrefix(a.Steps[0], "Run chmod u+x FILE to let its owner execute it") {
		t.Fatalf("ollama: engine %+v status %s summary %q steps %q", a.Meta.Engine, a.Meta.Status, a.Summary, a.Steps)
	}
	cited(t, a)
	if strings.Contains(strings.Join(a.Steps, " "), "permfix") {
		t.Error("a step citing a passage that was not given is kept")
	}
	if len(ol.Chats()) != 1 {
		t.Errorf("%d chat requests, want 1", len(ol.Chats()))
	}

	// auto with Ollama there: the same
	useOllama(t, s, "auto", ol.URL())
	if a := ask(t, s, q); a.Meta.Engine.Generation != "ollama" || !strings.HasPrefix(a.Summary, "Use chmod") {
		t.Errorf("auto with ollama up: engine %+v summary %q", a.Meta.Engine, a.Summary)
	}

	// Ollama stopped under auto: the question it was to write is quoted
	// instead, FALLBACK; the next says Ollama no longer answers
	ol.Close()
	a = ask(t, s, q)
	if a.Meta.Status != "FALLBACK" || a.Meta.Engine.Generation != "extractive" || a.NoAnswer ||
		!strings.Contains(strings.Join(a.Warnings, " "), "Ollama did not answer") {
		t.Errorf("ollama stopped under auto: status %s engine %+v warnings %q", a.Meta.Status, a.Meta.Engine, a.Warnings)
	}
	cited(t, a)
	a = ask(t, s, q)
	if a.Meta.Status != "OK" || a.Meta.Engine.Generation != "extractive" || a.NoAnswer ||
		!strings.Contains(strings.Join(a.Warnings, " "), "Ollama no longer answers") {
		t.Errorf("the question after: status %s engine %+v warnings %q", a.Meta.Status, a.Meta.Engine, a.Warnings)
	}

	// auto with no Ollama ever: extractive, and only the meta says so
	stopped := testollama.RefusedURL(t)
	useOllama(t, s, "auto", stopped)
	a = ask(t, s, q)
	if a.Meta.Engine.Generation != "extractive" || a.Meta.Status != "OK" || a.NoAnswer || strings.HasPrefix(a.Summary, "Use chmod to change") ||
		len(a.Warnings) != 0 {
		t.Errorf("auto without ollama: engine %+v status %s summary %q warnings %q", a.Meta.Engine, a.Meta.Status, a.Summary, a.Warnings)
	}
	cited(t, a)

	// auto with an Ollama that fails midway: FALLBACK, and a warning why
	bad := testollama.Start(t, testollama.Malformed())
	useOllama(t, s, "auto", bad.URL())
	a = ask(t, s, q)
	if a.Meta.Status != "FALLBACK" || a.Meta.Engine.Generation != "extractive" || a.NoAnswer ||
		!strings.Contains(strings.Join(a.Warnings, " "), "Ollama did not answer") {
		t.Errorf("auto, ollama failing: status %s engine %+v warnings %q", a.Meta.Status, a.Meta.Engine, a.Warnings)
	}

	// ollama chosen and stopped: the question's error
	useOllama(t, s, "ollama", stopped)
	r := &answerRecorder{}
	err := queryHeld(s, context.Background(), "cid-test", proto.QueryParams{Question: q, Threshold: 0.01}, r)
	if pe, ok := err.(*proto.Error); !ok || pe.Code != proto.CodeEngineUnavailable || !strings.Contains(pe.Message, stopped) || pe.Hint == "" {
		t.Errorf("ollama chosen and stopped: err = %#v", err)
	}
}
