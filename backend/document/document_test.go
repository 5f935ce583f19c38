package document

import "testing"

// A term that only marks a list entry is dropped from a step (compose)
// and read past to the option its text starts with (explain); a term
// without letters that names what the entry documents is kept.
func TestListMark(t *testing.T) {
	for term, mark := range map[string]bool{
		"•": true, "-": true, "2.": true, "2.:": true, "(3)": true, "b)": true,
		"[...]": false, "?": false, "%%": false, "-v": false, "1.2": false,
	} {
		if got := ListMark(term); got != mark {
			t.Errorf("ListMark(%q) = %v, want %v", term, got, mark)
		}
	}
}
