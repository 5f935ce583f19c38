package info

import (
	"encoding/json"
	"os"
	"testing"
)

// TestDump is a temporary inspection helper.
func TestDump(t *testing.T) {
	dir := os.Getenv("INFO_DUMP")
	if dir == "" {
		t.Skip()
	}
	ms, err := Scan("/usr/share/info")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		docs, err := Read("/usr/share/info", m)
		if err != nil {
			t.Error(m.Name, err)
		}
		f, _ := os.Create(dir + "/" + m.Name + ".txt")
		for _, d := range docs {
			b, _ := json.MarshalIndent(d, "", " ")
			f.Write(b)
			f.Write([]byte("\n"))
		}
		f.Close()
		t.Log(m, len(docs))
	}
}
