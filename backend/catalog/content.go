package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/internal/safefile"
)

// Content is a cheap fingerprint of what a source holds: a sha256 over the
// sorted relative paths, sizes and modification times of its files (and
// the targets of its symlinks), its total size and file count. Computing
// it reads no file content, so a reindex can tell in milliseconds whether
// anything changed.
type Content struct {
	Checksum string
	Size     int64
	Files    int
}

// Measure computes the Content of a source. Its error says why the source
// cannot be read, in words fit for the catalog's reason field: the
// location is missing, unreadable or not the kind of file its type needs.
func Measure(src Source) (Content, error) {
	fi, err := os.Stat(src.Location)
	if errors.Is(err, fs.ErrNotExist) {
		return Content{}, NotExist(src.Location)
	}
	if errors.Is(err, fs.ErrPermission) {
		return Content{}, fmt.Errorf("%s cannot be read: permission denied", src.Location)
	}
	if err != nil {
		return Content{}, err
	}
	h := sha256.New()
	if src.Type == TypeZIM || !fi.IsDir() {
		if fi.IsDir() {
			return Content{}, fmt.Errorf("%s is a folder, not a ZIM file", src.Location)
		}
		if src.Type != TypeZIM {
			return Content{}, fmt.Errorf("%s is not a folder", src.Location)
		}
		f, err := safefile.Open(src.Location) // a FIFO must not hang a reindex
		if err != nil {
			return Content{}, fmt.Errorf("%s cannot be read: %s", src.Location, strings.TrimPrefix(unwrapPath(err).Error(), src.Location+": "))
		}
		f.Close()
		fmt.Fprintf(h, "%s\x00%d\x00%d\n", filepath.Base(src.Location), fi.Size(), fi.ModTime().UnixNano())
		return Content{Checksum: hex.EncodeToString(h.Sum(nil)), Size: fi.Size(), Files: 1}, nil
	}
	root := src.Location
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	if _, err := os.ReadDir(root); err != nil {
		return Content{}, fmt.Errorf("%s cannot be read: %v", src.Location, unwrapPath(err))
	}
	var c Content
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, p)
		if err != nil {
			// An unreadable folder inside the tree is part of its state;
			// the readers skip it.
			fmt.Fprintf(h, "%s\x00unreadable\n", rel)
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			fmt.Fprintf(h, "%s\x00gone\n", rel)
			return nil
		}
		target := ""
		if info.Mode()&fs.ModeSymlink != 0 {
			target, _ = os.Readlink(p)
		} else if info.Mode().IsRegular() {
			c.Size += info.Size()
			c.Files++
		}
		h.Write([]byte(rel))
		h.Write([]byte{0})
		h.Write(strconv.AppendInt(nil, info.Size(), 10))
		h.Write([]byte{0})
		h.Write(strconv.AppendInt(nil, info.ModTime().UnixNano(), 10))
		h.Write([]byte{0})
		h.Write([]byte(target))
		h.Write([]byte{'\n'})
		return nil
	})
	if err != nil {
		return Content{}, err
	}
	c.Checksum = hex.EncodeToString(h.Sum(nil))
	return c, nil
}

// unwrapPath drops the path a *fs.PathError repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
