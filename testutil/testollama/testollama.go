// Package testollama is an in-process double of an Ollama server for
// tests: it speaks the real HTTP API (as github.com/ollama/ollama/api
// v0.12.6 calls it) for the endpoints ragman uses, /api/version,
// /api/tags, /api/show, /api/embed and /api/chat, so the code under test
// goes through the official client, request encoding, streaming and
// error decoding included. What it answers is set per test: the models it
// has, what the "model" replies, how slowly, or a broken body. It records
// every request so tests can assert what was sent.
package testollama

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/ollama/ollama/api"
)

// Version is what /api/version reports: the release whose client ragman
// pins.
const Version = "0.12.6"

// DefaultModels are the models a server has unless Models says otherwise:
// config.yaml's defaults.
var DefaultModels = []string{"gemma3:1b", "embeddinggemma:latest"}

// DefaultDim is the length of the embeddings unless Dim says otherwise.
const DefaultDim = 64

// DefaultReply is what the model says unless Reply says otherwise, when
// the prompt quotes no passage Echo can find: an answer in the shape
// ragman's schema asks for, citing the first passage.
const DefaultReply = `{"summary":"See the first passage.","summary_citations":[1],"steps":[]}`

// Echo is the model unless Reply says otherwise: it answers as ragman's
// schema asks, with the first line under the line that starts "[1]" in
// the last user message (ragman's prompt heads each passage so) as the
// summary, citing passage 1. So a generated answer through the double is
// grounded in what was retrieved; DefaultReply when there is no such
// line.
func Echo(messages []api.Message) string {
	for i := len(messages) - 1; i >= 0; i-- {
		if messages[i].Role != "user" {
			continue
		}
		lines := strings.Split(messages[i].Content, "\n")
		for j, l := range lines {
			if strings.HasPrefix(l, "[1]") && j+1 < len(lines) && strings.TrimSpace(lines[j+1]) != "" {
				b, _ := json.Marshal(map[string]any{"summary": strings.TrimSpace(lines[j+1]), "summary_citations": []int{1}, "steps": []any{}})
				return string(b)
			}
		}
		break
	}
	return DefaultReply
}

// ReplyFunc is the model: given a chat request's messages, the content of
// the assistant's reply.
type ReplyFunc func(messages []api.Message) string

// Option configures a Server.
type Option func(*Server)

// Models sets the models the server has, as `ollama pull` names them;
// a name without a tag is ":latest", as Ollama reads it.
func Models(names ...string) Option {
	return func(s *Server) {
		s.models = nil
		for _, n := range names {
			s.models = append(s.models, canonical(n))
		}
	}
}

// Reply sets what the model says.
func Reply(fn ReplyFunc) Option { return func(s *Server) { s.reply = fn } }

// Delay makes /api/chat and /api/embed wait d before answering, as a
// model loading or generating on a slow machine does; the wait ends early
// when the client gives up. Version, tags and show stay fast, as they are
// in Ollama.
func Delay(d time.Duration) Option { return func(s *Server) { s.delay = d } }

// Malformed makes /api/chat and /api/embed answer 200 with a body cut off
// in the middle of its JSON, as a proxy or a crashing server may.
func Malformed() Option { return func(s *Server) { s.malformed = true } }

// Dim sets the length of the embeddings.
func Dim(n int) Option { return func(s *Server) { s.dim = n } }

// Request is one request the server received.
type Request struct {
	Method, Path string
	Body         []byte
}

// Server is a running double.
type Server struct {
	srv *httptest.Server

	models    []string
	reply     ReplyFunc
	delay     time.Duration
	malformed bool
	dim       int

	mu       sync.Mutex
	requests []Request
}

// Start runs a double until the test ends.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := New(opts...)
	t.Cleanup(s.Close)
	return s
}

