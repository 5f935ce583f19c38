package compose

import "testing"

// An option's list of values gives way to the one the question names;
// one named by none, or two named, leave the list.
func TestChosenAlternative(t *testing.T) {
	const line = "ssh-keygen -t dsa | ecdsa | ecdsa-sk | ed25519 | ed25519-sk | rsa"
	for q, want := range map[string]string{
		"generate a new ssh key of type ed25519": "ssh-keygen -t ed25519",
		"make an ed25519-sk key":                 "ssh-keygen -t ed25519-sk",
		"create an RSA key":                      "ssh-keygen -t rsa",
		"generate an ssh key":                    line,
		"an rsa or an ecdsa key?":                line,
	} {
		c := &composition{text: q}
		if got := c.chosenAlternative(line, "-t dsa | ecdsa | ecdsa-sk | ed25519 | ed25519-sk | rsa"); got != want {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
	// a pipe is no list of values
	c := &composition{text: "count the lines of app.log that hold failures, with wc"}
	if got := c.chosenAlternative("grep -c ERROR | wc -l", "-c, --count"); got != "grep -c ERROR | wc -l" {
		t.Errorf("pipe: %q", got)
	}
}
