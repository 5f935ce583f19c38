package document

import "testing"

// umount(8)'s first synopsis form unmounts everything; the plain form
// follows it.
func TestSynopsisPlainForm(t *testing.T) {
	doc := func(text string) *Document {
		return &Document{Sections: []Section{{Title: "SYNOPSIS", Blocks: []Block{{Kind: Para, Text: text}}}}}
	}
	for text, want := range map[string]string{
		"umount -a [-dflnrv] [-t fstype] [-O option...]\numount [-dflnrv] {directory|device}\numount -h|-V": "umount [-dflnrv] {directory|device}",
		"ls [OPTION]... [FILE]...":                                                       "ls [OPTION]... [FILE]...",
		"xxd -h[elp]\nxxd [options] [infile [outfile]]":                                  "xxd [options] [infile [outfile]]",
		"tar -A [OPTIONS] ARCHIVE ARCHIVE\ntar -c [-f ARCHIVE] [OPTIONS] [FILE...]":      "tar -A [OPTIONS] ARCHIVE ARCHIVE",
		"ptx [OPTION]... [INPUT]...   (without -G)\nptx -G [OPTION]... [INPUT [OUTPUT]]": "ptx [OPTION]... [INPUT]...",
		"ls [OPTION]... [FILE]... (1)":                                                   "ls [OPTION]... [FILE]... (1)",
		// the help form, and a form of options alone, do not mount anything
		"mount [-h|-V]\nmount [-l] [-t fstype]\nmount -a [-fFnrsvw] [-t fstype]\nmount [-fnrsvw] [-o options] device|mountpoint": "mount [-fnrsvw] [-o options] device|mountpoint",
		"echo [SHORT-OPTION]... [STRING]...\necho LONG-OPTION":                                                                   "echo [SHORT-OPTION]... [STRING]...",
		"zstdmt is equivalent to zstd -T0\nunzstd is equivalent to zstd -d":                                                      "",
	} {
		if got := Synopsis(doc(text)); got != want {
			t.Errorf("Synopsis(%q) = %q, want %q", text, got, want)
		}
	}
}
