package compose

import "testing"

// tunPage documents a remote login client that forwards ports as ssh(1)
// does, its -L value in three parts.
const tunPage = `.TH TUN 1
.SH NAME
tun \- remote login client
.SH SYNOPSIS
tun [options] destination [command [argument ...]]
.SH OPTIONS
.TP
.BI \-L " [bind_address:]port:host:hostport"
Specifies that connections to the given TCP port on the local (client) host are to be forwarded to the given host and port on the remote side.
.TP
.BI \-p " port"
Port to connect to on the remote host.
`

// A forwarded port is filled part by part: the local port, the host the
// server connects to, and its port; the server is the host the tunnel
// goes through.
func TestPortForward(t *testing.T) {
	leadsWith(t, New(), "tun", tunPage, []lead{
		{"with tun, forward local port 9000 to port 443 on the server app7.example.net", "`tun -L 9000:localhost:443 app7.example.net`"},
		{"forward local port 6000 to port 5432 on pg.example.internal through the jump host bastion.example.com using tun", "`tun -L 6000:pg.example.internal:5432 bastion.example.com`"},
		{"use tun to forward local port 3307 to the database on the server 10.9.8.7", "`tun -L 3307:localhost:3307 10.9.8.7`"},
	})
}
