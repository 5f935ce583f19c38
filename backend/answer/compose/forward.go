package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A port forwarded through ssh is one value of three parts, ssh's
// "-L port:host:hostport": the local port, the host the server connects
// to and that host's port. Filled as one placeholder it took nothing,
// and "forward local port 8080 to port 80 on the server web01" was
// `ssh -L port:host:hostport web01`.

// forwardSlot is the value of an option that forwards a port, as
// ssh(1) names its parts.
var forwardSlot = lazyre.New(`^(?:\[bind_address:\])?port:host:hostport$`)

// forwardThrough ends the words before the host a tunnel goes through,
// the server ssh logs in to: "tunnelling through jump.example.com",
// "via the jump server gw".
var forwardThrough = lazyre.New(`(?i)\b(?:through|via|using)\s+(?:the\s+|a\s+)?(?:jump\s+|ssh\s+)?(?:host|server|machine|box|gateway)?\s*$`)

// forwardLocal ends the words before the port that listens on this
// machine: "local port 8080".
var forwardLocal = lazyre.New(`(?i)\blocal\s+port\s*$`)

// withForward fills the lead's port forward (forwardSlot) with the
// ports and hosts the question gives: `ssh -L 8080:localhost:80 web01`
// for "forward local port 8080 to port 80 on the server web01", and
// `ssh -L 5433:db.internal:5432 jump.example.com` where the tunnel goes
// through one host to another. One port given is the same on both ends.
func (c *composition) withForward(s *source, pl *plan) {
	// the lead's own term, not its line: filled, the line may hold a
	// host in the place of all three parts
	term := strings.TrimSpace(pl.chosen[0].block.Term)
	if !strings.HasPrefix(term, "-L") || !forwardSlot().MatchString(optionArg(term)) {
		return
	}
	var ports, hosts []operand
	for _, op := range c.ops {
		switch op.kind {
		case analyse.ArgPort:
			ports = append(ports, op)
		case analyse.ArgHost:
			hosts = append(hosts, op)
		}
	}
	if len(ports) == 0 || len(ports) > 2 || len(hosts) > 2 {
		return
	}
	local, remote := ports[0].text, ports[0].text
	if len(ports) == 2 {
		remote = ports[1].text
		if forwardLocal().MatchString(c.text[:c.argStart(ports[1].at)]) {
			local, remote = ports[1].text, ports[0].text
		}
	}
	// the server ssh logs in to, and the host it connects on to
	server, target := "", "localhost"
	switch len(hosts) {
	case 1:
		server = hosts[0].text
	case 2:
		through := -1
		for i, h := range hosts {
			if forwardThrough().MatchString(c.text[:c.argStart(h.at)]) {
				through = i
			}
		}
		if through < 0 {
			return
		}
		server, target = hosts[through].text, hosts[1-through].text
	}
	if server != "" && !strings.Contains(server, "@") {
		if u := c.remoteLogin(); u != "" {
			server = u + "@" + server
		}
	}
	if server == "" {
		server = "destination"
	}
	// the optional words after the server run a command on it, which
	// the question does not ask
	pl.line = strings.Join([]string{typedName(s.doc, s.hit.Meta.Title), "-L", local + ":" + target + ":" + remote, server}, " ")
}
