package service

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/engines"
	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/ingest"
	"github.com/ragman-dev/ragman/backend/priors"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/internal/envvar"
)

// Reindex outcomes, and the result: the wire's types.
const (
	Rebuilt  = proto.Rebuilt
	UpToDate = proto.UpToDate
)

type ReindexResult = proto.ReindexResult

// reindex brings the index up to date with the catalog. It recovers from
// interrupted builds first, then measures every source (a cheap checksum
// of file names, sizes and times). When nothing changed and the active
// version was built from this catalog, it stops there: the index is up to
// date. Otherwise it builds a new version from all sources, activates it
// and records in the catalog what it did: checksums, sizes, statuses,
// quarantines. The manifest of the active version is the truth of what
// the index holds; catalog.json is what the user wants it to hold.
func (s *Service) reindex(ctx context.Context, cid string, p proto.ReindexParams, r Replier) error {
	if !s.build.TryLock() {
		if !s.refreshing.Load() {
			err := s.busy()
			s.auditReindex(cid, "reindex", p, &ReindexResult{}, nil, err)
			return err
		}
		// the backend's own refresh is no one else's reindex: wait
		r.Progress(proto.Progress{Stage: "waiting for the background refresh to finish"})
		if err := s.waitBuild(ctx, r); err != nil {
			return err
		}
	}
	defer s.build.Unlock()
	_, err := s.reindexAs(ctx, cid, "reindex", p, r)
	return err
}

// reindexAs reindexes under the build lock the caller holds, and audits
// it as action.
func (s *Service) reindexAs(ctx context.Context, cid, action string, p proto.ReindexParams, r Replier) (*ReindexResult, error) {
	start := time.Now()
	res := &ReindexResult{Changed: []string{}, Quarantined: []string{}, Recovered: []string{}}
	s.running.start(action)
	quarantined, err := s.reindexLocked(ctx, cid, p, r, res)
	s.running.done(err == nil && res.Status != UpToDate)
	var pe *proto.Error
	if errors.Is(err, fs.ErrPermission) && !errors.As(err, &pe) {
		// the lock, the recovery or the build could not write
		err = &proto.Error{Code: proto.CodeInternal, Message: err.Error() + "; the active index, if any, is unchanged",
			Hint: "make " + s.Paths.DataDir + " and what it holds writable by this user (ls -ld shows owner and mode), or point XDG_DATA_HOME somewhere that is"}
	}
	res.Seconds = time.Since(start).Seconds()
	s.auditReindex(cid, action, p, res, quarantined, err)
	if err != nil {
		return res, err
	}
	return res, r.Result(res)
}

