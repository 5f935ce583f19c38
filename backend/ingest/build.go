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
		opt.Log.Log(opt.CID, "ingest.Build", "recovered", "removed", r, "reason", "left by an interrupted build")
	}
	if err != nil {
		return index.Manifest{}, err
	}
	opt.Log.Log(opt.CID, "ingest.Build", "start", "version", st.Name(), "sources", len(cat.Sources))
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
	opt.Log.Log(opt.CID, "ingest.Build", "activated", "version", m.Version, "documents", m.Documents,
		"chunks", m.Chunks, "terms", m.Terms, "took", time.Since(start))
	return m, nil
}

// ErrSourceUnreadable marks a source that could not be listed at all.
var ErrSourceUnreadable = errors.New("source unreadable")

// buildSource adds the documents of one source to b and says how that
// went in its state: active, with what was left out in its note, or
// quarantined when nothing of it can be read. The error is only what
// ends the whole build: b failed, or ctx is done.
func buildSource(ctx context.Context, b *index.Builder, src catalog.Source, opt Options, progress func(proto.Progress)) (index.SourceState, error) {
	state := index.SourceState{Source: src}
	progress(proto.Progress{Stage: readingStage(src), Source: src.Alias})
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
	if len(units) == 0 {
		quarantine(&state, fmt.Sprintf("%s holds no %s", src.Location, documentsOf(src.Type)), opt)
		return state, nil
	}
	sb := &sourceBuild{b: b, src: src, units: units, opt: opt, state: &state}
	if err := sb.addInOrder(prepare(ctx, units, src.Alias, opt), progress); err != nil {
		return state, err
	}
	if err := ctx.Err(); err != nil {
		return state, err
	}
	if state.Skipped == len(units) {
		quarantine(&state, fmt.Sprintf("none of its %d %s could be read (first: %v)", len(units), unitsOf(src.Type), sb.firstErr), opt)
		return state, nil
	}
	if skipped := sb.skippedNote(); skipped != "" {
		if state.Note != "" {
			state.Note += "; "
		}
		state.Note += skipped
	}
	state.Status = catalog.StatusActive
	state.Reason = ""
	return state, nil
}

// readingStage is the progress stage of a source's build.
func readingStage(src catalog.Source) string { return "reading " + src.Alias }

// documentsOf is what a source of type t holds, as a note names it.
func documentsOf(t string) string {
	if t == catalog.TypeZIM {
		return "HTML articles"
	}
	return kind(t) + " documents"
}

// unitsOf is what the units of a source of type t are, as a note names
// them.
func unitsOf(t string) string {
	if t == catalog.TypeZIM {
		return "clusters of articles"
	}
	return "files"
}

// prepared is one unit read and made ready for the index: its documents,
// or why it could not be read.
type prepared struct {
	i    int // the unit's place in the source
	docs []*index.Prepared
	err  error
}

// prepare reads and prepares the units on opt.Workers goroutines. The
// channel gets one prepared per unit, in the order the workers finish
// them, and is closed once they are all done, or sooner when ctx is.
func prepare(ctx context.Context, units []unit, alias string, opt Options) <-chan prepared {
	jobs := make(chan int)
	results := make(chan prepared, opt.Workers*4)
	var wg sync.WaitGroup
	for range opt.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := index.NewPreparer()
			for i := range jobs {
				results <- prepareUnit(p, i, units[i], alias, opt)
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
	return results
}

// prepareUnit reads unit i and prepares its documents with what the
// machine says of them (their package, whether each is a command). A
// unit read in part keeps its documents and its partialError; one that
// fails to prepare fails whole.
func prepareUnit(p *index.Preparer, i int, u unit, alias string, opt Options) prepared {
	docs, err := u.read()
	r := prepared{i: i, err: err}
	var part *partialError
	if err != nil && !errors.As(err, &part) {
		return r
	}
	facts := opt.facts(u.file)
	for _, d := range docs {
		d.Alias = alias
		f := facts
		f.Command = (document.ProgramPage(d.Type, d.Section) || d.Type == catalog.TypeTLDR) && opt.command(d)
		pd, perr := p.Prepare(d, f)
		if perr != nil {
			r.err = perr
			break
		}
		r.docs = append(r.docs, pd)
	}
	return r
}

// sourceBuild is one source's prepared units going into the index, and
// what was skipped on the way, for the source's note.
type sourceBuild struct {
	b     *index.Builder
	src   catalog.Source
	units []unit
	opt   Options
	state *index.SourceState // counts the documents added and the units skipped

	addErr          error    // the first error of b, which fails the build
	firstErr        error    // the first unit skipped, for a quarantine's reason
	firstSkips      []string // the first few, named in the note
	articlesSkipped int      // of ZIM clusters read in part
}

// addInOrder adds what results brings in unit order, whatever order the
// workers finish in, so that the same sources always give the same
// index; it reports progress at most every 100 ms, and at the end. It
// takes every result even after b failed, so that no worker is left
// blocked, and returns b's first error.
func (sb *sourceBuild) addInOrder(results <-chan prepared, progress func(proto.Progress)) error {
	delay, _ := time.ParseDuration(os.Getenv(envvar.TestBuildDelay))
	total := len(sb.units)
	pending := map[int]prepared{}
	next := 0
	last := time.Time{}
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
			sb.add(r)
		}
		if now := time.Now(); now.Sub(last) > 100*time.Millisecond || next == total {
			last = now
			pct := 100 * float64(next) / float64(max(total, 1))
			progress(proto.Progress{Stage: readingStage(sb.src), Source: sb.src.Alias, Percent: &pct, Done: next, Total: total})
		}
	}
	return sb.addErr
}

