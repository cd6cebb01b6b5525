//! The analytics full report as a PDF: headline numbers with their change, the chart, every breakdown,
//! in the admin's language. The report's data becomes blocks of plain text (never markup) that
//! `layout` sets on A4 pages in DejaVu Sans, shipped in `server/fonts` (Latin, Hebrew and Cyrillic),
//! Hebrew right to left; in a right-to-left report every value without a right-to-left letter (an
//! address, a browser's name, a number with its sign) is isolated as a left-to-right run, and dates are
//! written in the report's language. CPU work: callers run it off the request threads.

mod layout;

use layout::{Block, Chart};

use super::{export, labels::Labels, report::Report};
use crate::{dates, lang::Lang, time::DAY_MS};

/// The report's PDF.
pub(crate) fn render(report: &Report, labels: Labels) -> anyhow::Result<Vec<u8>> {
    let lang = labels.0;
    layout::render(&blocks(report, labels), &labels.get("analytics.export.reportTitle"), lang.code(), lang.is_rtl())
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

/// The report's content: every text already in the admin's language, every number already written.
fn blocks(report: &Report, labels: Labels) -> Vec<Block> {
    let lang = labels.0;
    let text = |key: &str| labels.get(&format!("analytics.{key}"));
    let ltr = |value: String| isolated(lang, value);
    // A period that ends at midnight ends with the day before it.
    let end = if report.to % DAY_MS == 0 { report.to - DAY_MS } else { report.to };
    let (from, to) = (dates::long(lang, report.from), dates::long(lang, end));
    let mut blocks = vec![
        Block::Heading(1, text("export.reportTitle")),
        Block::Note(format!("{}: {from} – {to}", text("export.period"))),
    ];
    for (name, value) in export::filters(report, labels) {
        blocks.push(Block::Note(format!("{name}: {}", ltr(value))));
    }
    let summary = report
        .headline
        .figures()
        .into_iter()
        .map(|(key, figure)| {
            vec![
                text(&format!("headline.{key}")),
                ltr(export::number(figure.value)),
                ltr(export::number(figure.previous)),
                ltr(export::change(figure)),
            ]
        })
        .collect();
    blocks.extend([
        Block::Heading(2, text("export.summaryTitle")),
        Block::Table {
            columns: vec![2.0, 1.0, 1.0, 1.0],
            header: ["metric", "current", "previous", "change"].map(|key| text(&format!("export.{key}"))).to_vec(),
            rows: summary,
        },
        Block::Heading(2, text("chart.title")),
        Block::Chart(Chart {
            slots: report.series.iter().map(|slot| (slot.visitors, slot.pageviews)).collect(),
            start: from,
            end: to,
            visitors: text("chart.visitors"),
            pageviews: text("chart.pageviews"),
        }),
    ]);
    for (key, filter, rows) in report.breakdowns.all() {
        blocks.push(Block::Heading(2, text(&format!("breakdowns.{key}"))));
        if rows.is_empty() {
            blocks.push(Block::Note(text("empty")));
            continue;
        }
        let rows = rows
            .iter()
            .map(|row| {
                vec![ltr(labels.value(filter, &row.value)), ltr(row.visitors.to_string()), ltr(row.count.to_string())]
            })
            .collect();
        let header = ["value", "visitors", "count"].map(|key| text(&format!("columns.{key}"))).to_vec();
        blocks.push(Block::Table { columns: vec![3.0, 1.0, 1.0], header, rows });
    }
    blocks
}
