//! One category's rows as a Parquet file, and back, through the `parquet` crate's column writer
//! and row reader (no arrow). Strings are UTF-8 annotated byte arrays, so pyarrow and `datasets`
//! read them as strings; unsigned integers carry their unsigned logical type. Pages are
//! snappy-compressed; statistics are off (min/max of whole programs would only bloat the footer).
//! The bytes are a function of the rows alone: the same pairs give the same file.

use crate::columns::{Cell, Column, Kind, Layout};
use crate::ExportError;
use parquet::basic::{Compression, IntType, LogicalType, Repetition, Type as Physical};
use parquet::column::writer::ColumnWriter;
use parquet::data_type::ByteArray;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::writer::SerializedFileWriter;
use parquet::record::Field;
use parquet::schema::types::Type;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

fn perr(path: &Path) -> impl FnOnce(parquet::errors::ParquetError) -> ExportError + '_ {
    move |e| ExportError::Parquet {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

fn field_type(c: &Column) -> Result<Type, parquet::errors::ParquetError> {
    let (physical, logical) = match c.kind {
        Kind::Str => (Physical::BYTE_ARRAY, Some(LogicalType::String)),
        Kind::Bool => (Physical::BOOLEAN, None),
        Kind::U32 => (
            Physical::INT32,
            Some(LogicalType::Integer(IntType {
                bit_width: 32,
                is_signed: false,
            })),
        ),
        Kind::U64 => (
            Physical::INT64,
            Some(LogicalType::Integer(IntType {
                bit_width: 64,
                is_signed: false,
            })),
        ),
        Kind::F64 => (Physical::DOUBLE, None),
    };
    Type::primitive_type_builder(&c.name, physical)
        .with_repetition(if c.optional {
            Repetition::OPTIONAL
        } else {
            Repetition::REQUIRED
        })
        .with_logical_type(logical)
        .build()
}

/// The Parquet file of `rows` (each one cell per column of `layout`), as bytes. `path` names it in
/// errors.
pub fn encode(path: &Path, layout: &Layout, rows: &[Vec<Cell>]) -> Result<Vec<u8>, ExportError> {
    let fields = layout
        .columns
        .iter()
        .map(|c| field_type(c).map(Arc::new))
        .collect::<Result<Vec<_>, _>>()
        .map_err(perr(path))?;
    let schema = Arc::new(
        Type::group_type_builder("schema")
            .with_fields(fields)
            .build()
            .map_err(perr(path))?,
    );
    let props = Arc::new(
        WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_statistics_enabled(EnabledStatistics::None)
            .build(),
    );
    let mut buf = Vec::new();
    let mut writer = SerializedFileWriter::new(&mut buf, schema, props).map_err(perr(path))?;
    let mut group = writer.next_row_group().map_err(perr(path))?;
    let mut index = 0;
    while let Some(mut column) = group.next_column().map_err(perr(path))? {
        let cells: Vec<&Cell> = rows.iter().map(|r| &r[index]).collect();
        let optional = layout.columns[index].optional;
        let levels: Vec<i16> = cells
            .iter()
            .map(|c| i16::from(!matches!(c, Cell::Null)))
            .collect();
        let def = optional.then_some(levels.as_slice());
        let present = cells.iter().filter(|c| !matches!(c, Cell::Null));
        let name = &layout.columns[index].name;
        let wrong = |what: &str| ExportError::Parquet {
            path: path.to_path_buf(),
            message: format!("column `{name}` got a value that is not {what}"),
        };
        match column.untyped() {
            ColumnWriter::ByteArrayColumnWriter(w) => {
                let values = present
                    .map(|c| match c {
                        Cell::Str(s) => Ok(ByteArray::from(s.as_str())),
                        _ => Err(wrong("a string")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                w.write_batch(&values, def, None).map_err(perr(path))?;
            }
            ColumnWriter::BoolColumnWriter(w) => {
                let values = present
                    .map(|c| match c {
                        Cell::Bool(b) => Ok(*b),
                        _ => Err(wrong("a bool")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                w.write_batch(&values, def, None).map_err(perr(path))?;
            }
            ColumnWriter::Int32ColumnWriter(w) => {
                // Unsigned 32-bit values, stored in the signed physical type bit for bit.
                let values = present
                    .map(|c| match c {
                        Cell::U32(v) => Ok(*v as i32),
                        _ => Err(wrong("a uint32")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                w.write_batch(&values, def, None).map_err(perr(path))?;
            }
            ColumnWriter::Int64ColumnWriter(w) => {
                let values = present
                    .map(|c| match c {
                        Cell::U64(v) => Ok(*v as i64),
                        _ => Err(wrong("a uint64")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                w.write_batch(&values, def, None).map_err(perr(path))?;
            }
            ColumnWriter::DoubleColumnWriter(w) => {
                let values = present
                    .map(|c| match c {
                        Cell::F64(v) => Ok(*v),
                        _ => Err(wrong("a float64")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                w.write_batch(&values, def, None).map_err(perr(path))?;
            }
            _ => return Err(wrong("of a type this table writes")),
        }
        column.close().map_err(perr(path))?;
        index += 1;
    }
    group.close().map_err(perr(path))?;
    writer.close().map_err(perr(path))?;
    Ok(buf)
}

/// The column names of a Parquet file and its rows, each as cells by column name.
pub type Rows = (Vec<String>, Vec<BTreeMap<String, Cell>>);

/// Read every row of the Parquet file at `path`.
pub fn read(path: &Path) -> Result<Rows, ExportError> {
    let file = std::fs::File::open(path).map_err(crate::io_err(path))?;
    let reader = SerializedFileReader::new(file).map_err(perr(path))?;
    let names: Vec<String> = reader
        .metadata()
        .file_metadata()
        .schema_descr()
        .columns()
        .iter()
        .map(|c| c.name().to_string())
        .collect();
    let mut rows = Vec::new();
    for row in reader.get_row_iter(None).map_err(perr(path))? {
        let row = row.map_err(perr(path))?;
        let mut cells = BTreeMap::new();
        for (name, field) in row.get_column_iter() {
            let cell = match field {
                Field::Str(s) => Cell::Str(s.clone()),
                Field::Bool(b) => Cell::Bool(*b),
                Field::UInt(v) => Cell::U32(*v),
                Field::ULong(v) => Cell::U64(*v),
                Field::Double(v) => Cell::F64(*v),
                Field::Null => Cell::Null,
                other => {
                    return Err(ExportError::Parquet {
                        path: path.to_path_buf(),
                        message: format!(
                            "column `{name}` holds {other:?}, a type no export writes"
                        ),
                    })
                }
            };
            cells.insert(name.clone(), cell);
        }
        rows.push(cells);
    }
    Ok((names, rows))
}
