package catalog

import (
	"path/filepath"
	"strconv"
	"strings"
)

// DeriveAlias names a source after its file or folder: lower case, runs of
// anything but letters, digits, '.', '_' and '-' turned into one '-', a
// ".zim" extension dropped. A name already taken gets "-2", "-3", ... so
// aliases stay readable and unique. Aliases never change afterwards.
func DeriveAlias(location, typ string, taken func(string) bool) string {
	base := filepath.Base(filepath.Clean(location))
	if typ == TypeZIM || strings.EqualFold(filepath.Ext(base), ".zim") {
		base = strings.TrimSuffix(base, filepath.Ext(base))
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(base) {
		ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-'
		if !ok || r == '-' {
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = true
			continue
		}
		b.WriteRune(r)
		dash = false
	}
	alias := strings.Trim(b.String(), "-._")
	if alias == "" {
		alias = typ
	}
	if alias == "" {
		alias = "source"
	}
	if !taken(alias) {
		return alias
	}
	for n := 2; ; n++ {
		if a := alias + "-" + strconv.Itoa(n); !taken(a) {
			return a
		}
	}
}

// ValidAlias reports whether s could be an alias: what DeriveAlias makes.
func ValidAlias(s string) bool {
	if s == "" || len(s) > 200 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}
