// Package embed turns text into vectors with an Ollama embedding model
// (config.yaml's generation.ollama.embed_model) through the official
// client, and says in its errors what a user can do about them: start
// Ollama, or pull the model.
package embed

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"

	"github.com/ollama/ollama/api"
)

// NewClient is the official client of the Ollama server at rawURL
// (config.yaml's generation.ollama.url), for the embedder and the
// generator alike. It sets no timeout of its own: each call's context
// bounds it.
func NewClient(rawURL string) (*api.Client, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("ollama url %q is not an http(s) address such as http://127.0.0.1:11434", rawURL)
	}
	return api.NewClient(u, http.DefaultClient), nil
}

// DefaultBatch is how many texts go in one /api/embed request: enough to
// keep the model busy, few enough that one slow request does not hold a
// reindex's progress for long.
const DefaultBatch = 32

// Embedder embeds texts with one model. Safe for concurrent use.
type Embedder struct {
	client *api.Client
	model  string
	// Batch is how many texts one request carries; 0 is DefaultBatch.
	Batch int
}

// New returns an embedder of model through client.
func New(client *api.Client, model string) *Embedder {
	return &Embedder{client: client, model: model}
}

// Model is the model the embedder asks for.
func (e *Embedder) Model() string { return e.model }

// Embed returns one vector for each of texts, in their order.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	batch := e.Batch
	if batch <= 0 {
		batch = DefaultBatch
	}
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += batch {
		part := texts[start:min(start+batch, len(texts))]
		resp, err := e.client.Embed(ctx, &api.EmbedRequest{Model: e.model, Input: part})
		if err != nil {
			return nil, Explain(err, e.model)
		}
		if len(resp.Embeddings) != len(part) {
			return nil, fmt.Errorf("ollama embedded %d of %d texts with %s", len(resp.Embeddings), len(part), e.model)
		}
		for i, v := range resp.Embeddings {
			if len(v) == 0 {
				return nil, fmt.Errorf("ollama gave an empty vector for text %d with %s", start+i, e.model)
			}
			// a model's vectors have one length; a mix cannot be compared
			if len(out) > 0 && len(v) != len(out[0]) {
				return nil, fmt.Errorf("ollama gave vectors of %d and %d numbers with %s", len(out[0]), len(v), e.model)
			}
			out = append(out, v)
		}
	}
	return out, nil
}

// ErrNoModel is what errors wrap when Ollama answers but has not pulled
// the model asked for.
var ErrNoModel = errors.New("model not pulled")

// ErrUnreachable is what errors wrap when nothing answers at Ollama's
// address.
var ErrUnreachable = errors.New("ollama is not reachable")

// Explain turns an error of the Ollama client into one that says what
// went wrong in a user's terms and what to do: a missing model names
// `ollama pull MODEL`, a refused connection says Ollama is not running.
// Other errors get the model's name and are kept for errors.Is.
func Explain(err error, model string) error {
	var se api.StatusError
	var op *net.OpError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return fmt.Errorf("ollama has no model %q (%w): run `ollama pull %s`", model, ErrNoModel, model)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("ollama did not answer in time with %s: %w", model, err)
	case errors.As(err, &op) && op.Op == "dial":
		return fmt.Errorf("%w (%v): start it with `ollama serve`", ErrUnreachable, err)
	}
	return fmt.Errorf("ollama with %s: %w", model, err)
}
