//! The report's pages: headings, dimmed lines, tables that break across pages with their header repeated,
//! and a bar chart, on A4 in the shipped DejaVu Sans. Text is shaped by rustybuzz and put in visual order
//! by the Unicode bidirectional algorithm, so Hebrew reads right to left with its left-to-right runs
//! (addresses, numbers) in order; in a right-to-left report columns, bars and alignment start on the right.
//! krilla writes the PDF and maps each glyph back to its text, so a reader copies and searches it in
//! logical order.

use std::sync::{Arc, LazyLock};

use krilla::{
    color::rgb,
    geom::{PathBuilder, Point, Rect},
    metadata::Metadata,
    num::NormalizedF32,
    page::PageSettings,
    paint::{Fill, Stroke},
    surface::Surface,
    text::{Font, GlyphId, KrillaGlyph},
    Data, Document,
};
use rustybuzz::{Direction, Face, UnicodeBuffer};
use unicode_bidi::{Level, ParagraphBidiInfo};

/// A4, in points.
const PAGE: (f32, f32) = (595.28, 841.89);
/// 1.6 cm at the sides, 1.8 cm above and below.
const MARGIN: (f32, f32) = (45.35, 51.02);
const WIDTH: f32 = PAGE.0 - 2.0 * MARGIN.0;
/// A line's height, in font sizes.
const LEADING: f32 = 1.3;
const TEXT_SIZE: f32 = 9.0;
const CELL_INSET: (f32, f32) = (5.0, 4.0);
const CHART_HEIGHT: f32 = 102.05; // 3.6 cm

/// Colours as red, green, blue.
type Colour = [u8; 3];
const INK: Colour = [0, 0, 0];
const DIM: Colour = [90, 90, 90];
const RULE: Colour = [190, 190, 190];
const VISITORS: Colour = [0x19, 0x71, 0xc2];
const PAGEVIEWS: Colour = [0xa5, 0xd8, 0xff];

const REGULAR: &[u8] = include_bytes!("../../../fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../../fonts/DejaVuSans-Bold.ttf");

/// Each weight as rustybuzz shapes it and as krilla embeds it.
struct Weight {
    face: Face<'static>,
    font: Font,
}

static WEIGHTS: LazyLock<Option<[Weight; 2]>> = LazyLock::new(|| {
    let weight = |bytes: &'static [u8]| {
        let data: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(bytes);
        Some(Weight { face: Face::from_slice(bytes, 0)?, font: Font::new(Data::from(data), 0)? })
    };
    Some([weight(REGULAR)?, weight(BOLD)?])
});

fn weight(bold: bool) -> &'static Weight {
    // The fonts are part of the binary, and a unit test reads them.
    let weights = WEIGHTS.as_ref().expect("the shipped fonts parse");
    &weights[usize::from(bold)]
}

/// What the report is made of, in reading order.
pub(super) enum Block {
    /// A heading: 1 for the title, 2 for a section.
    Heading(u8, String),
    /// A dimmed line of text.
    Note(String),
    /// Columns by their share of the width; the header row is bold and repeated on every page.
    Table {
        columns: Vec<f32>,
        header: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    Chart(Chart),
}

/// Bars per time slot, with the period's two ends beneath and a legend.
pub(super) struct Chart {
    /// (visitors, pageviews) per slot, oldest first.
    pub(super) slots: Vec<(i64, i64)>,
    pub(super) start: String,
    pub(super) end: String,
    pub(super) visitors: String,
    pub(super) pageviews: String,
}

#[derive(Clone, Copy)]
struct Style {
    size: f32,
    bold: bool,
    color: Colour,
}

const BODY: Style = Style { size: TEXT_SIZE, bold: false, color: INK };

/// One line, shaped, its runs in visual order (left to right).
struct Line {
    runs: Vec<Run>,
    width: f32,
    style: Style,
}

struct Run {
    text: String,
    glyphs: Vec<KrillaGlyph>,
    width: f32,
}

enum Mark {
    Text { x: f32, baseline: f32, line: Line },
    Fill(Rect, Colour),
    Frame(Rect),
}

/// The report's PDF: `blocks` laid out on as many pages as they take, each numbered "n / total".
pub(super) fn render(blocks: &[Block], title: &str, lang: &str, rtl: bool) -> anyhow::Result<Vec<u8>> {
    let mut pages = Pages::new(rtl);
    for block in blocks {
        pages.block(block);
    }
    let total = pages.pages.len();
    let mut document = Document::new();
    document.set_metadata(Metadata::new().title(title.to_owned()).language(lang.to_owned()));
    for (index, mut marks) in pages.pages.into_iter().enumerate() {
        let number = shape_line(&format!("{} / {total}", index + 1), BODY, false);
        let baseline = PAGE.1 - MARGIN.1 / 2.0;
        marks.push(Mark::Text { x: (PAGE.0 - number.width) / 2.0, baseline, line: number });
        let settings = PageSettings::from_wh(PAGE.0, PAGE.1).ok_or_else(|| anyhow::anyhow!("an A4 page"))?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        for mark in &marks {
            draw(&mut surface, mark);
        }
        surface.finish();
        page.finish();
    }
    document.finish().map_err(|error| anyhow::anyhow!("the report's PDF failed: {error:?}"))
}

/// Marks laid out page by page, from the top margin down.
struct Pages {
    rtl: bool,
    pages: Vec<Vec<Mark>>,
    y: f32,
}

impl Pages {
    fn new(rtl: bool) -> Self {
        Pages { rtl, pages: vec![Vec::new()], y: MARGIN.1 }
    }

