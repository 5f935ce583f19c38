package lazyre

import "testing"

func TestNew(t *testing.T) {
	re := New(`^a+b$`)
	if re() != re() {
		t.Fatal("compiled twice")
	}
	if !re().MatchString("aab") || re().MatchString("abb") {
		t.Fatal("wrong expression")
	}
	bad := New(`(`)
	defer func() {
		if recover() == nil {
			t.Fatal("an invalid pattern did not panic on first use")
		}
	}()
	bad()
}
