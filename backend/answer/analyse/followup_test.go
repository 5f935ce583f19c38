package analyse

import (
	"strings"
	"testing"
)

func TestInConversation(t *testing.T) {
	const prev = "How do I change file permissions?"
	for _, tc := range []struct {
		in, asked string
		note      string // a prefix of the note; "" for none
	}{
		{"and recursively?", "How do I change file permissions recursively", "Read as a follow-up of \u201cHow do I change file permissions?\u201d: How do I change file permissions recursively"},
		{"what about symbolic links?", "How do I change file permissions symbolic links", "Read as a follow-up"},
		{"How about directories", "How do I change file permissions directories", "Read as a follow-up"},
		{"also for groups.", "How do I change file permissions for groups", "Read as a follow-up"},
		{"recursively?", "How do I change file permissions recursively", "Read as a follow-up"},
		{"and what about sockets?", "How do I change file permissions sockets", "Read as a follow-up"},
		{"no, how do I change the owner?", "how do I change the owner?", "Taken as a correction of the previous answer (to \u201cHow do I change file permissions?\u201d): answered as a new question."},
		{"actually list open ports", "list open ports", "Taken as a correction"},
		{"not the owner, the group", "not the owner, the group", "Taken as a correction"},
		{"How do I list files?", "How do I list files?", ""},
		{"list open ports", "list open ports", ""},
		{"how do I find big files in a folder", "how do I find big files in a folder", ""},
	} {
		asked, note := InConversation(prev, tc.in)
		if asked != tc.asked {
			t.Errorf("%q: asked %q, want %q", tc.in, asked, tc.asked)
		}
		if tc.note == "" && note != "" || !strings.HasPrefix(note, tc.note) {
			t.Errorf("%q: note %q, want one starting %q", tc.in, note, tc.note)
		}
	}
}
