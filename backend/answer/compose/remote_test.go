package compose

import (
	"strings"
	"testing"
)

// rcopyPage documents a program that copies between machines as scp(1)
// does: its operands may be [user@]host:[path], and its -J takes a host
// that is not where the files go.
const rcopyPage = `.TH RCOPY 1
.SH NAME
rcopy \- copy files between machines
.SH SYNOPSIS
rcopy [-r] [-J destination] [-l limit] source ... target
.SH DESCRIPTION
rcopy copies files between hosts.
Either the source or the target may be a local path, or one on another
machine in the form [user@]host:[path].
.SH OPTIONS
.TP
.B \-r
Recursively copy entire directories.
.TP
.BI \-J " destination"
Connect to the target host by first connecting to the jump host described by destination.
.TP
.BI \-l " limit"
Limits the used bandwidth, specified in Kbit/s.
`

// A copy to or from another machine is one command line: the host, the
// user and the path there are one operand, and the host is no jump host.
func TestRemoteCopy(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"push the file backup.tar to /data on the server vault7 as user ops with rcopy", "`rcopy backup.tar ops@vault7:/data`"},
		{"with rcopy, bring the file /var/log/app.log from the host logs.example.net into the current directory", "`rcopy logs.example.net:/var/log/app.log .`"},
		{"use rcopy to send the folder pics to the server 10.2.3.4", "`rcopy -r pics 10.2.3.4:~`"},
		{"rcopy the file big.iso to the host mirror1.example.org, limiting the bandwidth to 800 Kbit/s", "`rcopy -l 800 big.iso mirror1.example.org:~`"},
	} {
		d := composed(t, New(), "rcopy", rcopyPage, tc.q)
		if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], tc.want+":") {
			t.Errorf("%q: steps %q, want %s first", tc.q, d.Steps, tc.want)
		}
		for _, st := range d.Steps {
			if strings.Contains(st, "-J ") && !strings.Contains(st, "-J destination") {
				t.Errorf("%q: step %q gives the host to -J", tc.q, st)
			}
		}
	}
}
