// Package terms turns text into the terms the index stores and the
// question is matched on: lowercase words, stemmed, without stopwords.
// The index builder and the query analyser share it so both sides agree.
package terms

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	porterstemmer "github.com/blevesearch/go-porterstemmer"
)

// MaxLen is the longest word kept; longer runs are identifiers or noise.
const MaxLen = 40

// Words calls fn for each word of text, lowercased, in order. A word is a
// run of letters and digits; '-', '_' and '.' inside a run are kept only
// when keepJoined is set (page names like "git-add"), otherwise they split.
func Words(text string, keepJoined bool, fn func(w string)) {
	Scan(text, keepJoined, func(w []byte) { fn(string(w)) })
}

// Scan is Words without allocating: w is valid only during the call.
func Scan(text string, keepJoined bool, fn func(w []byte)) {
	var buf [MaxLen * 4]byte
	n := 0
	runes := 0
	flush := func() {
		// drop a trailing joiner: "foo-" is "foo"
		for n > 0 && (buf[n-1] == '-' || buf[n-1] == '_') {
			n--
		}
		if n > 0 && runes <= MaxLen {
			fn(buf[:n])
		}
		n, runes = 0, 0
	}
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			case 'A' <= c && c <= 'Z':
				c += 'a' - 'A'
			case keepJoined && (c == '-' || c == '_' || c == '.') && n > 0 && i < len(text) && isWordByte(text[i]):
			default:
				flush()
				continue
			}
			if n < len(buf) {
				buf[n] = c
				n++
			}
			runes++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		r = unicode.ToLower(r)
		if n+utf8.RuneLen(r) <= len(buf) {
			n += utf8.EncodeRune(buf[n:], r)
		}
		runes++
	}
	flush()
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= utf8.RuneSelf
}

// Stemmer stems words with a cache: the vocabulary of a corpus is small
// next to its length, and the Porter stemmer allocates. Not safe for
// concurrent use; give each goroutine its own.
type Stemmer struct {
	cache map[string]string
}

// NewStemmer returns an empty stemmer.
func NewStemmer() *Stemmer { return &Stemmer{cache: make(map[string]string, 1<<14)} }

// Stem returns the stem of a lowercase word. Words with digits are kept as
// they are: "md5sum" and "x86" are names, not English.
func (s *Stemmer) Stem(w string) string {
	if st, ok := s.cache[w]; ok {
		return st
	}
	return s.add(w)
}

func (s *Stemmer) add(w string) string {
	st := stem(w)
	s.cache[w] = st
	return st
}

// shared is made on first use: every ragman process links this package,
// and most (a CLI that only talks to the backend) never stem.
var shared struct {
	sync.Mutex
	s *Stemmer
}

// Stem is Stemmer.Stem on a shared, locked stemmer, for callers that stem
// a handful of words (a question).
func Stem(w string) string {
	shared.Lock()
	defer shared.Unlock()
	if shared.s == nil {
		shared.s = &Stemmer{cache: make(map[string]string, 256)}
	}
	if st, ok := shared.s.cache[w]; ok {
		return st
	}
	// the cache outlives its callers' strings, and a word may point into
	// an index version that is unmapped once its questions are done
	return shared.s.add(strings.Clone(w))
}

// StemUncached is Stem without a cache, for callers that keep their own.
func StemUncached(w string) string { return stem(w) }

func stem(w string) string {
	if len(w) <= 2 {
		return w
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if '0' <= c && c <= '9' || c >= utf8.RuneSelf || c == '-' || c == '_' || c == '.' {
			return w
		}
	}
	return porterstemmer.StemString(w)
}

// Stop reports whether w (lowercase, unstemmed) is too common in English
// to tell pages apart.
func Stop(w string) bool { return stopwords[w] }

var stopwords = map[string]bool{}

// ContainsFold says whether text holds part, lower-case ASCII letters,
// in any case: a test cheap enough to run before a case-folding pattern
// that most texts cannot match (a negator, a word of deleting).
func ContainsFold(text, part string) bool {
	for i := 0; i+len(part) <= len(text); i++ {
		j := 0
		// b|0x20 is a lower-case letter only for that letter in either case
		for j < len(part) && text[i+j]|0x20 == part[j] {
			j++
		}
		if j == len(part) {
			return true
		}
	}
	return false
}

func init() {
	for _, w := range []string{
		"a", "about", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at",
		"be", "because", "been", "before", "being", "between", "both", "but", "by",
		"can", "could", "did", "do", "does", "doing", "done", "during",
		"each", "either", "else", "etc", "ever", "every", "few", "for", "from", "further",
		"had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how",
		"i", "if", "in", "into", "is", "it", "its", "itself", "just",
		"me", "might", "more", "most", "must", "my", "myself", "no", "nor", "not", "now",
		"of", "off", "often", "on", "once", "only", "or", "other", "our", "ours", "out", "over", "own",
		"please", "same", "shall", "she", "should", "so", "some", "such",
		"than", "that", "the", "their", "theirs", "them", "then", "there", "these", "they", "this", "those",
		"through", "thus", "to", "too", "under", "until", "up", "upon", "us",
		"very", "via", "was", "we", "were", "what", "when", "where", "whether", "which", "while", "who",
		"whom", "whose", "why", "will", "with", "within", "without", "would", "you", "your", "yours", "yourself",
	} {
		stopwords[w] = true
	}
}
