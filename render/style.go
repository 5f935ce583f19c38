package render

import (
	"io"
	"os"
	"strings"

	"golang.org/x/term"
)

// Styles are written as termenv writes them, for the terminals termenv
// says take them (its EnvColorProfile other than Ascii): every such
// profile writes the few styles used here (bold, faint, the ANSI colour
// 6, links) the same way.
const (
	csi = "\x1b["
	osc = "\x1b]"
	st  = "\x1b\\"
)

// takesStyles reports whether w is a terminal that takes styles, as
// termenv decides it: NO_COLOR, CLICOLOR=0 and CLICOLOR_FORCE first,
// then whether w is a terminal, then COLORTERM and TERM.
func takesStyles(w io.Writer) bool {
	forced := false
	if f := os.Getenv("CLICOLOR_FORCE"); f != "" {
		forced = f != "0"
	}
	if os.Getenv("NO_COLOR") != "" || (os.Getenv("CLICOLOR") == "0" && !forced) {
		return false
	}
	return forced || colorTerminal(w)
}

// colorTerminal is termenv's ColorProfile other than Ascii.
func colorTerminal(w io.Writer) bool {
	if os.Getenv("CI") != "" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return false
	}
	if os.Getenv("GOOGLE_CLOUD_SHELL") == "true" {
		return true
	}
	switch strings.ToLower(os.Getenv("COLORTERM")) {
	case "24bit", "truecolor", "yes", "true":
		return true
	}
	t := os.Getenv("TERM")
	switch t {
	case "alacritty", "contour", "rio", "wezterm", "xterm-ghostty", "xterm-kitty", "linux", "xterm":
		return true
	}
	return strings.Contains(t, "color") || strings.Contains(t, "ansi")
}

// sgr wraps s in the style seq (a select graphic rendition) and a reset.
func sgr(seq, s string) string { return csi + seq + "m" + s + csi + "0m" }

// hyperlink is an OSC 8 link to url shown as name.
func hyperlink(url, name string) string {
	return osc + "8;;" + url + st + name + osc + "8;;" + st
}
