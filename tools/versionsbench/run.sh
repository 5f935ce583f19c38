#!/usr/bin/env bash
# What a long-running backend keeps of the index versions it retires
# (issue 35, item 3): one backend over this machine's man and info pages,
# in a private HOME and XDG folders, a first reindex, then five
# `ragadmin reindex --force`, each followed by a question. After each it
# prints the backend's mappings of deleted files and of index files, and
# its VmRSS, RssAnon and RssFile; at the end the size of the deleted
# files it still maps.
#
#   make versionsbench [BINDIR_BENCH=DIR]   (DIR holds ragman and ragadmin; default bin)
set -u
bin=${1:-bin}
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT
export HOME=$work/home XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_RUNTIME_DIR=$work/run
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
# the backend's own refresh would make versions of its own
export RAGMAN_TEST_REFRESH_INTERVAL=0
"$bin/ragadmin" init >/dev/null 2>&1
"$bin/ragadmin" serve >"$work/serve.out" 2>&1 &
pid=$!
sleep 2
report() {
	printf '%-14s deleted=%s index-maps=%s %s\n' "$1" "$(grep -c '(deleted)' /proc/$pid/maps)" \
		"$(grep -c 'ragcli/index' /proc/$pid/maps)" \
		"$(grep -E 'VmRSS|RssAnon|RssFile' /proc/$pid/status | tr -s ' \t\n' ' ')"
}
"$bin/ragadmin" reindex >/dev/null 2>&1
"$bin/ragman" --json "how do I change file permissions?" >/dev/null 2>&1
report first
for i in 1 2 3 4 5; do
	"$bin/ragadmin" reindex --force >/dev/null 2>&1
	"$bin/ragman" --json "how do I find files larger than 100 MB?" >/dev/null 2>&1
	report "force $i"
done
total=0
while read -r range _; do
	total=$((total + 16#${range#*-} - 16#${range%-*}))
done < <(grep '(deleted)' /proc/$pid/maps)
echo "deleted files still mapped: $((total / 1000000)) MB"
