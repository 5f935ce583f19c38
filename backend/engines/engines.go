// Package engines makes the answer.Engine that config.yaml's
// retrieval.engine and generation.engine select. The names those keys
// accept are here, and Build's two switches are the one place a name
// becomes an engine; each engine is made in a file of its own beside
// this one. The service, health and ragadmin init use it; it uses none
// of them, and is given what it needs.
package engines

import (
	"fmt"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/logging"
	"github.com/ragman-dev/ragman/backend/proto"
)

// The engines' names, as config.yaml selects them and meta.engine
// reports them (config.Validate accepts these and no others). Auto is
// chosen only: meta says which of Ollama and Extractive answered.
const (
	// retrieval.engine
	Embedded = "embedded"
	Weaviate = "weaviate"

	// generation.engine
	Extractive = "extractive"
	Ollama     = "ollama"
	Auto       = "auto"
)

// Choice is what config.yaml selects, the sections Build reads. It is
// comparable: a caller that keeps an engine makes another when it
// changes.
type Choice struct {
	Retrieval  config.Retrieval
	Generation config.Generation
}

// Deps is what Build needs besides the choice.
type Deps struct {
	Library *answer.Library
	Expand  analyse.Expander // may be nil
	Weights rank.Weights
	// WeaviateRecord is the file of the wvindex.Record the last fill of
	// Weaviate wrote: a question is embedded with the model it names.
	WeaviateRecord string
	// ConfigFile is named in the hints of errors, where to fix them.
	ConfigFile string
	Log        *logging.Logger // may be nil
}

// Build makes the engine ch selects over d.Library. Nothing is asked of
// the servers here: a question finds out whether they answer.
func Build(ch Choice, d Deps) (*answer.Engine, error) {
	names := proto.EngineNames{Retrieval: ch.Retrieval.Engine, Generation: ch.Generation.Engine}
	// the candidates' source; nil: the index's own postings
	var src rank.Source
	switch ch.Retrieval.Engine {
	case Embedded:
	case Weaviate:
		s, err := weaviate(ch, d)
		if err != nil {
			return nil, err
		}
		src = s
	default:
		return nil, &proto.Error{Code: proto.CodeConfigInvalid,
			Message: fmt.Sprintf("retrieval.engine is %q, which is not an engine", ch.Retrieval.Engine),
			Hint:    "set retrieval.engine: " + Embedded + " or " + Weaviate + " in " + d.ConfigFile}
	}
	var comp answer.Composer
	var err error
	switch ch.Generation.Engine {
	case Extractive:
		comp = extractive()
	case Ollama:
		comp, err = ollama(ch.Generation, d)
	case Auto:
		// Ollama's until a draft says the extractive composer wrote it
		comp, err = auto(ch.Generation, d)
		names.Generation = Ollama
	default:
		return nil, &proto.Error{Code: proto.CodeConfigInvalid,
			Message: fmt.Sprintf("generation.engine is %q, which is not an engine", ch.Generation.Engine),
			Hint:    "set generation.engine: " + Auto + ", " + Extractive + " or " + Ollama + " in " + d.ConfigFile}
	}
	if err != nil {
		return nil, err
	}
	ret, err := embedded(d)
	if err != nil {
		return nil, err
	}
	var rt answer.Retriever = ret
	if src != nil {
		rt = &fallback{primary: ret.WithSource(src), backup: ret, url: ch.Retrieval.Weaviate.URL}
	}
	return &answer.Engine{Retriever: rt, Composer: comp, Library: d.Library, Names: names}, nil
}
