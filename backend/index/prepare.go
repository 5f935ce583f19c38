package index

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"slices"
	"strings"

	"github.com/klauspost/compress/s2"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Facts are what the machine says about a document (package priors).
type Facts struct {
	Command  bool   // a command on PATH documented by the page
	Package  string // the Debian package that ships it
	Priority int    // priors.Priority*
}

// Prepared is a document turned into terms, ready for Builder.Add. Prepare
// is the expensive part of indexing and runs in parallel; Add is cheap and
// sequential.
type Prepared struct {
	doc   *document.Document
	facts Facts
	store []byte
	sum   [32]byte
	// the document's distinct stems, their counts per field, and the
	// fields' lengths: Add then looks each stem up once, not once a word
	stems  []string
	tf     [][NumFields]uint16
	lens   [NumFields]int
	blocks []preparedBlock
	xrefs  []string // "name(section)" mentioned in the text
	runs   []string // commands its code blocks run, lowercase
	chunks int
}

type preparedBlock struct {
	sec, blk, chunk int
	kind            document.BlockKind
	purpose         bool     // the paragraph that says what the page is for
	locals          []uint32 // its distinct stems, as indexes into Prepared.stems
}

// Preparer turns documents into Prepared ones. One per goroutine.
//
// Each word is looked up once, in words, which gives its stem's id within
// the Preparer; the id's slot in docGen/docLocal then gives its index in
// the document without a per-document map, which clearing cost as much as
// filling once a long page (bash) had grown it.
type Preparer struct {
	js       bytes.Buffer
	words    map[string]wordID
	stemIDs  map[string]int32
	stems    []string // stem id -> stem
	docGen   []uint32 // stem id -> the document that last saw it
	docLocal []uint32 // stem id -> its index in that document's stems
	gen      uint32   // the document being prepared
	mark     []uint32 // local index -> the block that last saw it
	block    uint32
	// fields holds a document's stems (local indexes) in reading order
	// while it is prepared
	fields [NumFields][]uint32
}

// wordID is what a word is to the index: its stem's id, and whether it is
// a stopword (kept in names only).
type wordID struct {
	stem int32
	stop bool
}

// NewPreparer returns a Preparer with its own stemmer cache.
func NewPreparer() *Preparer {
	return &Preparer{words: map[string]wordID{}, stemIDs: map[string]int32{}}
}

// purposeBlocks is how many paragraphs of DESCRIPTION count as stating
// the page's purpose.
const purposeBlocks = 2

// chunkTokens is the most a chunk holds (operational details: semantic
// chunks up to 2000 tokens). A section is a chunk unless it is longer.
const chunkTokens = 2000

// standardHeads are section titles every page has; as terms they tell
// pages apart no better than stopwords.
var standardHeads = map[string]bool{
	"DESCRIPTION": true, "OPTIONS": true, "SYNOPSIS": true, "SEE ALSO": true, "AUTHOR": true, "AUTHORS": true,
	"BUGS": true, "COPYRIGHT": true, "REPORTING BUGS": true, "HISTORY": true, "NOTES": true, "EXAMPLES": true,
	"EXAMPLE": true, "FILES": true, "ENVIRONMENT": true, "EXIT STATUS": true, "RETURN VALUE": true,
	"ERRORS": true, "STANDARDS": true, "CONFORMING TO": true, "VERSIONS": true, "ATTRIBUTES": true,
	"COLOPHON": true, "DIAGNOSTICS": true, "AVAILABILITY": true, "LICENSE": true, "NAME": true,
}

