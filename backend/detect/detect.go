// Package detect tells what kind of knowledge source a path is (a man
// tree, an info folder, a ZIM archive) and its language. It is apart from
// catalog because it reads ZIM metadata, with the zstd and xz decoders
// that brings, and a client that only asks questions needs the catalog
// but none of that.
package detect

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/ingest/tldr"
	"github.com/ragman-dev/ragman/internal/lazyre"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// Detection is what Detect found at a path.
type Detection struct {
	Type     string // catalog.TypeMan, catalog.TypeInfo or catalog.TypeZIM
	Language string // "en", "fr", ..., "und" when unknown
	// Detected says the language was read from the source (a locale
	// folder, a ZIM's metadata or name), not assumed.
	Detected bool
	// Warning says what looks wrong but is accepted, e.g. a folder given
	// with --type man that holds no man pages yet.
	Warning string
}

// Detect tells what kind of source is at path: a man tree (a folder with
// man1, man8, ... folders), an info folder (a folder with .info files), a
// tldr client's page cache (pages/common, pages/linux) or a ZIM archive
// (a file with the ZIM magic number). want, when not empty,
// is the type the user declared: it must fit the path (a folder for man
// and info, a ZIM file for zim), but a folder that does not look like
// that type yet is accepted with a warning.
func Detect(path, want string) (Detection, error) {
	switch want {
	case "", catalog.TypeMan, catalog.TypeInfo, catalog.TypeZIM, catalog.TypeTLDR:
	default:
		return Detection{}, fmt.Errorf("unknown source type %q: use man, info, zim or tldr", want)
	}
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Detection{}, catalog.NotExist(path)
	}
	if err != nil {
		return Detection{}, err
	}
	if !fi.IsDir() {
		if want == catalog.TypeMan || want == catalog.TypeInfo || want == catalog.TypeTLDR {
			return Detection{}, catalog.NotSource("%s is a file, but a %s source is a folder", path, want)
		}
		z, err := ReadZIM(path)
		if errors.Is(err, ErrNotZIM) {
			return Detection{}, catalog.NotSource("%s is neither a ZIM archive (it lacks the ZIM magic number) nor a folder (man, info and tldr sources are folders)", path)
		}
		if err != nil {
			return Detection{}, err
		}
		lang := z.Language
		if lang == "" {
			lang = zimNameLanguage(filepath.Base(path))
		}
		if lang == "" {
			return Detection{Type: catalog.TypeZIM, Language: "und"}, nil
		}
		return Detection{Type: catalog.TypeZIM, Language: lang, Detected: true}, nil
	}
	if want == catalog.TypeZIM {
		return Detection{}, catalog.NotSource("%s is a folder, but a zim source is a .zim file", path)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return Detection{}, err
	}
	if sec := manSection(filepath.Base(path)); sec != "" && hasPages(path, entries) && !isManTree(path, entries) {
		return Detection{}, catalog.NotSource("%s is one section of a man tree; add the tree itself, %s", path, filepath.Dir(path))
	}
	man, info := isManTree(path, entries), isInfoDir(entries)
	_, tl := tldr.Root(path)
	d := Detection{Type: want, Language: "en"}
	if l := localeOf(filepath.Base(path)); l != "" && man {
		d.Language, d.Detected = l, true
	}
	switch {
	case want == catalog.TypeMan && !man:
		d.Warning = fmt.Sprintf("no man pages found in %s (yet): a man tree holds man1, man8, ... folders", path)
	case want == catalog.TypeInfo && !info:
		d.Warning = fmt.Sprintf("no info manuals found in %s (yet)", path)
	case want == catalog.TypeTLDR && !tl:
		d.Warning = fmt.Sprintf("no tldr pages found in %s (yet): a tldr page cache holds pages/common and pages/linux folders", path)
	case want != "":
	case man:
		d.Type = catalog.TypeMan
	case info:
		d.Type = catalog.TypeInfo
	case tl:
		// (its translations, pages.LANG, are left out when it is read,
		// as a man tree's locale folders are)
		d.Type = catalog.TypeTLDR
	default:
		return Detection{}, catalog.NotSource("%s is neither a man tree (it has no man1, man8, ... folders), an info folder (it has no .info files) nor a tldr page cache (it has no pages/common or pages/linux)", path)
	}
	return d, nil
}

// manSection returns the section of a man folder name ("man1" -> "1").
func manSection(name string) string {
	if !strings.HasPrefix(name, "man") || len(name) < 4 || len(name) > 8 {
		return ""
	}
	for _, c := range name[3:] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return ""
		}
	}
	return name[3:]
}

// hasPages reports whether a folder holds files named like man pages
// ("ls.1", "ls.1.gz").
func hasPages(dir string, entries []os.DirEntry) bool {
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || n == "" || n[0] == '.' {
			continue
		}
		for _, ext := range []string{".gz", ".bz2", ".xz", ".zst", ".Z", ".lzma"} {
			n = strings.TrimSuffix(n, ext)
		}
		if strings.IndexByte(n, '.') > 0 {
			return true
		}
	}
	return false
}

// isManTree reports whether dir has a man section folder with pages, itself
// or in a locale folder (a tree like /usr/share/man/fr).
func isManTree(dir string, entries []os.DirEntry) bool {
	for _, e := range entries {
		if !safefile.DirEntry(dir, e) || manSection(e.Name()) == "" {
			continue
		}
		sub, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err == nil && hasPages(filepath.Join(dir, e.Name()), sub) {
			return true
		}
	}
	return false
}

var infoFile = lazyre.New(`\.info(-\d+)?(\.(gz|bz2|xz|zst|Z|lzma))?$`)

func isInfoDir(entries []os.DirEntry) bool {
	for _, e := range entries {
		if !e.IsDir() && infoFile().MatchString(e.Name()) {
			return true
		}
	}
	return false
}

var localeName = lazyre.New(`^([a-z]{2})(_[A-Z]{2})?([.@].*)?$`)

// localeOf returns the language of a locale folder name ("fr", "pt_BR",
// "zh_CN.UTF-8", "sr@latin"), or "".
func localeOf(name string) string {
	m := localeName().FindStringSubmatch(name)
	if m == nil {
		return ""
	}
	return m[1] + strings.Replace(m[2], "_", "-", 1)
}

var zimLanguageField = lazyre.New(`^[a-z]{2,3}$`)

// zimNameLanguage reads the language of a Kiwix file name,
// "wikipedia_en_all_maxi_2024-01.zim": the second field.
func zimNameLanguage(name string) string {
	f := strings.Split(strings.TrimSuffix(name, filepath.Ext(name)), "_")
	if len(f) >= 3 && zimLanguageField().MatchString(f[1]) && f[1] != "all" {
		return f[1]
	}
	return ""
}
