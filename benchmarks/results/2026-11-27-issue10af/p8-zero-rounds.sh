pc=io.github.rayon4j.benchmarks.peers
O="-Xms1g -Xmx1g -XX:+AlwaysPreTouch -Dreps=20 -Dwarmup=10"
for r in 1 2 3 4 5 6; do
 echo "# round $r $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
 for v in head zero; do
  echo "$v,$(java $O -cp /tmp/$v.jar $pc.PeerCases --threads 2 fib 2>&1 | grep join_recursive)"
  echo "$v-burn,$(java $O -cp /tmp/$v.jar $pc.PeerCases --threads 2 --burn 2 fib 2>&1 | grep join_recursive)"
 done
done
