package index

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
)

// Builder assembles an index from prepared documents, in the order they
// are added, and writes it into a folder.
type Builder struct {
	dir   string
	store *os.File
	sw    *bufio.Writer
	pos   uint64

	strs  []byte
	docs  []docRec
	names [][]string // per doc: lowercased names, for cross references
	xrefs [][]string
	runs  [][]string
	sects []string

	ids   map[string]uint32 // stem -> provisional id
	words []string          // provisional id -> stem
	post  [][]byte          // provisional id -> postings
	last  []uint32          // provisional id -> last doc id + 1 with a posting
	df    []uint32

	gid []uint32 // scratch: the global ids of a document's stems

	blocks     []blockRec
	blockTerms []uint32 // provisional ids, per block, in blockRec order
	blockStart []uint32

	chunks int
}

// NewBuilder starts an index in dir, which must exist and be empty.
func NewBuilder(dir string) (*Builder, error) {
	f, err := create(filepath.Join(dir, "docs.bin"))
	if err != nil {
		return nil, err
	}
	return &Builder{
		dir: dir, store: f, sw: bufio.NewWriterSize(fileWriter(f), 1<<20),
		ids: map[string]uint32{},
	}, nil
}

// create makes a file of the index: 0600, since it holds the text of
// the user's sources, and new (O_EXCL), so that a link planted in the
// version's folder fails the build instead of being written through.
func create(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
}

func (b *Builder) str(s string) strRef {
	r := strRef{Off: uint32(len(b.strs)), Len: uint32(len(s))}
	b.strs = append(b.strs, s...)
	return r
}

func (b *Builder) id(stem string) uint32 {
	if id, ok := b.ids[stem]; ok {
		return id
	}
	id := uint32(len(b.words))
	b.ids[stem] = id
	b.words = append(b.words, stem)
	b.post = append(b.post, nil)
	b.last = append(b.last, 0)
	b.df = append(b.df, 0)
	return id
}

// Add appends a prepared document and returns its id.
func (b *Builder) Add(p *Prepared) (int, error) {
	d := p.doc
	docID := uint32(len(b.docs))
	if _, err := b.sw.Write(p.store); err != nil {
		return 0, err
	}
	rec := docRec{
		StoreOff: b.pos, StoreLen: uint32(len(p.store)),
		BlockOff: uint32(len(b.blocks)), BlockN: uint32(len(p.blocks)),
		Group: -1, Sum: p.sum, Type: typeCode(d.Type), Priority: uint8(p.facts.Priority),
	}
	b.pos += uint64(len(p.store))
	if p.facts.Command {
		rec.Flags |= flagCommand
	}
	rec.Str[strAlias] = b.str(d.Alias)
	rec.Str[strRef_] = b.str(d.Ref)
	rec.Str[strLabel] = b.str(d.Label)
	rec.Str[strTitle] = b.str(d.Title)
	rec.Str[strSummary] = b.str(d.Summary)
	rec.Str[strNames] = b.str(strings.Join(d.Names, "\x00"))
	rec.Str[strSection] = b.str(d.Section)
	rec.Str[strURL] = b.str(d.URL)
	rec.Str[strPackage] = b.str(p.facts.Package)

	// global ids of the document's stems, one map lookup per distinct stem
	b.gid = b.gid[:0]
	for _, st := range p.stems {
		b.gid = append(b.gid, b.id(st))
	}
	for f := range NumFields {
		rec.Lens[f] = uint32(p.lens[f])
	}
	for i, id := range b.gid {
		tf := p.tf[i]
		if tf == ([NumFields]uint16{}) {
			continue // a block's stem never counted in a field
		}
		post := binary.AppendUvarint(b.post[id], uint64(docID+1-b.last[id]))
		var mask byte
		for f := range NumFields {
			if tf[f] > 0 {
				mask |= 1 << f
			}
		}
		post = append(post, mask)
		for f := range NumFields {
			if tf[f] > 0 {
				post = append(post, byte(min(tf[f], 255)))
			}
		}
		b.post[id] = post
		b.last[id] = docID + 1
		b.df[id]++
	}

	for _, pb := range p.blocks {
		locals := pb.locals
		if len(locals) > 0xffff {
			locals = locals[:0xffff]
		}
		b.blockStart = append(b.blockStart, uint32(len(b.blockTerms)))
		for _, l := range locals {
			b.blockTerms = append(b.blockTerms, b.gid[l])
		}
		b.blocks = append(b.blocks, blockRec{
			NTerms: uint16(len(locals)), Sec: uint16(min(pb.sec, 0xffff)), Blk: uint16(min(pb.blk, 0xffff)),
			Chunk: uint16(min(pb.chunk, 0xffff)), Kind: uint8(pb.kind) | purposeBit(pb.purpose),
		})
		if pb.kind == 2 /* document.Code */ && strings.HasPrefix(strings.ToUpper(d.Sections[pb.sec].Title), "EXAMPLE") {
			rec.Flags |= flagExamples
		}
	}
	b.chunks += p.chunks

	names := []string{strings.ToLower(d.Title)}
	for _, n := range d.Names {
		names = append(names, strings.ToLower(n))
	}
	b.names = append(b.names, names)
	b.xrefs = append(b.xrefs, p.xrefs)
	b.runs = append(b.runs, p.runs)
	b.sects = append(b.sects, d.Section)
	b.docs = append(b.docs, rec)
	return int(docID), nil
}

