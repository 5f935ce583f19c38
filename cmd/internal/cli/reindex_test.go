package cli

import (
	"bytes"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/proto"
)

// TestReportReindex: a quarantined source is a warning; what a build
// could not read of a ZIM archive it indexed is a note; a man source's
// note (the non-English pages it leaves out on purpose) is not repeated
// on every reindex.
func TestReportReindex(t *testing.T) {
	var buf bytes.Buffer
	env := &Env{Prog: "ragadmin", Stderr: &buf}
	src := func(alias, typ, status, reason string) catalog.Source {
		return catalog.Source{Alias: alias, Type: typ, Status: status, Reason: reason}
	}
	ReportReindex(env, &proto.ReindexResult{Status: proto.Rebuilt, Version: "v1", Documents: 9, Chunks: 20, Seconds: 1.25,
		Sources: []proto.SourceReport{
			{Source: src("man-pages", catalog.TypeMan, catalog.StatusActive, ""), Documents: 5, Note: "3 non-English pages skipped"},
			{Source: src("wiki", catalog.TypeZIM, catalog.StatusActive, ""), Documents: 4, Skipped: 1,
				Note: "1 of 5 clusters of articles could not be read and were skipped (see the log)"},
			{Source: src("old", catalog.TypeZIM, catalog.StatusError, "/k/old.zim: truncated"), Note: "quarantined: /k/old.zim: truncated"},
			{Source: src("clean", catalog.TypeZIM, catalog.StatusActive, "")},
		}})
	want := "ragadmin: note: source wiki: 1 of 5 clusters of articles could not be read and were skipped (see the log)\n" +
		"ragadmin: warning: source old is quarantined (status error) and was skipped: /k/old.zim: truncated\n" +
		"ragadmin: indexed 9 documents (20 chunks) in 1.2s, version v1\n"
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
