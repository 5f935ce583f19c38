package service

import (
	"context"
	"fmt"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/freshness"
	"github.com/ragman-dev/ragman/backend/proto"
)

// Watched are the sources the background refresh watches: those the
// active index was built from and indexed, while the catalog is as it
// was built from. A catalog edited since (a source added, removed or
// moved) is the user's to reindex: the refresh picks up pages, not
// decisions.
func (s *Service) Watched() ([]catalog.Source, error) {
	cat, err := catalog.Load(s.Paths.Catalog)
	if err != nil {
		return nil, err
	}
	v, err := s.current()
	if err != nil {
		return nil, err
	}
	m := v.lib.Reader().Manifest // its own memory, not the mapping's
	v.release()
	if m.Catalog != cat.Fingerprint() {
		return nil, nil
	}
	var out []catalog.Source
	for _, src := range cat.Sources {
		if src.Status == catalog.StatusActive {
			out = append(out, src)
		}
	}
	return out, nil
}

// Refresh brings the index up to date with the pages of its sources, as
// `ragadmin reindex` would, when the catalog is as the active index was
// built from. It returns freshness.ErrBusy while another reindex runs.
// A refresh that rebuilt, or failed, is audited and recorded for health;
// one that found nothing changed leaves no trace but the log.
func (s *Service) Refresh(ctx context.Context, why string) error {
	if srcs, err := s.Watched(); err != nil || len(srcs) == 0 {
		return nil // nothing built yet, or nothing to watch
	}
	if !s.build.TryLock() {
		return freshness.ErrBusy
	}
	s.refreshing.Store(true)
	defer func() {
		s.refreshing.Store(false)
		s.build.Unlock()
	}()
	cid := fmt.Sprintf("refresh-%d", time.Now().UnixNano())
	start := time.Now()
	res, err := s.reindexAs(ctx, cid, "refresh", proto.ReindexParams{}, discard{})
	if err == nil && res.Status == UpToDate {
		s.Log.Log(cid, "Service.Refresh", "up to date", "why", why, "took", time.Since(start))
		return nil
	}
	rec := freshness.Record{At: start.UTC(), Why: why, Status: freshness.Refreshed, Version: res.Version,
		Changed: res.Changed, Seconds: time.Since(start).Seconds()}
	if err != nil {
		rec.Status, rec.Error = freshness.Failed, err.Error()
	}
	if werr := rec.Write(s.Paths.Refresh); werr != nil {
		s.Log.Log(cid, "Service.Refresh", "record not written", "err", werr)
	}
	s.Log.Log(cid, "Service.Refresh", rec.Status, "why", why, "version", rec.Version, "changed", fmt.Sprint(rec.Changed), "took", time.Since(start))
	return err
}

// discard is the replier of a refresh, which no client waits for.
type discard struct{}

func (discard) Progress(proto.Progress) error { return nil }
func (discard) Result(any) error              { return nil }
func (discard) Error(*proto.Error) error      { return nil }
