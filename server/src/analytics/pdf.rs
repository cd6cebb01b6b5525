//! The analytics full report as a PDF: headline numbers with their change, the chart, every breakdown,
//! in the admin's language. Typst, as a library, lays out a fixed template (`report.typ`) over the
//! report's data, handed over as JSON in `sys.inputs` so no text of the data is ever read as markup. The
//! font is DejaVu Sans, shipped in `server/fonts` (Latin, Hebrew and Cyrillic); Typst shapes the text
//! and sets Hebrew right to left; in a right-to-left report every value without a right-to-left letter
//! (an address, a browser's name, a number with its sign) is isolated as a left-to-right run, and dates
//! are written in the report's language. CPU work: callers run it off the request threads.

use std::sync::LazyLock;

use serde_json::{json, Value};
use typst::{
    diag::{FileError, FileResult},
    foundations::{Bytes, Datetime, Dict, IntoValue},
    layout::PagedDocument,
    syntax::{FileId, Source},
    text::{Font, FontBook},
    utils::LazyHash,
    Library, LibraryExt, World,
};

use super::{export, labels::Labels, report::Report};
use crate::{dates, lang::Lang, time::DAY_MS};

const TEMPLATE: &str = include_str!("report.typ");

static FONTS: LazyLock<(LazyHash<FontBook>, Vec<Font>)> = LazyLock::new(|| {
    let files: [&'static [u8]; 2] =
        [include_bytes!("../../fonts/DejaVuSans.ttf"), include_bytes!("../../fonts/DejaVuSans-Bold.ttf")];
    let fonts: Vec<Font> = files.into_iter().flat_map(|bytes| Font::iter(Bytes::new(bytes))).collect();
    (LazyHash::new(FontBook::from_fonts(&fonts)), fonts)
});

/// Everything Typst may read: the template and the fonts; no file, no package, no clock.
struct ReportWorld {
    library: LazyHash<Library>,
    template: Source,
}

impl World for ReportWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &FONTS.0
    }

    fn main(&self) -> FileId {
        self.template.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.template.id() {
            Ok(self.template.clone())
        } else {
            Err(FileError::AccessDenied)
        }
    }

    fn file(&self, _: FileId) -> FileResult<Bytes> {
        Err(FileError::AccessDenied)
    }

    fn font(&self, index: usize) -> Option<Font> {
        FONTS.1.get(index).cloned()
    }

    fn today(&self, _: Option<i64>) -> Option<Datetime> {
        None
    }
}

/// The report's PDF.
pub(crate) fn render(report: &Report, labels: Labels) -> anyhow::Result<Vec<u8>> {
    let mut inputs = Dict::new();
    inputs.insert("data".into(), data(report, labels).to_string().into_value());
    let world = ReportWorld {
        library: LazyHash::new(Library::builder().with_inputs(inputs).build()),
        template: Source::detached(TEMPLATE),
    };
    let document = typst::compile::<PagedDocument>(&world)
        .output
        .map_err(|errors| anyhow::anyhow!("the report's template failed: {:?}", errors.first().map(|e| &e.message)))?;
    typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default())
        .map_err(|errors| anyhow::anyhow!("the report's PDF failed: {:?}", errors.first().map(|e| &e.message)))
}

/// `value` as a left-to-right run set apart from the right-to-left text around it (U+2066 … U+2069), when
/// the report is right to left and the value has no right-to-left letter of its own: "/brand/capezio"
/// would otherwise come out as "brand/capezio/".
fn isolated(lang: Lang, value: String) -> String {
    let right_to_left =
        |c: char| matches!(c, '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}');
    if lang.is_rtl() && !value.is_empty() && !value.chars().any(right_to_left) {
        format!("\u{2066}{value}\u{2069}")
    } else {
        value
    }
}

/// The template's input: every text already in the admin's language, every number already written.
fn data(report: &Report, labels: Labels) -> Value {
    let lang = labels.0;
    let text = |key: &str| labels.get(&format!("analytics.{key}"));
    let ltr = |value: String| isolated(lang, value);
    // A period that ends at midnight ends with the day before it.
    let end = if report.to % DAY_MS == 0 { report.to - DAY_MS } else { report.to };
    let (from, to) = (dates::long(lang, report.from), dates::long(lang, end));
    let summary: Vec<[String; 4]> = report
        .headline
        .figures()
        .into_iter()
        .map(|(key, figure)| {
            [
                text(&format!("headline.{key}")),
                ltr(export::number(figure.value)),
                ltr(export::number(figure.previous)),
                ltr(export::change(figure)),
            ]
        })
        .collect();
    let breakdowns: Vec<Value> = report
        .breakdowns
        .all()
        .into_iter()
        .map(|(key, filter, rows)| {
            let rows: Vec<[String; 3]> = rows
                .iter()
                .map(|row| {
                    [ltr(labels.value(filter, &row.value)), ltr(row.visitors.to_string()), ltr(row.count.to_string())]
                })
                .collect();
            json!({ "title": text(&format!("breakdowns.{key}")), "rows": rows })
        })
        .collect();
    let points: Vec<Value> =
        report.series.iter().map(|slot| json!({ "visitors": slot.visitors, "pageviews": slot.pageviews })).collect();
    json!({
        "lang": labels.0.code(),
        "rtl": labels.0.is_rtl(),
        "title": text("export.reportTitle"),
        "period": format!("{}: {from} – {to}", text("export.period")),
        "filters": export::filters(report, labels).into_iter().map(|(name, value)| format!("{name}: {}", ltr(value))).collect::<Vec<_>>(),
        "summary": {
            "title": text("export.summaryTitle"),
            "header": [text("export.metric"), text("export.current"), text("export.previous"), text("export.change")],
            "rows": summary,
        },
        "chart": {
            "title": text("chart.title"),
            "visitors": text("chart.visitors"),
            "pageviews": text("chart.pageviews"),
            "points": points,
            "start": from,
            "end": to,
        },
        "columns": [text("columns.value"), text("columns.visitors"), text("columns.count")],
        "breakdowns": breakdowns,
        "empty": text("empty"),
    })
}
