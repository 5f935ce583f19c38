package health

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/detect"
	"github.com/ragman-dev/ragman/backend/freshness"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/internal/envvar"
)

// MaxAge is how old the active build may be before the freshness check
// WARNs.
const MaxAge = 30 * 24 * time.Hour

// IndexChecks checks the active index version: that there is one and it
// is intact (its files match the sums in its manifest and it opens), and
// that it is fresh: built from the catalog as it is now (FAIL when stale)
// and less than MaxAge ago (WARN). cat is nil when catErr says why there is
// no catalog.
func IndexChecks(indexDir string, cat *catalog.Catalog, catErr error, now time.Time) []Check {
	idx := Check{Name: "index"}
	fresh := Check{Name: "index freshness"}
	dir, err := index.ActiveDir(indexDir)
	switch {
	case errors.Is(err, index.ErrNoIndex):
		idx.Status, idx.Detail, idx.Hint = Fail, "no index has been built in "+indexDir, "run `ragadmin reindex`"
		fresh.Status, fresh.Detail, fresh.Hint = Fail, "no index to compare with the catalog", "run `ragadmin reindex`"
		return []Check{idx, fresh}
	case err != nil:
		idx.Status, idx.Detail = Fail, fmt.Sprintf("the ACTIVE pointer is damaged: %v", err)
		idx.Hint = "run `ragadmin reindex --force` to build and activate a new version"
		fresh.Status, fresh.Detail, fresh.Hint = Fail, "no readable index", idx.Hint
		return []Check{idx, fresh}
	}
	m, err := index.Verify(dir)
	if err != nil {
		idx.Status = Fail
		idx.Detail = fmt.Sprintf("the active version %s is corrupt: %v", filepath.Base(dir), err)
		idx.Hint = "run `ragadmin reindex --force` to build and activate a new version"
		fresh.Status, fresh.Detail, fresh.Hint = Fail, "no readable index", idx.Hint
		return []Check{idx, fresh}
	}
	idx.Status = Pass
	idx.Detail = fmt.Sprintf("version %s: %d documents, %d chunks, files intact", m.Version, m.Documents, m.Chunks)
	var skips []string
	for _, st := range m.Sources {
		if st.Skipped > 0 && st.Status != catalog.StatusError {
			skips = append(skips, fmt.Sprintf("%s %d", st.Alias, st.Skipped))
		}
	}
	if len(skips) > 0 {
		// not a failure: the rest is indexed, and the files are the
		// sources' own
		idx.Detail += "; files skipped (not readable as pages): " + strings.Join(skips, ", ")
		idx.Hint = "`ragadmin reindex --force` names the first of each source, the log all of them"
	}

	age := now.Sub(m.BuiltAt)
	days := int(age / (24 * time.Hour))
	built := fmt.Sprintf("built %s (%s ago)", m.BuiltAt.UTC().Format("2006-01-02 15:04 UTC"), Plural(days, "day", "days"))
	switch {
	case cat == nil:
		fresh.Status = Fail
		fresh.Detail = fmt.Sprintf("no catalog to compare with: %v", catErr)
		fresh.Hint = "run `ragadmin init`"
	case m.Catalog != cat.Fingerprint():
		fresh.Status = Fail
		fresh.Detail = "stale: sources were added, removed or changed since version " + m.Version + " was " + built
		fresh.Hint = "run `ragadmin reindex`; until then ragman does not answer from the stale index"
	case age >= MaxAge:
		fresh.Status = Warn
		fresh.Detail = built + "; " + fmt.Sprintf("older than %d days", int(MaxAge/(24*time.Hour)))
		fresh.Hint = "run `ragadmin reindex` to pick up documentation installed since"
	default:
		fresh.Status = Pass
		fresh.Detail = "matches the catalog, " + built
	}
	return []Check{idx, fresh}
}

// SourceChecks checks every source of cat concurrently: accessible (with
// the retries of s, as a network mount may take a moment), not
// quarantined, and unchanged since it was last indexed.
func SourceChecks(ctx context.Context, cat *catalog.Catalog, s Schedule) []Check {
	out := make([]Check, len(cat.Sources))
	var wg sync.WaitGroup
	for i, src := range cat.Sources {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = sourceCheck(ctx, src, s)
		}()
	}
	wg.Wait()
	return out
}

