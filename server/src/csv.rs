//! CSV downloads (the users, audit-log and analytics exports): RFC 4180 text with a UTF-8 byte-order mark, so
//! spreadsheet programs read Hebrew and Russian right. The same rules as the web app's exports
//! (web/src/features/admin/components/csv.ts).

use axum::{
    http::{header, HeaderValue},
    response::{IntoResponse, Response},
};

/// A CSV document being written, headers first.
pub struct Csv {
    text: String,
}

impl Csv {
    pub fn new(headers: &[&str]) -> Self {
        let mut csv = Self { text: String::from('\u{FEFF}') };
        csv.row(headers.iter().copied());
        csv
    }

    /// Appends one line. A cell with a comma, quote or line break is quoted with its quotes doubled; a
    /// cell a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
    /// leading apostrophe, so it stays text.
    pub fn row<'a>(&mut self, cells: impl IntoIterator<Item = &'a str>) {
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
    pub fn into_download(self, filename: &str) -> Response {
        download("text/csv; charset=utf-8", filename, self.text.into_bytes())
    }

    pub fn into_text(self) -> String {
        self.text
    }

    #[cfg(test)]
    fn text(&self) -> &str {
        &self.text
    }
}

/// A file to download, saved as `filename` (ASCII), never kept by a cache.
pub fn download(content_type: &'static str, filename: &str, body: Vec<u8>) -> Response {
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
pub fn timestamp(ms: i64) -> String {
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
