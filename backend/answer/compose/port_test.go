package compose

import "testing"

// The option whose address takes a port after a colon leads, with the
// question's port, where the question gives one; without a port, it
// does not lead for a port's sake.
func TestPortLeads(t *testing.T) {
	leadsWith(t, New(), "lsof", openFilesPage, []lead{
		{"find which program with lsof has port 6379 open", "`lsof -i :6379`"},
	})
	d := composed(t, New(), "lsof", openFilesPage, "list the open files of the user ann with lsof")
	if len(d.Steps) > 0 && len(d.Steps[0]) > 8 && d.Steps[0][:9] == "`lsof -i " {
		t.Errorf("no port: first step %q", d.Steps[0])
	}
}

// openFilesPage documents a program that lists open files as lsof(8)
// does, under lsof's name.
const openFilesPage = `.TH LSOF 8
.SH NAME
lsof \- list open files
.SH SYNOPSIS
lsof [ -?abChlnNOPRtUvVX ] [ -c c ] [ -i [i] ] [ -u s ] [ names ]
.SH OPTIONS
.TP
+|-M
Enables (+) or disables (-) the reporting of portmapper registrations for local TCP, UDP and UDPLITE ports.
.TP
-P
inhibits the conversion of port numbers to port names for network files.
.TP
-i [i]
selects the listing of files any of whose Internet address matches the address specified in i.
An Internet address is specified in the form:
[46][protocol][@hostname|hostaddr][:service|port]
.TP
-u s
selects the listing of files for the user whose login names or user ID numbers are in the comma-separated set s.
`

// An option whose name space takes a port and its protocol as a
// shortcut, port/tcp, leads with the question's port so written, and
// the options joined to it stay in the line. This machine's fuser(1).
func TestPortNameSpace(t *testing.T) {
	leadsWith(t, New(), "fuser", machinePage(t, "/usr/share/man/man1/fuser.1.gz"), []lead{
		{"show which process is using port 8080", "`fuser 8080/tcp`"},
		{"which process has udp port 5353 open", "`fuser 5353/udp`"},
		{"with fuser, kill whatever is using port 3000", "`fuser -k 3000/tcp`"},
	})
}
