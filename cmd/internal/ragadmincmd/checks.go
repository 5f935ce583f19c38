package ragadmincmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/render"
)

// printChecks prints checks one per line, "PASS  name  detail", with the
// hint of every WARN and FAIL on the line below.
func printChecks(w io.Writer, checks []health.Check) {
	width := 0
	for _, c := range checks {
		width = max(width, len([]rune(c.Name)))
	}
	var b strings.Builder
	for _, c := range checks {
		name := render.Sanitize(c.Name)
		fmt.Fprintf(&b, "%-4s  %s%s  %s\n", c.Status, name, strings.Repeat(" ", width-len([]rune(name))), oneLine(c.Detail))
		if c.Hint != "" && c.Status != health.Pass {
			fmt.Fprintf(&b, "      %s  hint: %s\n", strings.Repeat(" ", width), oneLine(c.Hint))
		}
	}
	fmt.Fprint(w, b.String())
}

func oneLine(s string) string {
	return strings.NewReplacer("\n", " ", "\t", " ").Replace(render.Sanitize(s))
}

// summary is "FAIL (1 FAIL, 2 WARN, 5 PASS)".
func summary(checks []health.Check) string {
	n := health.Count(checks)
	return fmt.Sprintf("%s (%d FAIL, %d WARN, %d PASS)", health.Worst(checks), n[health.Fail], n[health.Warn], n[health.Pass])
}

// failed names the checks that FAILed, for an error message.
func failed(checks []health.Check) (names []string, hint string) {
	for _, c := range checks {
		if c.Status == health.Fail {
			names = append(names, c.Name)
			if hint == "" {
				hint = c.Hint
			}
		}
	}
	return names, hint
}
