#!/usr/bin/env bash
# Target P7, the cost of the first use: times whole JVM processes that run one small pipeline and
# exit, FirstUse (rayon4j: LongParIter.range(0, 1_000_000).map(x -> x * x % 7).sum()) and
# FirstUseStream (the same with LongStream.range(..).parallel()).
#
#   benchmarks/peers/first-use.sh [--impl rayon4j|stream|both] [--runs N] [--smoke]
#   benchmarks/peers/first-use.sh --classes
#
# Timing: N processes per implementation (default 10; --smoke: 1), one CSV line each, in the
# peers' format: first_use,default,1000000,median_ms,min_ms,max_ms,cpu_ms,cpu_util, where wall is
# the process's elapsed time (date +%s%N around it; /usr/bin/time's %e has 10 ms steps) and cpu its
# user + system time from /usr/bin/time (%U + %S, whole process: JIT and GC threads included).
# --classes: no timing; how many classes each process loads (-Xlog:class+load), as CSV:
#   impl,classes,from_cds,rayon4j_classes,java_util_stream_classes
# Run from anywhere; the jar is benchmarks/target/benchmarks.jar (JAR overrides it).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
jar="${JAR:-$root/benchmarks/target/benchmarks.jar}"
java="${JAVA:-java}"
pkg=io.github.rayon4j.benchmarks.peers
impl=both runs=10 classes=
while [ $# -gt 0 ]; do
    case "$1" in
        --impl) impl="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --smoke) runs=1; shift ;;
        --classes) classes=1; shift ;;
        *) echo "usage: first-use.sh [--impl rayon4j|stream|both] [--runs N] [--smoke] | --classes" >&2; exit 2 ;;
    esac
done
[ -f "$jar" ] || { echo "no $jar: build it with mvn -B -q -pl benchmarks -am package -DskipTests" >&2; exit 1; }
case "$impl" in
    rayon4j) impls=(rayon4j) ;;
    stream) impls=(stream) ;;
    both) impls=(rayon4j stream) ;;
    *) echo "unknown --impl $impl" >&2; exit 2 ;;
esac
main_of() { [ "$1" = rayon4j ] && echo "$pkg.FirstUse" || echo "$pkg.FirstUseStream"; }

if [ -n "$classes" ]; then
    echo "impl,classes,from_cds,rayon4j_classes,java_util_stream_classes"
    for i in "${impls[@]}"; do
        "$java" -Xlog:class+load=info -cp "$jar" "$(main_of "$i")" | awk -v impl="$i" '
            /\[class,load\]/ { n++; if (/shared objects file/) cds++; if (/ io\.github\.rayon4j\./) r++; if (/ java\.util\.stream\./) s++ }
            END { printf "%s,%d,%d,%d,%d\n", impl, n, cds, r, s }'
    done
    exit 0
fi

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
for i in "${impls[@]}"; do
    samples=()
    for ((k = 0; k < runs; k++)); do
        t0=$(date +%s%N)
        out=$(/usr/bin/time -f "%U %S" -o "$tmp" "$java" -cp "$jar" "$(main_of "$i")")
        t1=$(date +%s%N)
        [ "$out" = 1999998 ] || { echo "first-use $i: wrong result $out" >&2; exit 1; }
        samples+=("$(( (t1 - t0) / 1000 )) $(cat "$tmp")")
    done
    printf '%s\n' "${samples[@]}" | awk -v impl="$i" '
        { wall[NR] = $1 / 1000.0; cpu[NR] = ($2 + $3) * 1000.0 }
        function median(a, n,   i, j, t) {
            for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        END {
            n = NR; mw = median(wall, n); mc = median(cpu, n)
            printf "first_use,default,1000000,%.3f,%.3f,%.3f,%.3f,%.3f\n", mw, wall[1], wall[n], mc, (mw > 0 ? mc / mw : 0)
        }'
done
