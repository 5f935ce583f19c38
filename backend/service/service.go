// Package service is the backend's domain: it answers the requests the
// daemon receives (query, reindex, show, status) from the active index
// version, and swaps to a new version when one is activated.
package service

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/engines"
	"github.com/ragman-dev/ragman/backend/explain"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/logging"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/trace"
	"github.com/ragman-dev/ragman/backend/wvindex"
)

// Replier is how a handler answers; backend/daemon provides it.
type Replier interface {
	Progress(p proto.Progress) error
	Result(v any) error
	Error(e *proto.Error) error
}

// Service holds the active index version and the engine that answers
// from it. Safe for concurrent use.
type Service struct {
	Paths   config.Paths
	Log     *logging.Logger
	Expand  analyse.Expander
	Weights rank.Weights
	// RefreshInterval is how often the backend checks the sources (for
	// health to say); 0: it does not
	RefreshInterval time.Duration

	mu      sync.Mutex
	active  *version
	config  configCache
	checked time.Time
	build   sync.Mutex // one reindex at a time in this process
	// refreshing says the build lock is the background refresh's, which
	// a reindex waits for rather than being told it is busy
	refreshing atomic.Bool
	running    building
	convs      conversations
}

// version is an index version, opened. The service holds the active
// one; current gives each caller a hold of its own, and the files of a
// retired version are unmapped when the last is released.
type version struct {
	dir string
	lib *answer.Library
	// engine answers from it with the engines of choice; nil until a
	// question needs it
	engine *answer.Engine
	choice engines.Choice
}

// release gives back the hold current gave.
func (v *version) release() { v.lib.Reader().Release() }

// holds are the versions a request read, released once it has replied:
// its answer, its error and its log lines may hold strings that point
// into their mapped files.
type holds []*version

func (h *holds) keep(v *version) { *h = append(*h, v) }

func (h *holds) release() {
	for _, v := range *h {
		v.release()
	}
	*h = nil
}

// New returns a service over the files in paths.
func New(paths config.Paths, log *logging.Logger, expand analyse.Expander) *Service {
	return &Service{Paths: paths, Log: log, Expand: expand, Weights: rank.DefaultWeights()}
}

// Handle serves one request.
func (s *Service) Handle(ctx context.Context, req *proto.Request, r Replier) {
	start := time.Now()
	s.Log.Log(req.CorrelationID, "Service.Handle", "start", "method", req.Method)
	var held holds
	defer held.release()
	var err error
	switch req.Method {
	case proto.MethodQuery:
		var p proto.QueryParams
		if err = decode(req.Params, &p); err == nil {
			err = s.query(ctx, &held, req.CorrelationID, p, r)
		}
	case proto.MethodReindex:
		var p proto.ReindexParams
		if err = decode(req.Params, &p); err == nil {
			err = s.reindex(ctx, req.CorrelationID, p, r)
		}
	case proto.MethodShow:
		var p proto.ShowParams
		if err = decode(req.Params, &p); err == nil {
			err = s.show(&held, p, r)
		}
	case proto.MethodExplain:
		var p proto.ExplainParams
		if err = decode(req.Params, &p); err == nil {
			err = s.explain(&held, p, r)
		}
	case proto.MethodStatus:
		err = s.status(&held, r)
	case proto.MethodHealth:
		err = s.health(r)
	default:
		err = proto.Errorf(proto.CodeBadRequest, "unknown method %q", req.Method)
	}
	if err != nil {
		var pe *proto.Error
		if !errors.As(err, &pe) {
			pe = &proto.Error{Code: proto.CodeInternal, Message: err.Error()}
		}
		r.Error(pe)
		s.Log.Log(req.CorrelationID, "Service.Handle", "error", "method", req.Method, "code", pe.Code, "err", pe.Message, "took", time.Since(start))
		return
	}
	s.Log.Log(req.CorrelationID, "Service.Handle", "done", "method", req.Method, "took", time.Since(start))
}

func decode(raw json.RawMessage, v any) error {
	if len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return proto.Errorf(proto.CodeBadRequest, "bad parameters: %v", err)
	}
	return nil
}

