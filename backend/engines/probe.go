package engines

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/backend/embed"
)

// Probe says whether Ollama can do what config.yaml asks of it: it
// answers at client's address and has pulled model. Auto decides with it
// whether Ollama writes a question's answer, a reindex whether chunks get
// vectors, and ragadmin health and init report it. Its errors are
// embed.Explain's: errors.Is finds embed.ErrNoModel and
// embed.ErrUnreachable.
func Probe(ctx context.Context, client *api.Client, model string) error {
	if client == nil {
		return errors.New("ollama is not configured")
	}
	if _, err := client.Version(ctx); err != nil {
		return embed.Explain(err, model)
	}
	// Show resolves the name as a chat would ("gemma3" is
	// "gemma3:latest"), which matching List's names would have to redo
	if _, err := client.Show(ctx, &api.ShowRequest{Model: model}); err != nil {
		return embed.Explain(err, model)
	}
	return nil
}

// probeFor is how long a probe of Ollama is trusted: a question costs no
// request to learn it, and an Ollama started or stopped is seen within it.
const probeFor = 30 * time.Second

// probeWithin bounds a probe: Ollama on this machine answers in
// milliseconds, and a question must not wait on one that hangs.
const probeWithin = 2 * time.Second

// available remembers whether Ollama answers with a model.
type available struct {
	client *api.Client
	model  string

	mu  sync.Mutex
	at  time.Time
	err error
	up  bool // it answered once: a user who saw generated answers is told when they stop
}

// check probes Ollama, or says what the last probe said within probeFor.
func (a *available) check(ctx context.Context) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.at.IsZero() && time.Since(a.at) < probeFor {
		return a.err
	}
	pctx, cancel := context.WithTimeout(ctx, probeWithin)
	defer cancel()
	a.err, a.at = Probe(pctx, a.client, a.model), time.Now()
	a.up = a.up || a.err == nil
	return a.err
}

// wasUp says whether Ollama answered a probe since the engine was made.
func (a *available) wasUp() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.up
}

// forget makes the next check probe again: generation failed.
func (a *available) forget() {
	a.mu.Lock()
	a.at = time.Time{}
	a.mu.Unlock()
}
