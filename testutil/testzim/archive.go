package testzim

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"fmt"
	"os"
	"sort"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// Cluster compressions, as the ZIM format numbers them.
const (
	None = 1
	XZ   = 4
	Zstd = 5
)

// Entry is one directory entry of an archive WriteArchive makes.
type Entry struct {
	Namespace byte   // 'A' (articles, old layout), 'C' (content, 2021 layout), 'M' (metadata), ...
	Path      string // without the namespace
	Title     string // "" for none (readers then use the path)
	MIME      string // of a content entry
	Content   []byte
	Redirect  string // for a redirect: the full path of its target, "A/Target"
}

// Archive describes a ZIM file for WriteArchive: a format version, the
// compression of its clusters, its entries and main page.
type Archive struct {
	Major, Minor uint16
	Compression  byte   // None, XZ or Zstd
	ClusterSize  int    // bytes of content per cluster before a new one starts; 0: one cluster
	MainPage     string // full path, "" for none
	Entries      []Entry
}

// WriteArchive writes a complete ZIM archive: header, MIME list, directory
// (sorted by namespace and path), the URL and title pointer lists, the
// cluster table, the clusters and the MD5 checksum. It is how tests get
// archives in the formats zimwriterfs no longer writes: version 5 and the
// old namespaces (A/ for articles), and xz clusters.
func WriteArchive(path string, a Archive) error {
	es := append([]Entry(nil), a.Entries...)
	full := func(e Entry) string { return string(e.Namespace) + "/" + e.Path }
	sort.SliceStable(es, func(i, j int) bool { return full(es[i]) < full(es[j]) })
	index := map[string]uint32{}
	for i, e := range es {
		if _, dup := index[full(e)]; dup {
			return fmt.Errorf("testzim: %s twice", full(e))
		}
		index[full(e)] = uint32(i)
	}

	var mimes []string
	mimeIdx := map[string]uint16{}
	for _, e := range es {
		if e.Redirect != "" {
			continue
		}
		if _, ok := mimeIdx[e.MIME]; !ok {
			mimeIdx[e.MIME] = uint16(len(mimes))
			mimes = append(mimes, e.MIME)
		}
	}

	// clusters: content entries in directory order
	type loc struct{ cluster, blob uint32 }
	locs := make([]loc, len(es))
	var clusters [][][]byte
	size := 0
	for i, e := range es {
		if e.Redirect != "" {
			continue
		}
		if len(clusters) == 0 || a.ClusterSize > 0 && size >= a.ClusterSize {
			clusters = append(clusters, nil)
			size = 0
		}
		c := len(clusters) - 1
		locs[i] = loc{uint32(c), uint32(len(clusters[c]))}
		clusters[c] = append(clusters[c], e.Content)
		size += len(e.Content)
	}

	var dirents [][]byte
	for i, e := range es {
		d := make([]byte, 8, 16+len(e.Path)+len(e.Title)+2)
		d[3] = e.Namespace
		if e.Redirect != "" {
			t, ok := index[e.Redirect]
			if !ok {
				return fmt.Errorf("testzim: %s redirects to %s, which is not there", full(e), e.Redirect)
			}
			binary.LittleEndian.PutUint16(d[0:], 0xffff)
			d = binary.LittleEndian.AppendUint32(d, t)
		} else {
			binary.LittleEndian.PutUint16(d[0:], mimeIdx[e.MIME])
			d = binary.LittleEndian.AppendUint32(d, locs[i].cluster)
			d = binary.LittleEndian.AppendUint32(d, locs[i].blob)
		}
		d = append(d, e.Path...)
		d = append(d, 0)
		d = append(d, e.Title...)
		d = append(d, 0)
		dirents = append(dirents, d)
	}

	titles := make([]uint32, len(es))
	for i := range titles {
		titles[i] = uint32(i)
	}
	key := func(i uint32) string {
		e := es[i]
		t := e.Title
		if t == "" {
			t = e.Path
		}
		return string(e.Namespace) + "/" + t
	}
	sort.SliceStable(titles, func(i, j int) bool { return key(titles[i]) < key(titles[j]) })

	var body [][]byte
	for _, c := range clusters {
		raw, err := cluster(c, a.Compression)
		if err != nil {
			return err
		}
		body = append(body, raw)
	}

	const header = 80
	var mimeList []byte
	for _, m := range mimes {
		mimeList = append(mimeList, m...)
		mimeList = append(mimeList, 0)
	}
	mimeList = append(mimeList, 0)
	pos := uint64(header + len(mimeList))
	direntOff := make([]uint64, len(dirents))
	for i, d := range dirents {
		direntOff[i] = pos
		pos += uint64(len(d))
	}
	urlPtr := pos
	pos += uint64(8 * len(dirents))
	titlePtr := pos
	pos += uint64(4 * len(dirents))
	clusterPtr := pos
	pos += uint64(8 * len(body))
	clusterOff := make([]uint64, len(body))
	for i, c := range body {
		clusterOff[i] = pos
		pos += uint64(len(c))
	}
	checksum := pos

	main := uint32(0xffffffff)
	if a.MainPage != "" {
		i, ok := index[a.MainPage]
		if !ok {
			return fmt.Errorf("testzim: no main page %s", a.MainPage)
		}
		main = i
	}
	h := make([]byte, header)
	le := binary.LittleEndian
	le.PutUint32(h[0:], 0x044D495A)
	le.PutUint16(h[4:], a.Major)
	le.PutUint16(h[6:], a.Minor)
	copy(h[8:24], "ragman-test-uuid")
	le.PutUint32(h[24:], uint32(len(es)))
	le.PutUint32(h[28:], uint32(len(body)))
	le.PutUint64(h[32:], urlPtr)
	le.PutUint64(h[40:], titlePtr)
	le.PutUint64(h[48:], clusterPtr)
	le.PutUint64(h[56:], header)
	le.PutUint32(h[64:], main)
	le.PutUint32(h[68:], 0xffffffff)
	le.PutUint64(h[72:], checksum)

	out := append(h, mimeList...)
	for _, d := range dirents {
		out = append(out, d...)
	}
	for _, o := range direntOff {
		out = le.AppendUint64(out, o)
	}
	for _, t := range titles {
		out = le.AppendUint32(out, t)
	}
	for _, o := range clusterOff {
		out = le.AppendUint64(out, o)
	}
	for _, c := range body {
		out = append(out, c...)
	}
	sum := md5.Sum(out)
	out = append(out, sum[:]...)
	return os.WriteFile(path, out, 0o644)
}

// cluster encodes blobs as a cluster: the info byte, then (compressed)
// the blob offsets and the blobs.
func cluster(blobs [][]byte, comp byte) ([]byte, error) {
	n := len(blobs)
	var data []byte
	off := uint32(4 * (n + 1))
	for _, b := range blobs {
		data = binary.LittleEndian.AppendUint32(data, off)
		off += uint32(len(b))
	}
	data = binary.LittleEndian.AppendUint32(data, off)
	for _, b := range blobs {
		data = append(data, b...)
	}
	switch comp {
	case None:
	case XZ:
		var buf bytes.Buffer
		w, err := xz.NewWriter(&buf)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		data = buf.Bytes()
	case Zstd:
		enc, err := zstd.NewWriter(nil)
		if err != nil {
			return nil, err
		}
		data = enc.EncodeAll(data, nil)
		enc.Close()
	default:
		return nil, fmt.Errorf("testzim: compression %d", comp)
	}
	return append([]byte{comp}, data...), nil
}
