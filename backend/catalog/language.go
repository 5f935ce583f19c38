package catalog

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Errors of detecting and measuring a source, for errors.Is.
var (
	ErrNotExist  = errors.New("does not exist")
	ErrNotSource = errors.New("not a man tree, an info folder or a ZIM archive")
)

// kindError is an error with its own words that still satisfies
// errors.Is(err, kind).
type kindError struct {
	msg  string
	kind error
}

func (e *kindError) Error() string { return e.msg }
func (e *kindError) Unwrap() error { return e.kind }

func notSource(format string, args ...any) error {
	return &kindError{msg: fmt.Sprintf(format, args...), kind: ErrNotSource}
}

// NotSource is an ErrNotSource with its own words.
func NotSource(format string, args ...any) error { return notSource(format, args...) }

// NotExist is an ErrNotExist saying that path does not exist.
func NotExist(path string) error { return &kindError{msg: path + " does not exist", kind: ErrNotExist} }

var languageTag = lazyre.New(`^([a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})*|und)$`)

// ValidLanguage reports whether s is a language tag: "en", "fr", "pt-BR",
// "eng", or "und" for unknown.
func ValidLanguage(s string) bool { return languageTag().MatchString(s) }

// IsEnglish reports whether a language tag is English (FR-011: ragman
// answers in English; other sources are accepted with a warning).
func IsEnglish(lang string) bool {
	l := strings.ToLower(lang)
	if i := strings.IndexAny(l, "-_"); i >= 0 {
		l = l[:i]
	}
	return l == "en" || l == "eng"
}
