#!/bin/sh
# Makes the ZIM fixtures of ragman's tests from the HTML pages beside this
# script, with zimwriterfs from Debian's zim-tools (apt-get install
# zim-tools). The .zim files are committed: the tests do not need
# zim-tools, except the comparison with zimdump, which skips without it
# (and fails where CI is set).
#
#   linuxwiki_en.zim  English (M/Language eng), zstd clusters of about 2 KB
#                     so that most articles sit in a cluster of their own
#                     (a test breaks one cluster and expects the others
#                     read); redirects are the symlinks in pages/en.
#   linuxwiki_fr.zim  French (M/Language fra): accepted with a warning.
#   linuxwiki_en_badcluster.zim
#                     linuxwiki_en.zim with cluster 1 (Reflector's)
#                     overwritten at its start: that cluster does not
#                     decompress, the rest of the archive is read.
#
# zimwriterfs stamps M/Date and a new UUID: running this again changes the
# files' bytes, not what the tests check.
set -eu
cd "$(dirname "$0")"

make_zim() { # LANG NAME TITLE DIR OUT
	rm -rf "$5" "$5.tmp" "$5_title.idx.tmp"
	zimwriterfs --withoutFTIndex --clusterSize=2000 \
		--welcome=index.html --illustration=illustration.png \
		--language="$1" --name="$2" --title="$3" \
		--description="Pages for ragman's tests" --creator=ragman --publisher=ragman \
		"$4" "$5"
}

make_zim eng linuxwiki_en_all LinuxWiki pages/en linuxwiki_en.zim
make_zim fra linuxwiki_fr_all "LinuxWiki (français)" pages/fr linuxwiki_fr.zim

# The header holds the offset of the cluster pointer list at byte 48; the
# list holds each cluster's offset, 8 bytes little-endian.
u64() { od -An -t u8 -j "$2" -N 8 "$1" | tr -d ' '; }
cluster1=$(u64 linuxwiki_en.zim $(($(u64 linuxwiki_en.zim 48) + 8)))
cp linuxwiki_en.zim linuxwiki_en_badcluster.zim
printf 'garbage!' | dd of=linuxwiki_en_badcluster.zim bs=1 seek=$((cluster1 + 1)) conv=notrunc status=none
ls -l linuxwiki_en.zim linuxwiki_fr.zim linuxwiki_en_badcluster.zim
