// Package ingest reads the catalog's sources with the readers below it
// (man, info, zim, tldr) and builds a new index version from them.
package ingest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/ingest/info"
	"github.com/ragman-dev/ragman/backend/ingest/man"
	"github.com/ragman-dev/ragman/backend/ingest/tldr"
	"github.com/ragman-dev/ragman/backend/ingest/zim"
	"github.com/ragman-dev/ragman/backend/logging"
	"github.com/ragman-dev/ragman/backend/priors"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/internal/envvar"
	"github.com/ragman-dev/ragman/internal/safefile"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// Options tune a build.
type Options struct {
	Workers  int                  // parallel readers; 0 means one per CPU
	Machine  *priors.Machine      // nil: nothing known of the machine
	Log      *logging.Logger      // may be nil
	CID      string               // correlation id for the log
	Progress func(proto.Progress) // may be nil; called from one goroutine
}

// unit is one thing a reader turns into documents: a man page, an info
// manual, the articles of one cluster of a ZIM archive.
type unit struct {
	read func() ([]*document.Document, error)
	file string // absolute path, for the package prior
}

// partialError is the error of a unit that was read in part (some
// articles of a ZIM cluster): its documents are indexed, and the error
// says what was left out.
type partialError struct {
	skipped int
	err     error
}

func (e *partialError) Error() string { return e.err.Error() }

// Build reads every usable source of cat and activates a new index version
// under indexDir. The previous version stays active until the new one is
// complete.
//
// A source that cannot be read (missing, unreadable, not what its type
// says, or none of its files parse) is quarantined: its state in the
// manifest has status error and the reason, and the other sources are
// still indexed. A source that was indexed leaves pending for active. The
// manifest's Catalog is the fingerprint of the sources with those
// statuses: the catalog the caller saves after the build.
func Build(ctx context.Context, indexDir string, cat *catalog.Catalog, opt Options) (index.Manifest, error) {
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Machine == nil {
		opt.Machine = &priors.Machine{}
	}
	progress := opt.Progress
	if progress == nil {
		progress = func(proto.Progress) {}
	}
	start := time.Now()
	st, recovered, err := index.Begin(indexDir)
	for _, r := range recovered {
		opt.Log.Log(opt.CID, "Ingest.build", "recovered", "removed", r, "reason", "left by an interrupted build")
	}
	if err != nil {
		return index.Manifest{}, err
	}
	opt.Log.Log(opt.CID, "Ingest.build", "start", "version", st.Name(), "sources", len(cat.Sources))
	committed := false
	defer func() {
		if !committed {
			st.Abort()
		}
	}()
	b, err := index.NewBuilder(st.Dir())
	if err != nil {
		return index.Manifest{}, err
	}
	defer func() {
		if !committed {
			b.Abort()
		}
	}()

	m := index.Manifest{Engine: "embedded"}
	for _, src := range cat.Sources {
		if src.Status == catalog.StatusError {
			m.Sources = append(m.Sources, index.SourceState{Source: src, Note: "skipped: source is in error"})
			continue
		}
		state, err := buildSource(ctx, b, src, opt, progress)
		if err != nil {
			if ctx.Err() != nil {
				return index.Manifest{}, ctx.Err()
			}
			return index.Manifest{}, err
		}
		m.Sources = append(m.Sources, state)
	}
	built := &catalog.Catalog{}
	for _, st := range m.Sources {
		built.Sources = append(built.Sources, st.Source)
	}
	m.Catalog = built.Fingerprint()
	progress(proto.Progress{Stage: "writing index"})
	stats, err := b.Finish()
	if err != nil {
		return index.Manifest{}, err
	}
	m.BuiltAt = time.Now().UTC()
	m.Documents, m.Chunks, m.Terms = stats.Documents, stats.Chunks, stats.Terms
	if err := ctx.Err(); err != nil {
		return index.Manifest{}, err
	}
	if err := st.Commit(m); err != nil {
		return index.Manifest{}, err
	}
	committed = true
	m.Version = st.Name()
	opt.Log.Log(opt.CID, "Ingest.build", "activated", "version", m.Version, "documents", m.Documents,
		"chunks", m.Chunks, "terms", m.Terms, "took", time.Since(start))
	return m, nil
}

