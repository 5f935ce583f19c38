package compose

import (
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
)

// The form a question shows, as letters or by an example, is date's
// +FORMAT.
func TestFormatAsked(t *testing.T) {
	for q, want := range map[string]string{
		"print the date in the form YYYY-MM-DD":            "+%Y-%m-%d",
		"show the time as HH:MM:SS":                        "+%H:%M:%S",
		"print the date and time as YYYY-MM-DD HH:MM":      "+%Y-%m-%d %H:%M",
		"write today's date like 2025-07-04":               "+%Y-%m-%d",
		"print the date and time like 2025-07-04 09:30:15": "+%Y-%m-%d %H:%M:%S",
		"print the date and time like 2025-07-04T09:30":    "+%Y-%m-%d %H:%M",
		"show the date formatted as 28/02/2025":            "+%d/%m/%Y",
		"show the date formatted as 02/28/2025":            "+%m/%d/%Y",
		"show the date formatted as 03/04/2025":            "", // which is the day?
		"write today's date as year.month.day":             "+%Y.%m.%d",
		"show the clock as hours:minutes":                  "+%H:%M",
		"show the day and month of a file's change":        "", // no form
		"what was the date 2025-07-04 a weekday of":        "", // a value, not a form
		"list files modified since 2025-07-04 in /data":    "",
	} {
		if got := formatAsked(q); got != want {
			t.Errorf("formatAsked(%q) = %q, want %q", q, got, want)
		}
	}
}

// The form given leads as date's +FORMAT, after the date it formats, and
// an option that writes a form of its own does not lead.
func TestDateFormatFilled(t *testing.T) {
	leadsWith(t, New(), "dater", daterFormatsPage, []lead{
		{"with dater, print today's date in YYYY-MM-DD format", "`dater +%Y-%m-%d`"},
		{"use dater to print the date 10 days from today like 2025-07-04", "`dater -d '10 days' +%Y-%m-%d`"},
	})
}

// A form of the page's own, a conversion's or an option's, shows the
// date the question gives, not today's. This machine's date(1).
func TestDateGiven(t *testing.T) {
	leadsWith(t, New(), "date", machinePage(t, "/usr/share/man/man1/date.1.gz"), []lead{
		{"print the day of the year for 2024-03-01", "`date -d 2024-03-01 +%j`"},
		{"print the date 10 days from now in ISO format", "`date -d '10 days' -I [+FORMAT]`"},
		{"print the day of the year", "`date +%j`"},
		// the form is +FORMAT, no value of --date's STRING, and leads
		// over the conversion "%:z: +hh:mm numeric time zone"
		{"show the current date as YYYY/MM/DD", "`date +%Y/%m/%d`"},
		{"write the clock time as HH:MM", "`date +%H:%M`"},
	})
}

// daterFormatsPage is daterPage with an option that writes a form of its
// own, as date(1)'s --rfc-3339 does.
const daterFormatsPage = daterPage + `.TP
\fB\-\-rfc\-3339\fR=\fIFMT\fR
output date/time in RFC 3339 format.
FMT='date', 'seconds', or 'ns' for date and time to the indicated precision.
Example: 2006-08-14 02:34:56-06:00
`

// An option that writes a form of its own gives way to the form the
// question shows, and only then.
func TestFormatOverrides(t *testing.T) {
	rfc := passage{block: document.Block{Kind: document.Item, Term: "--rfc-3339=FMT", Text: "output date/time in RFC 3339 format."}}
	utc := passage{block: document.Block{Kind: document.Item, Term: "-u, --utc", Text: "print Coordinated Universal Time (UTC)"}}
	c := &composition{text: "print today's date in YYYY-MM-DD format"}
	if c.formatOverrides(rfc) {
		t.Error("an option overridden before the question's form was read")
	}
	c.takeFormat()
	if !c.formatOverrides(rfc) {
		t.Error("--rfc-3339 is not overridden by the form YYYY-MM-DD")
	}
	if c.formatOverrides(utc) {
		t.Error("-u, which writes no form, is overridden")
	}
	zone := passage{block: document.Block{Kind: document.Item, Term: "%:z", Text: "+hh:mm numeric time zone (e.g., -04:00)"}}
	if !c.formatOverrides(zone) {
		t.Error("the conversion %:z is not overridden by the form YYYY-MM-DD")
	}
}

// The form the question shows is date's +FORMAT, the value of no option.
func TestFormatOnlyForFormat(t *testing.T) {
	c := &composition{text: "print the date as YYYY-MM-DD"}
	c.takeFormat()
	op := c.ops[len(c.ops)-1]
	if valueFor(op, "STRING") {
		t.Error("--date's STRING takes the form YYYY-MM-DD")
	}
	if !valueFor(op, "[+FORMAT]") {
		t.Error("+FORMAT does not take the form YYYY-MM-DD")
	}
}
