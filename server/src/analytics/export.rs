//! The analytics exports as CSV files in the admin's language (UTF-8 with a byte-order mark, formula-like
//! cells neutralised: `csv.rs`): the summary, the top pages, the recent activity, and all of them with
//! every other breakdown in one zip.

use std::io::Write;

use serde::Deserialize;
use utoipa::ToSchema;
use zip::{write::SimpleFileOptions, ZipWriter};

use super::{
    labels::Labels,
    report::{BreakdownRow, Figure, RecentHit, Report},
};
use crate::csv::{timestamp, Csv};

/// Recent activity rows in an export (the screen shows 50).
pub(crate) const RECENT_ROWS: i64 = 10_000;

#[derive(Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Part {
    Summary,
    Pages,
    Recent,
    /// A zip of every CSV: the three others and each breakdown.
    All,
    /// The full report: headline numbers, chart and every breakdown (analytics/pdf.rs).
    Pdf,
}

impl Part {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Part::Summary => "summary",
            Part::Pages => "pages",
            Part::Recent => "recent",
            Part::All => "all",
            Part::Pdf => "pdf",
        }
    }
}

/// The headline numbers beside the previous period's, after the period itself.
pub(crate) fn summary(report: &Report, labels: Labels) -> Csv {
    let text = |key: &str| labels.get(&format!("analytics.export.{key}"));
    let mut csv = Csv::new(&[&text("metric"), &text("current"), &text("previous"), &text("change")]);
    csv.row([text("period").as_str(), &timestamp(report.from), &timestamp(report.to), ""]);
    for (name, value) in filters(report, labels) {
        csv.row([name.as_str(), &value, "", ""]);
    }
    for (key, figure) in report.headline.figures() {
        let label = labels.get(&format!("analytics.headline.{key}"));
        csv.row([label.as_str(), &number(figure.value), &number(figure.previous), &change(figure)]);
    }
    csv
}

/// The report's filters as the screen names them: (`Filters: Page`, `/brands`).
pub(super) fn filters(report: &Report, labels: Labels) -> Vec<(String, String)> {
    let heading = labels.get("analytics.filters.label");
    report
        .filters
        .iter()
        .map(|filter| {
            let name = labels.get(&format!("analytics.filterNames.{}", filter.name));
            (format!("{heading}: {name}"), labels.value(Some(&filter.name), &filter.value))
        })
        .collect()
}

/// The change against the previous period in percent (`+12.5%`); nothing when there was none before.
pub(super) fn change(figure: &Figure) -> String {
    if figure.previous == 0.0 {
        String::new()
    } else {
        format!("{:+.1}%", (figure.value - figure.previous) / figure.previous * 100.0)
    }
}

/// Up to two decimals, without trailing zeros.
pub(super) fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// A breakdown's rows: its values as the screen names them, visitors and count.
pub(crate) fn breakdown(rows: &[BreakdownRow], filter: Option<&str>, labels: Labels) -> Csv {
    let column = |key: &str| labels.get(&format!("analytics.columns.{key}"));
    let mut csv = Csv::new(&[&column("value"), &column("visitors"), &column("count")]);
    for row in rows {
        csv.row([labels.value(filter, &row.value).as_str(), &row.visitors.to_string(), &row.count.to_string()]);
    }
    csv
}

/// The latest page views and events, newest first.
pub(crate) fn recent(hits: &[RecentHit], labels: Labels) -> Csv {
    let live = |key: &str| labels.get(&format!("analytics.live.{key}"));
    let filter = |key: &str| labels.get(&format!("analytics.filterNames.{key}"));
    let mut csv = Csv::new(&[
        &live("time"),
        &live("what"),
        &live("page"),
        &filter("brand"),
        &filter("product"),
        &labels.get("analytics.export.results"),
        &filter("source"),
        &filter("browser"),
        &filter("os"),
        &filter("device"),
        &filter("siteLang"),
    ]);
    for hit in hits {
        csv.row([
            timestamp(hit.at).as_str(),
            &labels.value(Some("event"), &hit.name),
            &hit.path,
            &hit.brand,
            &hit.target,
            &hit.results.map(|r| r.to_string()).unwrap_or_default(),
            &labels.value(Some("source"), &hit.source),
            &labels.value(Some("browser"), &hit.browser),
            &labels.value(Some("os"), &hit.os),
            &labels.value(Some("device"), &hit.device),
            &hit.lang,
        ]);
    }
    csv
}

/// Every CSV in one zip (deflated): summary, pages, recent activity, then each other breakdown.
pub(crate) fn all(report: &Report, hits: &[RecentHit], labels: Labels) -> std::io::Result<Vec<u8>> {
    let mut files =
        vec![("summary.csv".to_owned(), summary(report, labels)), ("recent.csv".to_owned(), recent(hits, labels))];
    for (name, filter, rows) in report.breakdowns.all() {
        files.push((format!("{name}.csv"), breakdown(rows, filter, labels)));
    }
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, csv) in files {
        zip.start_file(name, SimpleFileOptions::default())?;
        zip.write_all(csv.into_text().as_bytes())?;
    }
    Ok(zip.finish()?.into_inner())
}
