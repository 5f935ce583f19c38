#!/usr/bin/env bash
# Are two builds' answers the same, byte for byte? For a change that
# should not change what anyone reads (a refactor, a split file, a faster
# path), this asks every question of the shared set and of
# testdata/eval/*.tsv of both builds (NEW, default bin; BASE, e.g. one
# built from the commit before the change) with `ragman --json`, over one
# index of this machine's man and info pages built by BASE, and compares
# the answers with what differs by run alone taken out: the correlation
# id. It prints the questions whose answers differ, with a unified diff of
# the first few, and exits 1 when any does.
#
#   make answerdiff BASE=DIR [NEW=DIR] [SET=FILE]
#   (each DIR holds a build's ragman and ragadmin; SET: one set in place
#   of the default ones, a question a line or a TSV whose second column is
#   the question)
set -euo pipefail
usage="usage: run.sh NEW-DIR BASE-DIR [SET]"
new=${1:?$usage}
base=${2:?$usage}
set=${3:-}
repo=$(cd "$(dirname "$0")/../.." && pwd)
shown=5 # differing answers shown as a diff
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
	[ -n "${KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap stop EXIT

if [ -n "$set" ]; then
	[ -r "$set" ] || { echo "cannot read the set $set" >&2; exit 64; }
	files=("$set")
else
	files=("$repo/testdata/eval/"*.tsv)
	shared=$repo/../shared/eval/questions.tsv
	[ -r "$shared" ] && files=("$shared" "${files[@]}")
fi
# one question per line, each at most once: the same question asked twice
# is the same comparison
awk -F'\t' '/^[ \t]*(#|$)/ {next} {q = NF >= 2 ? $2 : $1; if (q ~ /[^ \t]/ && !seen[q]++) print q}' "${files[@]}" >"$work/questions"
nq=$(wc -l <"$work/questions")
[ "$nq" -gt 0 ] || { echo "no questions in ${files[*]}" >&2; exit 64; }
echo "questions: $nq, from ${#files[@]} sets"

# both sides read one index (in data/), each with a backend of its own
mkdir -p "$work/home" "$work/config" "$work/data"
for side in base new; do
	dir=$new
	[ "$side" = base ] && dir=$base
	mkdir -p "$work/$side/run"
	chmod 700 "$work/$side/run"
	cp "$dir/ragman" "$dir/ragadmin" "$work/$side/"
done
run() { # side program args...
	env -i PATH=/usr/bin:/bin HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
		XDG_RUNTIME_DIR="$work/$1/run" RAGMAN_TEST_REFRESH_INTERVAL=0 "$work/$1/$2" "${@:3}"
}
start=$(date +%s)
if ! { run base ragadmin init && run base ragadmin reindex; } >"$work/build.log" 2>&1; then
	echo "base: ragadmin init or reindex failed:" >&2
	tail -n 20 "$work/build.log" >&2
	exit 1
fi
echo "index built by base in $(($(date +%s) - start))s"

for side in base new; do
	start=$(date +%s)
	mkdir -p "$work/$side/out"
	n=0
	while IFS= read -r q; do
		n=$((n + 1))
		rc=0
		run "$side" ragman --json "$q" >"$work/$side/out/$n" 2>"$work/$side/out/$n.err" </dev/null || rc=$?
		echo "exit $rc" >>"$work/$side/out/$n.err"
	done <"$work/questions"
	echo "$side: $nq answers in $(($(date +%s) - start))s"
done

python3 - "$work" "$nq" "$shown" <<'EOF'
import difflib, json, sys
work, nq, shown = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
questions = open(work + "/questions").read().split("\n")[:nq]

def answer(side, n):
    text = open("%s/%s/out/%d" % (work, side, n)).read()
    err = open("%s/%s/out/%d.err" % (work, side, n)).read()
    try:
        doc = json.loads(text)
    except ValueError:
        return text + err
    if isinstance(doc, dict):
        doc.pop("correlation_id", None)  # new each run
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n" + err

differ = []
for n in range(1, nq + 1):
    a, b = answer("base", n), answer("new", n)
    if a != b:
        differ.append((n, a, b))
for i, (n, a, b) in enumerate(differ):
    print("differs: %s" % questions[n - 1])
    if i < shown:
        sys.stdout.writelines(difflib.unified_diff(a.splitlines(True), b.splitlines(True), "base", "new", n=2))
print("%d of %d answers differ" % (len(differ), nq))
sys.exit(1 if differ else 0)
EOF
