#!/usr/bin/env bash
# The prototype of the longer in-flight search (joinspin.patch, switched by -Dproto.joinspin=1|8
# in one jar), against the targets it could move (from the repository root):
#   benchmarks/results/2026-11-26-issue10q/run-prototype-ab.sh JOINSPIN.jar OUTDIR
set -u
jar="$1" out="$2"
d="$(cd "$(dirname "$0")" && pwd)"
pc=io.github.rayon4j.benchmarks.peers.PeerCases
mkdir -p "$out"
vmstat 5 > "$out/vmstat.log" & vm=$!
trap 'kill $vm' EXIT
for k in 1 2 3 4 5 6 7 8; do for js in 1 8; do
    java -Dproto.joinspin=$js -cp "$jar" $pc --threads 2 shortjob | grep -v '^#' | sed "s/^/js$js,/"
done; done > "$out/shortjob.csv"
for k in 1 2 3; do for js in 1 8; do
    echo -n "js$js "; java -Dproto.joinspin=$js -cp "$jar" "$d/GlobalCalls.java" 1000000
done; done > "$out/global.log"
for k in 1 2 3 4; do for js in 1 8; do
    java -Dproto.joinspin=$js -cp "$jar" $pc --threads 2 idle | grep -v '^#' | grep -v nopool | sed "s/^/js$js,/"
done; done > "$out/idle.csv"
for k in 1 2 3; do for js in 1 8; do
    java -Dproto.joinspin=$js -Dreps=30 -Dwarmup=20 -cp "$jar" $pc --threads 2 fib sumsq | grep -v '^#' | sed "s/^/js$js,/"
done; done > "$out/fib.csv"
for k in 1 2 3; do for js in 1 8; do
    java -Dproto.joinspin=$js -Dreps=30 -Dwarmup=20 -cp "$jar" $pc --threads 2 oversub | grep -v '^#' | sed "s/^/js$js,/"
done; done > "$out/oversub.csv"
