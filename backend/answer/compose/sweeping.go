package compose

import (
	"path"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
)

// sweeping says whether a step's command line does harm far beyond a
// task that did not ask for it: kill's "kill -9 -1" (every process the
// user may signal) as a step for "stop a program by its name", rm -r of
// / or ~, dd or mkfs onto a disk device. Pages show such lines as
// examples; a step is what a reader runs.
func (c *composition) sweeping(p passage) bool {
	var lines []string
	switch p.block.Kind {
	case document.Item:
		lines = []string{p.block.Term}
	case document.Code:
		lines = strings.Split(p.block.Text, "\n")
	}
	for _, l := range lines {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), "$ "))
		if len(f) < 2 {
			continue
		}
		if f[0] == "sudo" {
			f = f[1:]
		}
		switch cmd := path.Base(f[0]); {
		case cmd == "kill" || cmd == "pkill" || cmd == "killall":
			// pid -1 is every process; -1 first is the signal HUP.
			// Never a step: "kill all the processes named x" asks for
			// all of some, and who wants all of them knows the line
			if len(f) >= 3 && f[len(f)-1] == "-1" {
				return true
			}
		case cmd == "rm":
			for _, a := range f[1:] {
				if a == "/" || a == "/*" || a == "~" || a == "~/" {
					return true
				}
			}
		case cmd == "dd" || cmd == "shred" || cmd == "wipefs" || strings.HasPrefix(cmd, "mkfs") || strings.HasPrefix(cmd, "mke2fs"):
			for _, a := range f[1:] {
				if strings.HasPrefix(strings.TrimPrefix(a, "of="), "/dev/") && !strings.HasPrefix(a, "/dev/null") &&
					!c.asks("disk", "drive", "partit", "devic", "usb", "format", "wipe", "imag", "iso", "flash", "stick", "filesystem") {
					return true
				}
			}
		}
	}
	return false
}
