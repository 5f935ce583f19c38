package service

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/proto"
)

// engineChoice is what config.yaml's retrieval.engine and
// generation.engine select.
type engineChoice struct{ retrieval, generation string }

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
	return engineChoice{retrieval: c.cfg.Retrieval.Engine, generation: c.cfg.Generation.Engine}, nil
}

// buildEngine makes the engine ch selects over lib. The Weaviate and
// Ollama engines are not in this version: selecting one is an error that
// says what to set instead, except generation "auto", which falls back
// to extractive answers as it does whenever Ollama is not there.
func (s *Service) buildEngine(lib *answer.Library, ch engineChoice) (*answer.Engine, error) {
	names := proto.EngineNames{Retrieval: ch.retrieval, Generation: ch.generation}
	switch ch.retrieval {
	case "embedded":
	default:
		return nil, &proto.Error{Code: proto.CodeEngineUnavailable,
			Message: fmt.Sprintf("retrieval.engine is %q, which this version of ragman cannot use yet", ch.retrieval),
			Hint:    "set retrieval.engine: embedded in " + s.Paths.ConfigFile}
	}
	switch ch.generation {
	case "extractive":
	case "auto":
		names.Generation = "extractive"
		s.Log.Log("", "Backend.engine", "generation.engine auto: this version has no Ollama engine, answers are extractive")
	default:
		return nil, &proto.Error{Code: proto.CodeEngineUnavailable,
			Message: fmt.Sprintf("generation.engine is %q, which this version of ragman cannot use yet", ch.generation),
			Hint:    "set generation.engine: auto (or extractive) in " + s.Paths.ConfigFile}
	}
	ret, err := rank.New(lib, s.Expand, s.Weights)
	if err != nil {
		return nil, &proto.Error{Code: proto.CodeInternal, Message: "the ranking model does not fit this build: " + err.Error(),
			Hint: "this ragman was built with a stale model; rebuild it, or reinstall"}
	}
	return &answer.Engine{Retriever: ret, Composer: compose.New(), Library: lib, Names: names}, nil
}