    /// Starts a new page unless `height` fits below the cursor (or the page is still empty).
    fn keep(&mut self, height: f32) {
        if self.y + height > PAGE.1 - MARGIN.1 && self.y > MARGIN.1 {
            self.pages.push(Vec::new());
            self.y = MARGIN.1;
        }
    }

    fn mark(&mut self, mark: Mark) {
        self.pages.last_mut().expect("a page is always open").push(mark);
    }

    /// The left edge of a box `width` wide that lies `offset` from the start side of `left..left + span`.
    fn start_side(&self, left: f32, span: f32, offset: f32, width: f32) -> f32 {
        if self.rtl {
            left + span - offset - width
        } else {
            left + offset
        }
    }

    /// A line at the cursor's height, against the start side of `left..left + span`.
    fn text(&mut self, line: Line, left: f32, span: f32, top: f32) {
        let x = self.start_side(left, span, 0.0, line.width);
        self.text_at(x, line, top);
    }

    /// A line whose left edge is at `x`, at the height `top`.
    fn text_at(&mut self, x: f32, line: Line, top: f32) {
        let size = line.style.size;
        // The font's ascent, centred in the line's height.
        let baseline = top + size * (LEADING - 1.164) / 2.0 + size * 0.928;
        self.mark(Mark::Text { x, baseline, line });
    }

    fn block(&mut self, block: &Block) {
        match block {
            Block::Heading(level, text) => {
                let (size, above, below) = if *level == 1 { (16.0, 0.0, 6.0) } else { (10.8, 15.0, 7.5) };
                let style = Style { size, bold: true, color: INK };
                let lines = wrap(text, style, WIDTH);
                let height = lines.len() as f32 * size * LEADING;
                // A heading stays with at least its first two lines of what follows.
                self.keep(above + height + below + 2.0 * (TEXT_SIZE * LEADING + 2.0 * CELL_INSET.1));
                if self.y > MARGIN.1 {
                    self.y += above;
                }
                self.lines(lines, style);
                self.y += below;
            }
            Block::Note(text) => {
                let style = Style { color: DIM, ..BODY };
                self.lines(wrap(text, style, WIDTH), style);
            }
            Block::Table { columns, header, rows } => self.table(columns, header, rows),
            Block::Chart(chart) => self.chart(chart),
        }
    }

    fn lines(&mut self, lines: Vec<String>, style: Style) {
        for text in lines {
            self.keep(style.size * LEADING);
            let top = self.y;
            self.text(shape_line(&text, style, self.rtl), MARGIN.0, WIDTH, top);
            self.y += style.size * LEADING;
        }
    }

    fn table(&mut self, columns: &[f32], header: &[String], rows: &[Vec<String>]) {
        let shares: f32 = columns.iter().sum();
        let widths: Vec<f32> = columns.iter().map(|share| share / shares * WIDTH).collect();
        let header = Cells::new(header, &widths, Style { bold: true, ..BODY });
        let mut first = true;
        for row in rows {
            let cells = Cells::new(row, &widths, BODY);
            if first || self.y + cells.height > PAGE.1 - MARGIN.1 {
                self.keep(header.height + cells.height);
                self.row(&header);
                first = false;
            }
            self.row(&cells);
        }
    }

