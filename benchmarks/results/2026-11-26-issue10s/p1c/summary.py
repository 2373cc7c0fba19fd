import re,sys,math
def parse(f):
    t={};k=None
    for line in open(f):
        m=re.match(r'## (\w+) .*\(other processes: ([-\d.]+)',line)
        if m: k=m.group(1); t[k]={'others':float(m.group(2))}; continue
        m=re.match(r'\| (\w+) \| (\d+) \| ([\d.]+) \| ([\d.]+) \| [^|]+\| ([\d.]+|1) \| ([\d.]+|1) \|',line)
        if m and k: t[k][m.group(1)]=(float(m.group(3)),float(m.group(4)),float(m.group(5)),float(m.group(6)))
    return t
d=sys.argv[1]
c=parse(d+'/p1c-polluted-false.md'); p=parse(d+'/p1c-polluted-true.md')
gc=[];gp=[]
print('kernel | clean ratio mean/median | polluted ratio mean/median | rayon4j polluted/clean (mean) | peer polluted/clean | others clean/polluted')
for k in c:
    peer='arraysParallelSort' if k=='SortBench' else 'parallelStream'
    if peer not in c[k] or k not in p or peer not in p[k]: continue
    rc=c[k][peer]; rp=p[k][peer]
    gc.append(math.log(rc[2])); gp.append(math.log(rp[2]))
    print(f"{k} | {rc[2]:.3f} / {rc[3]:.3f} | {rp[2]:.3f} / {rp[3]:.3f} | {p[k]['rayon4j'][1]/c[k]['rayon4j'][1]:.2f} | {rp[1]/rc[1]:.2f} | {c[k]['others']:.2f} / {p[k]['others']:.2f}")
print(f"geomean of mean ratios: clean {math.exp(sum(gc)/len(gc)):.3f} polluted {math.exp(sum(gp)/len(gp)):.3f} over {len(gc)}")
