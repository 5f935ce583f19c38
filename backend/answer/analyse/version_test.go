package analyse

import "testing"

// The program a question asks the version of is the one it names by
// "version of" or before "version"; another thing's version is none.
func TestVersionOf(t *testing.T) {
	for q, want := range map[string]string{
		"print the bash version": "bash",
		"What is the bash command to show which version of bash is running?": "bash",
		"which version of python3 is installed?":                             "python3",
		"show git's version":                                                 "git",
		"switch the default java version alternative":                        "",
		"install an older, specific version of a package with apt-get":       "",
		"How do I sort version numbers so that 1.10 comes after 1.9?":        "",
		"How do I get a version name from the latest git tag?":               "",
	} {
		if got := VersionOf(q); got != want {
			t.Errorf("VersionOf(%q) = %q, want %q", q, got, want)
		}
	}
}