    fn row(&mut self, cells: &Cells) {
        let top = self.y;
        let mut offset = 0.0;
        for (lines, width) in &cells.columns {
            let left = self.start_side(MARGIN.0, WIDTH, offset, *width);
            if let Some(rect) = Rect::from_xywh(left, top, *width, cells.height) {
                self.mark(Mark::Frame(rect));
            }
            let mut line_top = top + CELL_INSET.1;
            for text in lines {
                let line = shape_line(text, cells.style, self.rtl);
                self.text(line, left + CELL_INSET.0, width - 2.0 * CELL_INSET.0, line_top);
                line_top += cells.style.size * LEADING;
            }
            offset += width;
        }
        self.y += cells.height;
    }

    fn chart(&mut self, chart: &Chart) {
        let label = TEXT_SIZE * LEADING;
        self.keep(CHART_HEIGHT + 2.0 * label + 8.0);
        let top = self.y;
        let slot = WIDTH / chart.slots.len().max(1) as f32;
        let highest = chart.slots.iter().map(|(_, pageviews)| *pageviews).max().unwrap_or(0).max(1) as f32;
        for (index, (visitors, pageviews)) in chart.slots.iter().enumerate() {
            let left = self.start_side(MARGIN.0, WIDTH, index as f32 * slot, slot);
            for (count, share, color) in [(pageviews, 0.7, PAGEVIEWS), (visitors, 0.4, VISITORS)] {
                let height = *count as f32 / highest * CHART_HEIGHT;
                let bar = Rect::from_xywh(
                    left + slot * (1.0 - share) / 2.0,
                    top + CHART_HEIGHT - height,
                    slot * share,
                    height,
                );
                if let Some(bar) = bar {
                    self.mark(Mark::Fill(bar, color));
                }
            }
        }
        self.y += CHART_HEIGHT + 2.0;
        let small = Style { size: 8.0, ..BODY };
        let top = self.y;
        self.text(shape_line(&chart.start, small, self.rtl), MARGIN.0, WIDTH, top);
        let end = shape_line(&chart.end, small, self.rtl);
        let x = self.start_side(MARGIN.0, WIDTH, WIDTH - end.width, end.width);
        self.text_at(x, end, top);
        self.y += small.size * LEADING + 4.0;
        let top = self.y;
        let mut offset = 0.0;
        for (name, color) in [(&chart.visitors, VISITORS), (&chart.pageviews, PAGEVIEWS)] {
            let key = self.start_side(MARGIN.0, WIDTH, offset, 8.0);
            if let Some(square) = Rect::from_xywh(key, top + (label - 8.0) / 2.0, 8.0, 8.0) {
                self.mark(Mark::Fill(square, color));
            }
            let line = shape_line(name, BODY, self.rtl);
            let width = line.width;
            let x = self.start_side(MARGIN.0, WIDTH, offset + 12.0, width);
            self.text_at(x, line, top);
            offset += 12.0 + width + 14.0;
        }
        self.y += label;
    }
}

/// A row's cells wrapped to their columns, and the row's height.
struct Cells {
    columns: Vec<(Vec<String>, f32)>,
    height: f32,
    style: Style,
}

impl Cells {
    fn new(texts: &[String], widths: &[f32], style: Style) -> Self {
        let columns: Vec<(Vec<String>, f32)> = texts
            .iter()
            .zip(widths)
            .map(|(text, width)| (wrap(text, style, width - 2.0 * CELL_INSET.0), *width))
            .collect();
        let lines = columns.iter().map(|(lines, _)| lines.len()).max().unwrap_or(1);
        Cells { columns, height: lines as f32 * style.size * LEADING + 2.0 * CELL_INSET.1, style }
    }
}

/// `text` in lines no wider than `width`: broken at spaces, and inside a word only when it alone is wider.
fn wrap(text: &str, style: Style, width: f32) -> Vec<String> {
    let fits = |candidate: &str| measure(candidate, style) <= width;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let joined = if line.is_empty() { word.to_owned() } else { format!("{line} {word}") };
        if fits(&joined) {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest = word;
        while !fits(rest) {
            // The longest start of the word that fits, and at least one character.
            let ends: Vec<usize> = rest.char_indices().skip(1).map(|(at, _)| at).collect();
            let fitting = ends.partition_point(|&end| fits(&rest[..end]));
            let Some(&cut) = ends.get(fitting.saturating_sub(1)) else { break };
            lines.push(rest[..cut].to_owned());
            rest = &rest[cut..];
        }
        line = rest.to_owned();
    }
    lines.push(line);
    lines
}

fn measure(text: &str, style: Style) -> f32 {
    shape(&weight(style.bold).face, text, false).iter().map(|glyph| glyph.x_advance).sum::<f32>() * style.size
}

/// `text` shaped and split into runs of one direction, in visual order, on a paragraph of the report's
/// direction.
fn shape_line(text: &str, style: Style, rtl: bool) -> Line {
    // Control characters (a stray newline in a search term) would start a paragraph of their own.
    let text: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    if text.is_empty() {
        return Line { runs: Vec::new(), width: 0.0, style };
    }
    let info = ParagraphBidiInfo::new(&text, Some(if rtl { Level::rtl() } else { Level::ltr() }));
    let (levels, runs) = info.visual_runs(0..text.len());
    let face = &weight(style.bold).face;
    let runs: Vec<Run> = runs
        .into_iter()
        .filter(|range| !range.is_empty())
        .map(|range| {
            let glyphs = shape(face, &text[range.clone()], levels[range.start].is_rtl());
            let width = glyphs.iter().map(|glyph| glyph.x_advance).sum::<f32>() * style.size;
            Run { text: text[range].to_owned(), glyphs, width }
        })
        .collect();
    Line { width: runs.iter().map(|run| run.width).sum(), runs, style }
}

/// The glyphs of a run of one direction, in visual order, each with the part of `text` it stands for.
fn shape(face: &Face, text: &str, rtl: bool) -> Vec<KrillaGlyph> {
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    buffer.set_direction(if rtl { Direction::RightToLeft } else { Direction::LeftToRight });
    let shaped = rustybuzz::shape(face, &[], buffer);
    let em = face.units_per_em() as f32;
    let mut clusters: Vec<usize> = shaped.glyph_infos().iter().map(|info| info.cluster as usize).collect();
    clusters.sort_unstable();
    clusters.dedup();
    shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(info, position)| {
            let start = info.cluster as usize;
            let end =
                clusters.get(clusters.partition_point(|&cluster| cluster <= start)).copied().unwrap_or(text.len());
            let [advance, x_offset, y_offset, y_advance] =
                [position.x_advance, position.x_offset, position.y_offset, position.y_advance]
                    .map(|units| units as f32 / em);
            KrillaGlyph::new(GlyphId::new(info.glyph_id), advance, x_offset, y_offset, y_advance, start..end, None)
        })
        .collect()
}

