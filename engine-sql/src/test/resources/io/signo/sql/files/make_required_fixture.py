"""Writes required_<codec>_v<version>.parquet: columns declared non-nullable, so their pages hold no
definition levels and their PLAIN values are the page's bytes, several pages a column chunk
(data_page_size and write_batch_size keep them small) and several row groups, the last one partial.
ParquetFilesTest reads each as DuckDB reads it. Columns: INT32, INT64, DOUBLE, DATE, DECIMAL(15, 2)
stored as INT64, and timestamps in milliseconds, microseconds and nanoseconds (INT64), no dictionary.
Nanoseconds are whole microseconds: Signo keeps microseconds.
Run with `pip install pyarrow` and `python3 make_required_fixture.py`; the files are committed.
"""
import datetime
import decimal

import pyarrow as pa
import pyarrow.parquet as pq

rows = range(0, 1200)
schema = pa.schema([
    pa.field("i", pa.int32(), nullable=False),
    pa.field("b", pa.int64(), nullable=False),
    pa.field("d", pa.float64(), nullable=False),
    pa.field("dt", pa.date32(), nullable=False),
    pa.field("amount", pa.decimal128(15, 2), nullable=False),
    pa.field("ts_ms", pa.timestamp("ms"), nullable=False),
    pa.field("ts_us", pa.timestamp("us"), nullable=False),
    pa.field("ts_ns", pa.timestamp("ns"), nullable=False),
])
epoch = datetime.date(1970, 1, 1)
table = pa.table({
    "i": [i for i in rows],
    "b": [i * 1000003 - 3000000000 for i in rows],
    "d": [i / 7.0 - 100 for i in rows],
    "dt": [epoch + datetime.timedelta(days=7000 + i * 3) for i in rows],
    "amount": [decimal.Decimal(i * 1237 - 500000).scaleb(-2) for i in rows],
    "ts_ms": [-5000000000 + i * 7919123 for i in rows],
    "ts_us": [-5000000000000 + i * 7919000123 for i in rows],
    "ts_ns": [-5000000000000000 + i * 7919000123000 for i in rows],
}, schema=schema)
for codec, version in [("snappy", "1.0"), ("zstd", "2.0"), ("lz4", "1.0"), ("gzip", "2.0"), ("none", "2.0"), ("none", "1.0")]:
    pq.write_table(table, f"required_{codec}_v{version[0]}.parquet", row_group_size=500, data_page_size=1000,
                   write_batch_size=125, use_dictionary=False, compression=codec, data_page_version=version,
                   store_decimal_as_integer=True)
