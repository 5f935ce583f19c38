// Package info reads GNU info manuals (the files makeinfo writes into
// /usr/share/info) and turns every node into a document.Document.
//
// The reader is pure Go and treats its input as untrusted: it never panics,
// refuses files larger than MaxFileSize and reads indirect subfiles only from
// the manual's own folder.
package info

import (
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// MaxFileSize bounds one file of a manual once decompressed. The largest GNU
// manuals (Emacs, libc) split themselves into parts of about 300 KB, so
// anything near this size is not an info file.
const MaxFileSize = 64 << 20

// maxManualSize bounds a whole manual: an indirect table can list any number
// of subfiles, and a hostile one could list the same big file many times.
const maxManualSize = 256 << 20

// maxParts bounds the subfiles an indirect table may list.
const maxParts = 1000

// ErrUnsupported is returned for a manual compressed in a format the
// standard library cannot read (xz, zstd, lzma, compress).
var ErrUnsupported = errors.New("unsupported compression")

// Manual is one info manual in a folder: its main file and subfiles.
type Manual struct {
	Name  string   // "coreutils", "find"
	File  string   // main file relative to the folder: "find.info.gz"
	Parts []string // indirect subfiles, in order: "find.info-1.gz", "find.info-2.gz"
	// refused is why Scan will not have the file read (Read returns it):
	// listed all the same, so that the build names it.
	refused error
}

// compressions lists the suffixes an info file may carry, in the order a
// copy is preferred when the same file exists twice. Only the first three
// can be read; the others are recognized so that Read can say why it fails.
var compressions = []string{"", ".gz", ".bz2", ".xz", ".zst", ".lzma", ".Z"}

// infoName splits a file name like "find.info-2.gz" into the manual name
// ("find"), the part number (2, or 0 for a main file) and the index of its
// compression in compressions. ok is false for anything else.
func infoName(file string) (name string, part, comp int, ok bool) {
	base := file
	for i := len(compressions) - 1; i > 0; i-- {
		if s, found := strings.CutSuffix(file, compressions[i]); found {
			base, comp = s, i
			break
		}
	}
	if s, found := strings.CutSuffix(base, ".info"); found {
		return s, 0, comp, s != ""
	}
	i := strings.LastIndex(base, ".info-")
	if i <= 0 {
		return "", 0, 0, false
	}
	digits := base[i+len(".info-"):]
	n, err := strconv.Atoi(digits)
	if err != nil || n <= 0 || len(digits) > 6 || digits[0] == '+' {
		return "", 0, 0, false
	}
	return base[:i], n, comp, true
}

// Scan lists the manuals of a folder, sorted by name. A manual is a main
// file (name.info, possibly compressed) with the subfiles of the same name
// (name.info-N) as its Parts. The dir file, images and stray files are
// ignored; a subfile without a main file is listed as a manual of its own
// when it holds nodes. Manuals compressed with xz or zstd are listed, and
// Read reports them as unsupported; so are files that must not be read
// (a FIFO, a link out of the documentation, a name with a control
// character), and Read says why.
func Scan(dir string) ([]Manual, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	type group struct {
		main     string
		mainComp int
		parts    map[int]string
		partComp map[int]int
	}
	groups := map[string]*group{}
	var manuals []Manual
	for _, e := range entries {
		name, part, comp, ok := infoName(e.Name())
		if !ok || !safefile.FileEntry(dir, e) {
			continue
		}
		if err := safefile.DocName(e.Name()); err != nil {
			// the manual's name is in its nodes' labels and refs
			manuals = append(manuals, Manual{Name: name, File: e.Name(), refused: err})
			continue
		}
		g := groups[name]
		if g == nil {
			g = &group{parts: map[int]string{}, partComp: map[int]int{}}
			groups[name] = g
		}
		if part == 0 {
			if g.main == "" || comp < g.mainComp {
				g.main, g.mainComp = e.Name(), comp
			}
			continue
		}
		if _, dup := g.parts[part]; !dup || comp < g.partComp[part] {
			g.parts[part], g.partComp[part] = e.Name(), comp
		}
	}
	for name, g := range groups {
		nums := make([]int, 0, len(g.parts))
		for n := range g.parts {
			nums = append(nums, n)
		}
		slices.Sort(nums)
		if g.main != "" {
			m := Manual{Name: name, File: g.main}
			for _, n := range nums {
				m.Parts = append(m.Parts, g.parts[n])
			}
			manuals = append(manuals, m)
			continue
		}
		for _, n := range nums {
			if orphanHasNodes(dir, g.parts[n]) {
				manuals = append(manuals, Manual{Name: name, File: g.parts[n]})
			}
		}
	}
	slices.SortFunc(manuals, func(a, b Manual) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.File, b.File)
	})
	return manuals, nil
}

