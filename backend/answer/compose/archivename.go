package compose

import (
	"cmp"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question that packs a folder into an archive it does not name ("pack
// the folder photos into a tar.gz file", "zip the folder reports") still
// wants a command line to type, and the archive is named, as people name
// it, after what it holds: `tar -czf photos.tar.gz photos`,
// `zip -r reports.zip reports`. Without a name the folder went into the
// archive's place (`zip -r reports`) or the placeholder stayed
// (`tar -czf ARCHIVE photos`).

// packs: the question makes an archive.
var packs = lazyre.New(`(?i)\b(?:pack|packs|packing|archive|archives|archiving|zip|tar|bundle|bundles|compress|compresses|compressing|back\s+up|backs\s+up)\b`)

// askedFormat is the kind of archive the question asks for by its
// extension or name: "a tar.gz file", "a .zip", "a zip archive".
var askedFormat = lazyre.New(`(?i)(?:^|[\s.])(tar\.(?:gz|xz|bz2|zst)|tgz|zip|7z|tar)\b`)

// gzipAsked: the question compresses with gzip, or just compresses.
var gzipAsked = lazyre.New(`(?i)\b(?:gzip(?:ped|-compressed)?|gz|compress(?:es|ed|ing)?)\b`)

// namedCompressor is the extension of the one compressor the question
// asks for (analyse.Compressions: by its name, as no file of it is
// given), "" for none or several.
func (c *composition) namedCompressor() string {
	ext := ""
	for f := range c.compressions {
		e, ok := compressorExts[f]
		if !ok || ext != "" {
			return ""
		}
		ext = e
	}
	return ext
}

var compressorExts = map[string]string{"gzip": "gz", "bzip2": "bz2", "xz": "xz", "zstd": "zst"}

// nameArchive adds to the question's operands the archive it packs into,
// named after the one folder or file it packs, where it names none and
// the first page's command (typed) writes archives of a kind it knows:
// zip's .zip, tar's .tar or, compressed, .tar.gz.
func (c *composition) nameArchive(typed string) {
	if !packs().MatchString(c.text) {
		return
	}
	packed := -1
	for i, op := range c.ops {
		switch op.kind {
		case analyse.ArgFile, analyse.ArgPath, analyse.ArgFolder, analyse.ArgGlob:
			if archiveName().MatchString(op.text) || packed >= 0 || op.kind == analyse.ArgGlob {
				return // named, or more than one thing packed
			}
			packed = i
		}
	}
	if packed < 0 {
		return
	}
	ext := ""
	if m := askedFormat().FindStringSubmatch(c.text); m != nil {
		ext = strings.ToLower(m[1])
	}
	switch named := c.namedCompressor(); {
	case typed == "zip" && (ext == "" || ext == "zip"):
		ext = "zip"
	case typed == "tar" && (ext == "" || ext == "tar") && named != "":
		// "a tar archive compressed with bzip2": a .tar.bz2
		ext = "tar." + named
	case typed == "tar" && (ext == "" || ext == "tar") && gzipAsked().MatchString(c.text):
		// "a compressed tar archive": gzip's, as most are
		ext = "tar.gz"
	case typed == "tar" && (ext == "" || strings.HasPrefix(ext, "tar") || ext == "tgz"):
		ext = cmp.Or(ext, "tar")
	default:
		return
	}
	base := path.Base(strings.TrimRight(c.ops[packed].text, "/"))
	if base == "." || base == "/" || base == "" || strings.HasPrefix(base, "~") {
		return
	}
	name := base + "." + ext
	// the archive first, as the question would have given it
	c.ops = slices.Insert(c.ops, 0, operand{at: -1, kind: analyse.ArgFile, text: name, to: true, made: true})
	// tar compresses by an option the format names (-z for .gz); zip's
	// own format names no option
	if more := analyse.Compressions(name); len(more) > 0 && typed == "tar" {
		c.compressions = maps.Clone(c.compressions)
		if c.compressions == nil {
			c.compressions = map[string]bool{}
		}
		maps.Copy(c.compressions, more)
	}
}