// Stats are the counts of a finished index.
type Stats struct {
	Documents, Chunks, Terms int
}

// Finish resolves cross references, orders the dictionary and writes
// index.bin beside docs.bin. The caller syncs the folder and activates it.
func (b *Builder) Finish() (Stats, error) {
	if err := b.sw.Flush(); err != nil {
		return Stats{}, err
	}
	if err := b.store.Sync(); err != nil {
		return Stats{}, err
	}
	if err := b.store.Close(); err != nil {
		return Stats{}, err
	}
	b.link()

	// Dictionary in sorted order so a stem is found by binary search.
	order := make([]uint32, len(b.words))
	for i := range order {
		order[i] = uint32(i)
	}
	sort.Slice(order, func(i, j int) bool { return b.words[order[i]] < b.words[order[j]] })
	remap := make([]uint32, len(b.words))
	for newID, old := range order {
		remap[old] = uint32(newID)
	}
	var blob []byte
	offs := make([]uint32, 0, len(order)+1)
	df := make([]uint32, 0, len(order))
	postOff := make([]uint64, 0, len(order)+1)
	var postings []byte
	for _, old := range order {
		offs = append(offs, uint32(len(blob)))
		blob = append(blob, b.words[old]...)
		df = append(df, b.df[old])
		postOff = append(postOff, uint64(len(postings)))
		postings = append(postings, b.post[old]...)
		b.post[old] = nil
	}
	offs = append(offs, uint32(len(blob)))
	postOff = append(postOff, uint64(len(postings)))

	var bterms []byte
	var ids []uint32
	for i := range b.blocks {
		end := len(b.blockTerms)
		if i+1 < len(b.blockStart) {
			end = int(b.blockStart[i+1])
		}
		ids = ids[:0]
		for _, old := range b.blockTerms[b.blockStart[i]:end] {
			ids = append(ids, remap[old])
		}
		slices.Sort(ids)
		b.blocks[i].TermsOff = uint32(len(bterms))
		prev := uint32(0)
		for _, id := range ids {
			bterms = binary.AppendUvarint(bterms, uint64(id-prev))
			prev = id
		}
	}

	framing := b.framing()
	var avg [NumFields]int64
	framed := 0
	for i, d := range b.docs {
		if !framing[i] {
			continue
		}
		framed++
		for f := range NumFields {
			avg[f] += int64(d.Lens[f])
		}
	}
	weight, wdocs := b.familyWeights(framing)
	wdf := make([]float32, len(order))
	wsdf := make([]float32, len(order))
	for newID := range order {
		all, named := postingsWeight(postings[postOff[newID]:postOff[newID+1]], weight, framing)
		wdf[newID], wsdf[newID] = float32(all), float32(named)
	}
	var w containerWriter
	w.scalar("docs", int64(len(b.docs)))
	w.scalar("terms", int64(len(order)))
	w.scalar("chunks", int64(b.chunks))
	w.scalar("wdocs.milli", int64(wdocs*1000))
	w.scalar("lendocs", int64(framed))
	for f := range NumFields {
		w.scalar(fmt.Sprintf("len%d", f), avg[f])
	}
	w.add("docs", raw(b.docs))
	w.add("strings", b.strs)
	w.add("terms.blob", blob)
	w.add("terms.off", raw(offs))
	w.add("terms.df", raw(df))
	w.add("terms.wdf", raw(wdf))
	w.add("terms.wsdf", raw(wsdf))
	w.add("post.off", raw(postOff))
	w.add("post.data", postings)
	w.add("blocks", raw(b.blocks))
	w.add("block.terms", bterms)

	f, err := create(filepath.Join(b.dir, "index.bin"))
	if err != nil {
		return Stats{}, err
	}
	bw := bufio.NewWriterSize(fileWriter(f), 1<<20)
	err = w.writeTo(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Stats{}, err
	}
	return Stats{Documents: len(b.docs), Chunks: b.chunks, Terms: len(order)}, nil
}

