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
type Preparer struct {
	stem  *terms.Stemmer
	js    bytes.Buffer
	seen  map[string]struct{}
	local map[string]uint32
	// fields holds a document's stems in reading order while it is
	// prepared, blockStems each block's distinct stems
	fields     [NumFields][]string
	blockStems [][]string
}

// NewPreparer returns a Preparer with its own stemmer cache.
func NewPreparer() *Preparer {
	return &Preparer{stem: terms.NewStemmer(), seen: map[string]struct{}{}, local: map[string]uint32{}}
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
	for i := range p.fields {
		p.fields[i] = p.fields[i][:0]
	}
	p.blockStems = p.blockStems[:0]

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
		p.fields[FieldName] = p.addNames(p.fields[FieldName], n)
	}
	p.fields[FieldSummary] = p.addWords(p.fields[FieldSummary], d.Summary, false)
	p.fields[FieldSummary] = p.addWords(p.fields[FieldSummary], d.Context, false)

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
			p.fields[FieldHeads] = p.addWords(p.fields[FieldHeads], s.Title, false)
		}
		synopsis := strings.EqualFold(s.Title, "SYNOPSIS")
		// the first paragraphs of DESCRIPTION, or of an info node, restate
		// the NAME line in other words
		describes := strings.EqualFold(s.Title, "DESCRIPTION") || d.Type == "info" && si == 0
		for bi, b := range s.Blocks {
			before := len(p.fields[FieldBody])
			p.fields[FieldBody] = p.addWords(p.fields[FieldBody], b.Term, false)
			p.fields[FieldBody] = p.addWords(p.fields[FieldBody], b.Text, false)
			n := len(p.fields[FieldBody]) - before
			if tokens > 0 && tokens+n > chunkTokens {
				chunk++
				tokens = 0
			}
			tokens += n
			if b.Term != "" {
				p.fields[FieldHeads] = p.addWords(p.fields[FieldHeads], b.Term, false)
			}
			if synopsis {
				p.fields[FieldSynopsis] = append(p.fields[FieldSynopsis], p.fields[FieldBody][before:]...)
			}
			purpose := describes && purposeLeft > 0 && b.Kind == document.Para
			if purpose {
				purposeLeft--
			}
			out.blocks = append(out.blocks, preparedBlock{
				sec: si, blk: bi, chunk: chunk, kind: b.Kind, purpose: purpose,
			})
			stems := p.fields[FieldBody][before:]
			if len(b.Keys) > 0 {
				// a manual's index entries name what the block is about, as
				// a heading would
				h := len(p.fields[FieldHeads])
				for _, k := range b.Keys {
					p.fields[FieldHeads] = p.addWords(p.fields[FieldHeads], k, false)
				}
				stems = append(slices.Clip(stems), p.fields[FieldHeads][h:]...)
			}
			p.blockStems = append(p.blockStems, p.unique(stems))
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
	clear(p.local)
	for fi := range NumFields {
		out.lens[fi] = len(p.fields[fi])
		for _, st := range p.fields[fi] {
			i := p.index(out, st)
			if out.tf[i][fi] < 0xffff {
				out.tf[i][fi]++
			}
		}
	}
	for bi, stems := range p.blockStems {
		locals := make([]uint32, len(stems))
		for i, st := range stems {
			locals[i] = p.index(out, st)
		}
		out.blocks[bi].locals = locals
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

// addWords appends the stems of text's words that are not stopwords.
func (p *Preparer) addWords(dst []string, text string, joined bool) []string {
	terms.Scan(text, joined, func(w []byte) {
		if len(w) < 2 || terms.Stop(string(w)) {
			return
		}
		dst = append(dst, p.stem.StemBytes(w))
	})
	return dst
}

// addNames appends a name whole and in parts, stopwords included: "which"
// and "test" are commands.
func (p *Preparer) addNames(dst []string, name string) []string {
	for _, joined := range []bool{true, false} {
		terms.Scan(name, joined, func(w []byte) {
			if len(w) >= 2 {
				dst = append(dst, p.stem.StemBytes(w))
			}
		})
	}
	return dst
}

// index returns the index of a stem in out.stems, adding it if new.
func (p *Preparer) index(out *Prepared, st string) uint32 {
	if i, ok := p.local[st]; ok {
		return i
	}
	i := uint32(len(out.stems))
	p.local[st] = i
	out.stems = append(out.stems, st)
	out.tf = append(out.tf, [NumFields]uint16{})
	return i
}

func (p *Preparer) unique(stems []string) []string {
	clear(p.seen)
	out := make([]string, 0, len(stems))
	for _, s := range stems {
		if _, ok := p.seen[s]; !ok {
			p.seen[s] = struct{}{}
			out = append(out, s)
		}
	}
	return out
}
