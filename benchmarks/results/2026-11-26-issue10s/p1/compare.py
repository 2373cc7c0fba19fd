import re,sys,glob,math
runs=sys.argv[1:]
tab={}
for f in runs:
    k=None
    for line in open(f):
        m=re.match(r'## (\w+) ',line)
        if m: k=m.group(1); continue
        m=re.match(r'\| (\w+) \| (\d+) \| ([\d.]+) \| ([\d.]+) \| [^|]+\| ([\d.]+|1) \| ([\d.]+|1) \|',line)
        if m and k:
            tab.setdefault(k,{}).setdefault(f,{})[m.group(1)]=(float(m.group(3)),float(m.group(4)),float(m.group(5)),float(m.group(6)))
print('kernel | '+' | '.join(r.split('/')[-1] for r in runs)+'   (stream/rayon4j: mean, median)')
gm={r:[] for r in runs}
for k,v in tab.items():
    cells=[]
    for r in runs:
        if r in v and 'parallelStream' in v[r]:
            s=v[r]['parallelStream']; cells.append(f"{s[2]:.3f} {s[3]:.3f}"); gm[r].append(math.log(s[2]))
        else: cells.append('-')
    print(k,'|',' | '.join(cells))
print('geomean(mean)','|',' | '.join(f"{math.exp(sum(x)/len(x)):.3f}" if x else '-' for x in gm.values()))
