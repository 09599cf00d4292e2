"""C2's compilations (jdk.Compilation, tier 4) of one recording, or of two side by side, by method.

usage: python3 jfr_compilations.py first.jfr [other.jfr] [how many methods: 30]
For each method: how many times C2 compiled it (on stack, OSR, included), the code it made (KB) and
the compilations' wall time (which a loaded machine stretches: compare counts and code sizes).
"""
import collections
import json
import subprocess
import sys


def compilations(recording):
    events = json.loads(subprocess.run(['jfr', 'print', '--json', '--events', 'jdk.Compilation', recording],
                                       capture_output=True, text=True, check=True).stdout)['recording']['events']
    methods = collections.defaultdict(lambda: [0, 0, 0.0])
    for event in events:
        values = event['values']
        if values['compileLevel'] != 4:
            continue
        method = values['method']
        name = method['type']['name'].split('/')[-1] + '.' + method['name']
        duration = values['duration'].replace('PT', '').replace('S', '')
        minutes, _, seconds = duration.rpartition('M')
        entry = methods[name]
        entry[0] += 1
        entry[1] += values.get('codeSize', 0)
        entry[2] += (float(minutes) * 60 if minutes else 0) + float(seconds)
    return methods


recordings = [a for a in sys.argv[1:] if a.endswith('.jfr')]
limit = next((int(a) for a in sys.argv[1:] if a.isdigit()), 30)
tables = [compilations(r) for r in recordings]
for recording, table in zip(recordings, tables):
    print(f"{recording}: {sum(e[0] for e in table.values())} C2 compilations, {sum(e[1] for e in table.values()) // 1024} KB of code")
first = tables[0]
for name, entry in sorted(first.items(), key=lambda item: -item[1][1])[:limit]:
    line = f"{name:60s} {entry[0]:3d} x {entry[1] // 1024:5d} KB {entry[2] * 1000:7.0f} ms"
    for other in tables[1:]:
        o = other.get(name, [0, 0, 0.0])
        line += f"   | {o[0]:3d} x {o[1] // 1024:5d} KB {o[2] * 1000:7.0f} ms"
    print(line)