// New runs a double until Close, for callers without a testing.TB (a
// testscript command, which closes it with ts.Defer).
func New(opts ...Option) *Server {
	s := &Server{reply: Echo, dim: DefaultDim}
	Models(DefaultModels...)(s)
	for _, o := range opts {
		o(s)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/version", s.version)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "Ollama is running") }) // Client.Heartbeat
	mux.HandleFunc("GET /api/tags", s.tags)
	mux.HandleFunc("POST /api/show", s.show)
	mux.HandleFunc("POST /api/embed", s.embed)
	mux.HandleFunc("POST /api/chat", s.chat)
	s.srv = httptest.NewServer(s.record(mux))
	return s
}

// URL is the server's base URL, as config.yaml's generation.ollama.url
// would hold it.
func (s *Server) URL() string { return s.srv.URL }

// Client is an official client of the server.
func (s *Server) Client() *api.Client { return NewClient(s.srv.URL) }

// Close stops the server; later requests are refused. Start's cleanup
// calls it; calling it twice is harmless.
func (s *Server) Close() { s.srv.Close() }

// Requests are the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Chats are the chat requests received so far, decoded.
func (s *Server) Chats() []api.ChatRequest {
	var out []api.ChatRequest
	for _, r := range s.Requests() {
		var c api.ChatRequest
		if r.Path == "/api/chat" && json.Unmarshal(r.Body, &c) == nil {
			out = append(out, c)
		}
	}
	return out
}

// Embeds are the embed requests received so far, decoded, each with its
// input as a list.
func (s *Server) Embeds() []api.EmbedRequest {
	var out []api.EmbedRequest
	for _, r := range s.Requests() {
		var e embedRequest
		if r.Path == "/api/embed" && json.Unmarshal(r.Body, &e) == nil {
			in, _ := e.inputs()
			out = append(out, api.EmbedRequest{Model: e.Model, Input: in, Dimensions: e.Dimensions})
		}
	}
	return out
}

// NewClient is an official client of the server at rawURL, which must
// parse (a test's own address).
func NewClient(rawURL string) *api.Client {
	u, err := url.Parse(rawURL)
	if err != nil {
		panic(err)
	}
	return api.NewClient(u, http.DefaultClient)
}

// RefusedURL is the address of a port nothing listens on: a listener's,
// closed, so connections to it are refused rather than left hanging.
func RefusedURL(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// Embedding is the vector the double gives text: a hashed bag of its
// lowercase words, of length dim and unit length (Ollama's /api/embed
// normalizes), so texts that share words are near and equal texts equal.
// Text without words is the zero vector.
func Embedding(text string, dim int) []float32 {
	v := make([]float32, dim)
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		h := fnv.New64a()
		h.Write([]byte(w))
		x := h.Sum64()
		sign := float32(1)
		if x>>63 == 1 {
			sign = -1
		}
		v[x%uint64(dim)] += sign
	}
	n := 0.0
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n > 0 {
		n = math.Sqrt(n)
		for i := range v {
			v[i] = float32(float64(v[i]) / n)
		}
	}
	return v
}

func (s *Server) record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		s.mu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Body: body})
		s.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

// canonical is a model name as Ollama resolves it: "gemma3" is
// "gemma3:latest".
func canonical(name string) string {
	if name != "" && !strings.Contains(name, ":") {
		return name + ":latest"
	}
	return name
}

func (s *Server) has(name string) bool {
	c := canonical(name)
	for _, m := range s.models {
		if m == c {
			return true
		}
	}
	return false
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// fail answers as Ollama's handlers do: a status and {"error": ...}.
func fail(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// missing is Ollama's answer for a model it has not pulled.
func missing(w http.ResponseWriter, name string) {
	fail(w, http.StatusNotFound, fmt.Sprintf("model %q not found, try pulling it first", name))
}

// wait sleeps the configured delay; false when the client gave up first.
func (s *Server) wait(ctx context.Context) bool {
	if s.delay <= 0 {
		return true
	}
	select {
	case <-time.After(s.delay):
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Server) version(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"version": Version})
}

func details(name string) api.ModelDetails {
	family, _, _ := strings.Cut(name, ":")
	return api.ModelDetails{Format: "gguf", Family: family, Families: []string{family}, ParameterSize: "1B", QuantizationLevel: "Q4_K_M"}
}

func digest(name string) string {
	h := fnv.New64a()
	h.Write([]byte(name))
	return fmt.Sprintf("%064x", h.Sum64())
}

// modified is when every model was "pulled": fixed, so answers do not
// change between runs.
var modified = time.Date(2025, 10, 1, 12, 0, 0, 0, time.UTC)

func (s *Server) tags(w http.ResponseWriter, _ *http.Request) {
	resp := api.ListResponse{Models: []api.ListModelResponse{}}
	for _, m := range s.models {
		resp.Models = append(resp.Models, api.ListModelResponse{Name: m, Model: m, ModifiedAt: modified,
			Size: 815_000_000, Digest: digest(m), Details: details(m)})
	}
	writeJSON(w, http.StatusOK, resp)
}

// accept decodes a request into req and checks the model it names
// (model reads it from req), answering as Ollama does when it cannot:
// 400 for a body or a model name missing, 404 for a model not pulled.
func (s *Server) accept(w http.ResponseWriter, r *http.Request, req any, model func() string) (string, bool) {
	if err := json.NewDecoder(r.Body).Decode(req); err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return "", false
	}
	name := model()
	if name == "" {
		fail(w, http.StatusBadRequest, "model is required")
		return "", false
	}
	if !s.has(name) {
		missing(w, name)
		return "", false
	}
	return name, true
}

