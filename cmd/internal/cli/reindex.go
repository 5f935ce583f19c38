package cli

import (
	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/proto"
)

// Reindex asks the backend to rebuild the index, showing its progress on
// stderr, and reports the result there.
func Reindex(env *Env, p proto.ReindexParams) error {
	res, err := ReindexResult(env, p)
	if err != nil {
		return err
	}
	ReportReindex(env, res)
	return nil
}

// ReindexResult asks the backend to reindex, showing its progress on
// stderr, and returns its result. Errors the backend reports exit 1 with
// its hint.
func ReindexResult(env *Env, p proto.ReindexParams) (*proto.ReindexResult, error) {
	update, done := Progress(env.Stderr, env.StderrTTY, env.Prog)
	var res proto.ReindexResult
	err := env.Call(proto.MethodReindex, p, &res, update)
	done()
	if err != nil {
		if be, ok := err.(*BackendError); ok {
			return nil, be.AsExit()
		}
		return nil, err
	}
	return &res, nil
}

// ReportReindex prints a reindex's outcome on stderr: quarantined and
// skipped sources, what could not be read of a source that was indexed
// (pages that are not roff or too large, clusters of an archive that do
// not decompress), then one summary line.
func ReportReindex(env *Env, res *proto.ReindexResult) {
	for _, st := range res.Sources {
		switch {
		case st.Status == catalog.StatusError:
			env.Warn("source %s is quarantined (status error) and was skipped: %s", st.Alias, st.Reason)
		case st.Reason != "":
			env.Say("note: source %s was skipped: %s", st.Alias, st.Reason)
		case st.Note != "" && (st.Type == catalog.TypeZIM || st.Skipped > 0):
			// a man tree's pages in other languages are left out by
			// design, every time: said only with what could not be read
			env.Say("note: source %s: %s", st.Alias, st.Note)
		}
	}
	if res.Status == proto.UpToDate {
		env.Say("the index is up to date: no source changed since version %s (%d documents) was built; `%s reindex --force` rebuilds anyway",
			res.Version, res.Documents, "ragadmin")
		return
	}
	env.Say("indexed %d documents (%d chunks) in %.1fs, version %s", res.Documents, res.Chunks, res.Seconds, res.Version)
}