// purposeFlag marks, in a block's Kind byte, a paragraph that states the
// page's purpose.
const purposeFlag = 0x80

func purposeBit(p bool) uint8 {
	if p {
		return purposeFlag
	}
	return 0
}

// familyCap is the most documents one package counts for in document
// frequencies. A package that ships thousands of generated pages (a cloud
// SDK's one page per subcommand) would otherwise decide which words look
// rare, and rank every question by its vocabulary.
const familyCap = 100

// framing says which documents the statistics of ranking are taken from:
// the manuals (man and info), or, in an index of nothing else, the
// archives' articles and example pages. An archive or a tldr cache is the
// user's choice of size and topic; if its words and page lengths entered
// word rarity, average lengths and popularity, adding one would reorder
// the manuals' pages among themselves (6,643 tldr pages moved cut(1)
// behind colrm(1) for "cut the first column from a csv"). Its pages are
// ranked against the manuals' frame instead.
func (b *Builder) framing() []bool {
	framing := make([]bool, len(b.docs))
	manuals := false
	for i := range b.docs {
		framing[i] = !b.guest(i)
		manuals = manuals || framing[i]
	}
	if !manuals {
		for i := range framing {
			framing[i] = true
		}
	}
	return framing
}

// familyWeights gives each document its weight in document frequencies:
// 1, or less for a package with more than familyCap pages, so that the
// package counts familyCap in all. It returns the weights and the sum of
// the framing documents' weights.
func (b *Builder) familyWeights(framing []bool) ([]float64, float64) {
	pkgs := make([]string, len(b.docs))
	count := map[string]int{}
	for i := range b.docs {
		pkgs[i] = b.pkg(i)
		count[pkgs[i]]++
	}
	weight := make([]float64, len(b.docs))
	total := 0.0
	for i := range b.docs {
		weight[i] = min(1, float64(familyCap)/float64(count[pkgs[i]]))
		if framing[i] {
			total += weight[i]
		}
	}
	return weight, total
}

