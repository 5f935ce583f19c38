package testollama_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/testutil/testollama"
)

func chat(t *testing.T, c *api.Client, req *api.ChatRequest) ([]api.ChatResponse, error) {
	t.Helper()
	var got []api.ChatResponse
	err := c.Chat(context.Background(), req, func(r api.ChatResponse) error {
		got = append(got, r)
		return nil
	})
	return got, err
}

func TestVersionTagsShow(t *testing.T) {
	s := testollama.Start(t, testollama.Models("gemma3:1b", "nomic-embed-text"))
	c := s.Client()
	ctx := context.Background()
	v, err := c.Version(ctx)
	if err != nil || v != testollama.Version {
		t.Fatalf("version %q, %v", v, err)
	}
	l, err := c.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range l.Models {
		names = append(names, m.Name)
	}
	if strings.Join(names, ",") != "gemma3:1b,nomic-embed-text:latest" {
		t.Errorf("tags %q", names)
	}
	// a name without a tag is :latest, as Ollama resolves it
	sh, err := c.Show(ctx, &api.ShowRequest{Model: "nomic-embed-text"})
	if err != nil {
		t.Fatal(err)
	}
	if sh.Details.Family != "nomic-embed-text" || len(sh.Capabilities) != 1 || sh.Capabilities[0] != "embedding" {
		t.Errorf("show %+v", sh)
	}
}

// A model that was not pulled is a 404 with Ollama's own message, which
// the client turns into a StatusError.
func TestMissingModel(t *testing.T) {
	s := testollama.Start(t, testollama.Models("gemma3:1b"))
	c := s.Client()
	want := `model "llama3:latest" not found, try pulling it first`
	check := func(what string, err error) {
		t.Helper()
		var se api.StatusError
		if !errors.As(err, &se) || se.StatusCode != http.StatusNotFound || se.ErrorMessage != want {
			t.Errorf("%s: %v, want a 404 saying %s", what, err, want)
		}
	}
	_, err := c.Show(context.Background(), &api.ShowRequest{Model: "llama3:latest"})
	check("show", err)
	_, err = c.Embed(context.Background(), &api.EmbedRequest{Model: "llama3:latest", Input: "x"})
	check("embed", err)
	_, err = chat(t, c, &api.ChatRequest{Model: "llama3:latest", Messages: []api.Message{{Role: "user", Content: "hi"}}})
	check("chat", err)
}

// Streaming chat comes as NDJSON pieces whose contents make the reply,
// the last one done; non-streaming as one done response.
func TestChatStreaming(t *testing.T) {
	reply := `{"summary": "chmod changes file mode bits", "summary_citations": [1], "steps": []}`
	s := testollama.Start(t, testollama.Reply(func(msgs []api.Message) string {
		if len(msgs) != 2 || msgs[1].Content != "how do I chmod" {
			return "unexpected messages"
		}
		return reply
	}))
	msgs := []api.Message{{Role: "system", Content: "rules"}, {Role: "user", Content: "how do I chmod"}}
	stream := true
	got, err := chat(t, s.Client(), &api.ChatRequest{Model: "gemma3:1b", Messages: msgs, Stream: &stream})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 3 {
		t.Fatalf("%d chunks, want the reply in pieces and a final one", len(got))
	}
	var b strings.Builder
	for i, r := range got {
		if r.Done != (i == len(got)-1) {
			t.Errorf("chunk %d done = %v", i, r.Done)
		}
		b.WriteString(r.Message.Content)
	}
	if b.String() != reply {
		t.Errorf("streamed %q, want %q", b.String(), reply)
	}
	if last := got[len(got)-1]; last.DoneReason != "stop" || last.Message.Role != "assistant" {
		t.Errorf("final chunk %+v", last)
	}

	off := false
	format := json.RawMessage(`{"type":"object","properties":{"summary":{"type":"string"}}}`)
	got, err = chat(t, s.Client(), &api.ChatRequest{Model: "gemma3:1b", Messages: msgs, Stream: &off, Format: format})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !got[0].Done || got[0].Message.Content != reply {
		t.Errorf("non-streaming: %+v", got)
	}
	// what was sent is recorded, the format included
	chats := s.Chats()
	if len(chats) != 2 || chats[1].Stream == nil || *chats[1].Stream || string(chats[1].Format) != string(format) || chats[1].Messages[1].Content != "how do I chmod" {
		t.Errorf("recorded %+v", chats)
	}
}

