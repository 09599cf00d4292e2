"""Splits a JFR recording's Java samples (jdk.ExecutionSample) by what the sampled code does.

usage: python3 jfr_split.py recording.jfr [fraction of the samples to leave out first, for warm-up: 0.4]
Each sample is named by the first frame, from the top of its stack, that belongs to a category.
"""
import collections
import json
import subprocess
import sys

recording = sys.argv[1]
skip = float(sys.argv[2]) if len(sys.argv) > 2 else 0.4
events = json.loads(subprocess.run(['jfr', 'print', '--json', '--stack-depth', '64', '--events', 'jdk.ExecutionSample', recording],
                                   capture_output=True, text=True, check=True).stdout)['recording']['events']
times = sorted(e['values']['startTime'] for e in events)
cut = times[int(len(times) * skip)]


def category(frames):
    names = [f['method']['type']['name'].replace('/', '.') + '.' + f['method']['name'] for f in frames]
    if any('calcite' in n or n.startswith('io.signo.sql') for n in names) and not any(n.startswith('io.signo.core') for n in names):
        return 'planning'
    for n in names:
        if 'PageDecompressor' in n or 'snappy' in n.lower() or 'aircompressor' in n:
            return 'page decompression (Java side)'
        if 'HybridDecoder.lookUp' in n:
            return 'dictionary codes unpacked and looked up in one pass'
        if 'HybridDecoder.keep' in n:
            return 'dictionary codes unpacked and tested in one pass'
        if 'HybridDecoder.decodeAt' in n:
            return 'codes of the kept rows decoded where they lie'
        if 'HybridDecoder' in n:
            return 'RLE/bit-pack decoding (codes, levels)'
        if 'countDefined' in n or 'ColumnChunkDecoder.spread' in n:
            return 'definition levels'
        if 'checkCodes' in n:
            return 'codes checked against the dictionary'
        if 'decodeDictionary' in n or 'parquet.Dictionary.' in n:
            return 'dictionary lookup and copy to the vector'
        if '.file.parquet.' in n or 'ColumnOutput' in n:
            return 'other Parquet (pages, vectors, copies)'
        if '.aggregation.' in n:
            return 'aggregation'
        if 'Selection' in n or 'Filter' in n:
            return 'filter'
        if '.expression.' in n or 'PageProcessor' in n:
            return 'projection'
    return 'other'


counts = collections.Counter()
for e in events:
    stack = e['values'].get('stackTrace')
    if e['values']['startTime'] >= cut and stack:
        counts[category(stack['frames'])] += 1
total = sum(counts.values())
for name, count in counts.most_common():
    print(f'{count:6d} {100 * count / total:5.1f}% {name}')
print(f'{total:6d} samples')
