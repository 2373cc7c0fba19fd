# C2 compile tasks of a -XX:+LogCompilation log before a time: count, total wall time, the longest
import re, sys
txt = open(sys.argv[1]).read(); until = float(sys.argv[2]) if len(sys.argv) > 2 else 2.2
tasks = re.findall(r"<task (compile_id='\d+'[^>]*?method='([^']*)'[^>]*?stamp='([\d.]+)'[^>]*)>.*?<task_done[^>]*?stamp='([\d.]+)'", txt, re.S)
rows = []
for full, meth, st, dn in tasks:
    lvl = re.search(r"level='(\d)'", full)
    if (lvl.group(1) if lvl else '4') == '4' and float(st) < until:
        rows.append((float(dn) - float(st), float(st), 'osr' if 'osr_bci' in full else '', meth.split(' ')[0] + '.' + meth.split(' ')[1]))
print('C2 tasks started before %.1f s: %d, wall %.0f ms in all, %.0f ms of them in rayon4j methods' % (until, len(rows), 1000 * sum(r[0] for r in rows), 1000 * sum(r[0] for r in rows if 'rayon4j' in r[3])))
for r in sorted(rows, reverse=True)[:12]:
    print('%6.1f ms  at %.3f s %3s %s' % (1000 * r[0], r[1], r[2], r[3]))
