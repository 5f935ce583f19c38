package answer

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Library is what every part of an engine may know of the index's
// documents: their metadata and stored text, and the man pages by name.
type Library struct {
	r     *index.Reader
	names map[string][]int // lowercase page name -> man pages, in id order
	kinds []pageKind
	// options: program -> *ProgramOptions, read once (OptionsOf)
	options sync.Map
}

// ProgramOptions are the options a program's manual page writes, as
// words ("-n", "--lines"); Long: its options are words after one dash,
// as find's -name and -type are.
type ProgramOptions struct {
	Words map[string]bool
	Long  bool
}

// OptionsOf are the options the manual page (of section 1 or 8) of the
// program writes, read once; nil where it has none. Answers check the
// lines of code they show against them.
func (l *Library) OptionsOf(prog string) *ProgramOptions {
	if v, ok := l.options.Load(prog); ok {
		return v.(*ProgramOptions)
	}
	var po *ProgramOptions
	for _, id := range l.names[prog] {
		if m := l.r.Meta(id); m.Type != "man" || !ProgramPage(m) {
			continue
		}
		d, err := l.r.Load(id)
		if err != nil {
			break
		}
		po = &ProgramOptions{Words: map[string]bool{}}
		long := 0
		for _, sec := range d.Sections {
			for _, b := range sec.Blocks {
				for _, text := range []string{b.Term, b.Text} {
					for _, m := range optionWordRE().FindAllStringSubmatch(text, -1) {
						po.Words[m[1]] = true
					}
				}
				if singleDashItem().MatchString(b.Term) {
					long++
				}
			}
		}
		po.Long = long >= 3
		break
	}
	v, _ := l.options.LoadOrStore(prog, po)
	return v.(*ProgramOptions)
}

var (
	// optionWordRE is an option written as a word of its own
	optionWordRE = lazyre.New(`(?:^|[^\w-])(--?[A-Za-z][\w-]*)`)
	// singleDashItem is an item whose option is a word after one dash
	singleDashItem = lazyre.New(`^\s*-[a-z]{3,}\b`)
)

type pageKind uint8

const (
	programPage pageKind = 1 << iota // a section 1/6/8 man page
	onPath                           // ... of a command on PATH
)

// NewLibrary reads what the parts share from r.
func NewLibrary(r *index.Reader) *Library {
	l := &Library{r: r, names: map[string][]int{}, kinds: make([]pageKind, r.NumDocs())}
	for id := range r.NumDocs() {
		m := r.Meta(id)
		if ProgramPage(m) {
			l.kinds[id] |= programPage
			if m.Command {
				l.kinds[id] |= onPath
			}
		}
		if m.Type != "man" {
			continue
		}
		seen := map[string]bool{}
		for _, n := range append([]string{m.Title}, m.Names...) {
			n = strings.ToLower(n)
			if !seen[n] {
				seen[n] = true
				l.names[n] = append(l.names[n], id)
			}
		}
	}
	return l
}

// Reader is the index the library reads.
func (l *Library) Reader() *index.Reader { return l.r }

// Meta is document id's metadata.
func (l *Library) Meta(id int) index.Meta { return l.r.Meta(id) }

// Load reads document id as it was stored.
func (l *Library) Load(id int) (*document.Document, error) { return l.r.Load(id) }

// Pages are the man pages a lowercase name names, in every section.
func (l *Library) Pages(name string) []int { return l.names[name] }

// PagesWithPrefix are the page names that start with prefix, sorted:
// "ip-address" for "ip-addr".
func (l *Library) PagesWithPrefix(prefix string) []string {
	var out []string
	for n := range l.names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// IsProgram says whether name is a program this machine has (on PATH)
// with a man page in sections 1, 6 or 8. The pages of daemons also name
// their units ("systemd-tmpfiles-clean.timer"), which are no commands.
func (l *Library) IsProgram(name string) bool {
	if unitName().MatchString(name) {
		return false
	}
	for _, id := range l.names[name] {
		if l.kinds[id]&(programPage|onPath) == programPage|onPath {
			return true
		}
	}
	return false
}

var unitName = lazyre.New(`\.(service|socket|timer|target|mount|automount|path|slice|scope|device|swap)$`)

// Named is the program page the question names, by a joined pair of its
// words first ("git stash"), then by a word; -1 when it names none.
func (l *Library) Named(a analyse.Analysis) int {
	for _, w := range append(append([]string{}, a.Pairs...), a.Words...) {
		for _, id := range l.names[w] {
			if l.kinds[id]&programPage != 0 {
				return id
			}
		}
	}
	return -1
}

// Find returns the stored document of a source by its document_ref, its
// label ("chmod(1)") or its name ("chmod"; commands first).
func (l *Library) Find(alias, ref string) (*document.Document, error) {
	best, bestRank := -1, 99
	for id := range l.r.NumDocs() {
		m := l.r.Meta(id)
		if m.Alias != alias {
			continue
		}
		rank := 99
		switch {
		case m.Ref == ref:
			rank = 0
		case strings.EqualFold(m.Label, ref):
			rank = 1
		case strings.EqualFold(m.Title, ref):
			rank = 2
			if m.Section != "1" && m.Section != "8" {
				rank = 3
			}
		}
		if rank < bestRank {
			best, bestRank = id, rank
		}
	}
	if best < 0 {
		return nil, &proto.Error{Code: proto.CodeNotFound, Message: fmt.Sprintf("%s has no document %q", alias, ref),
			Hint: "give the document_ref of an answer's reference, a label such as chmod(1), or a page name"}
	}
	return l.r.Load(best)
}
