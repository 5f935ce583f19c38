package detect

import (
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/ragman-dev/ragman/backend/catalog"
	"io"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/ragman-dev/ragman/internal/safefile"
	"github.com/ulikunitz/xz"
)

// ZIM archives (openZIM, the format of Kiwix) are recognised here: their
// magic number and their M/Language metadata, read from its cluster
// whether stored plain or compressed (zstd, xz). Reading articles is
// backend/ingest/zim's job.

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

// ReadZIM checks the magic number of the file at path and that the file
// is as long as its header says, and reads its language. A file that is not
// a ZIM archive, or only the start of one, is an error; unreadable
// metadata just leaves Language empty.
func ReadZIM(path string) (ZIMInfo, error) {
	f, err := safefile.Open(path)
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
	// The MD5 checksum ends a complete archive: a file that stops before
	// it was cut short (a copy or download that did not finish).
	if fi, err := f.Stat(); err == nil {
		size := uint64(fi.Size())
		if sum := binary.LittleEndian.Uint64(h[72:]); sum != 0 && (sum > size || size-sum < 16) {
			return ZIMInfo{}, fmt.Errorf("%s: truncated: the file has %d bytes, its header says the archive has %d", path, size, sum+16)
		}
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
		if catalog.ValidLanguage(lang) {
			z.Language = lang
		}
	}
	return z, nil
}

// zimMetadata finds M/<name> by binary search of the path pointer list
// and returns its blob.
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

// maxMetadataCluster bounds how much of a compressed cluster is
// decompressed to reach a metadata blob: libzim stores metadata in
// clusters of about 2 MB, shared with articles.
const maxMetadataCluster = 64 << 20

// readBlob reads blob n of the cluster at off, decompressing the cluster
// (zstd or xz) as far as the blob when it is compressed.
func readBlob(r io.ReaderAt, off int64, n uint32) (string, error) {
	var info [1]byte
	if _, err := r.ReadAt(info[:], off); err != nil {
		return "", err
	}
	raw := io.NewSectionReader(r, off+1, 1<<62)
	var body io.Reader
	switch c := info[0] & 0x0f; c {
	case 0, 1:
		body = raw
	case 4:
		xr, err := xz.NewReader(raw)
		if err != nil {
			return "", fmt.Errorf("xz cluster: %w", err)
		}
		body = xr
	case 5:
		zr, err := zstd.NewReader(raw, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxMetadataCluster))
		if err != nil {
			return "", fmt.Errorf("zstd cluster: %w", err)
		}
		defer zr.Close()
		body = zr
	default:
		return "", fmt.Errorf("cluster compression %d", c)
	}
	body = io.LimitReader(body, maxMetadataCluster)
	size := int64(4)
	if info[0]&0x10 != 0 {
		size = 8
	}
	word := func() (int64, error) {
		b := make([]byte, size)
		if _, err := io.ReadFull(body, b); err != nil {
			return 0, err
		}
		if size == 8 {
			return int64(binary.LittleEndian.Uint64(b)), nil
		}
		return int64(binary.LittleEndian.Uint32(b)), nil
	}
	// The offsets come first, n+1 for n blobs; the first says how long
	// the list is.
	first, err := word()
	if err != nil {
		return "", err
	}
	if first < size || first%size != 0 || int64(n)+2 > first/size {
		return "", errors.New("bad cluster")
	}
	read := size
	offs := []int64{first}
	for int64(len(offs)) < int64(n)+2 {
		o, err := word()
		if err != nil {
			return "", err
		}
		read += size
		offs = append(offs, o)
	}
	start, end := offs[n], offs[n+1]
	if start < read || end < start || end-start > maxMetadata {
		return "", errors.New("bad blob")
	}
	if _, err := io.CopyN(io.Discard, body, start-read); err != nil {
		return "", err
	}
	b := make([]byte, end-start)
	if _, err := io.ReadFull(body, b); err != nil {
		return "", err
	}
	return string(b), nil
}
