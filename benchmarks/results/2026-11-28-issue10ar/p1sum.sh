# per kernel: the stream's (or Arrays.parallelSort's) ratio of means / of medians, and the other cores; then geometric means
awk '/^## /{k=$2; o=$0; sub(/.*other processes: /,"",o); sub(/\).*/,"",o)} /^\| (parallelStream|arraysParallelSort)/{printf "%-14s %s / %s  (other %s)\n", k, $13, $15, o; m+=log($13); d+=log($15); n++} END{printf "geomean %.3f / %.3f over %d\n", exp(m/n), exp(d/n), n}' "$1"
