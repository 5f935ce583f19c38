package terms

import (
	"reflect"
	"testing"
)

func words(text string, joined bool) []string {
	var out []string
	Words(text, joined, func(w string) { out = append(out, w) })
	return out
}

func TestWords(t *testing.T) {
	for _, tc := range []struct {
		in     string
		joined bool
		want   []string
	}{
		{"Change file mode bits", false, []string{"change", "file", "mode", "bits"}},
		{"git-add, -R --recursive x86_64", false, []string{"git", "add", "r", "recursive", "x86", "64"}},
		{"git-add, --recursive- x86_64 which.debianutils", true, []string{"git-add", "recursive", "x86_64", "which.debianutils"}},
		{"Größe ÄNDERN", false, []string{"größe", "ändern"}},
		{"", false, nil},
	} {
		if got := words(tc.in, tc.joined); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Words(%q, %v) = %q, want %q", tc.in, tc.joined, got, tc.want)
		}
	}
}

func TestLongWordsDropped(t *testing.T) {
	long := "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	if got := words("x "+long+" y", false); !reflect.DeepEqual(got, []string{"x", "y"}) {
		t.Errorf("got %q", got)
	}
}

func TestStem(t *testing.T) {
	s := NewStemmer()
	for in, want := range map[string]string{
		"files": "file", "sorted": "sort", "running": "run", "md5sum": "md5sum", "git-add": "git-add", "ls": "ls",
	} {
		if got := s.Stem(in); got != want {
			t.Errorf("Stem(%q) = %q, want %q", in, got, want)
		}
	}
}

func BenchmarkWords(b *testing.B) {
	text := "The chmod utility modifies the file mode bits of the listed files as specified by the mode operand."
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Words(text, false, func(string) {})
	}
}

func TestContainsFold(t *testing.T) {
	for _, tc := range []struct {
		text, part string
		want       bool
	}{
		{"Do NOT follow links", "not", true},
		{"Removes the file", "remov", true},
		{"REMOVAL", "remov", true},
		{"the rem ov", "remov", false},
		{"no", "not", false},
		{"", "no", false},
	} {
		if got := ContainsFold(tc.text, tc.part); got != tc.want {
			t.Errorf("ContainsFold(%q, %q) = %v, want %v", tc.text, tc.part, got, tc.want)
		}
	}
}