// postingsWeight sums the weights of the documents in a postings list,
// and of those that have the term in their name or NAME line: of the
// framing documents, or for a word only the others have, of those (a
// word only an archive uses is as rare as it is there).
func postingsWeight(data []byte, weight []float64, framing []bool) (sum, named float64) {
	var other, otherNamed float64
	doc := -1
	for len(data) > 0 {
		delta, n := binary.Uvarint(data)
		if n <= 0 || len(data) < n+1 {
			break
		}
		data = data[n:]
		doc += int(delta)
		mask := data[0]
		data = data[1+bits.OnesCount8(mask):]
		inName := mask&(1<<FieldName|1<<FieldSummary) != 0
		if framing[doc] {
			sum += weight[doc]
			if inName {
				named += weight[doc]
			}
		} else {
			other += weight[doc]
			if inName {
				otherNamed += weight[doc]
			}
		}
	}
	if sum == 0 {
		return other, otherNamed
	}
	return sum, named
}

// link counts, for each man page, the distinct packages whose pages refer
// to it, and ties info nodes about a program to the program's man page.
// Counting packages rather than pages keeps a suite of hundreds of
// generated pages that all name their parent from making it look central.
func (b *Builder) link() {
	byName := map[string]int{}   // "ls(1)" -> doc
	programs := map[string]int{} // "ls" -> man page of a command (sections 1, 6, 8)
	for i, d := range b.docs {
		if d.Type != typeMan {
			continue
		}
		sec := b.sects[i]
		for _, n := range b.names[i] {
			key := n + "(" + sec + ")"
			if _, ok := byName[key]; !ok {
				byName[key] = i
			}
			if sec == "1" || sec == "8" || sec == "6" {
				if _, ok := programs[n]; !ok {
					programs[n] = i
				}
			}
		}
	}
	// Popularity is the manuals' own: an archive's articles and a tldr
	// cache's examples name commands as often as their authors liked.
	referrers := make([]map[string]bool, len(b.docs))
	for i, xs := range b.xrefs {
		if b.guest(i) {
			continue
		}
		from := b.pkg(i)
		for _, x := range xs {
			j, ok := byName[x]
			if !ok || j == i {
				continue
			}
			if referrers[j] == nil {
				referrers[j] = map[string]bool{}
			}
			referrers[j][from] = true
		}
	}
	for j, r := range referrers {
		b.docs[j].Inlinks = uint32(len(r))
	}
	// uses: the packages whose examples run a command, credited to the
	// command's page
	users := map[string]map[string]bool{}
	for i, rs := range b.runs {
		if b.guest(i) {
			continue
		}
		from := b.pkg(i)
		for _, c := range rs {
			if users[c] == nil {
				users[c] = map[string]bool{}
			}
			users[c][from] = true
		}
	}
	for n, i := range programs {
		b.docs[i].Uses = max(b.docs[i].Uses, uint32(len(users[n])))
	}
	// An info node titled for a program documents it; an article's
	// redirect titles only say what readers might search for.
	for i := range b.docs {
		if b.docs[i].Type != typeInfo {
			continue
		}
		for _, n := range b.names[i][1:] {
			if j, ok := programs[n]; ok {
				b.docs[i].Group = int32(j)
				break
			}
		}
	}
}

// guest says whether document i is a guest of the manuals (Guest), which
// their statistics leave out (see framing).
func (b *Builder) guest(i int) bool { return guestType(b.docs[i].Type) }

func (b *Builder) pkg(i int) string {
	if b.docs[i].Type == typeZIM {
		// An archive is one family, whatever its folders: a wiki of
		// thousands of articles must not decide which words of the
		// manuals look rare.
		a := b.docs[i].Str[strAlias]
		return "zim:" + string(b.strs[a.Off:a.Off+a.Len])
	}
	r := b.docs[i].Str[strPackage]
	if r.Len > 0 {
		return string(b.strs[r.Off : r.Off+r.Len])
	}
	// Unknown package: count the page's own source folder once.
	ref := b.docs[i].Str[strRef_]
	return "?" + filepath.Dir(string(b.strs[ref.Off:ref.Off+ref.Len]))
}

// Abort removes what was written; the caller removes the folder.
func (b *Builder) Abort() { b.store.Close() }