// xrefs calls fn with each cross reference in text, "name(section)" as
// "chmod", "1" for "chmod(1)" or "chmod(1p)". It is what the regular
// expression ([A-Za-z0-9_][A-Za-z0-9_.+:-]*)\(([1-9n])[a-z0-9]*\) finds, by
// hand: run on every block of every page, the expression's backtracking
// was a fifth of the whole build.
func xrefs(text string, fn func(name, section string)) {
	for i := 0; i < len(text); i++ {
		if text[i] != '(' || i+2 >= len(text) {
			continue
		}
		sec := text[i+1]
		if !(sec >= '1' && sec <= '9' || sec == 'n') {
			continue
		}
		j := i + 2
		for j < len(text) && (text[j] >= 'a' && text[j] <= 'z' || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		if j >= len(text) || text[j] != ')' {
			continue
		}
		k := i
		for k > 0 && xrefNameByte(text[k-1]) {
			k--
		}
		// the name starts with a letter, digit or underscore
		for k < i && !(isAlnum(text[k]) || text[k] == '_') {
			k++
		}
		if k < i {
			fn(text[k:i], text[i+1:i+2])
		}
		i = j
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func xrefNameByte(c byte) bool {
	return isAlnum(c) || c == '_' || c == '.' || c == '+' || c == ':' || c == '-'
}

// Prepare tokenizes d. The document must not change afterwards.
func (p *Preparer) Prepare(d *document.Document, f Facts) (*Prepared, error) {
	out := &Prepared{doc: d, facts: f}
	p.gen++
	for i := range p.fields {
		p.fields[i] = p.fields[i][:0]
	}

	p.js.Reset()
	if err := json.NewEncoder(&p.js).Encode(d); err != nil {
		return nil, err
	}
	// s2 (Snappy's successor) compresses the stored page a few times
	// faster than flate's fastest level; pages are read one at a time,
	// so its lower ratio costs little.
	out.store = s2.Encode(nil, p.js.Bytes())
	out.sum = sha256.Sum256(out.store)

	// Names: whole names ("git-add") and their parts ("git", "add").
	for _, n := range append([]string{d.Title}, d.Names...) {
		p.fields[FieldName] = p.addNames(out, p.fields[FieldName], n)
	}
	p.fields[FieldSummary] = p.addWords(out, p.fields[FieldSummary], d.Summary, false)
	p.fields[FieldSummary] = p.addWords(out, p.fields[FieldSummary], d.Context, false)

	purposeLeft := purposeBlocks
	refs := map[string]bool{}
	runs := map[string]bool{}
	tokens := 0
	chunk := 0
	for si, s := range d.Sections {
		if tokens > 0 {
			chunk++
			tokens = 0
		}
		if !standardHeads[strings.ToUpper(s.Title)] {
			p.fields[FieldHeads] = p.addWords(out, p.fields[FieldHeads], s.Title, false)
		}
		synopsis := strings.EqualFold(s.Title, "SYNOPSIS")
		// the first paragraphs of DESCRIPTION, or of an info node, restate
		// the NAME line in other words
		describes := strings.EqualFold(s.Title, "DESCRIPTION") || d.Type == "info" && si == 0
		for bi, b := range s.Blocks {
			before := len(p.fields[FieldBody])
			p.fields[FieldBody] = p.addWords(out, p.fields[FieldBody], b.Term, false)
			p.fields[FieldBody] = p.addWords(out, p.fields[FieldBody], b.Text, false)
			if startsWithDot(b.Text) {
				p.fields[FieldBody] = p.addWords(out, p.fields[FieldBody], "dot", false)
			}
			n := len(p.fields[FieldBody]) - before
			if tokens > 0 && tokens+n > chunkTokens {
				chunk++
				tokens = 0
			}
			tokens += n
			if b.Term != "" {
				p.fields[FieldHeads] = p.addWords(out, p.fields[FieldHeads], b.Term, false)
			}
			if synopsis {
				p.fields[FieldSynopsis] = append(p.fields[FieldSynopsis], p.fields[FieldBody][before:]...)
			}
			purpose := describes && purposeLeft > 0 && b.Kind == document.Para
			if purpose {
				purposeLeft--
			}
			stems := p.fields[FieldBody][before:]
			if len(b.Keys) > 0 {
				// a manual's index entries name what the block is about, as
				// a heading would
				h := len(p.fields[FieldHeads])
				for _, k := range b.Keys {
					p.fields[FieldHeads] = p.addWords(out, p.fields[FieldHeads], k, false)
				}
				stems = append(slices.Clip(stems), p.fields[FieldHeads][h:]...)
			}
			out.blocks = append(out.blocks, preparedBlock{
				sec: si, blk: bi, chunk: chunk, kind: b.Kind, purpose: purpose,
				locals: p.unique(len(out.stems), stems),
			})
			xrefs(b.Text, func(name, sec string) {
				refs[strings.ToLower(name)+"("+sec+")"] = true
			})
			if b.Kind == document.Code && !synopsis {
				for _, c := range commandsRun(b.Text) {
					runs[c] = true
				}
			}
		}
	}
	if tokens > 0 || chunk == 0 {
		chunk++
	}
	out.chunks = chunk
	out.tf = make([][NumFields]uint16, len(out.stems))
	for fi := range NumFields {
		out.lens[fi] = len(p.fields[fi])
		for _, i := range p.fields[fi] {
			if out.tf[i][fi] < 0xffff {
				out.tf[i][fi]++
			}
		}
	}
	for x := range refs {
		out.xrefs = append(out.xrefs, x)
	}
	for c := range runs {
		out.runs = append(out.runs, c)
	}
	return out, nil
}

// commandsRun returns the commands the lines of an example start with:
// "tar -xzf x.tgz", "$ ls -l", "# mount /dev/sdb1 /mnt", "sudo apt install
// x", and what follows a pipe. How many packages' examples run a command
// says how much it is used, whatever its name means in English.
func commandsRun(code string) []string {
	var out []string
	for _, line := range strings.Split(code, "\n") {
		for i, part := range strings.Split(line, "|") {
			f := strings.Fields(part)
			if i == 0 && len(f) > 0 && (f[0] == "$" || f[0] == "#" || f[0] == "%" || f[0] == ">") {
				f = f[1:]
			}
			for len(f) > 0 && (f[0] == "sudo" || f[0] == "exec" || f[0] == "time" || f[0] == "nohup" || strings.Contains(f[0], "=")) {
				f = f[1:]
			}
			if len(f) > 0 && commandWord().MatchString(f[0]) {
				out = append(out, strings.ToLower(f[0]))
			}
		}
	}
	return out
}

var commandWord = lazyre.New(`^[a-z][a-z0-9_.+-]*[a-z0-9]$`)

// startsWithDot says whether text is about names that start with a
// lone dot, which no word says: ls -a's "do not ignore entries starting
// with .", what a question calls hidden files or dotfiles (the
// thesaurus reads hidden as dot too). A name after the dot (".bashrc")
// is no such text.
func startsWithDot(text string) bool {
	for _, lead := range []string{"with .", "with a .", "with '.'", "with a '.'", "with \".\"", "with a \".\"", "with ‘.’", "with a ‘.’"} {
		i := strings.Index(text, lead)
		if i < 0 {
			continue
		}
		if rest := text[i+len(lead):]; rest == "" || !isWordByte(rest[0]) && rest[0] != '.' && rest[0] != '/' {
			if dotStart().MatchString(text[:i]) {
				return true
			}
		}
	}
	return false
}

// dotStart is the verb before "with ." in startsWithDot's texts.
var dotStart = lazyre.New(`(?i)\b(?:start|starts|starting|begin|begins|beginning)\s+$`)

// isWordByte says whether c goes on a name after a dot: ".bashrc",
// ".git-credentials".
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// addWords appends the stems of text's words that are not stopwords.
func (p *Preparer) addWords(out *Prepared, dst []uint32, text string, joined bool) []uint32 {
	terms.Scan(text, joined, func(w []byte) {
		if len(w) < 2 {
			return
		}
		if id := p.word(w); !id.stop {
			dst = append(dst, p.index(out, id.stem))
		}
	})
	return dst
}

// addNames appends a name whole and in parts, stopwords included: "which"
// and "test" are commands.
func (p *Preparer) addNames(out *Prepared, dst []uint32, name string) []uint32 {
	for _, joined := range []bool{true, false} {
		terms.Scan(name, joined, func(w []byte) {
			if len(w) >= 2 {
				dst = append(dst, p.index(out, p.word(w).stem))
			}
		})
	}
	return dst
}

// word looks a word up, stemming it the first time it is seen.
func (p *Preparer) word(w []byte) wordID {
	if id, ok := p.words[string(w)]; ok {
		return id
	}
	st := terms.StemUncached(string(w))
	sid, ok := p.stemIDs[st]
	if !ok {
		sid = int32(len(p.stems))
		p.stemIDs[st] = sid
		p.stems = append(p.stems, st)
		p.docGen = append(p.docGen, 0)
		p.docLocal = append(p.docLocal, 0)
	}
	id := wordID{stem: sid, stop: terms.Stop(string(w))}
	p.words[string(w)] = id
	return id
}

// index returns the index of a stem in out.stems, adding it if new.
func (p *Preparer) index(out *Prepared, sid int32) uint32 {
	if p.docGen[sid] == p.gen {
		return p.docLocal[sid]
	}
	i := uint32(len(out.stems))
	p.docGen[sid], p.docLocal[sid] = p.gen, i
	out.stems = append(out.stems, p.stems[sid])
	return i
}

// unique returns the distinct stems of a block, in order; n is the
// document's count of distinct stems so far.
func (p *Preparer) unique(n int, stems []uint32) []uint32 {
	if len(p.mark) < n {
		p.mark = append(p.mark, make([]uint32, n-len(p.mark))...)
	}
	p.block++
	out := make([]uint32, 0, len(stems))
	for _, s := range stems {
		if p.mark[s] != p.block {
			p.mark[s] = p.block
			out = append(out, s)
		}
	}
	return out
}