func orphanHasNodes(dir, file string) bool {
	data, err := readFile(filepath.Join(dir, file), dir)
	if err != nil {
		return false
	}
	for seg := range segments(data) {
		if _, ok := nodeHeader(firstLine(seg)); ok {
			return true
		}
	}
	return false
}

// Read parses every node of a manual into documents, in manual order: the
// main file, then the subfiles its indirect table lists (or, without one,
// m.Parts). Index nodes are left out (see parse).
//
// When a subfile is missing or unreadable, Read still returns the nodes of
// the files it could read, together with an error naming what failed; an
// unreadable main file returns no documents.
func Read(dir string, m Manual) ([]*document.Document, error) {
	if m.refused != nil {
		return nil, m.refused
	}
	main, err := readFile(filepath.Join(dir, m.File), dir)
	if err != nil {
		return nil, err
	}
	var errs []error
	names, indirect := indirectTable(main)
	var files []string
	if indirect {
		if len(names) > maxParts {
			return nil, fmt.Errorf("%s: indirect table lists %d subfiles, more than %d", m.File, len(names), maxParts)
		}
		for _, n := range names {
			f, err := findPart(dir, m, n)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", m.File, err))
				continue
			}
			files = append(files, f)
		}
	} else {
		files = m.Parts
	}
	total := len(main)
	parts := make([][]byte, 0, len(files))
	for _, f := range files {
		data, err := readFile(filepath.Join(dir, f), dir)
		if err == nil && total+len(data) > maxManualSize {
			err = fmt.Errorf("%s: manual larger than %d bytes", f, maxManualSize)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		total += len(data)
		parts = append(parts, data)
	}
	return parse(m.Name, main, parts...), errors.Join(errs...)
}

// findPart locates the subfile an indirect table names ("find.info-1") in
// the folder, in whichever compression it was installed. The name comes
// from the file, so anything that is not a plain file name is refused.
func findPart(dir string, m Manual, name string) (string, error) {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\\\x00") || filepath.Base(name) != name {
		return "", fmt.Errorf("indirect table names %q, not a file name", name)
	}
	for _, p := range m.Parts {
		for _, c := range compressions {
			if p == name+c {
				return p, nil
			}
		}
	}
	for _, c := range compressions {
		if fi, err := os.Stat(filepath.Join(dir, name+c)); err == nil && fi.Mode().IsRegular() {
			return name + c, nil
		}
	}
	return "", fmt.Errorf("subfile %s is missing", name)
}

// readFile reads and decompresses one file of the folder dir, refusing
// more than MaxFileSize bytes of output so that a compression bomb costs
// nothing. A FIFO must not hang a reindex, nor a link out of the
// documentation be read (safefile.OpenDoc).
func readFile(path, dir string) ([]byte, error) {
	f, _, err := safefile.OpenDoc(path, dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	switch ext := filepath.Ext(path); ext {
	case ".gz":
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		defer zr.Close()
		r = zr
	case ".bz2":
		r = bzip2.NewReader(f)
	case ".xz", ".zst", ".lzma", ".Z":
		return nil, fmt.Errorf("%s: %w %s", filepath.Base(path), ErrUnsupported, ext)
	}
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	if n > MaxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", filepath.Base(path), MaxFileSize)
	}
	return buf.Bytes(), nil
}
