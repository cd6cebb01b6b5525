//! CSV downloads (the users, audit-log and analytics exports): RFC 4180 text with a UTF-8 byte-order mark, so
//! spreadsheet programs read Hebrew and Russian right. The same rules as the web app's exports
//! (web/src/features/admin/components/csv.ts).

use axum::{
    http::{header, HeaderValue},
    response::{IntoResponse, Response},
};

/// A CSV document being written, headers first.
pub(crate) struct Csv {
    text: String,
}

impl Csv {
    pub(crate) fn new(headers: &[&str]) -> Self {
        let mut csv = Self { text: String::from('\u{FEFF}') };
        csv.row(headers.iter().copied());
        csv
    }

    /// Appends one line. A cell with a comma, quote or line break is quoted with its quotes doubled; a
    /// cell a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
    /// leading apostrophe, so it stays text.
    pub(crate) fn row<'a>(&mut self, cells: impl IntoIterator<Item = &'a str>) {
        for (index, cell) in cells.into_iter().enumerate() {
            if index > 0 {
                self.text.push(',');
            }
            let guarded =
                if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{cell}") } else { cell.to_owned() };
            if guarded.contains([',', '"', '\r', '\n']) {
                self.text.push('"');
                self.text.push_str(&guarded.replace('"', "\"\""));
                self.text.push('"');
            } else {
                self.text.push_str(&guarded);
            }
        }
        self.text.push_str("\r\n");
    }

    /// The download, saved as `filename`.
    pub(crate) fn into_download(self, filename: &str) -> Response {
        download("text/csv; charset=utf-8", filename, self.text.into_bytes())
    }

    pub(crate) fn into_text(self) -> String {
        self.text
    }

    #[cfg(test)]
    fn text(&self) -> &str {
        &self.text
    }
}

/// A file to download, saved as `filename` (ASCII), never kept by a cache.
pub(crate) fn download(content_type: &'static str, filename: &str, body: Vec<u8>) -> Response {
    let disposition = format!(
        "attachment; filename=\"{}\"",
        filename.replace(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c)), "_")
    );
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).expect("an ASCII name")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        body,
    )
        .into_response()
}

/// An epoch-ms time as ISO 8601 UTC, the way spreadsheets read dates.
pub(crate) fn timestamp(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).map_or_else(String::new, |t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_escapes_and_guards_cells() {
        let mut csv = Csv::new(&["name", "note"]);
        csv.row(["Dana, \"the\" dancer", "line one\nline two"]);
        csv.row(["=HYPERLINK(\"x\")", "רקדנית"]);
        assert_eq!(
            csv.text(),
            "\u{FEFF}name,note\r\n\"Dana, \"\"the\"\" dancer\",\"line one\nline two\"\r\n\"'=HYPERLINK(\"\"x\"\")\",רקדנית\r\n"
        );
    }

    #[test]
    fn times_are_utc_iso() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// What a spreadsheet shows of a cell: a would-be formula with the apostrophe that keeps it text.
    fn shown(cell: &str) -> String {
        if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            format!("'{cell}")
        } else {
            cell.to_owned()
        }
    }

    /// Cells from users (names, notes): anything, and the characters that matter to CSV.
    const CELL: &str = "\\PC{0,20}|[a-z,\"\r\n\t=+@ -]{0,20}";

    /// Reads a written document back as a spreadsheet program would (RFC 4180).
    fn read_back(text: &str) -> Vec<Vec<String>> {
        let text = text.strip_prefix('\u{FEFF}').expect("a byte-order mark");
        ::csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes())
            .records()
            .map(|record| record.expect("a CSV record").iter().map(str::to_owned).collect())
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn each_row_reads_back_as_one_record_of_its_cells(
            rows in prop::collection::vec(prop::collection::vec(CELL, 2..6), 0..8)
        ) {
            let mut csv = Csv::new(&["a", "b"]);
            for row in &rows {
                csv.row(row.iter().map(String::as_str));
            }
            let mut expected = vec![vec!["a".to_owned(), "b".to_owned()]];
            expected.extend(rows.iter().map(|row| row.iter().map(|cell| shown(cell)).collect::<Vec<_>>()));
            prop_assert_eq!(read_back(&csv.into_text()), expected);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_large_cell_reads_back_whole(cell in CELL, repeat in 10_000..20_000usize) {
            let cell = format!("x{}", cell.repeat(repeat));
            let mut csv = Csv::new(&["a", "b"]);
            csv.row([cell.as_str(), "y"]);
            let expected = vec![vec!["a".to_owned(), "b".to_owned()], vec![cell, "y".to_owned()]];
            prop_assert_eq!(read_back(&csv.into_text()), expected);
        }
    }
}
