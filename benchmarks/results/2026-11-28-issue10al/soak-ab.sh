#!/bin/bash
# Alternating 60 s soaks of two work trees (issue10al: OLD_TREE a worktree of ca92f65, NEW_TREE one of 808a850):
#   OLD_TREE=/tmp/wt NEW_TREE=. bash soak-ab.sh
for r in 1 2; do
  for d in "${OLD_TREE:-/tmp/wt}" "${NEW_TREE:-.}"; do
    echo "== $d round $r $(date +%T) $(cat /proc/loadavg)"
    (cd $d && mvn -B -q -P soak -pl rayon4j-core test -Drayon4j.soak.seconds=60 2>&1 | grep -E "rounds|RAN OUT|FAIL|ERROR" | head -5)
  done
done
