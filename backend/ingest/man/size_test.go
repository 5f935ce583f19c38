package man

import (
	"bytes"
	"compress/gzip"
	"errors"
	"testing"
)

// A page that decompresses to more than a page may is refused whole,
// not cut to its first megabytes.
func TestPageSizeCap(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(bytes.Repeat([]byte{'a'}, maxPageSize+1))
	zw.Close()
	if _, err := decompress("bomb.1.gz", buf.Bytes()); !errors.Is(err, errTooLarge) {
		t.Errorf("a gzip bomb: %v", err)
	}
	if _, err := decompress("big.1", bytes.Repeat([]byte{'a'}, maxPageSize+1)); !errors.Is(err, errTooLarge) {
		t.Errorf("a plain page over the cap: %v", err)
	}
	if out, err := decompress("ok.1", []byte(".TH OK 1\n")); err != nil || len(out) != 9 {
		t.Errorf("a small page: %q, %v", out, err)
	}
}