func (s *Server) show(w http.ResponseWriter, r *http.Request) {
	var req api.ShowRequest
	name, ok := s.accept(w, r, &req, func() string { return cmp.Or(req.Model, req.Name) })
	if !ok {
		return
	}
	// capabilities as Ollama lists them; written as JSON so the double
	// need not import the module's types/model package
	capability := "completion"
	if strings.Contains(name, "embed") {
		capability = "embedding"
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"modelfile":    "FROM " + canonical(name),
		"parameters":   "temperature 1",
		"template":     "{{ .Prompt }}",
		"details":      details(canonical(name)),
		"model_info":   map[string]any{"general.architecture": details(name).Family},
		"capabilities": []string{capability},
		"modified_at":  modified,
	})
}

// embedRequest is api.EmbedRequest with its input left raw: a string or a
// list of strings.
type embedRequest struct {
	Model      string          `json:"model"`
	Input      json.RawMessage `json:"input"`
	Dimensions int             `json:"dimensions"`
}

func (e embedRequest) inputs() ([]string, error) {
	var one string
	if err := json.Unmarshal(e.Input, &one); err == nil {
		return []string{one}, nil
	}
	var many []string
	if err := json.Unmarshal(e.Input, &many); err != nil {
		return nil, fmt.Errorf("invalid input type")
	}
	return many, nil
}

func (s *Server) embed(w http.ResponseWriter, r *http.Request) {
	var req embedRequest
	if _, ok := s.accept(w, r, &req, func() string { return req.Model }); !ok {
		return
	}
	in, err := req.inputs()
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if !s.wait(r.Context()) {
		return
	}
	if s.malformed {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		io.WriteString(w, `{"model":"`+req.Model+`","embeddings":[[0.1,`)
		return
	}
	dim := s.dim
	if req.Dimensions > 0 && req.Dimensions < dim {
		dim = req.Dimensions
	}
	resp := api.EmbedResponse{Model: req.Model, Embeddings: [][]float32{}, PromptEvalCount: 0}
	for _, text := range in {
		resp.Embeddings = append(resp.Embeddings, Embedding(text, dim))
		resp.PromptEvalCount += len(strings.Fields(text))
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	var req api.ChatRequest
	if _, ok := s.accept(w, r, &req, func() string { return req.Model }); !ok {
		return
	}
	if !s.wait(r.Context()) {
		return
	}
	content := s.reply(req.Messages)
	now := time.Now().UTC()
	chunk := func(text string, done bool) api.ChatResponse {
		c := api.ChatResponse{Model: req.Model, CreatedAt: now, Message: api.Message{Role: "assistant", Content: text}, Done: done}
		if done {
			c.DoneReason = "stop"
			c.Metrics = api.Metrics{TotalDuration: time.Millisecond, PromptEvalCount: promptTokens(req.Messages), EvalCount: len(strings.Fields(content))}
		}
		return c
	}
	if req.Stream != nil && !*req.Stream {
		if s.malformed {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			io.WriteString(w, `{"model":"`+req.Model+`","message":{"role":"assistant","content":"`)
			return
		}
		writeJSON(w, http.StatusOK, chunk(content, true))
		return
	}
	// Ollama streams by default: one JSON object a line, a piece of the
	// content in each, then an empty piece with done and the metrics.
	w.Header().Set("Content-Type", "application/x-ndjson")
	if s.malformed {
		io.WriteString(w, `{"model":"`+req.Model+`","message":{"content":`+"\n")
		return
	}
	flusher, _ := w.(http.Flusher)
	enc := json.NewEncoder(w)
	for _, piece := range pieces(content) {
		enc.Encode(chunk(piece, false))
		if flusher != nil {
			flusher.Flush()
		}
	}
	enc.Encode(chunk("", true))
}

// pieces cuts text as a model's tokens come: a word and the space after
// it at a time.
func pieces(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
		if r == ' ' || r == '\n' {
			out = append(out, text[start:i+1])
			start = i + 1
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

func promptTokens(msgs []api.Message) int {
	n := 0
	for _, m := range msgs {
		n += len(strings.Fields(m.Content))
	}
	return (n*4 + 2) / 3
}
