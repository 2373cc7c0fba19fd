# What one C2 compilation inlined, from a -XX:+LogCompilation log: python3 inlines.py lc.xml 'CarryingHalf apply' [nmsize]
# Pairs each <call method=..> with the inline record after it (approximate), counts by method and bytecode size.
import re, sys, collections
txt = open(sys.argv[1]).read(); want = sys.argv[2]; size = sys.argv[3] if len(sys.argv) > 3 else None
for m in re.finditer(r"<task (compile_id='\d+'[^>]*?method='([^']*)'[^>]*?stamp='([\d.]+)'[^>]*)>(.*?)<task_done([^>]*)>", txt, re.S):
    full, meth, st, body, done = m.groups()
    if want not in meth or "level='2'" in full or "level='3'" in full or (size and "nmsize='%s'" % size not in done):
        continue
    ids = {i: (h, n, int(b)) for i, h, n, b in re.findall(r"<method id='(\d+)' holder='(\d+)' name='([^']*)'[^>]*?bytes='(\d+)'", body)}
    klass = dict(re.findall(r"<klass id='(\d+)' name='([^']*)'", body))
    cnt = collections.Counter(); byt = collections.Counter()
    for mid, ok in re.findall(r"<call method='(\d+)'[^>]*>\s*(?:<[^>]*>\s*)*?<inline_(success|fail)", body):
        if ok == 'success' and mid in ids:
            h, n, b = ids[mid]; nm = klass.get(h, h) + '.' + n
            cnt[nm] += 1; byt[nm] += b
    vh = sum(c for nm, c in cnt.items() if nm.startswith(('java.lang.invoke.VarHandle', 'java.lang.invoke.VarForm')))
    nm_ = re.search(r"nmsize='(\d+)'", done)
    print('%s at %s s (nmsize %s): %d inlinings, %d of them in the VarHandle access chain, %d Class.cast'
          % (meth.split(' ')[0] + '.' + meth.split(' ')[1], st, nm_.group(1) if nm_ else '?', sum(cnt.values()), vh, cnt['java.lang.Class.cast']))
    for nm, b in byt.most_common(25):
        print('%5d bytes %3d x %s' % (b, cnt[nm], nm.replace('&lt;', '<').replace('&gt;', '>')))
