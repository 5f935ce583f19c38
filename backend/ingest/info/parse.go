package info

import (
	"bytes"
	"iter"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// parse turns the bytes of a manual (its main file, then its subfiles in
// order) into one document per node. Index nodes are not documents: their
// menus would crowd search results. Their entries become the Keys of the
// blocks they point to, because they say in a few words, often a user's,
// what a passage is about ("logging out and continuing to run"). Nodes
// without a header and repeated node names are skipped.
func parse(manual string, main []byte, parts ...[]byte) []*document.Document {
	dec := decoderFor(coding(main, parts))
	seen := map[string]bool{}
	var docs []*document.Document
	var ups []string
	var starts [][]blockStart
	var entries []indexEntry
	for i := -1; i < len(parts); i++ {
		file := main
		if i >= 0 {
			file = parts[i]
		}
		for seg := range segments(file) {
			// Header fields are ASCII in every encoding info files use, so
			// non-nodes are skipped before paying for decoding.
			if !bytes.Contains(firstLineBytes(seg), []byte("Node:")) {
				continue
			}
			n, ok := parseNode(manual, dec(seg))
			entries = append(entries, n.entries...)
			if !ok || n.doc == nil || seen[n.doc.Title] {
				continue
			}
			seen[n.doc.Title] = true
			docs = append(docs, n.doc)
			ups = append(ups, n.up)
			starts = append(starts, n.starts)
		}
	}
	addContext(docs, ups)
	addKeys(docs, starts, entries)
	return docs
}

// addContext tells each node where it sits: the title of the node above it
// and how that node's menu describes it ("File space usage: Report file
// system space usage."). Manuals group their programs by task, so this is
// often the plainest statement of what a program is for.
func addContext(docs []*document.Document, ups []string) {
	byName := make(map[string]*document.Document, len(docs))
	for _, d := range docs {
		byName[d.Title] = d
	}
	for i, d := range docs {
		parent := byName[ups[i]]
		if parent == nil || strings.EqualFold(ups[i], "Top") {
			continue
		}
		ctx := parent.Title
		for _, s := range parent.Sections {
			for _, b := range s.Blocks {
				if b.Kind == document.Item && b.Term == d.Title && b.Text != "" {
					ctx += ": " + b.Text
				}
			}
		}
		d.Context = ctx
	}
}

// segments yields the pieces of an info file between US (\x1f) characters:
// the preamble, the nodes, the indirect and tag tables, the local variables.
func segments(data []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for len(data) > 0 {
			seg, rest, _ := bytes.Cut(data, []byte{0x1f})
			if !yield(seg) {
				return
			}
			data = rest
		}
	}
}

// firstLineBytes returns the first line of a segment; makeinfo writes a
// newline (older versions a form feed too) right after the separator.
func firstLineBytes(seg []byte) []byte {
	seg = bytes.TrimLeft(seg, "\n\r\f")
	line, _, _ := bytes.Cut(seg, []byte{'\n'})
	return line
}

func firstLine(seg []byte) string { return string(firstLineBytes(seg)) }

// nodeHeader returns the node name of a header line such as
// "File: coreutils.info,  Node: chmod invocation,  Next: touch invocation".
func nodeHeader(line string) (string, bool) { return headerField(line, "Node:") }

// headerField returns a field of a node's header line: "Node:", "Up:".
func headerField(line, key string) (string, bool) {
	for from := 0; from < len(line); {
		i := strings.Index(line[from:], key)
		if i < 0 {
			return "", false
		}
		i += from
		if i > 0 && !strings.ContainsRune(" \t,", rune(line[i-1])) {
			from = i + 1
			continue
		}
		v := strings.TrimLeft(line[i+len(key):], " \t")
		if strings.HasPrefix(v, "\x7f") {
			// makeinfo quotes names that hold a comma with DEL.
			if name, _, ok := strings.Cut(v[1:], "\x7f"); ok {
				name = termesc.OneLine(name)
				return name, name != ""
			}
		}
		if j := strings.IndexAny(v, ",\t"); j >= 0 {
			v = v[:j]
		}
		v = termesc.OneLine(v)
		return v, v != ""
	}
	return "", false
}