// current returns the active version, opening it when the ACTIVE pointer
// moved (another process may have reindexed), held for the caller, who
// releases it when nothing it keeps points into it any more.
func (s *Service) current() (*version, error) {
	// ACTIVE is read under the lock: a question that read it before a
	// switch and opened it after would go back to the retired version,
	// or to one a second build has removed since
	s.mu.Lock()
	defer s.mu.Unlock()
	dir, err := index.ActiveDir(s.Paths.IndexDir)
	if errors.Is(err, index.ErrNoIndex) {
		return nil, &proto.Error{Code: proto.CodeNoIndex, Message: "no index has been built yet",
			Hint: "run `ragadmin reindex`"}
	}
	if err != nil {
		return nil, &proto.Error{Code: proto.CodeInternal, Message: err.Error(),
			Hint: "run `ragadmin reindex` to rebuild the index and point ACTIVE at it"}
	}
	if s.active != nil && s.active.dir == dir {
		if err := s.active.lib.Reader().Changed(); err != nil {
			s.Log.Log("", "Service.current", "the active index changed on disk", "err", err)
			return nil, &proto.Error{Code: proto.CodeInternal, Message: "the active index cannot be read: " + err.Error(),
				Hint: "run `ragadmin reindex` to rebuild it"}
		}
		s.active.lib.Reader().Acquire() // the service's own hold keeps it open
		return s.active, nil
	}
	r, err := index.Open(dir)
	if err != nil {
		return nil, &proto.Error{Code: proto.CodeInternal, Message: fmt.Sprintf("the active index cannot be read: %v", err),
			Hint: "run `ragadmin reindex` to rebuild it"}
	}
	// The retired version stays mapped while requests in flight hold it
	// (unmapping under them would fault), and no longer: a backend that
	// refreshes after every package install makes many.
	if old := s.active; old != nil {
		old.lib.Reader().Close()
	}
	s.active = &version{dir: dir, lib: answer.NewLibrary(r)}
	r.Acquire()
	s.Log.Log("", "Service.current", "opened index", "version", r.Manifest.Version, "documents", r.NumDocs())
	return s.active, nil
}

// warm makes the engine now, so that the next question is answered warm,
// and holds nothing: a failure is the question's to report.
func (s *Service) warm() {
	if _, v, err := s.engine(); err == nil {
		v.release()
	}
}

