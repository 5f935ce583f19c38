package service

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"time"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/generate"
	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/embed"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/wvindex"
)

// weaviateTimeout bounds one request to the server: a question's search
// takes milliseconds, a batch of a thousand chunks a second or two.
const weaviateTimeout = 30 * time.Second

// openWeaviate connects to the server config.yaml names.
func openWeaviate(w config.Weaviate) (*wvindex.Store, error) {
	u, err := url.Parse(w.URL)
	if err != nil || u.Host == "" || u.Scheme != "http" {
		return nil, &proto.Error{Code: proto.CodeConfigInvalid,
			Message: fmt.Sprintf("retrieval.weaviate.url %q is not an http URL of a Weaviate server", w.URL),
			Hint:    "set it like http://127.0.0.1:8080 in config.yaml"}
	}
	return wvindex.Open(u.Host, w.GRPC, weaviateTimeout)
}

// weaviateDown is the error of a server that did not do what was asked.
func weaviateDown(w config.Weaviate, what string, err error) *proto.Error {
	return &proto.Error{Code: proto.CodeEngineUnavailable,
		Message: fmt.Sprintf("weaviate at %s: %s: %s", w.URL, what, wvindex.Explain(err)),
		Hint:    "start the server (`ragadmin health` checks it), or set retrieval.engine: embedded in config.yaml"}
}

// fillWeaviate makes the server's active collection the index version r
// holds, unless it already is. A server that holds the chunks of another
// version keeps answering with them until the new collection is whole:
// killing ragadmin or the server midway leaves a collection the next
// fill removes, and the old one active.
func (s *Service) fillWeaviate(ctx context.Context, cid string, ch engineChoice, r *index.Reader, cat *catalog.Catalog, rep Replier) error {
	w := ch.weaviate
	st, err := openWeaviate(w)
	if err != nil {
		return err
	}
	if _, err := st.Version(ctx); err != nil {
		return weaviateDown(w, "not ready", err)
	}
	version := r.Manifest.Version
	active, err := st.Active(ctx)
	if err != nil {
		return weaviateDown(w, "reading the active collection", err)
	}
	emb, why := s.embedder(ctx, ch)
	model := ""
	var embed wvindex.Embedder
	if emb != nil {
		model, embed = emb.Model(), emb.Embed
	}
	class := wvindex.Class(version, model)
	if active == class {
		return nil
	}
	rep.Progress(proto.Progress{Stage: "filling weaviate", Message: why})
	// collections of fills that did not finish
	removed, err := st.RemoveInactive(ctx)
	if err != nil {
		return weaviateDown(w, "removing an unfinished collection", err)
	}
	for _, c := range removed {
		s.Log.Log(cid, "Backend.reindex", "weaviate: removed an unfinished collection", "collection", c)
	}
	b, err := st.Begin(ctx, version, model, embed)
	if err != nil {
		return weaviateDown(w, "creating the collection", err)
	}
	langs := map[string]string{}
	for _, src := range cat.Sources {
		langs[src.Alias] = src.Language
	}
	start := time.Now()
	sent, err := b.Fill(ctx, r, langs, func(done, total int) {
		rep.Progress(proto.Progress{Stage: "filling weaviate", Done: done, Total: total})
	}, func(id int, err error) {
		s.Log.Log(cid, "Backend.reindex", "weaviate: skipped a document", "label", r.Meta(id).Label, "err", err)
	})
	if err == nil {
		err = b.Activate(ctx)
	}
	if err != nil {
		// best effort: the next fill removes what is left
		b.Abort(context.WithoutCancel(ctx))
		return weaviateDown(w, "the index was built but not sent, and the server keeps answering from what it held", err)
	}
	s.Log.Log(cid, "Backend.reindex", "weaviate: filled", "collection", class, "objects", sent, "took", time.Since(start))
	rec := wvindex.Record{URL: w.URL, Collection: class, Objects: sent, Embed: model}
	if err := rec.Write(filepath.Join(s.Paths.IndexDir, wvindex.RecordFile)); err != nil {
		s.Log.Log(cid, "Backend.reindex", "weaviate: record not written", "err", err)
	}
	// the engine searches as the record says (BM25 or hybrid): the next
	// question makes it again, also when the index version is the same
	s.mu.Lock()
	if s.active != nil {
		s.active.engine = nil
	}
	s.mu.Unlock()
	return nil
}

// fallback retrieves with Weaviate, and from the embedded index when the
// server does not answer: a reindex builds that index whichever engine
// retrieves, so a question is answered while the server is down, and the
// answer says where it came from.
type fallback struct {
	primary, backup answer.Retriever
	w               config.Weaviate
}

func (f *fallback) Retrieve(ctx context.Context, question string) (*answer.Retrieval, error) {
	ret, err := f.primary.Retrieve(ctx, question)
	if err == nil || ctx.Err() != nil {
		return ret, err
	}
	ret, berr := f.backup.Retrieve(ctx, question)
	if berr != nil {
		return nil, berr
	}
	ret.Fallback = fmt.Sprintf("Weaviate at %s did not answer (%s), so this answer comes from the embedded index.", f.w.URL, wvindex.Explain(err))
	return ret, nil
}

// embedder is the Ollama embedding model a fill gives every chunk's
// vector with, nil when none is configured (generation.engine
// extractive, or no embed_model) or Ollama does not have it; and what to
// tell the user of it.
func (s *Service) embedder(ctx context.Context, ch engineChoice) (*embed.Embedder, string) {
	o := ch.ollama
	if ch.generation == "extractive" || o.EmbedModel == "" {
		return nil, "no embedding model is configured: BM25 alone"
	}
	client, err := embed.NewClient(o.URL)
	if err == nil {
		pctx, cancel := context.WithTimeout(ctx, probeWithin)
		err = generate.Probe(pctx, client, o.EmbedModel)
		cancel()
	}
	if err != nil {
		return nil, fmt.Sprintf("no vectors, BM25 alone: %v", err)
	}
	return embed.New(client, o.EmbedModel), "with the vectors of " + o.EmbedModel + " at " + o.URL
}

// record is what the last fill sent, if it sent it to w.
func (s *Service) record(w config.Weaviate) (wvindex.Record, bool) {
	return wvindex.ReadRecord(filepath.Join(s.Paths.IndexDir, wvindex.RecordFile), w.URL)
}
