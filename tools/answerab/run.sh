#!/usr/bin/env bash
# A/B of the time an answer takes inside the backend: this tree's build
# (NEW, default bin) against another build of it (BASE, e.g. one built from
# the commit before a change), in one run, interleaved question by
# question so that whatever else the machine does falls on both. Each side
# has a private HOME and XDG folders over this machine's man and info
# pages (the default sources), a reindex made by its own code, and a
# backend of its own, warmed with a few questions first. Then, for each of
# RUNS rounds, every question of the set is asked of both with
# `ragman --json`, and the backend's own latency_ms of each (its trace,
# from `ragadmin traces --json --last N`) is kept: the time to spawn
# ragman and reach the backend is not in it.
#
# The set: SET, one question a line, or a TSV (id<TAB>question<TAB>...)
# whose second column is the question; # starts a comment. By default the
# questions of testdata/eval/style-short.tsv, style-literal.tsv,
# style-bashcmd.tsv and dev.tsv.
#
#   make answerab BASE=DIR [RUNS=3] [SET=FILE] [NEW=DIR]
#   (each DIR holds a build's ragman and ragadmin)
#
# Exit status 2: a build whose `ragadmin traces` has no --json or --last;
# 1: a question failed (a ragman exit other than 0 or 3), or the traces
# did not match the questions asked.
set -euo pipefail
usage="usage: run.sh NEW-DIR BASE-DIR [RUNS] [SET]"
new=${1:?$usage}
base=${2:?$usage}
runs=${3:-3}
set=${4:-}
repo=$(cd "$(dirname "$0")/../.." && pwd)
warmups=5 # questions asked of each backend before the measured ones
chunk=50  # questions asked of each side between two reads of its traces
case $runs in '' | *[!0-9]* | 0) echo "RUNS must be a positive number, not '$runs'" >&2; exit 64 ;; esac
for d in "$new" "$base"; do
	for b in ragman ragadmin; do
		[ -x "$d/$b" ] || { echo "no $b in $d" >&2; exit 64; }
	done
