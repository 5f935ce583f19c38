package index

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/proto"
)

// TestSourceStateWire: a reindex converts the manifest's SourceState to
// the wire's proto.SourceReport (a Go conversion, so the two keep the same
// fields); their JSON must match too, or ragadmin reindex --json would
// change with the index's manifest.
func TestSourceStateWire(t *testing.T) {
	st, rt := reflect.TypeFor[SourceState](), reflect.TypeFor[proto.SourceReport]()
	for i := range st.NumField() {
		if a, b := st.Field(i), rt.Field(i); a.Name != b.Name || a.Tag != b.Tag {
			t.Errorf("field %d: SourceState has %s `%s`, proto.SourceReport %s `%s`", i, a.Name, a.Tag, b.Name, b.Tag)
		}
	}
	for _, s := range []SourceState{
		{Source: catalog.Source{Alias: "man-pages", Type: catalog.TypeMan, Location: "/usr/share/man", Language: "en",
			Status: catalog.StatusActive, Checksum: "abc", Size: 42, UpdatedAt: time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)},
			Documents: 7, Skipped: 1, Note: "1 page skipped"},
		{Source: catalog.Source{Alias: "gone", Status: catalog.StatusError, Reason: "missing"}},
	} {
		a, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(proto.SourceReport(s))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("JSON differs:\nSourceState        %s\nproto.SourceReport %s", a, b)
		}
	}
}