fn paint([red, green, blue]: Colour) -> rgb::Color {
    rgb::Color::new(red, green, blue)
}

fn fill(color: Colour) -> Fill {
    Fill { paint: paint(color).into(), opacity: NormalizedF32::ONE, rule: Default::default() }
}

fn draw(surface: &mut Surface, mark: &Mark) {
    surface.set_stroke(None);
    match mark {
        Mark::Text { x, baseline, line } => {
            surface.set_fill(Some(fill(line.style.color)));
            let mut x = *x;
            for run in &line.runs {
                let font = weight(line.style.bold).font.clone();
                surface.draw_glyphs(Point::from_xy(x, *baseline), &run.glyphs, font, &run.text, line.style.size, false);
                x += run.width;
            }
        }
        Mark::Fill(rect, color) => {
            surface.set_fill(Some(fill(*color)));
            draw_rect(surface, *rect);
        }
        Mark::Frame(rect) => {
            surface.set_fill(None);
            surface.set_stroke(Some(Stroke { paint: paint(RULE).into(), width: 0.4, ..Default::default() }));
            draw_rect(surface, *rect);
        }
    }
}

fn draw_rect(surface: &mut Surface, rect: Rect) {
    let mut path = PathBuilder::new();
    path.push_rect(rect);
    if let Some(path) = path.finish() {
        surface.draw_path(&path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &Line) -> Vec<&str> {
        line.runs.iter().map(|run| run.text.as_str()).collect()
    }

    #[test]
    fn an_address_in_hebrew_text_keeps_its_order_and_the_sentence_reads_from_the_right() {
        let line = shape_line("עמוד: \u{2066}/brands/bloch\u{2069}", BODY, true);
        // Visual order, left to right: the isolated address first, then the Hebrew word that precedes it.
        let words: Vec<&str> = texts(&line).into_iter().filter(|run| run.chars().any(char::is_alphanumeric)).collect();
        assert_eq!(words.len(), 2, "{words:?}");
        assert!(words[0].contains("/brands/bloch") && words[1].contains("עמוד"), "{words:?}");
        // The isolation marks take no room.
        let marks = line.runs.iter().filter(|run| run.text.chars().all(|c| ('\u{2066}'..='\u{2069}').contains(&c)));
        assert!(marks.map(|run| run.width).all(|width| width == 0.0));
        // Each run's glyphs stand for the whole of its text.
        for run in &line.runs {
            assert!(run.glyphs.iter().any(|glyph| glyph.text_range.end == run.text.len()), "{}", run.text);
        }
    }

    #[test]
    fn long_text_wraps_at_spaces_and_a_long_word_is_cut() {
        let text = "pointe shoes for dancers with wide feet";
        let lines = wrap(text, BODY, measure("pointe shoes", BODY) + 1.0);
        assert_eq!(lines[0], "pointe shoes");
        assert!(lines.len() > 2 && lines.join(" ") == text, "{lines:?}");
        let word = "a".repeat(200);
        let lines = wrap(&word, BODY, 50.0);
        assert!(lines.len() > 3 && lines.concat() == word, "{lines:?}");
        assert!(lines.iter().all(|line| measure(line, BODY) <= 50.0));
        assert_eq!(wrap("", BODY, 50.0), [""]);
        assert_eq!(shape_line("", BODY, true).width, 0.0);
    }

    #[test]
    fn a_long_table_breaks_across_pages_with_its_header_again() {
        let rows: Vec<Vec<String>> = (0..200).map(|row| vec![format!("/page/{row}"), row.to_string()]).collect();
        let table = Block::Table { columns: vec![3.0, 1.0], header: vec!["Page".into(), "Visitors".into()], rows };
        let mut pages = Pages::new(false);
        pages.block(&table);
        assert!(pages.pages.len() > 2);
        for page in &pages.pages {
            let first = page.iter().find_map(|mark| match mark {
                Mark::Text { line, .. } => Some(line.runs.iter().map(|run| run.text.clone()).collect::<String>()),
                _ => None,
            });
            assert_eq!(first.as_deref(), Some("Page"));
        }
        let pdf = render(&[table], "Report", "en", false).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
    }

    #[test]
    fn right_to_left_columns_start_on_the_right() {
        let mut pages = Pages::new(true);
        let rows = vec![vec!["ראשון".into(), "שני".into()]];
        pages.block(&Block::Table { columns: vec![1.0, 1.0], header: vec!["א".into(), "ב".into()], rows });
        let x_of = |wanted: &str| {
            pages.pages[0].iter().find_map(|mark| match mark {
                Mark::Text { x, line, .. } if line.runs.iter().any(|run| run.text == wanted) => Some(*x),
                _ => None,
            })
        };
        assert!(x_of("ראשון").unwrap() > x_of("שני").unwrap());
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// Any text the data can bring: letters of the five languages, digits, marks, isolates, controls, spaces.
    fn any_text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                any::<char>(),
                Just(' '),
                Just('\n'),
                Just('\u{2029}'),
                Just('\u{2066}'),
                Just('\u{2069}'),
                Just('\u{05B8}'),
                prop::char::range('א', 'ת'),
                prop::char::range('a', 'z'),
                prop::char::range('а', 'я'),
                prop::char::range('0', '9'),
            ],
            0..120,
        )
        .prop_map(|chars| chars.into_iter().collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever the text, in either direction, a cell wraps within its width (a single character
        /// wider than the column aside) and the report is written: no panic, no endless loop.
        #[test]
        fn any_text_lays_out_and_writes(cells in proptest::collection::vec(any_text(), 1..6), rtl in any::<bool>()) {
            for cell in &cells {
                for line in wrap(cell, BODY, 60.0) {
                    prop_assert!(line.chars().count() <= 1 || measure(&line, BODY) <= 60.0, "{line:?}");
                }
            }
            let blocks = [
                Block::Heading(1, cells[0].clone()),
                Block::Note(cells[cells.len() - 1].clone()),
                Block::Table { columns: vec![3.0, 1.0], header: cells.clone(), rows: vec![cells.clone(); 3] },
            ];
            let pdf = render(&blocks, &cells[0], "he", rtl).unwrap();
            prop_assert!(pdf.starts_with(b"%PDF-"));
        }
    }
}