done
work=$(mktemp -d)
stop() { # the backends run as "ragadmin" or "ragman": find them by their executable
	for p in /proc/[0-9]*; do
		case $(readlink "$p/exe" 2>/dev/null) in "$work"/*) kill "${p#/proc/}" 2>/dev/null || true ;; esac
	done
	rm -rf "$work"
}
trap stop EXIT

declare -A label=([base]="base ($base)" [new]="this tree ($new)")
setup() { # side dir
	mkdir -p "$work/$1/home" "$work/$1/config" "$work/$1/data" "$work/$1/run"
	chmod 700 "$work/$1/run"
	# side by side, as installed: a client-only ragman starts the
	# ragadmin beside it as its backend
	cp "$2/ragman" "$2/ragadmin" "$work/$1/"
}
run() { # side program args...
	local d=$work/$1
	env -i PATH=/usr/bin:/bin HOME="$d/home" XDG_CONFIG_HOME="$d/config" XDG_DATA_HOME="$d/data" \
		XDG_RUNTIME_DIR="$d/run" RAGMAN_TEST_REFRESH_INTERVAL=0 "$d/$2" "${@:3}"
}
quiet() { # side program args...: its output only when it fails
	if ! run "$@" >"$work/$1.log" 2>&1; then
		echo "${label[$1]}: $2 ${3:-} failed:" >&2
		tail -n 20 "$work/$1.log" >&2
		exit 1
	fi
}

# the questions
if [ -n "$set" ]; then
	[ -r "$set" ] || { echo "cannot read the set $set" >&2; exit 64; }
	files=("$set")
else
	files=()
	for f in style-short style-literal style-bashcmd dev; do files+=("$repo/testdata/eval/$f.tsv"); done
fi
mapfile -t questions < <(awk -F'\t' '/^[ \t]*(#|$)/ {next} {q = NF >= 2 ? $2 : $1; if (q ~ /[^ \t]/) print q}' "${files[@]}")
nq=${#questions[@]}
[ "$nq" -gt 0 ] || { echo "no questions in ${files[*]}" >&2; exit 64; }
echo "questions: $nq, from ${files[*]#"$repo"/}; runs: $runs; warm-up: $warmups a build"

for side in base new; do
	dir=$new
	[ "$side" = base ] && dir=$base
	setup "$side" "$dir"
	help=$(run "$side" ragadmin traces --help 2>&1 || true)
	if ! grep -q -- '--json' <<<"$help" || ! grep -q -- '--last' <<<"$help"; then
		echo "${label[$side]}: its \`ragadmin traces\` has no --json or no --last, so the backend's latency of each answer cannot be read; use a newer build" >&2
		exit 2
	fi
done
for side in base new; do
	start=$(date +%s)
	quiet "$side" ragadmin init
	quiet "$side" ragadmin reindex # the build, by this side's code, and a warm backend
	echo "${label[$side]}: indexed in $(($(date +%s) - start))s"
done

errors=0
declare -A failed=([base]=0 [new]=0)
ask() { # side question: 0 when the backend answered (or had no answer)
	local rc=0
	run "$1" ragman --json "$2" >/dev/null 2>"$work/$1.err" || rc=$?
	case $rc in 0 | 3) return 0 ;; esac
	errors=$((errors + 1))
	failed[$1]=$((failed[$1] + 1))
	if [ "${failed[$1]}" -le 5 ]; then
		echo "${label[$1]}: ragman exit $rc on \"$2\": $(head -c 300 "$work/$1.err" | tr '\n' ' ')" >&2
		[ "${failed[$1]}" -lt 5 ] || echo "${label[$1]}: further failures are counted, not shown" >&2
	fi
	return 1
}
for side in base new; do
	ok=0
	for q in "${questions[@]:0:$warmups}"; do
		if ask "$side" "$q"; then ok=$((ok + 1)); fi
	done
	if [ "$ok" -eq 0 ]; then
		echo "${label[$side]}: not one of the $warmups warm-up questions was answered; nothing to measure" >&2
		exit 1
	fi
done

# the last N traces of a side are the N questions it answered since the
# last read, in order; their latency_ms go to $work/SIDE.ms
declare -A pending=([base]=0 [new]=0)
collect() { # side
	local n=${pending[$1]}
	[ "$n" -gt 0 ] || return 0
	if ! run "$1" ragadmin traces --json --last "$n" >"$work/$1.traces" 2>"$work/$1.err"; then
		echo "${label[$1]}: ragadmin traces --json --last $n failed: $(head -c 300 "$work/$1.err")" >&2
		exit 1
	fi
	python3 - "$work/$1.traces" "$work/$1.asked" "$work/$1.ms" "${label[$1]}" <<-'EOF'
		import json, sys
		traces = json.load(open(sys.argv[1]))["traces"]
		asked = open(sys.argv[2]).read().split("\0")[:-1]
		got = [t.get("question") for t in traces]
		if got != asked:
		    for i, (a, g) in enumerate(zip(asked, got)):
		        if a != g:
		            break
		    else:
		        i = min(len(asked), len(got))
		    sys.exit("%s: the last %d traces are not the questions asked (%d traces; at %d asked %r, traced %r)" % (
		        sys.argv[4], len(asked), len(got), i, asked[i] if i < len(asked) else None, got[i] if i < len(got) else None))
		with open(sys.argv[3], "a") as out:
		    for t in traces:
		        out.write("%r\n" % float(t["latency_ms"]))
	EOF
	: >"$work/$1.asked"
	pending[$1]=0
}
: >"$work/base.ms"
: >"$work/new.ms"
: >"$work/base.asked"
: >"$work/new.asked"
for r in $(seq "$runs"); do
	start=$(date +%s)
	for ((j = 0; j < nq; j++)); do
		q=${questions[j]}
		# which side goes first alternates from one question to the next
		order="base new"
		(((r + j) % 2)) && order="new base"
		for side in $order; do
			if ask "$side" "$q"; then
				printf '%s\0' "$q" >>"$work/$side.asked"
				pending[$side]=$((pending[$side] + 1))
			fi
		done
		if (((j + 1) % chunk == 0)); then collect base; collect new; fi
	done
	collect base
	collect new
	echo "run $r: $nq questions a build in $(($(date +%s) - start))s"
done

python3 - "$work/base.ms" "$work/new.ms" "${label[base]}" "${label[new]}" <<'EOF'
import sys

def pct(xs, p):  # linear between the closest ranks, as numpy's default
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * p / 100
    f = int(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)

rows = []
for path, name in ((sys.argv[1], sys.argv[3]), (sys.argv[2], sys.argv[4])):
    xs = [float(l) for l in open(path) if l.strip()]
    rows.append((name, len(xs), sum(xs), pct(xs, 50), pct(xs, 95)))
w = max(len(r[0]) for r in rows)
print("%-*s %9s %12s %9s %9s" % (w, "backend latency_ms", "questions", "total ms", "p50 ms", "p95 ms"))
for name, n, total, p50, p95 in rows:
    print("%-*s %9d %12.1f %9.2f %9.2f" % (w, name, n, total, p50, p95))
b, t = rows
def ratio(x, y):
    return "%.3f" % (x / y) if y else "n/a"
print("ratio this/base: p50 %s, p95 %s, total %s" % (ratio(t[3], b[3]), ratio(t[4], b[4]), ratio(t[2], b[2])))
EOF
if [ "$errors" -gt 0 ]; then
	echo "$errors questions failed (ragman exit other than 0 or 3); they are not in the figures" >&2
	exit 1
fi
