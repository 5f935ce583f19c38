package compose

import (
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// ddLead makes the first step dd's copy from the file or device the
// question reads to the one it writes, where dd(1) leads: `dd
// if=/dev/sda of=disk.img` for "copy the disk /dev/sda to the image file
// disk.img", `dd if=/dev/sda of=mbr.img bs=512 count=1` where it gives
// how much, and /dev/zero or /dev/urandom as what is read for a file of
// zeros or of random data. It cites if= and of= (and bs= and count=).
// Without it dd's synopsis led, `dd [OPERAND]...`, which copies standard
// input to standard output: on a disk, a command to get right.
func (c *composition) ddLead(s *source, pl *plan) bool {
	if typedName(s.doc, s.hit.Meta.Title) != "dd" {
		return false
	}
	var in, out, size string
	for _, op := range c.ops {
		switch {
		case op.kind == analyse.ArgSize && size == "":
			size = op.text
		case op.kind != analyse.ArgFile && op.kind != analyse.ArgPath:
		case op.to && out == "":
			out = op.text
		case in == "":
			in = op.text
		case out == "":
			out = op.text
		}
	}
	if source := ddSource(c.text); source != "" && out == "" {
		in, out = source, in
	}
	if in == "" || out == "" {
		return false
	}
	item := func(name string) (passage, bool) { return itemWhere(s, operandNamed(name)) }
	from, ok := item("if")
	if !ok {
		return false
	}
	to, ok := item("of")
	if !ok {
		return false
	}
	line := "dd if=" + in + " of=" + out
	bs, count := ddBlocks(size)
	if blockSized().MatchString(c.text) {
		// "using 4 megabyte blocks": the size of a block, not how
		// much to copy
		bs, count = sizeSuffixed(size), ""
	}
	var runs []passage
	if p, ok := item("bs"); ok && bs != "" {
		line += " bs=" + bs
		runs = append(runs, p)
	}
	if p, ok := item("count"); ok && count != "" && bs != "" {
		line += " count=" + count
		runs = append(runs, p)
	}
	if p, ok := item("status"); ok && progressAsked().MatchString(c.text) {
		line += " status=progress"
		runs = append(runs, p)
	}
	pl.leadWith(from, line, itemDoes(from.block.Text))
	pl.runs(to)
	for _, p := range runs {
		pl.runs(p)
	}
	pl.whole = true
	return true
}

var (
	// blockSized is a size the question gives of dd's blocks
	blockSized = lazyre.New(`(?i)\b\d+\s*(?:[kmg]i?b?|bytes?|kilobytes?|megabytes?|gigabytes?)\s+blocks?\b|\bblock\s*size\b|\bblocks\s+of\b`)
	// progressAsked is a copy whose progress the question watches
	progressAsked = lazyre.New(`(?i)\bprogress\b|\btransfer\s+(?:statistics|stats|rate|speed)\b|\b(?:see|seeing|watch|watching)\s+(?:the\s+|how\s+(?:far|much)\s+)?(?:transfer|copy)`)
)

// operandNamed is a test for the item of an operand that takes its value
// after an equals sign, as optionNamed is for an option's: dd's
// "if=FILE" is if's.
func operandNamed(name string) func(p passage) bool {
	return func(p passage) bool { return strings.HasPrefix(strings.TrimSpace(p.block.Term), name+"=") }
}

// ddSource is the device dd reads for a file of zeros or of random data
// the question makes, "" for another question.
func ddSource(q string) string {
	switch {
	case zerosAsked().MatchString(q):
		return "/dev/zero"
	case randomAsked().MatchString(q):
		return "/dev/urandom"
	}
	return ""
}

var (
	zerosAsked  = lazyre.New(`(?i)\b(?:zeros|zeroes|zeroed|null\s+bytes)\b`)
	randomAsked = lazyre.New(`(?i)\brandom\s+(?:data|bytes|content|contents|garbage|noise)\b`)
)

// ddBlocks are dd's bs= and count= for a size the question gives: one
// block of it up to a megabyte ("512 bytes" is bs=512 count=1), blocks of
// a megabyte above, so as not to hold a gigabyte in memory at once; ""
// for none or one dd's suffixes cannot say.
func ddBlocks(size string) (bs, count string) {
	num, unit := splitSize(size)
	n, err := strconv.Atoi(num)
	if err != nil || n <= 0 {
		return "", ""
	}
	switch u := strings.ToLower(unit); {
	case strings.HasPrefix(u, "m"):
		return "1M", num
	case strings.HasPrefix(u, "g"):
		return "1M", strconv.Itoa(n * 1024)
	}
	if bs := sizeSuffixed(size); bs != "" {
		return bs, "1"
	}
	return "", ""
}
