package service

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/generate"
	"github.com/ragman-dev/ragman/backend/proto"
)

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
	a.err, a.at = generate.Probe(pctx, a.client, a.model), time.Now()
	a.up = a.up || a.err == nil
	return a.err
}

// wasUp says whether Ollama answered a probe since the backend started.
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

// autoComposer is generation.engine auto: Ollama writes the answer when
// it answers and has the model, the extractive composer otherwise. When
// Ollama fails midway the draft is extractive and says why (Fallback).
type autoComposer struct {
	gen   *generate.Composer // with Auto set
	ext   answer.Composer
	avail *available
}

func (c *autoComposer) Compose(ctx context.Context, r *answer.Retrieval, lib *answer.Library, cite *answer.Citer) (answer.Draft, error) {
	if perr := c.avail.check(ctx); perr != nil {
		d, err := c.ext.Compose(ctx, r, lib, cite)
		d.Generator = generate.Extractive
		if c.avail.wasUp() {
			d.Warnings = append(d.Warnings, fmt.Sprintf("Ollama no longer answers (%v), so this answer quotes the pages.", perr))
		}
		return d, err
	}
	d, err := c.gen.Compose(ctx, r, lib, cite)
	if d.Fallback != "" {
		c.avail.forget()
	}
	return d, err
}

// ollamaComposer is generation.engine ollama: an Ollama that fails is
// the question's error, said as the config's other engines' are.
type ollamaComposer struct {
	gen *generate.Composer
	url string
}

func (c *ollamaComposer) Compose(ctx context.Context, r *answer.Retrieval, lib *answer.Library, cite *answer.Citer) (answer.Draft, error) {
	d, err := c.gen.Compose(ctx, r, lib, cite)
	if err != nil && ctx.Err() == nil {
		return d, &proto.Error{Code: proto.CodeEngineUnavailable, Message: fmt.Sprintf("ollama at %s: %v", c.url, err),
			Hint: "start Ollama (`ragadmin health` checks it), or set generation.engine: auto in config.yaml"}
	}
	return d, err
}