// indirectTable returns the subfile names listed in the main file of a split
// manual ("find.info-1: 1201"), and whether it has such a table at all.
func indirectTable(main []byte) ([]string, bool) {
	for seg := range segments(main) {
		seg = bytes.TrimLeft(seg, "\n\r\f")
		if !bytes.HasPrefix(seg, []byte("Indirect:")) {
			continue
		}
		var names []string
		for _, l := range bytes.Split(seg, []byte{'\n'})[1:] {
			i := bytes.LastIndexByte(l, ':')
			if i <= 0 {
				continue
			}
			names = append(names, string(bytes.TrimSpace(l[:i])))
			if len(names) > maxParts {
				break
			}
		}
		return names, true
	}
	return nil, false
}

// coding returns the Emacs coding system a manual declares at its end
// ("Local Variables:\ncoding: utf-8\nEnd:"), lower-cased, or "".
func coding(main []byte, parts [][]byte) string {
	if c := localCoding(main); c != "" {
		return c
	}
	// A split manual whose main file lacks the declaration may still carry
	// it at the end of its last part.
	for i := len(parts) - 1; i >= 0; i-- {
		if c := localCoding(parts[i]); c != "" {
			return c
		}
	}
	return ""
}

func localCoding(f []byte) string {
	i := bytes.LastIndex(f, []byte("Local Variables:"))
	if i < 0 {
		return ""
	}
	block := f[i:min(len(f), i+2000)]
	j := bytes.Index(block, []byte("coding:"))
	if j < 0 {
		return ""
	}
	v := bytes.TrimLeft(block[j+len("coding:"):], " \t")
	if k := bytes.IndexAny(v, " \t\r\n;"); k >= 0 {
		v = v[:k]
	}
	return strings.ToLower(string(v))
}

// decoderFor returns what turns the bytes of a node into valid UTF-8.
// Without a declaration (or with one naming ASCII, or one this reader does
// not know) text that is valid UTF-8 is taken as such and anything else as
// Latin-1, which is what makeinfo wrote before it defaulted to UTF-8.
func decoderFor(coding string) func([]byte) string {
	for _, suffix := range []string{"-unix", "-dos", "-mac"} {
		coding = strings.TrimSuffix(coding, suffix)
	}
	if cm := charmapFor(coding); cm != nil {
		d := cm.NewDecoder()
		return func(b []byte) string {
			out, err := d.Bytes(b)
			if err != nil {
				return strings.ToValidUTF8(string(b), "\uFFFD")
			}
			return string(out)
		}
	}
	switch coding {
	case "utf-8", "utf8", "mule-utf-8", "prefer-utf-8", "utf-8-emacs", "utf-8-with-signature":
		return func(b []byte) string { return strings.ToValidUTF8(string(b), "\uFFFD") }
	}
	latin1 := charmap.ISO8859_1.NewDecoder()
	return func(b []byte) string {
		if utf8.Valid(b) {
			return string(b)
		}
		out, err := latin1.Bytes(b)
		if err != nil {
			return strings.ToValidUTF8(string(b), "\uFFFD")
		}
		return string(out)
	}
}

// charmapFor maps Emacs and IANA names of single-byte codings.
func charmapFor(coding string) *charmap.Charmap {
	switch coding {
	case "iso-8859-1", "iso-latin-1", "latin-1", "latin1", "iso8859-1", "iso_8859-1":
		return charmap.ISO8859_1
	case "iso-8859-2", "iso-latin-2", "latin-2", "latin2":
		return charmap.ISO8859_2
	case "iso-8859-3", "iso-latin-3", "latin-3", "latin3":
		return charmap.ISO8859_3
	case "iso-8859-4", "iso-latin-4", "latin-4", "latin4":
		return charmap.ISO8859_4
	case "iso-8859-5", "cyrillic-iso-8bit":
		return charmap.ISO8859_5
	case "iso-8859-7", "greek-iso-8bit":
		return charmap.ISO8859_7
	case "iso-8859-9", "iso-latin-5", "latin-5", "latin5":
		return charmap.ISO8859_9
	case "iso-8859-15", "iso-latin-9", "latin-9", "latin9", "latin-0", "iso8859-15", "iso_8859-15":
		return charmap.ISO8859_15
	case "koi8-r", "koi8", "cyrillic-koi8":
		return charmap.KOI8R
	case "koi8-u":
		return charmap.KOI8U
	case "windows-1250", "cp1250":
		return charmap.Windows1250
	case "windows-1251", "cp1251":
		return charmap.Windows1251
	case "windows-1252", "cp1252":
		return charmap.Windows1252
	}
	return nil
}
