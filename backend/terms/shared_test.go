package terms

import (
	"testing"
	"unsafe"
)

// The shared stemmer's cache outlives the words it is given, some of
// which point into a mapped index version that is unmapped later (issue
// 35; a lookup then compared against a key in unmapped memory and
// faulted): it keeps copies, of the words and of their stems.
func TestStemKeepsCopies(t *testing.T) {
	b := []byte("partitioning")
	if got := Stem(unsafe.String(&b[0], len(b))); got != "partit" {
		t.Fatalf("Stem(%q) = %q", b, got)
	}
	lo, hi := uintptr(unsafe.Pointer(&b[0])), uintptr(unsafe.Pointer(&b[0]))+uintptr(len(b))
	inside := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return len(s) > 0 && lo <= p && p < hi
	}
	shared.Lock()
	defer shared.Unlock()
	for w, st := range shared.s.cache {
		if inside(w) || inside(st) {
			t.Errorf("the cache keeps %q: %q, in the caller's memory", w, st)
		}
	}
}
