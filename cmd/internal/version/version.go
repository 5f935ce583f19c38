// Package version is the program version, set at link time by the
// Makefile. The backend handshake compares it: a CLI replaces a backend of
// another version.
package version

// Version is "dev" for go run and go build without the Makefile.
var Version = "dev"
