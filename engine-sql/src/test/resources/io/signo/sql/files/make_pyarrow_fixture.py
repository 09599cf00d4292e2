"""Writes pyarrow_types.parquet, the Parquet file of a second writer that ParquetFilesTest reads.

pyarrow writes what DuckDB does not: INT8, INT16 and unsigned INT32 columns, decimals as
fixed-length bytes, a dictionary-encoded string column, timestamps in the legacy INT96 form (Spark's
and Impala's), and data page version 1 with snappy.
Run with `pip install pyarrow` and `python3 make_pyarrow_fixture.py`; the file is committed.
"""
import datetime
import decimal

import pyarrow as pa
import pyarrow.parquet as pq

ROWS = 3000


def nullable(values, every):
    return [None if i % every == 0 else value for i, value in enumerate(values)]


table = pa.table({
    "i": pa.array(range(ROWS), pa.int32()),
    "i8": pa.array(nullable([i % 100 - 50 for i in range(ROWS)], 7), pa.int8()),
    "i16": pa.array(nullable([i * 7 - 9000 for i in range(ROWS)], 11), pa.int16()),
    "u32": pa.array(nullable([4_000_000_000 - i for i in range(ROWS)], 13), pa.uint32()),
    "i64": pa.array(nullable([i * 1_000_000_007 for i in range(ROWS)], 17), pa.int64()),
    "f32": pa.array(nullable([i / 8 for i in range(ROWS)], 19), pa.float32()),
    "amount": pa.array(nullable([decimal.Decimal(i * 125 - 100000) / 100 for i in range(ROWS)], 23), pa.decimal128(12, 2)),
    "dt": pa.array(nullable([datetime.date(2000, 1, 1) + datetime.timedelta(days=i) for i in range(ROWS)], 29), pa.date32()),
    "word": pa.array(nullable(["w%d" % (i % 9) for i in range(ROWS)], 31), pa.string()).dictionary_encode(),
    "label": pa.array(nullable(["row %d ✓" % i for i in range(ROWS)], 37), pa.string()),
    "flag": pa.array(nullable([i % 3 == 0 for i in range(ROWS)], 41), pa.bool_()),
    "ts": pa.array(nullable([-3_000_000_000_000_000 + i * 987_654_321_987 for i in range(ROWS)], 43), pa.timestamp("ns")),
})
pq.write_table(table, "pyarrow_types.parquet", row_group_size=1000, compression="snappy", data_page_version="1.0", use_dictionary=["word"], use_deprecated_int96_timestamps=True)
