package engines

import (
	"context"
	"fmt"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/generate"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/embed"
	"github.com/ragman-dev/ragman/backend/proto"
)

// ollamaClient is the official client of the Ollama config.yaml names.
func ollamaClient(g config.Generation, d Deps) (*api.Client, error) {
	c, err := embed.NewClient(g.Ollama.URL)
	if err != nil {
		return nil, &proto.Error{Code: proto.CodeConfigInvalid, Message: "generation.ollama.url: " + err.Error(),
			Hint: "fix it in " + d.ConfigFile}
	}
	return c, nil
}

// ollama is generation.engine ollama: an Ollama that fails is the
// question's error, said as the config's other engines' are.
func ollama(g config.Generation, d Deps) (answer.Composer, error) {
	c, err := ollamaClient(g, d)
	if err != nil {
		return nil, err
	}
	return &ollamaComposer{gen: &generate.Composer{Client: c, Model: g.Ollama.Model}, url: g.Ollama.URL}, nil
}

type ollamaComposer struct {
	gen *generate.Composer
	url string
}

func (c *ollamaComposer) Compose(ctx context.Context, r *answer.Retrieval, lib *answer.Library, cite *answer.Citer) (answer.Draft, error) {
	d, err := c.gen.Compose(ctx, r, lib, cite)
	if err != nil && ctx.Err() == nil {
		return d, &proto.Error{Code: proto.CodeEngineUnavailable, Message: fmt.Sprintf("ollama at %s: %v", c.url, err),
			Hint: "start Ollama (`ragadmin health` checks it), or set generation.engine: " + Auto + " in config.yaml"}
	}
	return d, err
}

// auto is generation.engine auto: Ollama writes the answer when it
// answers and has the model, the extractive composer otherwise. When
// Ollama fails midway the draft is extractive and says why (Fallback).
func auto(g config.Generation, d Deps) (answer.Composer, error) {
	c, err := ollamaClient(g, d)
	if err != nil {
		return nil, err
	}
	return &autoComposer{gen: &generate.Composer{Client: c, Model: g.Ollama.Model}, ext: extractive(),
		avail: &available{client: c, model: g.Ollama.Model}}, nil
}

type autoComposer struct {
	gen   *generate.Composer
	ext   answer.Composer
	avail *available
}

// Compose writes with Ollama, or quotes the pages. The generator writes
// to the Citer only once a reply is accepted, so the extractive draft
// after a failure numbers its references from 1.
func (c *autoComposer) Compose(ctx context.Context, r *answer.Retrieval, lib *answer.Library, cite *answer.Citer) (answer.Draft, error) {
	if perr := c.avail.check(ctx); perr != nil {
		d, err := c.ext.Compose(ctx, r, lib, cite)
		d.Generator = Extractive
		if c.avail.wasUp() {
			d.Warnings = append(d.Warnings, fmt.Sprintf("Ollama no longer answers (%v), so this answer quotes the pages.", perr))
		}
		return d, err
	}
	d, err := c.gen.Compose(ctx, r, lib, cite)
	if err == nil {
		return d, nil
	}
	if ctx.Err() != nil {
		return answer.Draft{}, ctx.Err() // the caller gave up: nobody reads a fallback
	}
	d, xerr := c.ext.Compose(ctx, r, lib, cite)
	if xerr != nil {
		return answer.Draft{}, xerr
	}
	c.avail.forget()
	d.Generator, d.Fallback = Extractive, err.Error()
	return d, nil
}

// Embedder is the Ollama embedding model a fill of Weaviate gives every
// chunk's vector with, nil when none is configured (generation.engine
// extractive, or no embed_model) or Ollama does not have it; and what to
// tell the user of it.
func Embedder(ctx context.Context, ch Choice) (*embed.Embedder, string) {
	o := ch.Generation.Ollama
	if ch.Generation.Engine == Extractive || o.EmbedModel == "" {
		return nil, "no embedding model is configured: BM25 alone"
	}
	client, err := embed.NewClient(o.URL)
	if err == nil {
		pctx, cancel := context.WithTimeout(ctx, probeWithin)
		err = Probe(pctx, client, o.EmbedModel)
		cancel()
	}
	if err != nil {
		return nil, fmt.Sprintf("no vectors, BM25 alone: %v", err)
	}
	return embed.New(client, o.EmbedModel), "with the vectors of " + o.EmbedModel + " at " + o.URL
}
