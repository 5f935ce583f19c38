package answer

import (
	"fmt"
	"strings"

	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
)

// Citer numbers references in order of first citation, one number per
// {alias, document_ref} (FR-002), and records each section cited. Every
// composer cites through one, so numbering is the same whichever writes.
type Citer struct {
	refs  []proto.Reference
	cites []proto.Citation
	seen  map[string]int
	cited map[string]bool
}

// Cite returns the marker, "[n]", that cites section of the page m.
func (c *Citer) Cite(m index.Meta, section string) string {
	key := m.Alias + "\x00" + m.Ref
	if c.seen == nil {
		c.seen, c.cited = map[string]int{}, map[string]bool{}
	}
	n, ok := c.seen[key]
	if !ok {
		n = len(c.refs) + 1
		c.seen[key] = n
		ref := proto.Reference{N: n, Alias: m.Alias, Label: m.Label, DocumentRefs: []string{m.Ref}}
		if m.URL != "" {
			u := m.URL
			ref.URL = &u
		}
		c.refs = append(c.refs, ref)
	}
	if ck := fmt.Sprintf("%d\x00%s", n, section); !c.cited[ck] {
		c.cited[ck] = true
		c.cites = append(c.cites, proto.Citation{N: n, Alias: m.Alias, DocumentRef: m.Ref, Section: section})
	}
	return fmt.Sprintf("[%d]", n)
}

// Refs are the references cited so far, in order of first citation.
func (c *Citer) Refs() []proto.Reference { return c.refs }

// Cites are the sections cited so far, in order of first citation.
func (c *Citer) Cites() []proto.Citation { return c.cites }

// Inline is how the text names the source beside its marker: "(man
// chmod)", "(info coreutils)", the alias of an archive.
func Inline(m index.Meta) string {
	switch m.Type {
	case "man":
		if m.Section != "" && m.Section[0] != '1' && m.Section[0] != '8' {
			// man finds a program's page before a call's of the same
			// name: "man umount" is umount(8), not umount(2)
			return "(man " + m.Section + " " + m.Title + ")"
		}
		return "(man " + m.Title + ")"
	case "info":
		manual, _, _ := strings.Cut(m.Label, ":")
		return "(info " + manual + ")"
	case "tldr":
		return "(tldr " + m.Title + ")"
	}
	return "(" + m.Alias + ")"
}
