package compose

import (
	"strings"
	"testing"
)

// dd leads with what it reads and what it writes, as the question names
// them, a size as blocks, and /dev/zero for a file of zeros; a question
// that names nothing to copy keeps dd's own lines.
func TestDDLead(t *testing.T) {
	pageLeadsWith(t, "dd", ddPage, "read from FILE instead of stdin; write to FILE instead of stdout", map[string]string{
		"Back up the first 512 bytes of the disk /dev/sda to the file mbr.img": "`dd if=/dev/sda of=mbr.img bs=512 count=1`",
		"write the ISO image debian.iso to the USB stick /dev/sdb with dd":     "`dd if=debian.iso of=/dev/sdb`",
		"create a 2 GB file of zeros called zero.img with dd":                  "`dd if=/dev/zero of=zero.img bs=1M count=2048`",
		// the size of a block, and the progress watched
		"write arch.iso to /dev/sdc with dd in 4 MB blocks and show the progress": "`dd if=arch.iso of=/dev/sdc bs=4M status=progress`",
	})
	q := "what does dd do"
	if d := composedFirst(t, "dd", "dd", ddPage, q); len(d.Steps) > 0 && strings.Contains(d.Steps[0], "if=") && strings.Contains(d.Steps[0], "of=") {
		t.Errorf("%q: steps %q, want no copy made up", q, d.Steps)
	}
}

const ddPage = `.TH DD 1
.SH NAME
dd \- convert and copy a file
.SH SYNOPSIS
.B dd
[\fIOPERAND\fR]...
.SH DESCRIPTION
Copy a file, converting and formatting according to the operands.
.TP
\fBbs\fR=\fIBYTES\fR
read and write up to BYTES bytes at a time (default: 512); overrides ibs and obs
.TP
\fBcount\fR=\fIN\fR
copy only N input blocks
.TP
\fBif\fR=\fIFILE\fR
read from FILE instead of stdin
.TP
\fBstatus\fR=\fILEVEL\fR
The LEVEL of information to print to stderr; 'progress' shows periodic transfer statistics
.TP
\fBof\fR=\fIFILE\fR
write to FILE instead of stdout
`
