package index

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"unsafe"

	"github.com/ragman-dev/ragman/internal/safefile"
	"golang.org/x/sys/unix"
)

// The index file is a container of named byte sections, mapped into memory
// and read in place, so opening an index costs a map and a header parse
// whatever its size:
//
//	"RAGIDX" version(uint16) headerLen(uint32) header(JSON) pad sections...
//
// Every section starts 8-byte aligned so slices of integers can be viewed
// without copying.
const (
	containerMagic   = "RAGIDX"
	containerVersion = 1
)

type sectionInfo struct {
	Off int64 `json:"off"`
	Len int64 `json:"len"`
}

type containerHeader struct {
	Sections map[string]sectionInfo `json:"sections"`
	Scalars  map[string]int64       `json:"scalars"`
}

// containerWriter writes sections one after another.
type containerWriter struct {
	f       *os.File
	names   []string
	data    [][]byte
	scalars map[string]int64
}

func (w *containerWriter) add(name string, b []byte) {
	w.names = append(w.names, name)
	w.data = append(w.data, b)
}

func (w *containerWriter) scalar(name string, v int64) {
	if w.scalars == nil {
		w.scalars = map[string]int64{}
	}
	w.scalars[name] = v
}

func align8(n int64) int64 { return (n + 7) &^ 7 }

// writeTo lays the sections out after a header that records where each is.
func (w *containerWriter) writeTo(out io.Writer) error {
	h := containerHeader{Sections: map[string]sectionInfo{}, Scalars: w.scalars}
	// The header's length depends on the offsets it holds; offsets depend
	// on the header's length. Reserve room by encoding twice.
	var hdr []byte
	base := int64(0)
	for range 3 {
		off := base
		for i, name := range w.names {
			h.Sections[name] = sectionInfo{Off: off, Len: int64(len(w.data[i]))}
			off = align8(off + int64(len(w.data[i])))
		}
		var err error
		if hdr, err = json.Marshal(h); err != nil {
			return err
		}
		next := align8(int64(len(containerMagic) + 2 + 4 + len(hdr)))
		if next == base {
			break
		}
		base = next
	}
	pre := make([]byte, 0, base)
	pre = append(pre, containerMagic...)
	pre = binary.LittleEndian.AppendUint16(pre, containerVersion)
	pre = binary.LittleEndian.AppendUint32(pre, uint32(len(hdr)))
	pre = append(pre, hdr...)
	for int64(len(pre)) < base {
		pre = append(pre, 0)
	}
	if _, err := out.Write(pre); err != nil {
		return err
	}
	pos := base
	var zeros [8]byte
	for _, d := range w.data {
		if _, err := out.Write(d); err != nil {
			return err
		}
		pos += int64(len(d))
		if pad := align8(pos) - pos; pad > 0 {
			if _, err := out.Write(zeros[:pad]); err != nil {
				return err
			}
			pos += pad
		}
	}
	return nil
}

// container is a mapped index file.
type container struct {
	data []byte
	hdr  containerHeader
}

var errCorrupt = errors.New("index file is corrupt")

func openContainer(path string) (*container, error) {
	f, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	if size < int64(len(containerMagic)+6) || size > 1<<40 {
		return nil, fmt.Errorf("%s: %w", path, errCorrupt)
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("%s: map: %w", path, err)
	}
	c := &container{data: data}
	if err := c.parse(); err != nil {
		c.close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

func (c *container) parse() error {
	d := c.data
	if string(d[:len(containerMagic)]) != containerMagic {
		return errCorrupt
	}
	p := len(containerMagic)
	if binary.LittleEndian.Uint16(d[p:]) != containerVersion {
		return fmt.Errorf("index format %d is not %d: rebuild it", binary.LittleEndian.Uint16(d[p:]), containerVersion)
	}
	n := int(binary.LittleEndian.Uint32(d[p+2:]))
	p += 6
	if n < 0 || p+n > len(d) {
		return errCorrupt
	}
	if err := json.Unmarshal(d[p:p+n], &c.hdr); err != nil {
		return errCorrupt
	}
	for _, s := range c.hdr.Sections {
		if s.Off < 0 || s.Len < 0 || s.Off+s.Len > int64(len(d)) || s.Off%8 != 0 {
			return errCorrupt
		}
	}
	return nil
}

func (c *container) close() error {
	if c.data == nil {
		return nil
	}
	err := unix.Munmap(c.data)
	c.data = nil
	return err
}

func (c *container) bytes(name string) ([]byte, error) {
	s, ok := c.hdr.Sections[name]
	if !ok {
		return nil, fmt.Errorf("section %s missing: %w", name, errCorrupt)
	}
	return c.data[s.Off : s.Off+s.Len : s.Off+s.Len], nil
}

func (c *container) scalar(name string) int64 { return c.hdr.Scalars[name] }

// view reinterprets a section as a slice of fixed-size values. The index is
// written and read on the same machine, so native (little-endian on every
// platform ragman runs on) layout is what was written.
func view[T any](c *container, name string) ([]T, error) {
	b, err := c.bytes(name)
	if err != nil {
		return nil, err
	}
	var zero T
	size := int(unsafe.Sizeof(zero))
	if len(b)%size != 0 {
		return nil, fmt.Errorf("section %s: %w", name, errCorrupt)
	}
	if len(b) == 0 {
		return nil, nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/size), nil
}

// raw is the inverse of view, for writing.
func raw[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(zero)))
}
