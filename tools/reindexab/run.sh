#!/usr/bin/env bash
# A/B of a whole-machine reindex: this tree's ragadmin against another
# build of it (BASE, e.g. one built from the commit before a change), in
# one run, interleaved so that whatever else the machine does falls on
# both. Each side has a private HOME and XDG folders over this machine's
# /usr/share/man and /usr/share/info, and a backend of its own; each run
# is `ragadmin reindex --force` with that backend warm.
#
#   make reindexab BASE=/tmp/base/bin/ragadmin [RUNS=5]
set -euo pipefail
new=${1:?usage: run.sh NEW-RAGADMIN BASE-RAGADMIN [RUNS]}
base=${2:?usage: run.sh NEW-RAGADMIN BASE-RAGADMIN [RUNS]}
runs=${3:-5}
work=$(mktemp -d)
stop() { # the backends run as "ragadmin": find them by their executable
	for p in /proc/[0-9]*; do
		case $(readlink "$p/exe" 2>/dev/null) in "$work"/*) kill "${p#/proc/}" 2>/dev/null || true ;; esac
	done
	rm -rf "$work"
}
trap stop EXIT

setup() { # side binary
	mkdir -p "$work/$1/run"
	chmod 700 "$work/$1/run"
	cp "$2" "$work/$1/ragadmin"
}
run() { # side -> seconds
	local d=$work/$1
	env -i PATH=/usr/bin:/bin HOME="$d" XDG_CONFIG_HOME="$d/config" XDG_DATA_HOME="$d/data" \
		XDG_RUNTIME_DIR="$d/run" RAGMAN_TEST_REFRESH_INTERVAL=0 "$d/ragadmin" "${@:2}"
}
for side in new base; do
	bin=$new
	[ "$side" = base ] && bin=$base
	setup "$side" "$bin"
	run "$side" init >/dev/null
	run "$side" reindex >/dev/null 2>&1 # the first build, and a warm backend
done
declare -A times
for i in $(seq "$runs"); do
	for side in new base; do
		start=$(date +%s.%N)
		run "$side" reindex --force >/dev/null 2>&1
		end=$(date +%s.%N)
		t=$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')
		times[$side]+="$t "
		printf 'run %d %-4s %.2fs\n' "$i" "$side" "$t"
	done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
n=$(echo "${times[new]}" | median)
b=$(echo "${times[base]}" | median)
awk -v n="$n" -v b="$b" 'BEGIN {printf "median: new %.2fs, base %.2fs, ratio new/base %.3f\n", n, b, n / b}'
