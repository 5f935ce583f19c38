// Package testzim writes ZIM archives for tests. Write makes a tiny one
// with metadata only (M/...) in one uncompressed cluster, for detection;
// WriteArchive makes complete archives with articles, redirects and
// compressed clusters, in the versions and layouts zimwriterfs no longer
// writes (version 5, the old A/ namespace, xz).
package testzim

import (
	"encoding/binary"
	"os"
	"sort"
)

// Write creates a ZIM file at path holding the metadata entries meta
// (e.g. {"Language": "eng", "Title": "Test"}). compressed marks the cluster
// as zstd-compressed (without compressing it), to test readers that must
// give up on compressed clusters.
func Write(path string, meta map[string]string, compressed bool) error {
	names := make([]string, 0, len(meta))
	for k := range meta {
		names = append(names, k)
	}
	sort.Strings(names)

	const header = 80
	mime := []byte("text/plain\x00\x00")
	var dirents [][]byte
	for i, n := range names {
		d := make([]byte, 16)
		binary.LittleEndian.PutUint16(d[0:], 0) // mime index
		d[2] = 0                                // parameter length
		d[3] = 'M'
		binary.LittleEndian.PutUint32(d[8:], 0)          // cluster
		binary.LittleEndian.PutUint32(d[12:], uint32(i)) // blob
		d = append(d, n...)
		d = append(d, 0, 0) // path, empty title
		dirents = append(dirents, d)
	}
	pos := int64(header + len(mime))
	direntOff := make([]int64, len(dirents))
	for i, d := range dirents {
		direntOff[i] = pos
		pos += int64(len(d))
	}
	pathPtr := pos
	pos += int64(8 * len(dirents))
	clusterPtr := pos
	pos += 8
	clusterOff := pos

	// cluster: info byte, offsets (4 bytes each, n+1), blobs
	var blobs []byte
	offs := make([]uint32, 0, len(names)+1)
	base := uint32(4 * (len(names) + 1))
	for _, n := range names {
		offs = append(offs, base+uint32(len(blobs)))
		blobs = append(blobs, meta[n]...)
	}
	offs = append(offs, base+uint32(len(blobs)))
	info := byte(1)
	if compressed {
		info = 5
	}
	cluster := []byte{info}
	for _, o := range offs {
		cluster = binary.LittleEndian.AppendUint32(cluster, o)
	}
	cluster = append(cluster, blobs...)
	checksumPos := clusterOff + int64(len(cluster))

	h := make([]byte, header)
	binary.LittleEndian.PutUint32(h[0:], 0x044D495A)
	binary.LittleEndian.PutUint16(h[4:], 6)
	binary.LittleEndian.PutUint16(h[6:], 1)
	binary.LittleEndian.PutUint32(h[24:], uint32(len(dirents)))
	binary.LittleEndian.PutUint32(h[28:], 1)
	binary.LittleEndian.PutUint64(h[32:], uint64(pathPtr))
	binary.LittleEndian.PutUint64(h[40:], 0)
	binary.LittleEndian.PutUint64(h[48:], uint64(clusterPtr))
	binary.LittleEndian.PutUint64(h[56:], header)
	binary.LittleEndian.PutUint32(h[64:], 0xffffffff)
	binary.LittleEndian.PutUint32(h[68:], 0xffffffff)
	binary.LittleEndian.PutUint64(h[72:], uint64(checksumPos))

	out := append(h, mime...)
	for _, d := range dirents {
		out = append(out, d...)
	}
	for _, o := range direntOff {
		out = binary.LittleEndian.AppendUint64(out, uint64(o))
	}
	out = binary.LittleEndian.AppendUint64(out, uint64(clusterOff))
	out = append(out, cluster...)
	out = append(out, make([]byte, 16)...) // MD5 checksum, not checked
	return os.WriteFile(path, out, 0o644)
}
