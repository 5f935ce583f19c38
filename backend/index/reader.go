package index

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/s2"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/safefile"
	"golang.org/x/sys/unix"
)

// Reader is an open index version: a mapped index.bin and docs.bin. It is
// safe for concurrent use.
//
// The mapping lives while the Reader is held: by its opener until Close,
// and by each Acquire until its Release. Whoever reads it past Close, or
// keeps a string it returned (Meta's, NameLine's), holds it; the last
// Release unmaps, so a backend gives back a retired version's memory and
// its deleted files' disk once its last question is done.
type Reader struct {
	Manifest Manifest

	c       *container
	store   []byte
	docs    []docRec
	strs    []byte
	blob    []byte
	offs    []uint32
	df      []uint32
	wdf     []float32
	wsdf    []float32
	wdocs   float64
	postOff []uint64
	post    []byte
	blocks  []blockRec
	bterms  []byte
	avg     [NumFields]float64
	loaded  docCache
	mapped  map[string]int64 // each mapped file, and its size when it was mapped
	refs    atomic.Int64     // the opener's reference and the Acquires not released
	closed  sync.Once
}

// Open opens the index version in dir.
func Open(dir string) (*Reader, error) {
	m, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	c, err := openContainer(filepath.Join(dir, "index.bin"))
	if err != nil {
		return nil, err
	}
	r := &Reader{Manifest: m, c: c, mapped: map[string]int64{filepath.Join(dir, "index.bin"): int64(len(c.data))}}
	r.refs.Store(1)
	if err := r.load(dir); err != nil {
		r.Close()
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return r, nil
}

func (r *Reader) load(dir string) error {
	var err error
	sect := func(name string) []byte {
		if err != nil {
			return nil
		}
		var b []byte
		b, err = r.c.bytes(name)
		return b
	}
	r.strs = sect("strings")
	r.blob = sect("terms.blob")
	r.post = sect("post.data")
	r.bterms = sect("block.terms")
	if err != nil {
		return err
	}
	if r.docs, err = view[docRec](r.c, "docs"); err != nil {
		return err
	}
	if r.offs, err = view[uint32](r.c, "terms.off"); err != nil {
		return err
	}
	if r.df, err = view[uint32](r.c, "terms.df"); err != nil {
		return err
	}
	if r.wdf, err = view[float32](r.c, "terms.wdf"); err != nil {
		return err
	}
	if r.wsdf, err = view[float32](r.c, "terms.wsdf"); err != nil {
		return err
	}
	r.wdocs = float64(r.c.scalar("wdocs.milli")) / 1000
	if r.postOff, err = view[uint64](r.c, "post.off"); err != nil {
		return err
	}
	if r.blocks, err = view[blockRec](r.c, "blocks"); err != nil {
		return err
	}
	n := len(r.df)
	if len(r.offs) != n+1 || len(r.postOff) != n+1 || len(r.wdf) != n || len(r.wsdf) != n || int(r.offs[n]) != len(r.blob) ||
		r.postOff[n] != uint64(len(r.post)) || len(r.docs) != int(r.c.scalar("docs")) {
		return errCorrupt
	}
	// lengths are summed over the documents that frame ranking; an index
	// from before lendocs summed them over every document
	framed := r.c.scalar("lendocs")
	if framed == 0 {
		framed = int64(len(r.docs))
	}
	for f := range NumFields {
		if framed > 0 {
			r.avg[f] = float64(r.c.scalar(fmt.Sprintf("len%d", f))) / float64(framed)
		}
		if r.avg[f] < 1 {
			r.avg[f] = 1
		}
	}
	f, err := safefile.Open(filepath.Join(dir, "docs.bin"))
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if st.Size() > 0 {
		r.store, err = unix.Mmap(int(f.Fd()), 0, int(st.Size()), unix.PROT_READ, unix.MAP_SHARED)
		if err != nil {
			return err
		}
	}
	r.mapped[f.Name()] = st.Size()
	for i := range r.docs {
		d := &r.docs[i]
		if d.StoreOff+uint64(d.StoreLen) > uint64(len(r.store)) || int(d.BlockOff)+int(d.BlockN) > len(r.blocks) {
			return errCorrupt
		}
		for _, s := range d.Str {
			if int(s.Off)+int(s.Len) > len(r.strs) {
				return errCorrupt
			}
		}
	}
	return nil
}

// ErrChanged says a mapped file of the version changed size on disk.
var ErrChanged = errors.New("changed on disk since the index was opened")

// Changed says whether a file the reader maps was truncated or grown on
// disk: a read past the end of a truncated mapping faults (SIGBUS). A
// stat per file, cheap enough for every question.
func (r *Reader) Changed() error {
	for path, size := range r.mapped {
		st, err := os.Stat(path)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if st.Size() != size {
			return fmt.Errorf("%s: %w (%d bytes, %d then)", path, ErrChanged, st.Size(), size)
		}
	}
	return nil
}

// ErrClosed says the Reader was closed and released by all who held it.
var ErrClosed = errors.New("the index version is closed")

// Acquire holds the mapping until Release. It fails once the Reader is
// closed and released by everyone, when there is nothing left to read.
func (r *Reader) Acquire() bool {
	for {
		n := r.refs.Load()
		if n <= 0 {
			return false
		}
		if r.refs.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// Release gives back what Acquire took; the last holder's unmaps.
func (r *Reader) Release() {
	if r.refs.Add(-1) == 0 {
		r.unmap()
	}
}

// Close drops the opener's hold: the files are unmapped now, or when
// the last Acquire is released. A second Close does nothing.
func (r *Reader) Close() error {
	r.closed.Do(r.Release)
	return nil
}

func (r *Reader) unmap() {
	if r.store != nil {
		unix.Munmap(r.store)
		r.store = nil
	}
	r.c.close()
}

// NumDocs is the number of documents.
func (r *Reader) NumDocs() int { return len(r.docs) }

// NumTerms is the number of terms; their ids are 0 to NumTerms()-1.
func (r *Reader) NumTerms() int { return len(r.df) }

// AvgLen is the mean length of a field, in terms.
func (r *Reader) AvgLen(field int) float64 { return r.avg[field] }

// Term returns the id of a stem, or false.
func (r *Reader) Term(stem string) (int, bool) {
	lo, hi := 0, len(r.df)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if r.term(m) < stem {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(r.df) && r.term(lo) == stem {
		return lo, true
	}
	return 0, false
}

func (r *Reader) term(id int) string {
	return unsafeString(r.blob[r.offs[id]:r.offs[id+1]])
}

// TermString returns the stem of a term id.
func (r *Reader) TermString(id int) string { return strings.Clone(r.term(id)) }

// DF is the number of documents a term occurs in.
func (r *Reader) DF(id int) int { return int(r.df[id]) }

// IDF is a term's inverse document frequency with documents weighted so
// that no package counts for more than a hundred (see familyCap).
func (r *Reader) IDF(id int) float64 {
	df := float64(r.wdf[id])
	return math.Log(1 + (r.wdocs-df+0.5)/(df+0.5))
}

// WDF is a term's document frequency with documents weighted as for IDF.
func (r *Reader) WDF(id int) float64 { return float64(r.wdf[id]) }

// Naming is the share of the documents with a term that have it in their
// name or NAME line (weighted as for IDF): high for words that say what a
// page is for ("copy", "partition"), near zero for words of running text
// ("whole", "another", "still").
func (r *Reader) Naming(id int) float64 {
	if r.wdf[id] == 0 {
		return 0
	}
	return float64(r.wsdf[id]) / float64(r.wdf[id])
}

// MaxIDF is the IDF of a term found in one document.
func (r *Reader) MaxIDF() float64 { return math.Log(1 + (r.wdocs-0.5)/1.5) }

// Posting is one document's counts of a term, per field.
type Posting struct {
	Doc int
	TF  [NumFields]uint8
}

// Postings yields every document that has the term, in doc order: a
// caller that needs only the documents up to one stops there, without
// decoding the rest.
func (r *Reader) Postings(id int) iter.Seq[Posting] {
	return func(yield func(Posting) bool) {
		data, doc := r.post[r.postOff[id]:r.postOff[id+1]], -1
		var buf [64]Posting
		for len(data) > 0 {
			var n int
			n, data, doc = decodePostings(data, doc, buf[:])
			for _, p := range buf[:n] {
				if !yield(p) {
					return
				}
			}
		}
	}
}

// Docs yields every document that has the term, in doc order: Postings
// without the counts, which it skips instead of decoding, for a caller
// that needs only the documents (a page's name term, whose pages ranking
// looks for among a question's best).
func (r *Reader) Docs(id int) iter.Seq[int] {
	return func(yield func(int) bool) {
		data, doc := r.post[r.postOff[id]:r.postOff[id+1]], -1
		for len(data) > 0 {
			var delta uint64
			if data[0] < 0x80 {
				delta, data = uint64(data[0]), data[1:]
			} else {
				d, k := binary.Uvarint(data)
				if k <= 0 {
					return
				}
				delta, data = d, data[k:]
			}
			if len(data) == 0 {
				return
			}
			doc += int(delta)
			// the mask, then a count per field it has (as decodePostings
			// reads them: bits past the fields stand for nothing)
			n := 1 + bits.OnesCount8(data[0]&(1<<NumFields-1))
			if len(data) < n {
				return
			}
			data = data[n:]
			if !yield(doc) {
				return
			}
		}
	}
}

// AppendPostings appends the term's postings, in doc order, to buf: the
// postings scan of a question does so little per posting that a call of
// Postings' fn for each would be a good part of its work.
func (r *Reader) AppendPostings(buf []Posting, id int) []Posting {
	data, doc := r.post[r.postOff[id]:r.postOff[id+1]], -1
	for len(data) > 0 {
		buf = slices.Grow(buf, max(int(r.df[id]), 16))
		var n int
		n, data, doc = decodePostings(data, doc, buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
	}
	return buf
}

// decodePostings decodes the postings in data, whose previous document
// was doc, into out until either runs out, and returns how many it
// decoded, the data left and the last document. Data it cannot read is
// left out, and none is left.
func decodePostings(data []byte, doc int, out []Posting) (int, []byte, int) {
	n := 0
	for n < len(out) && len(data) > 0 {
		var delta uint64
		if data[0] < 0x80 {
			delta, data = uint64(data[0]), data[1:]
		} else {
			d, k := binary.Uvarint(data)
			if k <= 0 {
				return n, nil, doc
			}
			delta, data = d, data[k:]
		}
		if len(data) == 0 {
			return n, nil, doc
		}
		doc += int(delta)
		mask := data[0]
		data = data[1:]
		p := Posting{Doc: doc}
		for f := range NumFields {
			if mask&(1<<f) != 0 {
				if len(data) == 0 {
					return n, nil, doc
				}
				p.TF[f] = data[0]
				data = data[1:]
			}
		}
		out[n] = p
		n++
	}
	return n, data, doc
}

// Meta is what the index keeps of a document without loading it.
type Meta struct {
	ID       int
	Alias    string
	Type     string
	Ref      string
	Label    string
	Title    string
	Summary  string
	Names    []string
	Section  string
	URL      string
	Package  string
	Priority int
	Command  bool // documents a command on PATH
	Examples bool
	Inlinks  int
	Uses     int // distinct packages whose examples run the command
	Group    int // the man page an info node documents, or -1
	Lens     [NumFields]int
	Sum      [32]byte
}

func (r *Reader) s(ref strRef) string { return unsafeString(r.strs[ref.Off : ref.Off+ref.Len]) }

// NameLine is Meta's Title and Summary alone, for a caller that needs no
// more of many documents. Like Meta's, the strings point into the mapped
// file.
func (r *Reader) NameLine(id int) (title, summary string) {
	d := &r.docs[id]
	return r.s(d.Str[strTitle]), r.s(d.Str[strSummary])
}

// Meta returns document id's metadata. Strings point into the mapped file:
// copy them to keep them past the Reader's last hold (Close, Release).
func (r *Reader) Meta(id int) Meta {
	d := &r.docs[id]
	m := Meta{
		ID: id, Alias: r.s(d.Str[strAlias]), Type: typeName(d.Type), Ref: r.s(d.Str[strRef_]),
		Label: r.s(d.Str[strLabel]), Title: r.s(d.Str[strTitle]), Summary: r.s(d.Str[strSummary]),
		Section: r.s(d.Str[strSection]), URL: r.s(d.Str[strURL]), Package: r.s(d.Str[strPackage]),
		Priority: int(d.Priority), Command: d.Flags&flagCommand != 0, Examples: d.Flags&flagExamples != 0,
		Inlinks: int(d.Inlinks), Uses: int(d.Uses), Group: int(d.Group), Sum: d.Sum,
	}
	if names := r.s(d.Str[strNames]); names != "" {
		m.Names = strings.Split(names, "\x00")
	}
	for f := range NumFields {
		m.Lens[f] = int(d.Lens[f])
	}
	return m
}

// Block is one block of a document as the index knows it.
type Block struct {
	Section, Index, Chunk int
	Kind                  document.BlockKind
	Purpose               bool // a first paragraph of DESCRIPTION: what the page is for
	terms                 []byte
	n                     int
}

// Blocks returns the blocks of document id in order.
func (r *Reader) Blocks(id int) []Block {
	out := make([]Block, r.NumBlocks(id))
	for i := range out {
		out[i] = r.Block(id, i)
	}
	return out
}

// NumBlocks is the number of blocks of document id.
func (r *Reader) NumBlocks(id int) int { return int(r.docs[id].BlockN) }

// Block is block i of document id, Blocks(id)[i] without the slice:
// ranking reads the blocks of every candidate of every question.
func (r *Reader) Block(id, i int) Block {
	d := &r.docs[id]
	b := &r.blocks[int(d.BlockOff)+i]
	end := len(r.bterms)
	if j := int(d.BlockOff) + i + 1; j < len(r.blocks) {
		end = int(r.blocks[j].TermsOff)
	}
	if int(b.TermsOff) > end {
		end = int(b.TermsOff)
	}
	return Block{Section: int(b.Sec), Index: int(b.Blk), Chunk: int(b.Chunk), Kind: document.BlockKind(b.Kind &^ purposeFlag),
		Purpose: b.Kind&purposeFlag != 0,
		terms:   r.bterms[b.TermsOff:end], n: int(b.NTerms)}
}

// Len is the number of distinct terms in the block.
func (b Block) Len() int { return b.n }

// Terms calls fn with each term id of the block, ascending, until fn
// returns false.
func (b Block) Terms(fn func(id int) bool) {
	data := b.terms
	id := 0
	for range b.n {
		delta, n := binary.Uvarint(data)
		if n <= 0 {
			return
		}
		data = data[n:]
		id += int(delta)
		if !fn(id) {
			return
		}
	}
}

// Match calls fn(k) for every k such that ids[k] is a term of the block.
// ids must be sorted ascending; the walk stops past the last of them, so
// a question's few terms cost little in a long block. Unlike Terms, fn
// runs only on a match, not for every term.
func (b Block) Match(ids []int, fn func(k int)) {
	if len(ids) == 0 {
		return
	}
	data := b.terms
	last := ids[len(ids)-1]
	// most of a block's terms come before the next of ids: one
	// comparison tells, and only the others look further
	id, k, next := 0, 0, ids[0]
	for range b.n {
		var delta uint64
		switch {
		case len(data) > 0 && data[0] < 0x80:
			delta, data = uint64(data[0]), data[1:]
		case len(data) > 1 && data[1] < 0x80:
			// two bytes: the gap between a block's terms is mostly
			// under 1<<14, and binary.Uvarint is a call
			delta, data = uint64(data[0]&0x7f)|uint64(data[1])<<7, data[2:]
		default:
			d, n := binary.Uvarint(data)
			if n <= 0 {
				return
			}
			delta, data = d, data[n:]
		}
		id += int(delta)
		if id < next {
			continue
		}
		if id > last {
			return
		}
		for ids[k] < id {
			k++
		}
		if next = ids[k]; next == id {
			fn(k)
		}
	}
}

// Load reads the whole stored document. The most recent ones are kept
// decoded and shared between callers, who must not change them. A
// document is decoded into memory of its own, and Load holds the Reader
// while it decodes: a prefetch that outlives its question is answered
// ErrClosed, never a read of a file unmapped under it.
func (r *Reader) Load(id int) (*document.Document, error) {
	if !r.Acquire() {
		return nil, ErrClosed
	}
	defer r.Release()
	if doc := r.loaded.get(id); doc != nil {
		return doc, nil
	}
	d := &r.docs[id]
	src := r.store[d.StoreOff : d.StoreOff+uint64(d.StoreLen)]
	if n, err := s2.DecodedLen(src); err != nil || n > 64<<20 {
		return nil, fmt.Errorf("document %d: %w", id, errCorrupt)
	}
	data, err := s2.Decode(nil, src)
	if err != nil {
		return nil, fmt.Errorf("document %d: %w", id, errCorrupt)
	}
	var doc document.Document
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("document %d: %w", id, errCorrupt)
	}
	r.loaded.put(id, &doc)
	return &doc, nil
}

// ChunkID is the id of a chunk: "<alias>:<sha256>:<n>".
func (m Meta) ChunkID(n int) string {
	return fmt.Sprintf("%s:%x:%d", m.Alias, m.Sum, n)
}