// waitBuild waits for the build lock until ctx ends or the build it
// waits for stalls. It says how long it has waited now and then: the
// client takes a backend that sends nothing for long for a hung one.
func (s *Service) waitBuild(ctx context.Context, r Replier) error {
	beat := min(10*time.Second, envvar.Duration(envvar.TestStall, time.Minute)/4)
	start, said := time.Now(), time.Now()
	for !s.build.TryLock() {
		if b := s.Building(); b.Stalled() {
			return b.error()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Since(said) >= beat {
			said = time.Now()
			r.Progress(proto.Progress{Stage: "waiting for the background refresh to finish",
				Message: "waited " + time.Since(start).Round(time.Second).String()})
		}
	}
	return nil
}

// reindexLocked takes the reindex lock between processes, recovers and
// rebuilds.
func (s *Service) reindexLocked(ctx context.Context, cid string, p proto.ReindexParams, r Replier, res *ReindexResult) ([]index.SourceState, error) {
	lock, err := lockBuild(s.Paths.IndexDir)
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	// logged as each leftover goes, not after: a crash in between would
	// leave a leftover gone without a word in the log
	recovered, err := index.Recover(s.Paths.IndexDir, func(name string) {
		s.Log.Log(cid, "Service.reindexLocked", "recovered", "removed", name, "reason", "left by an interrupted build")
	})
	for _, name := range recovered {
		r.Progress(proto.Progress{Stage: "recovered", Message: "removed " + name + ", left by an interrupted build"})
		res.Recovered = append(res.Recovered, name)
	}
	if err != nil {
		return nil, err
	}
	return s.rebuild(ctx, cid, p, r, res)
}

// busy is busy(), but once the build this backend runs has stalled,
// waiting for it is pointless, and the error says so.
func (s *Service) busy() *proto.Error {
	if b := s.Building(); b.Stalled() {
		return b.error()
	}
	return busy()
}

// busy is the error of a reindex asked for while another runs.
func busy() *proto.Error {
	return &proto.Error{Code: proto.CodeBusy, Message: "another reindex is running",
		Hint: "wait for it to finish; queries are answered from the active index meanwhile"}
}

// rebuild does the work of reindex and returns the sources it newly
// quarantined.
func (s *Service) rebuild(ctx context.Context, cid string, p proto.ReindexParams, r Replier, res *ReindexResult) ([]index.SourceState, error) {
	cat, err := catalog.Load(s.Paths.Catalog)
	if errors.Is(err, catalog.ErrNoCatalog) {
		return nil, &proto.Error{Code: proto.CodeSourceInvalid, Message: "ragman is not set up: there is no catalog of sources", Hint: "run `ragadmin init`"}
	}
	if err != nil {
		return nil, &proto.Error{Code: proto.CodeSourceInvalid, Message: err.Error(), Hint: catalog.CorruptHint}
	}
	targets := map[string]bool{}
	for _, a := range p.Aliases {
		if cat.Find(a) == nil {
			return nil, &proto.Error{Code: proto.CodeNotFound, Message: fmt.Sprintf("no source %q in the catalog", a),
				Hint: "`ragadmin sources list` shows the aliases"}
		}
		targets[a] = true
	}
	all := len(targets) == 0

	var active *index.Manifest
	activeDir := ""
	if v, err := s.current(); err == nil {
		m := v.lib.Reader().Manifest
		v.release()
		active = &m
		activeDir, _ = index.ActiveDir(s.Paths.IndexDir)
	}

	r.Progress(proto.Progress{Stage: "checking sources"})
	snap := cat.Clone()
	unchanged := true
	for i := range snap.Sources {
		src := &snap.Sources[i]
		orig := cat.Sources[i]
		var was *index.SourceState
		if active != nil {
			was = active.Source(src.Alias)
		}
		target := all || targets[src.Alias]
		content, err := catalog.Measure(*src)
		if err != nil {
			// Missing or unreadable: quarantined. Still so since the
			// active build is no change.
			if target && !(orig.Status == catalog.StatusError && was != nil && was.Status == catalog.StatusError) {
				unchanged = false
			}
			src.Status, src.Reason = catalog.StatusError, err.Error()
			src.Checksum, src.Size = "", 0
			continue
		}
		if src.Status == catalog.StatusError {
			// Quarantined before and readable now: try it again.
			src.Status, src.Reason = catalog.StatusPending, ""
		}
		src.Checksum, src.Size = content.Checksum, content.Size
		if content.Checksum != orig.Checksum {
			res.Changed = append(res.Changed, src.Alias)
		}
		if target && (content.Checksum != orig.Checksum || was == nil || was.Checksum != content.Checksum) {
			unchanged = false
		}
	}
	if !p.Force && active != nil && active.Catalog == cat.Fingerprint() && active.Readers == index.ReadersVersion && unchanged {
		s.Log.Log(cid, "Service.rebuild", "up to date", "version", active.Version)
		res.Status, res.Version = UpToDate, active.Version
		res.Documents, res.Chunks, res.Sources = active.Documents, active.Chunks, reports(active.Sources)
		res.Changed = []string{}
		for _, st := range active.Sources {
			if st.Status == catalog.StatusError {
				res.Quarantined = append(res.Quarantined, st.Alias)
			}
		}
		return nil, s.fillEngine(ctx, cid, cat, r)
	}

	need := estimate(snap, active, activeDir)
	if space, err := health.DiskSpace(s.Paths.IndexDir); err == nil && space.Free < need {
		return nil, diskFull(space, need, nil)
	}

	var folders []string
	for _, src := range snap.Sources {
		folders = append(folders, filepath.Clean(src.Location)+"/")
	}
	machine := priors.Load(os.Getenv("PATH"), "/var/lib/dpkg", folders...)
	m, err := ingest.Build(ctx, s.Paths.IndexDir, snap, ingest.Options{
		Machine: machine, Log: s.Log, CID: cid,
		Progress: func(pr proto.Progress) { r.Progress(pr) },
	})
	if errors.Is(err, syscall.ENOSPC) {
		space, _ := health.DiskSpace(s.Paths.IndexDir)
		return nil, diskFull(space, need, err)
	}
	if err != nil {
		return nil, err
	}
	res.Status, res.Version = Rebuilt, m.Version
	res.Documents, res.Chunks, res.Sources = m.Documents, m.Chunks, reports(m.Sources)

	// Record what the build did, under the catalog's lock. A source
	// someone edited while the build ran keeps the edit (and the index is
	// stale until the next reindex).
	var quarantined []index.SourceState
	orig := map[string]catalog.Source{}
	for _, src := range cat.Sources {
		orig[src.Alias] = src
	}
	err = catalog.Edit(s.Paths.Catalog, func(c *catalog.Catalog) error {
		for _, st := range m.Sources {
			cur := c.Find(st.Alias)
			o, ok := orig[st.Alias]
			if cur == nil || !ok || !sameSource(*cur, o) {
				continue
			}
			if st.Status == catalog.StatusActive && (cur.Checksum != st.Checksum || cur.Status != catalog.StatusActive) {
				cur.UpdatedAt = m.BuiltAt
			}
			if st.Status == catalog.StatusError && cur.Status != catalog.StatusError {
				quarantined = append(quarantined, st)
			}
			cur.Status, cur.Reason, cur.Checksum, cur.Size = st.Status, st.Reason, st.Checksum, st.Size
		}
		return nil
	})
	if err != nil {
		return quarantined, fmt.Errorf("version %s is built and active, but the catalog could not be updated: %w", m.Version, err)
	}
	for _, st := range m.Sources {
		if st.Status == catalog.StatusError {
			res.Quarantined = append(res.Quarantined, st.Alias)
		}
	}
	v, err := s.current() // switches to the new version
	if err != nil {
		return quarantined, err
	}
	v.release()
	if err := s.fillEngine(ctx, cid, cat, r); err != nil {
		return quarantined, err
	}
	// an engine config.yaml selects but this backend cannot make is the
	// question's error, not the build's
	s.warm()
	return quarantined, nil
}

// fillEngine sends the active version to the Weaviate server when
// config.yaml retrieves with it. A config.yaml that cannot be read is the
// question's error, not the build's.
func (s *Service) fillEngine(ctx context.Context, cid string, cat *catalog.Catalog, r Replier) error {
	ch, err := s.engineChoice()
	if err != nil || ch.Retrieval.Engine != engines.Weaviate {
		return nil
	}
	v, err := s.current()
	if err != nil {
		return err
	}
	defer v.release()
	return s.fillWeaviate(ctx, cid, ch, v.lib.Reader(), cat, r)
}

// reports is what the manifest says of each source, as the reply
// carries it.
func reports(states []index.SourceState) []proto.SourceReport {
	if states == nil {
		return nil
	}
	out := make([]proto.SourceReport, len(states))
	for i, st := range states {
		out[i] = proto.SourceReport(st)
	}
	return out
}

// sameSource reports whether a catalog entry is as the build found it.
func sameSource(a, b catalog.Source) bool {
	return a.Alias == b.Alias && a.Type == b.Type && a.Location == b.Location && a.Language == b.Language &&
		a.Status == b.Status && a.Checksum == b.Checksum && a.Notes == b.Notes
}

// estimate is the disk space a build of snap needs: the size of the active
// version scaled by how much the sources grew since it was built, or,
// without a previous build, the size of the sources (an index takes
// between 0.7 and 2.5 times the compressed pages; about 3 times a ZIM
// archive of text, much less one of images), plus a margin.
func estimate(snap *catalog.Catalog, active *index.Manifest, activeDir string) uint64 {
	var now, then int64
	for _, src := range snap.Sources {
		if src.Status != catalog.StatusError {
			now += src.Size
		}
	}
	need := now
	if active != nil && activeDir != "" {
		for _, st := range active.Sources {
			if st.Status != catalog.StatusError {
				then += st.Size
			}
		}
		if size := index.Size(activeDir); then > 0 && size > 0 {
			need = int64(float64(size) * float64(now) / float64(then))
		}
	}
	return uint64(need+need/10) + 1<<20
}

// diskFull is the actionable error of a build that does not fit.
func diskFull(space health.Space, need uint64, cause error) *proto.Error {
	msg := fmt.Sprintf("not enough disk space in %s: need about %s, free %s", space.Path, health.MB(need), health.MB(space.Free))
	if cause != nil {
		msg = fmt.Sprintf("not enough disk space in %s: the build ran out of space and was abandoned (%v); need about %s, free %s",
			space.Path, cause, health.MB(need), health.MB(space.Free))
	}
	return &proto.Error{Code: proto.CodeDiskFull, Message: msg + "; the previous index is still active",
		Hint: "free space on that file system, or move $XDG_DATA_HOME/ragcli to a larger one, then run `ragadmin reindex` again"}
}

// auditReindex appends the reindex to the audit log: one line for the
// reindex, and one per source it quarantined.
func (s *Service) auditReindex(cid, action string, p proto.ReindexParams, res *ReindexResult, quarantined []index.SourceState, err error) {
	target := "all sources"
	if len(p.Aliases) > 0 {
		target = strings.Join(p.Aliases, ",")
	}
	e := catalog.AuditEntry{Action: action, Target: target, Status: "ok", TraceID: cid}
	var parts []string
	if len(res.Recovered) > 0 {
		parts = append(parts, "recovered from an interrupted build: removed "+strings.Join(res.Recovered, ", "))
	}
	switch {
	case err != nil:
		e.Status = "error"
		e.ErrorCode = proto.CodeInternal
		var pe *proto.Error
		if errors.As(err, &pe) {
			e.ErrorCode = pe.Code
		}
		parts = append(parts, err.Error())
	case res.Status == UpToDate:
		parts = append(parts, "up to date, nothing rebuilt (version "+res.Version+")")
	default:
		msg := fmt.Sprintf("built version %s: %d documents", res.Version, res.Documents)
		if p.Force {
			msg += " (forced)"
		}
		if len(res.Changed) > 0 {
			sort.Strings(res.Changed)
			msg += "; changed: " + strings.Join(res.Changed, ", ")
		}
		if len(res.Quarantined) > 0 {
			msg += "; quarantined: " + strings.Join(res.Quarantined, ", ")
		}
		parts = append(parts, msg)
	}
	e.Message = strings.Join(parts, "; ")
	if aerr := catalog.Audit(s.Paths.AuditLog, e); aerr != nil {
		s.Log.Log(cid, "Service.auditReindex", "audit failed", "err", aerr)
	}
	for _, st := range quarantined {
		catalog.Audit(s.Paths.AuditLog, catalog.AuditEntry{Action: action, Target: st.Alias, Status: "error", TraceID: cid,
			ErrorCode: proto.CodeSourceInvalid, Message: "quarantined: " + st.Reason})
	}
}
