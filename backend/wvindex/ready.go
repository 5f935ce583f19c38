package wvindex

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/weaviate/weaviate/entities/models"
)

// ErrNotReady says a build's collection did not answer as it will within
// the store's ReadyWithin; the alias still points where it did.
var ErrNotReady = errors.New("the new collection did not answer as a whole in time")

// inBuffer is how many objects may stay in a write buffer: a search asks
// for 11 chunks or more, and the server ranks as many of a buffer's
// first chunks as it was asked for and 10 more as it should. (A buffer
// of a few KB is never written to disk: the server keeps its log.)
const inBuffer = 10

// readyEvery is how often Activate asks the server again.
const readyEvery = 500 * time.Millisecond

// flush has the server write the build's collection from its write
// buffers (memtables) to disk now, rather than a minute after a buffer's
// first write, when a server with the default settings writes it (see
// ready for why that matters): a tenant set INACTIVE is shut down, which
// writes out every buffer of every property, and set ACTIVE is loaded
// again from disk. No other request of Weaviate 1.35 writes the buffers
// without a backup module; a buffer whose log is 4 KB or less stays a
// log and is read back into a buffer, which inBuffer allows for.
func (b *Build) flush(ctx context.Context) error {
	for _, status := range []string{models.TenantActivityStatusINACTIVE, models.TenantActivityStatusACTIVE} {
		err := b.s.c.Schema().TenantsUpdater().WithClassName(b.class).
			WithTenants(models.Tenant{Name: Tenant, ActivityStatus: status}).Do(ctx)
		if err != nil {
			return fmt.Errorf("writing %s to disk: setting its tenant %s: %w", b.class, strings.ToLower(status), err)
		}
	}
	return nil
}

// ready waits until the build's collection answers a question as it will
// once the server is done with it, then warms it with a few searches.
//
// The server takes an object in its write buffers (memtables) and writes
// them to disk segments later. Weaviate 1.35's BM25 ranks the objects
// still in a buffer by a bound of 0 (the buffer's block has no maximum
// impact), so once a search holds its limit of other chunks it passes
// over them: right after a fill of this machine's pages, the info
// manuals, written last, were missing from the best chunks of nearly
// every question. flush has the buffers written; ready checks that they
// were, by what the server reports: every shard READY, loaded, its
// vector queue empty, as many objects as were sent counted (which
// counts the buffers), and as many in /v1/nodes (which counts only what
// is on disk, so all of them are written), but for inBuffer. The
// searched property's buffer is written apart from the objects', and
// nothing reports it: a shut down tenant writes both, and the server's
// timer, on this machine, wrote it with or before the objects'.
func (b *Build) ready(ctx context.Context) error {
	within := b.s.ReadyWithin
	deadline := time.Now().Add(within)
	want := int(b.sent.Load())
	told := ""
	for {
		why, err := b.notReady(ctx, want)
		if err != nil {
			return fmt.Errorf("checking %s: %w", b.class, err)
		}
		if why == "" {
			return b.warm(ctx)
		}
		if why != told && b.Waiting != nil {
			b.Waiting(why)
		}
		told = why
		if time.Now().After(deadline) {
			return fmt.Errorf("%w: %s after %s: %s; the collection questions read stays in use", ErrNotReady, b.class, within, why)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(readyEvery):
		}
	}
}

// notReady is why the collection does not answer as it will yet, "" when
// it does; want is how many objects were sent.
func (b *Build) notReady(ctx context.Context, want int) (string, error) {
	shards, err := b.s.c.Schema().ShardsGetter().WithClassName(b.class).Do(ctx)
	if err != nil {
		return "", err
	}
	for _, sh := range shards {
		switch {
		case sh.Status != "READY":
			return fmt.Sprintf("shard %s is %s", sh.Name, sh.Status), nil
		case sh.VectorQueueSize > 0:
			return fmt.Sprintf("shard %s has %d vectors to index", sh.Name, sh.VectorQueueSize), nil
		}
	}
	n, err := b.s.countOf(ctx, b.class, Tenant)
	if err != nil {
		return "", err
	}
	if n != want {
		return fmt.Sprintf("%d of %d objects stored", n, want), nil
	}
	nodes, err := b.s.c.Cluster().NodesStatusGetter().WithClass(b.class).WithOutput("verbose").Do(ctx)
	if err != nil {
		return "", err
	}
	var onDisk int64
	for _, node := range nodes.Nodes {
		for _, sh := range node.Shards {
			if sh.Class != b.class {
				continue
			}
			switch {
			case !sh.Loaded:
				return fmt.Sprintf("shard %s is not loaded", sh.Name), nil
			case sh.VectorIndexingStatus != "READY":
				return fmt.Sprintf("shard %s is %s its vectors", sh.Name, strings.ToLower(sh.VectorIndexingStatus)), nil
			case sh.VectorQueueLength > 0:
				return fmt.Sprintf("shard %s has %d vectors to index", sh.Name, sh.VectorQueueLength), nil
			}
			onDisk += sh.ObjectCount
		}
	}
	if int64(want)-onDisk > inBuffer {
		return fmt.Sprintf("%d of %d objects written to disk", onDisk, want), nil
	}
	return "", nil
}

// probeWords is how many words of the last chunks sent the warm-up
// searches hold.
const probeWords = 3

// stopwords are the words of Weaviate's default English stopword list
// that probe would choose: a search drops them.
var stopwords = map[string]bool{"into": true, "such": true, "that": true, "their": true, "then": true,
	"there": true, "these": true, "they": true, "this": true, "will": true, "with": true}

// probe chooses the words the warm-up searches hold: the probeWords
// words of four letters or more that most chunks of batch hold.
func probe(batch []Chunk) []string {
	df := map[string]int{}
	for _, c := range batch {
		in := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(c.searchText()), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}) {
			if len(w) >= 4 && !stopwords[w] && !in[w] {
				in[w] = true
				df[w]++
			}
		}
	}
	words := make([]string, 0, len(df))
	for w := range df {
		words = append(words, w)
	}
	slices.SortFunc(words, func(a, b string) int {
		if df[a] != df[b] {
			return df[b] - df[a]
		}
		return strings.Compare(a, b)
	})
	return words[:min(probeWords, len(words))]
}

// warmups is how many searches warm a ready collection before the alias
// switches to it: the first searches of a collection read its segments
// from disk.
const warmups = 3

// warm searches the whole collection as a question does.
func (b *Build) warm(ctx context.Context) error {
	b.mu.Lock()
	words := probe(b.last)
	b.mu.Unlock()
	for i := range min(warmups, len(words)) {
		if _, err := b.s.query(ctx, b.class, Tenant, strings.Join(words[i:], " "), nil, 0, nil, 300); err != nil {
			return fmt.Errorf("warming %s: %w", b.class, err)
		}
	}
	return nil
}
