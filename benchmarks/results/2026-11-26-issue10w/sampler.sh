# Sourced by the run scripts here, after they set $out: vmstat 1 (or /proc/stat each second where
# there is no vmstat) beside the run into $out/cpu.log, stopped when the script exits; the
# machine's first line into $out/log.txt; mark() appends a line with the time and the load.
mkdir -p "$out"
if command -v vmstat > /dev/null; then vmstat 1 > "$out/cpu.log" 2>&1 &
else while :; do echo "$(date +%T) $(head -1 /proc/stat)"; sleep 1; done > "$out/cpu.log" & fi
sampler=$!
trap 'kill $sampler' EXIT
echo "# $(date -u +%FT%TZ) nproc=$(nproc) kernel $(uname -r)" > "$out/log.txt"
mark() { echo "== $* $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/log.txt"; }
