// Package generate is the Ollama composer: it gives a local model the
// best passages of the pages a retriever found, numbered, and asks for
// Summary and Steps as JSON whose every part names the passages that
// support it. Citations the reply cannot back are dropped, the rest
// numbered by the same Citer as the extractive composer's, and what the
// model wrote is measured against what it cites. A failing or
// unsupported reply is an error: backend/engines decides whether the
// extractive composer answers instead (generation.engine auto).
package generate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/embed"
)

// DefaultTimeout bounds one generation when Composer.Timeout is 0: a
// small model on a laptop's CPU writes a short answer in well under it,
// and a user waits no longer for one.
const DefaultTimeout = 60 * time.Second

// Composer composes with an Ollama model. Safe for concurrent use.
type Composer struct {
	Client *api.Client
	Model  string
	// Timeout bounds one generation; 0 is DefaultTimeout.
	Timeout time.Duration
}

// Compose writes the answer with the model, or fails: Ollama did not
// answer, or the reply holds nothing the passages support. The Citer is
// written to only once a reply is accepted, so a composer that answers
// instead numbers its references from 1.
func (c *Composer) Compose(ctx context.Context, r *answer.Retrieval, lib *answer.Library, cite *answer.Citer) (answer.Draft, error) {
	if c.Client == nil || c.Model == "" {
		return answer.Draft{}, errors.New("ollama is not configured: no client or model")
	}
	if len(r.Hits) == 0 {
		return answer.Draft{}, errors.New("no pages to answer from")
	}
	budget := answer.ContextTokens(ctx)
	plan := planFor(budget, r.Analysis.Question)
	if plan.words < minPassageWords {
		return answer.Draft{}, fmt.Errorf("a context of %d tokens leaves no room for the pages", budget)
	}
	ps, err := gather(r, lib, plan.words)
	if err != nil {
		return answer.Draft{}, err
	}

	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	gctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	stream := false
	req := &api.ChatRequest{
		Model:    c.Model,
		Messages: messages(ps, r.Analysis.Question),
		Stream:   &stream,
		Format:   Schema,
		// temperature 0: the same question over the same pages gets the
		// same answer; num_ctx: Ollama's default context may be smaller
		// than the prompt was planned for, and it would cut the passages
		Options: map[string]any{"temperature": 0, "num_ctx": budget, "num_predict": plan.reply},
	}
	var content strings.Builder
	err = c.Client.Chat(gctx, req, func(resp api.ChatResponse) error {
		content.WriteString(resp.Message.Content)
		return nil
	})
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return answer.Draft{}, fmt.Errorf("ollama did not answer within %s with %s: %w", timeout, c.Model, err)
		}
		return answer.Draft{}, embed.Explain(err, c.Model)
	}
	rep, err := parseReply(content.String())
	if err != nil {
		return answer.Draft{}, err
	}
	l, err := link(rep, ps)
	if err != nil {
		return answer.Draft{}, err
	}
	return l.draft(ps, cite), nil
}
