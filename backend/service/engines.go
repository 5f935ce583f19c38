package service

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/backend/answer/generate"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/answer/wvsearch"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/embed"
	"github.com/ragman-dev/ragman/backend/proto"
)

// engineChoice is what config.yaml's retrieval.engine and
// generation.engine select.
type engineChoice struct {
	retrieval, generation string
	weaviate              config.Weaviate
	ollama                config.Ollama
}

// configCache keeps config.yaml as last read, and the file's size and
// time then: a question stats the file instead of reading it, and still
// sees an edit made while the backend runs.
type configCache struct {
	size  int64
	mtime time.Time
	read  bool
	cfg   config.Config
	err   error
}

// engineChoice reads the engines config.yaml selects.
func (s *Service) engineChoice() (engineChoice, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &s.config
	var size int64
	var mtime time.Time
	fi, err := os.Stat(s.Paths.ConfigFile)
	switch {
	case err == nil:
		size, mtime = fi.Size(), fi.ModTime()
	case !errors.Is(err, fs.ErrNotExist):
		return engineChoice{}, &proto.Error{Code: proto.CodeConfigInvalid, Message: err.Error()}
	}
	if !c.read || size != c.size || !mtime.Equal(c.mtime) {
		c.cfg, c.err = config.Load(s.Paths.ConfigFile)
		c.size, c.mtime, c.read = size, mtime, true
	}
	if c.err != nil {
		return engineChoice{}, &proto.Error{Code: proto.CodeConfigInvalid, Message: c.err.Error(),
			Hint: "fix the file or remove it to use the defaults"}
	}
	return engineChoice{retrieval: c.cfg.Retrieval.Engine, generation: c.cfg.Generation.Engine,
		weaviate: c.cfg.Retrieval.Weaviate, ollama: c.cfg.Generation.Ollama}, nil
}

// buildEngine makes the engine ch selects over lib. Nothing is asked of
// the servers here: a question finds out whether they answer.
func (s *Service) buildEngine(lib *answer.Library, ch engineChoice) (*answer.Engine, error) {
	names := proto.EngineNames{Retrieval: ch.retrieval, Generation: ch.generation}
	var src rank.Source
	switch ch.retrieval {
	case "embedded":
	case "weaviate":
		st, err := openWeaviate(ch.weaviate)
		if err != nil {
			return nil, err
		}
		ws := wvsearch.New(st, lib)
		// hybrid where the last fill gave the chunks vectors; a question
		// is embedded with the model they were
		if rec, ok := s.record(ch.weaviate); ok && rec.Embed != "" {
			if client, err := embed.NewClient(ch.ollama.URL); err == nil {
				ws.Embed, ws.Alpha = embed.New(client, rec.Embed).Embed, ch.weaviate.Alpha
			}
		}
		ws.Embedded = func(err error) { s.Log.Log("", "Backend.search", "question not embedded, BM25 alone", "err", err) }
		src = ws
	default:
		return nil, &proto.Error{Code: proto.CodeConfigInvalid,
			Message: fmt.Sprintf("retrieval.engine is %q, which is not an engine", ch.retrieval),
			Hint:    "set retrieval.engine: embedded or weaviate in " + s.Paths.ConfigFile}
	}
	var comp answer.Composer = compose.New()
	switch ch.generation {
	case "extractive":
	case "auto", "ollama":
		client, err := embed.NewClient(ch.ollama.URL)
		if err != nil {
			return nil, &proto.Error{Code: proto.CodeConfigInvalid, Message: "generation.ollama.url: " + err.Error(),
				Hint: "fix it in " + s.Paths.ConfigFile}
		}
		gen := &generate.Composer{Client: client, Model: ch.ollama.Model, Auto: ch.generation == "auto", Extractive: comp}
		if ch.generation == "auto" {
			comp = &autoComposer{gen: gen, ext: comp, avail: &available{client: client, model: ch.ollama.Model}}
		} else {
			comp = &ollamaComposer{gen: gen, url: ch.ollama.URL}
		}
		names.Generation = "ollama"
	default:
		return nil, &proto.Error{Code: proto.CodeConfigInvalid,
			Message: fmt.Sprintf("generation.engine is %q, which is not an engine", ch.generation),
			Hint:    "set generation.engine: auto, extractive or ollama in " + s.Paths.ConfigFile}
	}
	ret, err := rank.New(lib, s.Expand, s.Weights)
	if err != nil {
		return nil, &proto.Error{Code: proto.CodeInternal, Message: "the ranking model does not fit this build: " + err.Error(),
			Hint: "this ragman was built with a stale model; rebuild it, or reinstall"}
	}
	var rt answer.Retriever = ret
	if src != nil {
		rt = &fallback{primary: ret.WithSource(src), backup: ret, w: ch.weaviate}
	}
	return &answer.Engine{Retriever: rt, Composer: comp, Library: lib, Names: names}, nil
}
