# Where in one compiled method the samples fall: python3 ipoffsets.py IPS_FILE START_HEX SIZE [LISTING.s]
# IPS_FILE: `perf script -F ip` output; START/SIZE: the nmethod's from the perf map (ipbucket.py prints them);
# LISTING: an objdump listing of the same code (dis.sh), to name the instruction at each offset when it matches.
import re, sys, collections
ips, start, size = sys.argv[1], int(sys.argv[2], 16), int(sys.argv[3])
c = collections.Counter()
for line in open(ips):
    m = re.search(r'([0-9a-f]{8,16})', line)
    if m and start <= int(m.group(1), 16) < start + size:
        c[int(m.group(1), 16) - start] += 1
ins = {}
if len(sys.argv) > 4:
    rows = [(int(m.group(1), 16), m.group(2).strip()) for m in
            (re.match(r'\s+([0-9a-f]+):\t(?:[0-9a-f]{2} )+\s*\t?(.*)', l) for l in open(sys.argv[4])) if m]
    ins = {a - rows[0][0]: t for a, t in rows}
total = sum(c.values())
print('samples in the method: %d' % total)
for o, v in sorted(c.most_common(12)):
    print('%#6x %6d %5.1f%%  %s' % (o, v, 100.0 * v / total, ins.get(o, '')))
