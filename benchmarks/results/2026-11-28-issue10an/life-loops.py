# The innermost loops holding two idiv (Life.row's x loop: two % per cell) in objdump listings, and a diff
# of two of them: python3 life-loops.py A.s B.s  (listings written by dis.sh)
import re, sys, difflib
def parse(f):
    ins = []
    for l in open(f):
        m = re.match(r'\s+([0-9a-f]+):\t(?:[0-9a-f]{2} )+\s*\t?(.*)', l)
        if m:
            ins.append((int(m.group(1), 16), m.group(2).strip()))
    return ins
def inner(ins):
    best = None
    for a, t in ins:
        m = re.match(r'j\w+\s+0x([0-9a-f]+)', t)
        if m and int(m.group(1), 16) < a:
            body = [x for x in ins if int(m.group(1), 16) <= x[0] <= a]
            if sum('idiv' in x[1] for x in body) >= 2 and (best is None or len(body) < len(best)):
                best = body
    return [re.sub(r'0x[0-9a-f]{8,}', 'ADDR', t) for _, t in best]
a, b = inner(parse(sys.argv[1])), inner(parse(sys.argv[2]))
for name, l in ((sys.argv[1], a), (sys.argv[2], b)):
    print('%s: %d instructions, %d idiv, %d stack operands, %d xmm moves' % (name, len(l), sum('idiv' in t for t in l),
          sum('(%rsp)' in t for t in l), sum(t.startswith(('vmovd', 'vmovq')) for t in l)))
for line in difflib.unified_diff(a, b, lineterm='', n=0):
    print(line)