func TestEmbed(t *testing.T) {
	s := testollama.Start(t, testollama.Dim(16))
	c := s.Client()
	resp, err := c.Embed(context.Background(), &api.EmbedRequest{Model: "embeddinggemma", Input: []string{"change file mode", "change file mode", "list directory contents"}})
	if err != nil {
		t.Fatal(err)
	}
	e := resp.Embeddings
	if len(e) != 3 || len(e[0]) != 16 {
		t.Fatalf("embeddings %v", e)
	}
	dot := func(a, b []float32) (s float32) {
		for i := range a {
			s += a[i] * b[i]
		}
		return s
	}
	if d := dot(e[0], e[1]); d < 0.999 || d > 1.001 {
		t.Errorf("equal texts: dot %v, want 1 (unit vectors)", d)
	}
	if dot(e[0], e[2]) > 0.9 {
		t.Errorf("texts without a shared word are near: %v", dot(e[0], e[2]))
	}
	one, err := c.Embed(context.Background(), &api.EmbedRequest{Model: "embeddinggemma", Input: "change file mode"})
	if err != nil || len(one.Embeddings) != 1 || dot(one.Embeddings[0], e[0]) < 0.999 {
		t.Errorf("a single string input: %v, %v", one, err)
	}
	if got := s.Embeds(); len(got) != 2 || len(got[0].Input.([]string)) != 3 {
		t.Errorf("recorded %+v", got)
	}
}

// Delay holds a reply past a client's deadline; Malformed breaks the body.
func TestDelayAndMalformed(t *testing.T) {
	s := testollama.Start(t, testollama.Delay(2*time.Second))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	off := false
	err := s.Client().Chat(ctx, &api.ChatRequest{Model: "gemma3:1b", Stream: &off}, func(api.ChatResponse) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > time.Second {
		t.Errorf("delayed chat: %v after %v", err, time.Since(start))
	}
	if _, err := s.Client().Version(context.Background()); err != nil {
		t.Errorf("version is delayed too: %v", err)
	}

	m := testollama.Start(t, testollama.Malformed())
	for _, stream := range []bool{false, true} {
		_, err := chat(t, m.Client(), &api.ChatRequest{Model: "gemma3:1b", Stream: &stream})
		var se *json.SyntaxError
		if err == nil || !errors.As(err, &se) && !strings.Contains(err.Error(), "unexpected end of JSON") {
			t.Errorf("malformed chat (stream %v): %v", stream, err)
		}
	}
	if _, err := m.Client().Embed(context.Background(), &api.EmbedRequest{Model: "embeddinggemma", Input: "x"}); err == nil {
		t.Error("malformed embed: no error")
	}
}

func TestRefused(t *testing.T) {
	c := testollama.NewClient(testollama.RefusedURL(t))
	if _, err := c.Version(context.Background()); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Errorf("version from a closed port: %v", err)
	}
	s := testollama.Start(t)
	s.Close()
	if _, err := s.Client().Version(context.Background()); err == nil {
		t.Error("a closed server answers")
	}
}

// The default model answers with the line under passage [1], citing it,
// and with DefaultReply when the prompt quotes no passage.
func TestEcho(t *testing.T) {
	s := testollama.Start(t)
	off := false
	ask := func(content string) string {
		got, err := chat(t, s.Client(), &api.ChatRequest{Model: "gemma3:1b", Stream: &off,
			Messages: []api.Message{{Role: "system", Content: "[1] not this"}, {Role: "user", Content: content}}})
		if err != nil {
			t.Fatal(err)
		}
		return got[0].Message.Content
	}
	var r struct {
		Summary   string `json:"summary"`
		Citations []int  `json:"summary_citations"`
	}
	if err := json.Unmarshal([]byte(ask("Passages:\n\n[1] chmod(1), NAME\nchmod - change file mode bits\nmore\n\nQuestion: q")), &r); err != nil ||
		r.Summary != "chmod - change file mode bits" || len(r.Citations) != 1 || r.Citations[0] != 1 {
		t.Errorf("echo %+v, %v", r, err)
	}
	if got := ask("hello"); got != testollama.DefaultReply {
		t.Errorf("without passages: %s", got)
	}
}
