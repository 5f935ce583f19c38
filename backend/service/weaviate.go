package service

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/engines"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/wvindex"
)

// weaviateDown is the error of a server that did not do what was asked.
func weaviateDown(w config.Weaviate, what string, err error) *proto.Error {
	return &proto.Error{Code: proto.CodeEngineUnavailable,
		Message: fmt.Sprintf("weaviate at %s: %s: %s", w.URL, what, wvindex.Explain(err)),
		Hint:    "start the server (`ragadmin health` checks it), or set retrieval.engine: embedded in config.yaml"}
}

// fillWeaviate makes the server's active collection the index version r
// holds, unless it already is. A server that holds the chunks of another
// version keeps answering with them until the new collection answers as
// it will (wvindex's Activate waits for that, and fails after a while):
// killing ragadmin or the server midway leaves a collection the next
// fill removes, and the old one active.
func (s *Service) fillWeaviate(ctx context.Context, cid string, ch engines.Choice, r *index.Reader, cat *catalog.Catalog, rep Replier) error {
	w := ch.Retrieval.Weaviate
	st, err := engines.OpenWeaviate(w)
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
	emb, why := engines.Embedder(ctx, ch)
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
		s.Log.Log(cid, "Service.fillWeaviate", "weaviate: removed an unfinished collection", "collection", c)
	}
	b, err := st.Begin(ctx, version, model, embed)
	if err != nil {
		return weaviateDown(w, "creating the collection", err)
	}
	b.Waiting = func(why string) {
		rep.Progress(proto.Progress{Stage: "waiting for weaviate", Message: why})
		s.Log.Log(cid, "Service.fillWeaviate", "weaviate: waiting for the new collection", "collection", class, "why", why)
	}
	langs := map[string]string{}
	for _, src := range cat.Sources {
		langs[src.Alias] = src.Language
	}
	start := time.Now()
	sent, err := b.Fill(ctx, r, langs, func(done, total int) {
		rep.Progress(proto.Progress{Stage: "filling weaviate", Done: done, Total: total})
	}, func(id int, err error) {
		s.Log.Log(cid, "Service.fillWeaviate", "weaviate: skipped a document", "label", r.Meta(id).Label, "err", err)
	})
	filled := time.Now()
	what := "the index was built but not sent, and the server keeps answering from what it held"
	if err == nil {
		// Activate waits until the new collection answers as it will
		err = b.Activate(ctx)
		if errors.Is(err, wvindex.ErrNotReady) {
			what = "the index was sent, but the server keeps answering from what it held"
		}
	}
	if err != nil {
		// best effort: the next fill removes what is left
		b.Abort(context.WithoutCancel(ctx))
		return weaviateDown(w, what, err)
	}
	s.Log.Log(cid, "Service.fillWeaviate", "weaviate: filled", "collection", class, "objects", sent,
		"took", time.Since(start), "waited", time.Since(filled))
	rec := wvindex.Record{URL: w.URL, Collection: class, Objects: sent, Embed: model}
	if err := rec.Write(filepath.Join(s.Paths.IndexDir, wvindex.RecordFile)); err != nil {
		s.Log.Log(cid, "Service.fillWeaviate", "weaviate: record not written", "err", err)
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
