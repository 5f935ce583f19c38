package wvindex_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/wvindex"
	"github.com/ragman-dev/ragman/testutil/testweaviate"
)

// many is n chunks that all say "quokka" once among filler words, the
// last (written last) three times: the best match for "quokka".
func many(n int) []wvindex.Chunk {
	var cs []wvindex.Chunk
	for i := range n {
		text := fmt.Sprintf("quokka and filler words number %d of a long enough page about nothing much", i)
		if i == n-1 {
			text = "quokka quokka quokka"
		}
		cs = append(cs, wvindex.Chunk{Alias: "man-pages", Type: "man", Language: "en", Ref: fmt.Sprintf("man1/p%04d.1.gz", i),
			Label: fmt.Sprintf("p%04d(1)", i), Section: "NAME", Text: text, Sum: fmt.Sprintf("%04d", i)})
	}
	return cs
}

// Activate switches the alias only when the new collection answers as
// it will: the server ranks the objects still in its write buffer as if
// they could not score, so a search of a collection filled a moment ago
// misses the best chunk, written last. Left to the server's timer (a
// minute after the buffer's first write), the collection is not ready
// in a few seconds, and the old collection stays in use; with the flush,
// Activate returns well before the timer, every object is counted, also
// on disk, and the search finds the best chunk first.
func TestActivateWaits(t *testing.T) {
	srv := testweaviate.Start(t)
	ctx := context.Background()
	s := open(t, srv)
	build(t, s, "v1", chunks("list directory entries"))

	// the timer alone: not ready in time, an error, and v1 still answers
	s.ReadyWithin = 2 * time.Second
	b, err := s.Begin(ctx, "v2", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	b.TestOnlyNoFlush()
	if err := b.Add(ctx, many(1200)); err != nil {
		t.Fatal(err)
	}
	var told []string
	b.Waiting = func(why string) { told = append(told, why) }
	if err := b.Activate(ctx); !errors.Is(err, wvindex.ErrNotReady) || !strings.Contains(err.Error(), "stays in use") {
		t.Fatalf("Activate without the flush: %v", err)
	}
	if a, _ := s.Active(ctx); a != wvindex.Alias+"_v1" {
		t.Fatalf("after a build that was not ready the alias points at %q", a)
	}
	if len(told) == 0 || !strings.Contains(told[0], "of 1200 objects written to disk") {
		t.Errorf("told %q while waiting", told)
	}
	if err := b.Abort(ctx); err != nil {
		t.Fatal(err)
	}

	// flushed: ready long before the timer would have written the buffer
	s.ReadyWithin = testweaviate.FlushAfter * time.Second / 3
	b, err = s.Begin(ctx, "v3", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	cs := many(1200)
	if err := b.Add(ctx, cs); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := b.Activate(ctx); err != nil {
		t.Fatal(err)
	}
	t.Logf("Activate took %v", time.Since(start))
	if n, err := s.Count(ctx); err != nil || n != len(cs) {
		t.Fatalf("Count = %d, %v; want %d", n, err, len(cs))
	}
	hs, err := s.Search(ctx, "quokka", wvindex.Filter{}, 1)
	if err != nil || len(hs) != 1 || hs[0].Label != cs[len(cs)-1].Label {
		t.Fatalf("the best chunk, written last, is not found first: %v, %v", labels(hs), err)
	}
}

// Chunks that score the same come in the same order on every search, by
// source, page and chunk, and those that tie at the limit are all kept
// or, when they may go on past what the server returned, none.
func TestTieOrder(t *testing.T) {
	srv := testweaviate.Start(t)
	ctx := context.Background()
	s := open(t, srv)
	var cs []wvindex.Chunk
	for i := range 40 { // the same words in each: the same score
		cs = append(cs, wvindex.Chunk{Alias: "man-pages", Type: "man", Language: "en", Ref: fmt.Sprintf("man1/t%02d.1.gz", 39-i),
			Label: "twin(1)", Section: "NAME", Text: "identical twin text", Sum: fmt.Sprintf("%02d", i)})
	}
	cs = append(cs, wvindex.Chunk{Alias: "man-pages", Type: "man", Language: "en", Ref: "man1/best.1.gz",
		Label: "twin(1)", Section: "NAME", Text: "identical twin identical twin", Sum: "ff"})
	build(t, s, "v1", cs)
	var want []string
	for i := range 39 {
		want = append(want, fmt.Sprintf("man1/t%02d.1.gz", i))
	}
	for range 5 {
		hs, err := s.Search(ctx, "identical twin", wvindex.Filter{}, 40)
		if err != nil {
			t.Fatal(err)
		}
		var refs []string
		for _, h := range hs {
			refs = append(refs, h.Ref)
		}
		// 40 of 41 chunks: the best, then 39 of the 40 twins by page
		if len(refs) != 40 || refs[0] != "man1/best.1.gz" || !slices.Equal(refs[1:], want) {
			t.Fatalf("Search = %q", refs)
		}
	}
	// 5 of 41: the server returns 15, and the twins that tie at the
	// limit go on past them, so none is kept
	hs, err := s.Search(ctx, "identical twin", wvindex.Filter{}, 5)
	if err != nil || len(hs) != 1 || hs[0].Ref != "man1/best.1.gz" {
		t.Fatalf("Search limit 5 = %+v, %v; want the best chunk alone", hs, err)
	}
}
