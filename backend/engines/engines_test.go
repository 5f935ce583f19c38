package engines

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/embed"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/testutil/testengine"
	"github.com/ragman-dev/ragman/testutil/testindex"
	"github.com/ragman-dev/ragman/testutil/testollama"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

const question = "how do I change the permissions of a file recursively"

const configFile = "/home/u/.config/ragcli/config.yaml"

// deps is what the service gives Build, over the fixture index.
func deps(t *testing.T) Deps {
	return Deps{Library: testengine.Must(t).Library, Expand: analyse.Thesaurus, Weights: rank.DefaultWeights(), ConfigFile: configFile}
}

// choice is config.yaml's defaults with the engines named, Ollama at
// ollama and Weaviate at weaviate.
func choice(retrieval, generation, ollama, weaviate string) Choice {
	cfg := config.Default()
	cfg.Retrieval.Engine, cfg.Generation.Engine = retrieval, generation
	cfg.Generation.Ollama.URL = ollama
	cfg.Retrieval.Weaviate.URL = weaviate
	cfg.Retrieval.Weaviate.GRPC = strings.TrimPrefix(weaviate, "http://")
	return Choice{Retrieval: cfg.Retrieval, Generation: cfg.Generation}
}

// Every engine name config.yaml accepts makes an engine that answers, as
// the engine the name says; a name that is none is the config's error,
// which says what to set instead. Weaviate and Ollama are asked nothing
// until a question: Weaviate does not answer here, and the embedded
// index answers instead.
func TestBuild(t *testing.T) {
	weaviate := testollama.RefusedURL(t) // nothing listens
	for _, tc := range []struct {
		retrieval, generation string
		names                 proto.EngineNames // Engine.Names
		chats                 int               // what Ollama is asked to write
		fallback              bool              // the retrieval says Weaviate did not answer
	}{
		{Embedded, Extractive, proto.EngineNames{Retrieval: Embedded, Generation: Extractive}, 0, false},
		{Embedded, Ollama, proto.EngineNames{Retrieval: Embedded, Generation: Ollama}, 1, false},
		{Embedded, Auto, proto.EngineNames{Retrieval: Embedded, Generation: Ollama}, 1, false},
		{Weaviate, Extractive, proto.EngineNames{Retrieval: Weaviate, Generation: Extractive}, 0, true},
		{Weaviate, Ollama, proto.EngineNames{Retrieval: Weaviate, Generation: Ollama}, 1, true},
		{Weaviate, Auto, proto.EngineNames{Retrieval: Weaviate, Generation: Ollama}, 1, true},
	} {
		t.Run(tc.retrieval+","+tc.generation, func(t *testing.T) {
			ol := testollama.Start(t)
			ch := choice(tc.retrieval, tc.generation, ol.URL(), weaviate)
			if msg := validate(ch); msg != "" {
				t.Fatalf("config.yaml refuses what Build accepts: %s", msg)
			}
			eng, err := Build(ch, deps(t))
			if err != nil {
				t.Fatal(err)
			}
			if eng.Names != tc.names || len(ol.Requests()) != 0 {
				t.Errorf("names %+v, want %+v; %d requests to Ollama before a question", eng.Names, tc.names, len(ol.Requests()))
			}
			ans, ret, err := eng.Answer(context.Background(), question, 0)
			if err != nil || ans.NoAnswer || len(ans.References) == 0 {
				t.Fatalf("answer %+v, %v", ans, err)
			}
			if n := len(ol.Chats()); n != tc.chats {
				t.Errorf("%d chats, want %d", n, tc.chats)
			}
			if ret.Draft.Generator != "" || ret.Draft.Fallback != "" {
				t.Errorf("draft by %q, fallback %q: want the engine's own", ret.Draft.Generator, ret.Draft.Fallback)
			}
			if got := ret.Fallback != ""; got != tc.fallback ||
				tc.fallback && !strings.HasPrefix(ret.Fallback, "Weaviate at "+weaviate+" did not answer") {
				t.Errorf("retrieval fallback %q", ret.Fallback)
			}
		})
	}

	for _, tc := range []struct {
		name          string
		ch            Choice
		message, hint string
	}{
		{"unknown retrieval", choice("elastic", Auto, "http://127.0.0.1:11434", weaviate),
			`retrieval.engine is "elastic", which is not an engine`,
			"set retrieval.engine: embedded or weaviate in " + configFile},
		{"no retrieval", choice("", Auto, "http://127.0.0.1:11434", weaviate),
			`retrieval.engine is "", which is not an engine`,
			"set retrieval.engine: embedded or weaviate in " + configFile},
		{"unknown generation", choice(Embedded, "openai", "http://127.0.0.1:11434", weaviate),
			`generation.engine is "openai", which is not an engine`,
			"set generation.engine: auto, extractive or ollama in " + configFile},
		{"names are exact", choice(Embedded, "Ollama", "http://127.0.0.1:11434", weaviate),
			`generation.engine is "Ollama", which is not an engine`,
			"set generation.engine: auto, extractive or ollama in " + configFile},
		{"ollama at no URL", choice(Embedded, Ollama, "127.0.0.1:11434", weaviate),
			`generation.ollama.url: ollama url "127.0.0.1:11434" is not an http(s) address such as http://127.0.0.1:11434`,
			"fix it in " + configFile},
		{"auto at no URL", choice(Embedded, Auto, "ftp://127.0.0.1", weaviate),
			`generation.ollama.url: ollama url "ftp://127.0.0.1" is not an http(s) address such as http://127.0.0.1:11434`,
			"fix it in " + configFile},
		{"weaviate at no URL", choice(Weaviate, Extractive, "http://127.0.0.1:11434", "https://example.org"),
			`retrieval.weaviate.url "https://example.org" is not an http URL of a Weaviate server`,
			"set it like http://127.0.0.1:8080 in config.yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eng, err := Build(tc.ch, deps(t))
			var pe *proto.Error
			if !errors.As(err, &pe) || pe.Code != proto.CodeConfigInvalid || pe.Message != tc.message || pe.Hint != tc.hint {
				t.Errorf("engine %v, error %#v; want %s: %q, hint %q", eng, err, proto.CodeConfigInvalid, tc.message, tc.hint)
			}
			if strings.Contains(tc.message, "not an engine") && !strings.Contains(validate(tc.ch), "is not one of") {
				t.Errorf("config.yaml accepts what Build refuses: %q", validate(tc.ch))
			}
		})
	}
}