func sourceCheck(ctx context.Context, src catalog.Source, s Schedule) Check {
	c := Check{Name: "source " + src.Alias}
	lang := ""
	if !catalog.IsEnglish(src.Language) {
		lang = fmt.Sprintf("; language %s, not English", src.Language)
	}
	if src.Status == catalog.StatusError {
		c.Status = Fail
		c.Detail = "quarantined: " + src.Reason
		c.Hint = fmt.Sprintf("fix or restore %s, then run `ragadmin reindex`; or `ragadmin sources remove %s`", src.Location, src.Alias)
		return c
	}
	var content catalog.Content
	n, err := Retry(ctx, s, func(context.Context) error {
		var err error
		content, err = catalog.Measure(src)
		return err
	})
	if err != nil {
		c.Status = Fail
		c.Detail = fmt.Sprintf("not accessible after %s: %v", Plural(n, "attempt", "attempts"), err)
		c.Hint = fmt.Sprintf("restore it, point the source elsewhere with `ragadmin sources update %s --location PATH`, or `ragadmin sources remove %s`", src.Alias, src.Alias)
		return c
	}
	what := fmt.Sprintf("%s: %s, %s", src.Location, Plural(content.Files, "file", "files"), MB(uint64(content.Size)))
	if src.Type == catalog.TypeZIM {
		if _, err := detect.ReadZIM(src.Location); err != nil {
			c.Status = Fail
			c.Detail = err.Error()
			c.Hint = fmt.Sprintf("replace it with the archive it was, or `ragadmin sources remove %s`", src.Alias)
			return c
		}
	}
	switch {
	case src.Checksum == "" || src.Status == catalog.StatusPending:
		c.Status = Warn
		c.Detail = what + "; not indexed yet" + lang
		c.Hint = "run `ragadmin reindex`"
	case src.Checksum != content.Checksum:
		c.Status = Warn
		c.Detail = what + "; changed since the last reindex" + lang
		c.Hint = "run `ragadmin reindex` to index the changes"
	default:
		c.Status = Pass
		c.Detail = what + "; unchanged since the last reindex" + lang
	}
	return c
}

// RefreshCheck says what the backend's last refresh did (rec, when ok),
// and how often the backend checks (0: not at all).
func RefreshCheck(rec freshness.Record, ok bool, err error, every time.Duration) Check {
	c := Check{Name: "index refresh", Status: Pass}
	how := fmt.Sprintf("the backend checks the sources every %v and refreshes the index when pages are added or removed", every)
	if every <= 0 {
		how = "off (backend.refresh_interval: 0): after installing or removing packages, run `ragadmin reindex`"
	}
	switch {
	case err != nil:
		c.Status, c.Detail = Warn, fmt.Sprintf("the record of the last refresh cannot be read: %v", err)
		c.Hint = "it is rewritten by the next refresh; `ragadmin reindex` brings the index up to date meanwhile"
	case !ok && every <= 0:
		c.Detail = how
	case !ok:
		c.Detail = "none yet: " + how
	case rec.Status == freshness.Failed:
		c.Status = Warn
		c.Detail = fmt.Sprintf("failed %s: %s", rec.At.UTC().Format("2006-01-02 15:04 UTC"), rec.Error)
		c.Hint = "run `ragadmin reindex` to see the failure and bring the index up to date"
	default:
		changed := ""
		if len(rec.Changed) > 0 {
			changed = " (changed: " + strings.Join(rec.Changed, ", ") + ")"
		}
		c.Detail = fmt.Sprintf("refreshed %s%s in %.1fs, version %s", rec.At.UTC().Format("2006-01-02 15:04 UTC"), changed, rec.Seconds, rec.Version)
		if every <= 0 {
			c.Detail += "; now " + how
		}
	}
	return c
}

// StallAfter is how long a build may run, given the last one's time
// (0: unknown), before it counts as stalled: ten times the last, and
// never less than ten minutes, which a first build of a large machine
// takes on a slow disk.
func StallAfter(last time.Duration) time.Duration {
	return max(10*last, envvar.Duration(envvar.TestStall, 10*time.Minute))
}

// BuildCheck says how long the running build (b.Running > 0) has run,
// and warns when it has run far longer than the last, which a file that
// never ends (a hung network mount) can make it do.
func BuildCheck(what string, running, last time.Duration, pid int, logFile string) Check {
	c := Check{Name: "index build", Status: Pass}
	took := ""
	if last > 0 {
		took = fmt.Sprintf(" (the last took %s)", last.Round(100*time.Millisecond))
	}
	c.Detail = fmt.Sprintf("a %s has run for %s%s", what, running.Round(time.Second), took)
	if running > StallAfter(last) {
		c.Status = Warn
		c.Detail += "; it may be stuck reading a file that never ends (a hung network mount)"
		c.Hint = fmt.Sprintf("the log %s names what it was reading; `kill %d` stops the backend, and the next `ragadmin reindex` removes what the build left", logFile, pid)
	}
	return c
}