// engine returns the engine config.yaml selects over the active version,
// making it when the version or the choice changed, and the version,
// held as current holds it.
func (s *Service) engine() (*answer.Engine, *version, error) {
	v, err := s.current()
	if err != nil {
		return nil, nil, err
	}
	ch, err := s.engineChoice()
	if err != nil {
		v.release()
		return nil, nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v.engine != nil && v.choice == ch {
		return v.engine, v, nil
	}
	eng, err := engines.Build(ch, engines.Deps{Library: v.lib, Expand: s.Expand, Weights: s.Weights,
		WeaviateRecord: filepath.Join(s.Paths.IndexDir, wvindex.RecordFile), ConfigFile: s.Paths.ConfigFile, Log: s.Log})
	if err != nil {
		v.release()
		return nil, nil, err
	}
	v.engine, v.choice = eng, ch
	return eng, v, nil
}

func indexStatus(m index.Manifest) *proto.IndexStatus {
	return &proto.IndexStatus{Version: m.Version, BuiltAt: m.BuiltAt.Format(time.RFC3339),
		Documents: m.Documents, Chunks: m.Chunks}
}

func (s *Service) query(ctx context.Context, held *holds, cid string, p proto.QueryParams, r Replier) error {
	start := time.Now()
	q := strings.TrimSpace(p.Question)
	if q == "" {
		return proto.Errorf(proto.CodeBadRequest, "the question is empty")
	}
	if t := p.Threshold; math.IsNaN(t) || t < 0 || t > 1 {
		return proto.Errorf(proto.CodeBadRequest, "the confidence threshold %v is outside 0..1", t)
	}
	if err := checkConversationID(p.ConversationID); err != nil {
		return err
	}
	cat, err := catalog.Load(s.Paths.Catalog)
	if errors.Is(err, catalog.ErrNoCatalog) {
		return &proto.Error{Code: proto.CodeNoIndex, Message: "ragman is not set up yet", Hint: "run `ragadmin init` and `ragadmin reindex`"}
	}
	if err != nil {
		return &proto.Error{Code: proto.CodeSourceInvalid, Message: err.Error(), Hint: catalog.CorruptHint}
	}
	eng, v, err := s.engine()
	if err != nil {
		return err
	}
	held.keep(v)
	m := v.lib.Reader().Manifest
	var warnings []string
	if p.ConversationID != "" {
		var note string
		if q, note = s.convs.turn(p.ConversationID, q, time.Now()); note != "" {
			warnings = append(warnings, note)
			s.Log.Log(cid, "Service.query", "follow-up", "conversation", p.ConversationID, "asked", q)
		}
	}
	budget := p.ContextTokens
	if budget <= 0 {
		budget = proto.DefaultContextTokens
	}
	truncated := false
	if words := strings.Fields(q); answer.Tokens(len(words)) > budget {
		q, truncated = truncate(words, budget), true
		warnings = append(warnings, fmt.Sprintf(
			"The question is longer than the context allows (%d tokens) and was truncated. Ask a narrower question, one task at a time.", budget))
	}
	ans, ret, err := eng.Answer(answer.WithContextTokens(ctx, budget), q, p.Threshold)
	if err != nil {
		return err
	}
	ans.Question = p.Question
	if truncated {
		// echoing megabytes back helps nobody; what was answered is this
		ans.Question = q
		if ans.NoAnswer {
			msg := fmt.Sprintf("No answer from the first %d words of the question, all that the context of %d tokens allows.", len(strings.Fields(q)), budget)
			ans.Message = &msg
			ans.Recommendations = append([]string{"Ask a shorter question, or allow more with --context-tokens."}, ans.Recommendations...)
		}
	}
	ans.CorrelationID = cid
	ans.Warnings = append(ans.Warnings, warnings...)
	names := eng.Names
	ans.Meta = proto.Meta{Status: "OK", Source: "INDEX", FreshnessState: "FRESH", Engine: &names, IndexStatus: indexStatus(m)}
	if ret.Fallback != "" {
		ans.Meta.Status, names.Retrieval = "FALLBACK", engines.Embedded
		ans.Warnings = append(ans.Warnings, ret.Fallback)
		s.Log.Log(cid, "Service.query", "fallback", "reason", ret.Fallback)
	}
	switch d := ret.Draft; {
	case d == nil: // nothing composed: no answer, and no engine wrote it
		names.Generation = engines.Extractive
	case d.Fallback != "":
		ans.Meta.Status, names.Generation = "FALLBACK", d.Generator
		ans.Warnings = append(ans.Warnings, "Ollama did not answer ("+d.Fallback+"), so this answer quotes the pages instead.")
		s.Log.Log(cid, "Service.query", "generation fallback", "reason", d.Fallback)
	case d.Generator != "":
		names.Generation = d.Generator
	}
	if m.Catalog != cat.Fingerprint() {
		eng.Stale(ans, ret)
	}
	// the trace before the answer: a ragman --why right after the answer
	// must find it (one short append); the log after, the user waits for
	// the answer, not for it
	t := traceOf(cid, p.Question, q, ans, ret, time.Since(start))
	headings(v.lib, ret, t.Candidates)
	terr := trace.Append(s.Paths.Traces, t)
	err = r.Result(ans)
	if terr != nil {
		s.Log.Log(cid, "Service.query", "trace not written", "err", terr)
	}
	s.Log.Log(cid, "Service.query", "ranked", "scene", ret.Analysis.Scene.String(), "top", topLabels(ret.Hits, 3),
		"confidence", ans.Confidence, "no_answer", ans.NoAnswer)
	return err
}

// traceOf is the record of a question answered.
func traceOf(cid, question, asked string, ans *proto.Answer, ret *answer.Retrieval, took time.Duration) trace.Trace {
	t := trace.Trace{Time: time.Now().UTC(), CorrelationID: cid, Question: question, Asked: asked,
		Scene: ret.Analysis.Scene.String(), Confidence: ans.Confidence, Threshold: ans.Threshold, Scope: ret.Scope,
		NoAnswer: ans.NoAnswer, Status: ans.Meta.Status, LatencyMS: float64(took.Microseconds()) / 1000,
		Concepts: []trace.Concept{}, Candidates: []trace.Candidate{}, References: []string{}}
	if e := ans.Meta.Engine; e != nil {
		t.Retrieval, t.Generation = e.Retrieval, e.Generation
	}
	for _, a := range ret.Analysis.Args {
		t.Arguments = append(t.Arguments, trace.Argument{Kind: a.Kind.String(), Text: a.Text})
	}
	t.Framing = ret.Analysis.Framing
	for _, c := range ret.Analysis.Concepts {
		tc := trace.Concept{Word: c.Word, Weight: c.Weight}
		for _, a := range c.Alts {
			if a.Weight < 1 {
				tc.Alternatives = append(tc.Alternatives, a.Stem)
			}
		}
		t.Concepts = append(t.Concepts, tc)
	}
	for _, h := range ret.Hits {
		t.Candidates = append(t.Candidates, trace.Candidate{Label: h.Meta.Label, Score: h.Score})
	}
	for _, r := range ans.References {
		t.References = append(t.References, r.Label)
	}
	return t
}

// headedPages is how many of the first pages a trace says where the
// question is in; headedSections, how many of their sections.
const (
	headedPages    = 3
	headedSections = 3
)

// headings fills in, for the first pages, the sections that hold most of
// the question, with the share their best block holds.
func headings(lib *answer.Library, ret *answer.Retrieval, cands []trace.Candidate) {
	q := ret.Question
	if q == nil || q.Blocks == nil {
		return
	}
	cov := make([]float64, len(q.Concepts))
	for i, h := range ret.Hits[:min(headedPages, len(ret.Hits), len(cands))] {
		d, err := lib.Load(h.Doc)
		if err != nil {
			continue
		}
		best := map[int]float64{}
		q.Blocks(h.Doc, cov, func(sec, _ int) {
			if sh := answer.Share(cov, q.Weights, q.Mass); sh > best[sec] && sec < len(d.Sections) {
				best[sec] = sh
			}
		})
		var hs []trace.Heading
		for sec, sh := range best {
			hs = append(hs, trace.Heading{Title: d.Sections[sec].Title, Share: math.Round(sh*100) / 100})
		}
		slices.SortFunc(hs, func(a, b trace.Heading) int {
			if c := cmp.Compare(b.Share, a.Share); c != 0 {
				return c
			}
			return strings.Compare(a.Title, b.Title)
		})
		cands[i].Headings = hs[:min(headedSections, len(hs))]
	}
}

func topLabels(c []answer.Hit, n int) string {
	var l []string
	for _, x := range c[:min(n, len(c))] {
		l = append(l, x.Meta.Label)
	}
	return strings.Join(l, ",")
}

func truncate(words []string, limit int) string {
	keep := max(1, answer.Words(limit))
	if keep < len(words) {
		words = words[:keep]
	}
	return strings.Join(words, " ")
}

func (s *Service) show(held *holds, p proto.ShowParams, r Replier) error {
	v, err := s.current()
	if err != nil {
		return err
	}
	held.keep(v)
	d, err := v.lib.Find(p.Alias, p.Ref)
	if err != nil {
		return err
	}
	return r.Result(d)
}

func (s *Service) explain(held *holds, p proto.ExplainParams, r Replier) error {
	line := strings.TrimSpace(p.CommandLine)
	if line == "" {
		return proto.Errorf(proto.CodeBadRequest, "the command line is empty")
	}
	if len(line) > maxCommandLine {
		return proto.Errorf(proto.CodeBadRequest, "the command line is longer than %d bytes", maxCommandLine)
	}
	v, err := s.current()
	if err != nil {
		return err
	}
	held.keep(v)
	x, err := explain.Explain(v.lib, line, explain.Shell(p.Shell))
	if err != nil {
		return &proto.Error{Code: proto.CodeBadRequest, Message: "cannot read the command line: " + err.Error(),
			Hint: "quote it for your shell as a whole: ragman --explain 'tar -xzvf a.tgz'"}
	}
	return r.Result(x)
}

// maxCommandLine bounds a command line to explain: longer than any a
// person types.
const maxCommandLine = 64 << 10

// Status is what MethodStatus returns.
type Status struct {
	Index   *proto.IndexStatus  `json:"index"`
	PID     int                 `json:"pid"`
	Sources []index.SourceState `json:"sources"`
}

func (s *Service) status(held *holds, r Replier) error {
	v, err := s.current()
	if err != nil {
		return err
	}
	held.keep(v)
	m := v.lib.Reader().Manifest
	return r.Result(Status{Index: indexStatus(m), PID: os.Getpid(), Sources: m.Sources})
}
