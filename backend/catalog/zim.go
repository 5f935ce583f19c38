package catalog

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// ZIM archives (openZIM, the format of Kiwix) are only recognised here:
// their magic number, and their M/Language metadata when it sits in an
// uncompressed cluster. Reading articles comes with a later release.

// ZIMMagic is the number a ZIM file starts with, little-endian.
const ZIMMagic = 0x044D495A

// ErrNotZIM is returned for a file without the ZIM magic number.
var ErrNotZIM = errors.New("not a ZIM archive")

// ZIMInfo is what ReadZIM learns of an archive.
type ZIMInfo struct {
	Major, Minor int
	Entries      int
	Language     string // M/Language, first of a list ("eng,fra" -> "eng"); "" when unknown
}

const zimHeaderSize = 80

// ReadZIM checks the magic number of the file at path and reads its
// language when that is cheap. Only a file that is not a ZIM archive at all
// is an error; unreadable metadata just leaves Language empty.
func ReadZIM(path string) (ZIMInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return ZIMInfo{}, err
	}
	defer f.Close()
	var h [zimHeaderSize]byte
	if _, err := io.ReadFull(f, h[:4]); err != nil || binary.LittleEndian.Uint32(h[:4]) != ZIMMagic {
		return ZIMInfo{}, fmt.Errorf("%s: %w", path, ErrNotZIM)
	}
	if _, err := io.ReadFull(f, h[4:]); err != nil {
		return ZIMInfo{}, fmt.Errorf("%s: truncated ZIM header: %w", path, ErrNotZIM)
	}
	z := ZIMInfo{
		Major:   int(binary.LittleEndian.Uint16(h[4:])),
		Minor:   int(binary.LittleEndian.Uint16(h[6:])),
		Entries: int(binary.LittleEndian.Uint32(h[24:])),
	}
	if lang, err := zimMetadata(f, h[:], "Language"); err == nil {
		if i := strings.IndexByte(lang, ','); i >= 0 {
			lang = lang[:i]
		}
		lang = strings.TrimSpace(lang)
		if ValidLanguage(lang) {
			z.Language = lang
		}
	}
	return z, nil
}

// zimMetadata finds M/<name> by binary search of the path pointer list
// and returns its blob when its cluster is not compressed.
func zimMetadata(r io.ReaderAt, h []byte, name string) (string, error) {
	count := int64(binary.LittleEndian.Uint32(h[24:]))
	clusters := int64(binary.LittleEndian.Uint32(h[28:]))
	pathPtr := int64(binary.LittleEndian.Uint64(h[32:]))
	clusterPtr := int64(binary.LittleEndian.Uint64(h[48:]))
	u64 := func(off int64) (int64, error) {
		var b [8]byte
		if _, err := r.ReadAt(b[:], off); err != nil {
			return 0, err
		}
		return int64(binary.LittleEndian.Uint64(b[:])), nil
	}
	want := "M/" + name
	lo, hi := int64(0), count
	for lo < hi {
		mid := (lo + hi) / 2
		off, err := u64(pathPtr + 8*mid)
		if err != nil {
			return "", err
		}
		d, err := readDirent(r, off)
		if err != nil {
			return "", err
		}
		key := string(d.ns) + "/" + d.path
		switch {
		case key == want:
			if d.redirect || int64(d.cluster) >= clusters {
				return "", errors.New("metadata is a redirect")
			}
			coff, err := u64(clusterPtr + 8*int64(d.cluster))
			if err != nil {
				return "", err
			}
			return readBlob(r, coff, d.blob)
		case key < want:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return "", errors.New("no such metadata")
}

type dirent struct {
	ns            byte
	redirect      bool
	cluster, blob uint32
	path          string
}

func readDirent(r io.ReaderAt, off int64) (dirent, error) {
	var b [512]byte
	n, err := r.ReadAt(b[:], off)
	if n < 16 && err != nil {
		return dirent{}, err
	}
	buf := b[:n]
	d := dirent{ns: buf[3]}
	mime := binary.LittleEndian.Uint16(buf)
	p := 8
	if mime == 0xffff {
		d.redirect = true
		p += 4
	} else {
		d.cluster = binary.LittleEndian.Uint32(buf[8:])
		d.blob = binary.LittleEndian.Uint32(buf[12:])
		p += 8
	}
	end := p
	for end < len(buf) && buf[end] != 0 {
		end++
	}
	if end == len(buf) {
		return dirent{}, errors.New("path too long")
	}
	d.path = string(buf[p:end])
	return d, nil
}

const maxMetadata = 4096

// readBlob reads blob n of the cluster at off when the cluster is stored
// uncompressed (compression 0 or 1); compressed clusters are not read.
func readBlob(r io.ReaderAt, off int64, n uint32) (string, error) {
	var info [1]byte
	if _, err := r.ReadAt(info[:], off); err != nil {
		return "", err
	}
	if c := info[0] & 0x0f; c > 1 {
		return "", errors.New("compressed cluster")
	}
	size := int64(4)
	if info[0]&0x10 != 0 {
		size = 8
	}
	at := func(i int64) (int64, error) {
		b := make([]byte, size)
		if _, err := r.ReadAt(b, off+1+i*size); err != nil {
			return 0, err
		}
		if size == 8 {
			return int64(binary.LittleEndian.Uint64(b)), nil
		}
		return int64(binary.LittleEndian.Uint32(b)), nil
	}
	start, err := at(int64(n))
	if err != nil {
		return "", err
	}
	end, err := at(int64(n) + 1)
	if err != nil {
		return "", err
	}
	if end < start || end-start > maxMetadata {
		return "", errors.New("bad blob")
	}
	b := make([]byte, end-start)
	if _, err := r.ReadAt(b, off+1+start); err != nil {
		return "", err
	}
	return string(b), nil
}
