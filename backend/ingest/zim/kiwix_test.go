package zim

import (
	"io"
	"net"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/testutil/testzim"
)

// kiwixServe serves the archive at path with kiwix-serve on a free port
// of the loopback and returns the address to prefix a URL with.
func kiwixServe(t *testing.T, bin, path string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "--address=127.0.0.1", "--port="+strconv.Itoa(port), path)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get(base + "/"); err == nil {
			resp.Body.Close()
			return base
		}
		if time.Now().After(deadline) {
			t.Fatalf("kiwix-serve %s: not answering on port %d", path, port)
		}
	}
}

// TestKiwixServe opens every document's url in kiwix-serve, as a user
// would: the fixture, and an archive of the older layout whose file name
// has a space and a "+" (kiwix-serve spells the book's name from it).
func TestKiwixServe(t *testing.T) {
	bin := tool(t, "kiwix-serve", "kiwix-tools")
	for name, path := range map[string]string{
		"linuxwiki_en": fixture("linuxwiki_en.zim"),
		"v5 xz":        oldArchive(t, 5, 0, 'A', testzim.XZ),
	} {
		t.Run(name, func(t *testing.T) {
			a := open(t, path)
			l, docs := readAll(t, a)
			base := kiwixServe(t, bin, path)
			for _, d := range docs {
				var art Article
				for _, x := range l.Articles {
					if x.Path == d.Ref {
						art = x
					}
				}
				raw, err := a.Content(art)
				if err != nil {
					t.Fatal(err)
				}
				resp, err := http.Get(base + d.URL)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				// kiwix-serve adds its toolbar to the page: the middle of
				// the article is as stored
				mid := string(raw[len(raw)/2 : min(len(raw), len(raw)/2+64)])
				if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), mid) {
					t.Errorf("%s: GET %s: %s, the article's text %v", d.Ref, d.URL, resp.Status, strings.Contains(string(body), mid))
				}
			}
		})
	}
}
