package index

import "unsafe"

// unsafeString views mapped bytes as a string without copying; the bytes
// never change while the mapping lives, and reading the string after the
// Reader's last Release faults: it must not outlive the hold.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
