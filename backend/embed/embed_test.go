package embed_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/embed"
	"github.com/ragman-dev/ragman/testutil/testollama"
)

// Texts go in batches and come back one vector each, in their order.
func TestEmbedBatches(t *testing.T) {
	s := testollama.Start(t, testollama.Dim(32))
	e := embed.New(s.Client(), "embeddinggemma:latest")
	e.Batch = 2
	var texts []string
	for i := range 5 {
		texts = append(texts, fmt.Sprintf("page %d about word%d", i, i))
	}
	got, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(texts) {
		t.Fatalf("%d vectors for %d texts", len(got), len(texts))
	}
	for i, v := range got {
		want := testollama.Embedding(texts[i], 32)
		if fmt.Sprint(v) != fmt.Sprint(want) {
			t.Errorf("vector %d is not that of %q", i, texts[i])
		}
	}
	var sizes []int
	for _, r := range s.Embeds() {
		if r.Model != "embeddinggemma:latest" {
			t.Errorf("asked model %q", r.Model)
		}
		sizes = append(sizes, len(r.Input.([]string)))
	}
	if fmt.Sprint(sizes) != "[2 2 1]" {
		t.Errorf("batches %v, want [2 2 1]", sizes)
	}

	if v, err := e.Embed(context.Background(), nil); err != nil || len(v) != 0 || len(s.Embeds()) != 3 {
		t.Errorf("no texts: %v, %v, %d requests", v, err, len(s.Embeds()))
	}
}

func TestEmbedErrors(t *testing.T) {
	missing := testollama.Start(t, testollama.Models("gemma3:1b"))
	_, err := embed.New(missing.Client(), "nomic-embed-text").Embed(context.Background(), []string{"x"})
	if !errors.Is(err, embed.ErrNoModel) || !strings.Contains(err.Error(), "ollama pull nomic-embed-text") || !strings.Contains(err.Error(), `"nomic-embed-text"`) {
		t.Errorf("missing model: %v", err)
	}

	_, err = embed.New(testollama.NewClient(testollama.RefusedURL(t)), "embeddinggemma").Embed(context.Background(), []string{"x"})
	if !errors.Is(err, embed.ErrUnreachable) {
		t.Errorf("refused: %v", err)
	}

	bad := testollama.Start(t, testollama.Malformed())
	if _, err = embed.New(bad.Client(), "embeddinggemma").Embed(context.Background(), []string{"x"}); err == nil {
		t.Error("malformed reply: no error")
	}

	slow := testollama.Start(t, testollama.Delay(2*time.Second))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = embed.New(slow.Client(), "embeddinggemma").Embed(ctx, []string{"x"})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "in time") {
		t.Errorf("slow: %v", err)
	}
}

func TestNewClient(t *testing.T) {
	s := testollama.Start(t)
	c, err := embed.NewClient(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	if v, err := c.Version(context.Background()); err != nil || v != testollama.Version {
		t.Errorf("version %q, %v", v, err)
	}
	for _, bad := range []string{"", "127.0.0.1:11434", "ftp://host", "http://"} {
		if _, err := embed.NewClient(bad); err == nil {
			t.Errorf("NewClient(%q): no error", bad)
		}
	}
}
