package wvindex

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// Chunks are the objects of one stored document: its blocks as the index
// chunked them, consecutive chunks packed into one object up to
// packWords, each object under the title of the section it starts in.
// The first carries the NAME line, which is what a page is searched by
// most.
func Chunks(m index.Meta, doc *document.Document, blocks []index.Block, language string) []Chunk {
	type part struct {
		section string
		text    strings.Builder
		words   int
	}
	var parts []*part
	cur := -1
	for _, b := range blocks {
		if b.Section >= len(doc.Sections) || b.Index >= len(doc.Sections[b.Section].Blocks) {
			continue // the document and its terms disagree: index what agrees
		}
		sec := &doc.Sections[b.Section]
		if b.Chunk != cur || len(parts) == 0 {
			cur = b.Chunk
			parts = append(parts, &part{section: sec.Title})
		}
		p, blk := parts[len(parts)-1], &sec.Blocks[b.Index]
		if p.text.Len() > 0 {
			p.text.WriteByte('\n')
		}
		if blk.Term != "" {
			p.text.WriteString(blk.Term)
			p.text.WriteByte(' ')
		}
		p.text.WriteString(blk.Text)
		p.words += strings.Count(blk.Text, " ") + strings.Count(blk.Term, " ") + 1
	}
	sum := hex.EncodeToString(m.Sum[:])
	names := m.Names
	if len(names) == 0 { // info nodes and articles have a title alone
		names = []string{m.Title}
	}
	head := strings.Join(names, ", ")
	if m.Summary != "" {
		head += " - " + m.Summary
	}
	out := []Chunk{}
	words := 0
	for _, p := range parts {
		if len(out) == 0 || words+p.words > packWords {
			out = append(out, Chunk{Alias: m.Alias, Type: m.Type, Language: language, Ref: m.Ref, Label: m.Label,
				Section: p.section, Sum: sum, N: len(out)})
			words = 0
		}
		c := &out[len(out)-1]
		if c.Text != "" {
			c.Text += "\n"
		}
		c.Text += p.text.String()
		words += p.words
	}
	if len(out) == 0 {
		out = append(out, Chunk{Alias: m.Alias, Type: m.Type, Language: language, Ref: m.Ref, Label: m.Label, Section: "NAME", Sum: sum})
	}
	out[0].Text = strings.TrimSpace(head + "\n" + out[0].Text)
	return out
}

// packWords: sections are packed into one object up to about this
// many words (2000 tokens, the design's chunk): the server's work is
// per object more than per word.
const packWords = 1500

// Progress is told how many of the index's documents are in the build.
type Progress func(done, total int)

// fillers is how many batches are in flight at once: the server indexes
// one while the next is read and sent.
const fillers = 3

// Fill imports every document of r and returns how many objects it
// sent. A document that cannot be read is skipped and told to skipped.
func (b *Build) Fill(ctx context.Context, r *index.Reader, languages map[string]string, progress Progress, skipped func(id int, err error)) (int, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	work := make(chan []Chunk, fillers)
	var wg sync.WaitGroup
	for range fillers {
		wg.Go(func() {
			for chunks := range work {
				if err := b.Add(ctx, chunks); err != nil {
					cancel(err)
				}
			}
		})
	}
	n := r.NumDocs()
	sent := 0
	var batch []Chunk
	send := func() {
		select {
		case work <- batch:
		case <-ctx.Done():
		}
		batch = nil
	}
	for id := range n {
		if ctx.Err() != nil {
			break
		}
		doc, err := r.Load(id)
		if err != nil {
			if skipped != nil {
				skipped(id, err)
			}
			continue
		}
		m := r.Meta(id)
		lang := doc.Language
		if lang == "" {
			lang = languages[m.Alias]
		}
		cs := Chunks(m, doc, r.Blocks(id), lang)
		sent += len(cs)
		batch = append(batch, cs...)
		if len(batch) >= batchSize {
			send()
		}
		if progress != nil && (id%500 == 0 || id == n-1) {
			progress(id+1, n)
		}
	}
	if len(batch) > 0 {
		send()
	}
	close(work)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return 0, fmt.Errorf("filling %s: %w", b.class, err)
	}
	return sent, nil
}

// Record is what the last fill sent, kept beside the index so that
// health can tell a server that lost objects or was rebuilt by another
// machine.
type Record struct {
	URL        string `json:"url"`
	Collection string `json:"collection"`
	Objects    int    `json:"objects"`
	Embed      string `json:"embed_model,omitempty"` // the model of the vectors; "": none
}

// RecordFile is the record's name in the index folder.
const RecordFile = "weaviate.json"

// Write writes the record to path.
func (r Record) Write(path string) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return safefile.WriteFileMode(path, data, 0o600)
}

// ReadRecord reads the record at path, if there is one of the server at
// url: the reindex and health compare the server with what was sent to
// it, not to another.
func ReadRecord(path, url string) (Record, bool) {
	var rec Record
	data, err := safefile.ReadFile(path, 1<<16)
	if err != nil || json.Unmarshal(data, &rec) != nil || rec.URL != url {
		return Record{}, false
	}
	return rec, true
}
