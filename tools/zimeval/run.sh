#!/usr/bin/env bash
# zimeval: do ZIM archives change the answers to the man and info question
# sets? Builds realistic archives from Debian's own HTML books (the Debian
# Administrator's Handbook, the Debian Reference) with zimwriterfs, and with
# TWINS=1 a worst case: every section 1 and 8 man page of this machine as a
# mandoc HTML article. Then indexes this machine's man and info pages in a
# private HOME, scores the question sets with rankeval, adds the archives
# and testdata/zim/linuxwiki_en.zim, reindexes and scores again, and says
# which answerable questions' first reference changed.
#
#   make zimeval [TWINS=1] [ZIMEVAL_DIR=folder]    (from the repository root)
#
# Needs: apt-get install zim-tools debian-handbook debian-reference-en
# (and mandoc for TWINS=1). Takes a minute or two; with TWINS=1, about
# fifteen (converting 18,000 man pages), less when ZIMEVAL_DIR keeps them.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${ZIMEVAL_DIR:-$(mktemp -d /tmp/ragman-zimeval.XXXXXX)}
mkdir -p "$work"
echo "zimeval: working in $work" >&2

missing=()
command -v zimwriterfs >/dev/null || missing+=(zim-tools)
[ -d /usr/share/doc/debian-handbook/html/en-US ] || missing+=(debian-handbook)
[ -d /usr/share/debian-reference ] || missing+=(debian-reference-en)
if [ "${TWINS:-}" = 1 ]; then command -v mandoc >/dev/null || missing+=(mandoc); fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "zimeval: error: missing ${missing[*]}" >&2
	echo "zimeval: hint: apt-get install ${missing[*]}" >&2
	exit 1
fi

ill=$root/testdata/zim/pages/en/illustration.png
zim() { # NAME TITLE DIR
	[ -s "$work/$1.zim" ] && return
	cp "$ill" "$3/illustration.png"
	zimwriterfs --withoutFTIndex --welcome=index.html --illustration=illustration.png \
		--language=eng --name="$1" --title="$2" --description="$2" --creator=zimeval --publisher=zimeval \
		"$3" "$work/$1.zim" >/dev/null
}
src=$work/src
mkdir -p "$src/handbook" "$src/debref"
cp -r /usr/share/doc/debian-handbook/html/en-US/. "$src/handbook/"
for f in /usr/share/debian-reference/*.en.html; do
	sed 's/\.en\.html/.html/g' "$f" >"$src/debref/$(basename "$f" .en.html).html"
done
zim handbook_en "The Debian Administrator's Handbook" "$src/handbook"
zim debref_en "Debian Reference" "$src/debref"
archives=("$work/handbook_en.zim" "$work/debref_en.zim" "$root/testdata/zim/linuxwiki_en.zim")
if [ "${TWINS:-}" = 1 ]; then
	if [ ! -s "$work/mantwins_en.zim" ]; then
		mkdir -p "$src/mantwins"
		for f in /usr/share/man/man1/*.gz /usr/share/man/man8/*.gz; do
			b=$(basename "$f" .gz)
			body=$(zcat "$f" 2>/dev/null | mandoc -Thtml -Ofragment 2>/dev/null) || continue
			printf '<html><head><title>%s</title></head><body>%s</body></html>\n' "$b" "$body" >"$src/mantwins/$b.html"
		done
		(cd "$src/mantwins" && printf '<html><head><title>Manual pages</title></head><body>%s</body></html>\n' \
			"$(for f in *.html; do printf '<a href="%s">%s</a> ' "$f" "$f"; done)" >index.html)
		zim mantwins_en "Manual pages as HTML" "$src/mantwins"
	fi
	archives+=("$work/mantwins_en.zim")
fi

export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share \
	XDG_STATE_HOME=$work/home/.local/state XDG_RUNTIME_DIR=$work/run
rm -rf "$HOME" "$XDG_RUNTIME_DIR"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
sets=(testdata/eval/dev*.tsv)
[ -f ../shared/eval/questions.tsv ] && sets+=(../shared/eval/questions.tsv)
go build -o "$work/rankeval" ./tools/rankeval

bin/ragadmin init >/dev/null
bin/ragadmin reindex --force 2>&1 | tail -1 >&2
"$work/rankeval" -all "${sets[@]}" >"$work/without.txt"
for a in "${archives[@]}"; do bin/ragadmin sources add "$a" >/dev/null; done
bin/ragadmin reindex --force 2>&1 | tail -1 >&2
"$work/rankeval" -all "${sets[@]}" >"$work/with.txt"
"$work/rankeval" testdata/eval/zim-debian.tsv >"$work/zim.txt"

echo "man and info question sets, without archives:"
grep ' n=' "$work/without.txt"
echo "the same, with ${archives[*]##*/}:"
grep ' n=' "$work/with.txt"
# an answerable question's line ends in its misses: empty when its first
# reference is right, "top=..." when not
awk -F'\t' 'FNR == 1 { file++ }
	NF >= 4 && $3 != "expected -" { key = $1 FS $2; hit = ($4 !~ /top=|no_answer/) }
	NF >= 4 && $3 != "expected -" && file == 1 { before[key] = hit }
	NF >= 4 && $3 != "expected -" && file == 2 && (key in before) {
		if (before[key] && !hit) { lost++; print "lost: " $1 "\t" $2 "\t" $4 }
		if (!before[key] && hit) won++ }
	END { printf "first reference right without the archives and wrong with them: %d; the reverse: %d\n", lost, won }' \
	"$work/without.txt" "$work/with.txt"
echo "questions the archives answer:"
grep ' n=' "$work/zim.txt"
