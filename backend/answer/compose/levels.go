package compose

import (
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A compressor's levels are one item of its page: xz's "-0 ... -9",
// gzip's "-# --fast --best", bzip2's "-1 (or --fast) to -9 (or --best)",
// zstd's "-#: selects # compression level [1-19]". One types one level
// of them, "-9", which a question asks for by its number ("at level
// 19") or by its end ("the best compression", "as small as possible",
// "the fastest").

// levels reads an item that documents a range of levels: its lowest and
// highest, as numbers.
func levels(term, text string) (lo, hi int, ok bool) {
	if l, h, ok := optionRange(term); ok {
		lo, err1 := strconv.Atoi(strings.TrimPrefix(l, "-"))
		hi, err2 := strconv.Atoi(strings.TrimPrefix(h, "-"))
		return lo, hi, err1 == nil && err2 == nil && lo < hi
	}
	bounds := levelSpan().FindStringSubmatch(term)
	if f := strings.Fields(term); len(f) > 0 && f[0] == "-#" {
		bounds = levelBounds().FindStringSubmatch(text)
		if bounds == nil {
			return 1, 9, true
		}
	}
	if bounds == nil {
		return 0, 0, false
	}
	lo, _ = strconv.Atoi(bounds[1])
	hi, _ = strconv.Atoi(bounds[2])
	return lo, hi, lo < hi
}

// levelBounds is a range of levels a "-#" item's text gives: "[1-19]".
var levelBounds = lazyre.New(`\[(\d{1,2})\s*-\s*(\d{1,2})\]`)

// levelSpan is a term that spans levels in words: "-1 (or --fast) to -9
// (or --best)".
var levelSpan = lazyre.New(`^-(\d)\b.*\bto\s+-(\d{1,2})\b`)

// levelAsked is the level the question asks for, of levels lo to hi: the
// number it gives after "level" or as "-N", the highest for the best or
// smallest compression, the lowest for the fastest; 0 for none.
func (c *composition) levelAsked(lo, hi int) int {
	if m := levelNumber().FindStringSubmatch(c.text); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n >= lo && n <= hi {
			return n
		}
		return 0
	}
	switch {
	case levelBest().MatchString(c.text):
		return hi
	case levelFast().MatchString(c.text):
		return lo
	}
	return 0
}

// levelNumber is a level the question gives by its number.
var levelNumber = lazyre.New(`(?i)\blevel\s+(\d{1,2})\b`)

// levelBest asks for the most compression: "the best compression", "as
// small as possible", "maximum compression", "the strongest xz setting"
// (a word, the program's name, between).
var levelBest = lazyre.New(`(?i)\b(?:best|maximum|max|highest|strongest|tightest|smallest|heaviest|most)\s+(?:possible\s+)?(?:[\w.-]+\s+)?(?:compression|level|setting|preset)|\bas\s+small\s+as\s+(?:possible|it\s+can)|\bcompress\w*\s+(?:it\s+)?(?:as\s+much\s+as\s+possible|to\s+the\s+max)`)

// levelFast asks for the least: "the fastest compression", "the lowest
// gzip level".
var levelFast = lazyre.New(`(?i)\b(?:fastest|quickest|lowest|least|minimum|min)\s+(?:possible\s+)?(?:[\w.-]+\s+)?(?:compression|level|setting|preset)`)

// levelFirst puts first, where the question asks for a level (levelAsked),
// the page's item of levels, chosen or not.
func (c *composition) levelFirst(s *source, chosen []passage) []passage {
	for p := range ownItems(s.doc) {
		if !c.optionItem(s, p) {
			continue
		}
		if lo, hi, ok := levels(p.block.Term, p.block.Text); ok && c.levelAsked(lo, hi) > 0 {
			return putFirst(chosen, p)
		}
	}
	return chosen
}

// levelOption is the option that types the level the question asks for
// of item p's levels, "" where p is none or it asks for none.
func (c *composition) levelOption(p passage) string {
	lo, hi, ok := levels(p.block.Term, p.block.Text)
	if !ok {
		return ""
	}
	if n := c.levelAsked(lo, hi); n > 0 {
		return "-" + strconv.Itoa(n)
	}
	return ""
}