// validate is what config.Validate says of ch, with the defaults
// elsewhere: config.yaml accepts exactly the names Build does.
func validate(ch Choice) string {
	c := config.Default()
	c.Retrieval, c.Generation = ch.Retrieval, ch.Generation
	if err := c.Validate(); err != nil {
		return err.Error()
	}
	return ""
}

// The probe asks Ollama what a chat would need: that it answers, and
// has the model, named as a chat names it.
func TestProbe(t *testing.T) {
	ctx := context.Background()
	s := testollama.Start(t, testollama.Models("gemma3:1b", "embeddinggemma"))
	if err := Probe(ctx, s.Client(), "gemma3:1b"); err != nil {
		t.Errorf("present model: %v", err)
	}
	if err := Probe(ctx, s.Client(), "embeddinggemma:latest"); err != nil {
		t.Errorf("a model pulled without a tag: %v", err)
	}
	if err := Probe(ctx, s.Client(), "llama3:8b"); !errors.Is(err, embed.ErrNoModel) || !strings.Contains(err.Error(), "ollama pull llama3:8b") {
		t.Errorf("missing model: %v", err)
	}
	if err := Probe(ctx, testollama.NewClient(testollama.RefusedURL(t)), "gemma3:1b"); !errors.Is(err, embed.ErrUnreachable) {
		t.Errorf("refused: %v", err)
	}
	if err := Probe(ctx, nil, "gemma3:1b"); err == nil {
		t.Error("no client: no error")
	}
}

// retrieval is the fixture engine's retrieval of question.
func retrieval(t *testing.T) (*answer.Retrieval, *answer.Library) {
	t.Helper()
	e := testengine.Must(t)
	ret, err := e.Retriever.Retrieve(context.Background(), question)
	if err != nil {
		t.Fatal(err)
	}
	return ret, e.Library
}