// add adds the documents of one unit, or counts it skipped. Once b has
// failed its documents are still counted but no longer added.
func (sb *sourceBuild) add(r prepared) {
	var part *partialError
	if errors.As(r.err, &part) {
		sb.articlesSkipped += part.skipped
		sb.opt.Log.Log(sb.opt.CID, "sourceBuild.add", "documents skipped", "alias", sb.src.Alias, "file", sb.units[r.i].file,
			"skipped", part.skipped, "reason", part.err)
		r.err = nil
	}
	if r.err != nil {
		sb.skip(r)
		return
	}
	for _, pd := range r.docs {
		if sb.addErr == nil {
			if _, err := sb.b.Add(pd); err != nil {
				sb.addErr = err
			}
		}
		sb.state.Documents++
	}
}

// skip counts a unit that could not be read, keeping the first error
// and naming the first few for the note.
func (sb *sourceBuild) skip(r prepared) {
	file := sb.units[r.i].file
	if sb.firstErr == nil {
		sb.firstErr = fmt.Errorf("%s: %s", shown(file), shown(strings.TrimPrefix(r.err.Error(), file+": ")))
	}
	if len(sb.firstSkips) < namedSkips {
		name := relName(sb.src.Location, file)
		reason := strings.TrimPrefix(strings.TrimPrefix(r.err.Error(), file+": "), name+": ")
		sb.firstSkips = append(sb.firstSkips, fmt.Sprintf("%s (%s)", shown(name), shown(reason)))
	}
	sb.state.Skipped++
	sb.opt.Log.Log(sb.opt.CID, "sourceBuild.skip", "document skipped", "alias", sb.src.Alias, "file", file, "reason", r.err)
}

// skippedNote says what of a source that was indexed could not be read,
// for its note: "" when nothing was skipped. A ZIM archive counts its
// clusters and articles and leaves the names to the log; other sources
// name their first few files.
func (sb *sourceBuild) skippedNote() string {
	skipped, total := sb.state.Skipped, len(sb.units)
	if sb.src.Type == catalog.TypeZIM {
		var parts []string
		if skipped > 0 {
			parts = append(parts, fmt.Sprintf("%d of %d clusters of articles", skipped, total))
		}
		if sb.articlesSkipped > 0 {
			parts = append(parts, fmt.Sprintf("%d articles", sb.articlesSkipped))
		}
		if len(parts) == 0 {
			return ""
		}
		return strings.Join(parts, " and ") + " could not be read and were skipped (see the log)"
	}
	if skipped == 0 {
		return ""
	}
	note := fmt.Sprintf("%d of %d files could not be read and were skipped: %s", skipped, total, strings.Join(sb.firstSkips, ", "))
	if skipped > len(sb.firstSkips) {
		note += ", ... (the log names them all)"
	}
	return note
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
	opt.Log.Log(opt.CID, "ingest.quarantine", "source quarantined", "alias", state.Alias, "reason", reason)
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
