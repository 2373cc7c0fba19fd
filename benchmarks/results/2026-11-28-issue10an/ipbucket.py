import sys, re, bisect, collections
mapf, scriptf = sys.argv[1], sys.argv[2]
ents = []
for line in open(mapf):
    p = line.split(' ', 2)
    if len(p) < 3 or 'leaf' not in p[2] or 'IntRange' not in p[2]: continue
    s = int(p[0], 16); n = int(p[1], 16); ents.append((s, s + n, p[2].strip()[-60:]))
ents.sort()
cnt = collections.Counter(); total = 0
for line in open(scriptf):
    m = re.search(r'\s([0-9a-f]{8,16})\s', line)
    if not m: continue
    ip = int(m.group(1), 16); total += 1
    for s, e, nm in ents:
        if s <= ip < e: cnt[(hex(s), e - s)] += 1; break
print('samples', total)
for k, v in cnt.most_common(): print(k, v)