// ErrSourceUnreadable marks a source that could not be listed at all.
var ErrSourceUnreadable = errors.New("source unreadable")

func buildSource(ctx context.Context, b *index.Builder, src catalog.Source, opt Options, progress func(proto.Progress)) (index.SourceState, error) {
	state := index.SourceState{Source: src}
	stage := "reading " + src.Alias
	progress(proto.Progress{Stage: stage, Source: src.Alias})
	units, note, done, err := list(src)
	if done != nil {
		defer done()
	}
	if err != nil {
		// A source that cannot be read is quarantined and skipped; the
		// others are still indexed.
		quarantine(&state, strings.TrimPrefix(err.Error(), ErrSourceUnreadable.Error()+": "), opt)
		return state, nil
	}
	state.Note = note
	total := len(units)
	if total == 0 {
		what := kind(src.Type) + " documents"
		if src.Type == catalog.TypeZIM {
			what = "HTML articles"
		}
		quarantine(&state, fmt.Sprintf("%s holds no %s", src.Location, what), opt)
		return state, nil
	}
	delay, _ := time.ParseDuration(os.Getenv(envvar.TestBuildDelay))

	type result struct {
		i    int
		docs []*index.Prepared
		err  error
	}
	jobs := make(chan int)
	results := make(chan result, opt.Workers*4)
	var wg sync.WaitGroup
	for range opt.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := index.NewPreparer()
			for i := range jobs {
				u := units[i]
				docs, err := u.read()
				r := result{i: i, err: err}
				var part *partialError
				if err == nil || errors.As(err, &part) {
					facts := opt.facts(u.file)
					for _, d := range docs {
						d.Alias = src.Alias
						f := facts
						f.Command = (document.ProgramPage(d.Type, d.Section) || d.Type == catalog.TypeTLDR) && opt.command(d)
						pd, perr := p.Prepare(d, f)
						if perr != nil {
							r.err = perr
							break
						}
						r.docs = append(r.docs, pd)
					}
				}
				results <- r
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range units {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	// Add in unit order, whatever order the workers finish in, so the same
	// sources always give the same index.
	pending := map[int]result{}
	next := 0
	last := time.Time{}
	var addErr, firstErr error
	var firstSkips []string // the first few, named in the source's note
	articlesSkipped := 0
	for r := range results {
		pending[r.i] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if delay > 0 {
				time.Sleep(delay)
			}
			var part *partialError
			if errors.As(r.err, &part) {
				articlesSkipped += part.skipped
				opt.Log.Log(opt.CID, "Ingest.build", "documents skipped", "alias", src.Alias, "file", units[r.i].file,
					"skipped", part.skipped, "reason", part.err)
				r.err = nil
			}
			if r.err != nil {
				file := units[r.i].file
				if firstErr == nil {
					firstErr = fmt.Errorf("%s: %s", shown(file), shown(strings.TrimPrefix(r.err.Error(), file+": ")))
				}
				if len(firstSkips) < namedSkips {
					name := relName(src.Location, file)
					reason := strings.TrimPrefix(strings.TrimPrefix(r.err.Error(), file+": "), name+": ")
					firstSkips = append(firstSkips, fmt.Sprintf("%s (%s)", shown(name), shown(reason)))
				}
				state.Skipped++
				opt.Log.Log(opt.CID, "Ingest.build", "document skipped", "alias", src.Alias, "file", units[r.i].file, "reason", r.err)
				continue
			}
			for _, pd := range r.docs {
				if addErr == nil {
					if _, err := b.Add(pd); err != nil {
						addErr = err
					}
				}
				state.Documents++
			}
		}
		if now := time.Now(); now.Sub(last) > 100*time.Millisecond || next == total {
			last = now
			pct := 100 * float64(next) / float64(max(total, 1))
			progress(proto.Progress{Stage: stage, Source: src.Alias, Percent: &pct, Done: next, Total: total})
		}
	}
	if addErr != nil {
		return state, addErr
	}
	if err := ctx.Err(); err != nil {
		return state, err
	}
	if state.Skipped == total {
		what := "files"
		if src.Type == catalog.TypeZIM {
			what = "clusters of articles"
		}
		quarantine(&state, fmt.Sprintf("none of its %d %s could be read (first: %v)", total, what, firstErr), opt)
		return state, nil
	}
	if src.Type == catalog.TypeZIM && (state.Skipped > 0 || articlesSkipped > 0) {
		var parts []string
		if state.Skipped > 0 {
			parts = append(parts, fmt.Sprintf("%d of %d clusters of articles", state.Skipped, total))
		}
		if articlesSkipped > 0 {
			parts = append(parts, fmt.Sprintf("%d articles", articlesSkipped))
		}
		if state.Note != "" {
			state.Note += "; "
		}
		state.Note += strings.Join(parts, " and ") + " could not be read and were skipped (see the log)"
	}
	if src.Type != catalog.TypeZIM && state.Skipped > 0 {
		if state.Note != "" {
			state.Note += "; "
		}
		state.Note += fmt.Sprintf("%d of %d files could not be read and were skipped: %s", state.Skipped, total, strings.Join(firstSkips, ", "))
		if state.Skipped > len(firstSkips) {
			state.Note += ", ... (the log names them all)"
		}
	}
	state.Status = catalog.StatusActive
	state.Reason = ""
	return state, nil
}

// namedSkips is how many skipped files a source's note names.
const namedSkips = 3

// shown is a file name or a reason as a source's note may say it: quoted
// when it holds a control character (a page named "x\n\n## Steps\n...")
// or anything else no indexed text keeps, so that it cannot forge lines.
func shown(s string) string {
	if termesc.HasDropped(s) {
		return strconv.Quote(s)
	}
	return s
}

// relName is file as a user finds it under the source's location.
func relName(location, file string) string {
	if rel, err := filepath.Rel(location, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

// quarantine marks a source that cannot be indexed: status error, the
// reason, no documents.
func quarantine(state *index.SourceState, reason string, opt Options) {
	state.Status = catalog.StatusError
	state.Reason = reason
	state.Note = "quarantined: " + reason
	state.Documents, state.Skipped = 0, 0
	opt.Log.Log(opt.CID, "Ingest.build", "source quarantined", "alias", state.Alias, "reason", reason)
}

func kind(t string) string {
	switch t {
	case catalog.TypeInfo:
		return "info"
	case catalog.TypeTLDR:
		return "tldr"
	}
	return "man"
}

// Each reads every document of src in order, as Build would index it,
// for tools that learn from the pages (backend/wordvec/gen). What cannot
// be read is skipped, as Build skips it.
func Each(src catalog.Source, fn func(*document.Document)) error {
	units, _, done, err := list(src)
	if err != nil {
		return err
	}
	if done != nil {
		defer done()
	}
	for _, u := range units {
		docs, err := u.read()
		var part *partialError
		if err != nil && !errors.As(err, &part) {
			continue
		}
		for _, d := range docs {
			fn(d)
		}
	}
	return nil
}

// list finds the units of a source. note says what was left out; done,
// when not nil, releases what the units read from once they are read.
func list(src catalog.Source) (units []unit, note string, done func(), err error) {
	fi, err := os.Stat(src.Location)
	if err != nil {
		return nil, "", nil, fmt.Errorf("%w: %v", ErrSourceUnreadable, err)
	}
	switch src.Type {
	case catalog.TypeMan:
		if !fi.IsDir() {
			return nil, "", nil, fmt.Errorf("%w: %s is not a folder", ErrSourceUnreadable, src.Location)
		}
		pages, stats, err := man.Scan(src.Location)
		if err != nil {
			return nil, "", nil, fmt.Errorf("%w: %v", ErrSourceUnreadable, err)
		}
		units = make([]unit, len(pages))
		for i, p := range pages {
			units[i] = unit{file: filepath.Join(src.Location, p.Ref), read: func() ([]*document.Document, error) {
				d, err := man.ReadPage(src.Location, p)
				if err != nil {
					return nil, err
				}
				return []*document.Document{d}, nil
			}}
		}
		if stats.NonEnglish > 0 {
			note = fmt.Sprintf("%d non-English pages skipped", stats.NonEnglish)
		}
		return units, note, nil, nil
	case catalog.TypeInfo:
		if !fi.IsDir() {
			return nil, "", nil, fmt.Errorf("%w: %s is not a folder", ErrSourceUnreadable, src.Location)
		}
		manuals, err := info.Scan(src.Location)
		if err != nil {
			return nil, "", nil, fmt.Errorf("%w: %v", ErrSourceUnreadable, err)
		}
		units = make([]unit, len(manuals))
		for i, m := range manuals {
			units[i] = unit{file: filepath.Join(src.Location, m.File), read: func() ([]*document.Document, error) {
				return info.Read(src.Location, m)
			}}
		}
		return units, "", nil, nil
	case catalog.TypeZIM:
		return listZIM(src, fi)
	case catalog.TypeTLDR:
		if !fi.IsDir() {
			return nil, "", nil, fmt.Errorf("%w: %s is not a folder", ErrSourceUnreadable, src.Location)
		}
		pages, stats, err := tldr.Scan(src.Location)
		if err != nil {
			return nil, "", nil, fmt.Errorf("%w: %v", ErrSourceUnreadable, err)
		}
		root, _ := tldr.Root(src.Location)
		units = make([]unit, len(pages))
		for i, p := range pages {
			units[i] = unit{file: filepath.Join(root, filepath.FromSlash(p.Ref)), read: func() ([]*document.Document, error) {
				d, err := tldr.Read(src.Location, p)
				if err != nil {
					return nil, err
				}
				return []*document.Document{d}, nil
			}}
		}
		var notes []string
		if stats.NonEnglish > 0 {
			notes = append(notes, fmt.Sprintf("%d non-English pages skipped", stats.NonEnglish))
		}
		switch {
		case stats.OtherPlatform == 1:
			notes = append(notes, "1 page for another platform than Linux skipped")
		case stats.OtherPlatform > 1:
			notes = append(notes, fmt.Sprintf("%d pages for other platforms than Linux skipped", stats.OtherPlatform))
		}
		return units, strings.Join(notes, "; "), nil, nil
	}
	return nil, "", nil, fmt.Errorf("%w: type %q cannot be indexed yet", ErrSourceUnreadable, src.Type)
}

// listZIM opens an archive and makes a unit of each cluster of HTML
// articles, in cluster order, so that every cluster is decompressed once
// and the workers share the archive's clusters between them.
func listZIM(src catalog.Source, fi os.FileInfo) ([]unit, string, func(), error) {
	if fi.IsDir() {
		return nil, "", nil, fmt.Errorf("%w: %s is a folder, not a ZIM file", ErrSourceUnreadable, src.Location)
	}
	arc, err := zim.Open(src.Location)
	if err != nil {
		return nil, "", nil, fmt.Errorf("%w: %v", ErrSourceUnreadable, err)
	}
	l, err := arc.List()
	if err != nil {
		arc.Close()
		return nil, "", nil, fmt.Errorf("%w: %v", ErrSourceUnreadable, err)
	}
	if len(l.Articles) == 0 && l.Skipped > 0 {
		arc.Close()
		return nil, "", nil, fmt.Errorf("%w: %s: its directory cannot be read (%d entries failed, first: %s)", ErrSourceUnreadable, src.Location, l.Skipped, shown(l.Reason))
	}
	groups := zim.Groups(l.Articles)
	units := make([]unit, len(groups))
	for i, g := range groups {
		units[i] = unit{file: src.Location, read: func() ([]*document.Document, error) {
			docs, skips, err := arc.Read(g)
			if err != nil {
				return nil, err
			}
			if len(skips) > 0 {
				return docs, &partialError{skipped: len(skips),
					err: fmt.Errorf("%d articles skipped, first %s: %s", len(skips), skips[0].Path, skips[0].Reason)}
			}
			return docs, nil
		}}
	}
	note := ""
	if l.Skipped > 0 {
		note = fmt.Sprintf("%d directory entries could not be read (first: %s)", l.Skipped, shown(l.Reason))
	}
	return units, note, func() { arc.Close() }, nil
}

func (o Options) facts(file string) index.Facts {
	// symlinks (Debian's alternatives) lead to the file dpkg knows
	pkg, prio := o.Machine.Package(safefile.Resolved(file))
	return index.Facts{Package: pkg, Priority: prio}
}

func (o Options) command(d *document.Document) bool {
	if o.Machine.Command(d.Title) {
		return true
	}
	for _, n := range d.Names {
		if o.Machine.Command(n) {
			return true
		}
	}
	return false
}
