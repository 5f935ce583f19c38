package analyse

import (
	"slices"
	"testing"
)

// A question that makes one set of characters it names into another is
// read as such, by a verb of change before the two and a word that joins
// them; characters named beside another task are not.
func TestTranslatesChars(t *testing.T) {
	for q, want := range map[string]bool{
		"Replace every tab character in scores.txt with a comma":            true,
		"swap each semicolon for a colon in the config":                     true,
		"turn a comma-separated list into one with tabs":                    true,
		"change all spaces in names.txt to newlines":                        true,
		"pipe file names that contain spaces or newlines into xargs safely": false,
		"make tab completion ignore lower case":                             false,
		"delete every tab from the file":                                    false, // one set
		"count the commas and the tabs in a line":                           false, // no change
	} {
		if got := TranslatesChars(q); got != want {
			t.Errorf("TranslatesChars(%q) = %v, want %v (sets %q)", q, got, want, CharSets(q))
		}
	}
	if got := CharSets("replace tab characters with commas"); !slices.Equal(got, []string{`'\t'`, `,`}) {
		t.Errorf("CharSets: %q", got)
	}
}
