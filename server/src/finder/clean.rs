//! The data set's known defects undone: sizes and widths split into single characters ("2, 2, ., 5, 3" is
//! 2, 2.5, 3; "X, X, X" is X, XX), and prices written as text with remarks ("$85–110 (closeout)").
//! Each reader gives `None` for what it cannot read, which the import reports rather than guesses.

/// A known defect of the data set, checked on every line and reported per rule by the import: what each
/// rule found, and whether the import read it back or left the value for an admin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Defect {
    /// Sizes split into single characters ("2, 2, ., 5"), read back.
    SizesSplit,
    /// Sizes that form no ascending run: left for an admin.
    SizesUnread,
    /// Widths split into single characters, read back: a run of one letter ("X, X, X" is X, XX) or a
    /// numbered width ("W, 1" is W1).
    WidthsSplit,
    /// Widths that read as no known form: left for an admin.
    WidthsUnread,
    /// A price with a remark in brackets ("$59 (liquidation)"): the remark kept beside it.
    PriceRemark,
    /// A price with no currency sign ("170"): read as US dollars.
    PriceWithoutCurrency,
    /// A price in no form the import reads: left for an admin.
    PriceUnread,
    /// Price ranges of one maker running as a spreadsheet's fill series: the lowest kept, the range left
    /// for an admin.
    PriceFillSeries,
    /// A foot shape named twice in one cell ("Square/Roman, Square/Roman"): read once.
    FootShapeRepeated,
    /// A value outside the fit's vocabulary (box shape, shank, …): left for an admin.
    ValueUnread,
}

impl Defect {
    /// The rule as the import's report names it.
    pub fn describe(self) -> &'static str {
        match self {
            Self::SizesSplit => "sizes split into single characters, read back",
            Self::SizesUnread => "sizes that form no ascending run, left for an admin",
            Self::WidthsSplit => "widths split into single characters, read back",
            Self::WidthsUnread => "widths in no known form, left for an admin",
            Self::PriceRemark => "prices with a remark in brackets, the remark kept apart",
            Self::PriceWithoutCurrency => "prices with no currency sign, read as US dollars",
            Self::PriceUnread => "prices in no known form, left for an admin",
            Self::PriceFillSeries => "price ranges in a spreadsheet's fill series, the lowest kept",
            Self::FootShapeRepeated => "a foot shape named twice, read once",
            Self::ValueUnread => "values outside the fit's vocabulary, left for an admin",
        }
    }
}

/// The defects of a line's sizes, widths, price and foot shapes (the cells the rules read).
pub(crate) fn defects(sizes_cell: &str, widths_cell: &str, price_cell: &str, foot_shapes: &str) -> Vec<Defect> {
    let mut found = Vec::new();
    // Split into characters, the cell has more tokens than it has values once read back.
    match sizes(sizes_cell) {
        Some(read) if read.len() < tokens(sizes_cell).len() => found.push(Defect::SizesSplit),
        Some(_) => {}
        None => found.push(Defect::SizesUnread),
    }
    match widths(widths_cell) {
        Some(read) if read.len() < tokens(widths_cell).len() => found.push(Defect::WidthsSplit),
        Some(_) => {}
        None => found.push(Defect::WidthsUnread),
    }
    match price(price_cell) {
        Some(read) => {
            if read.remark.is_some() {
                found.push(Defect::PriceRemark);
            }
            if !price_cell.contains('$') {
                found.push(Defect::PriceWithoutCurrency);
            }
        }
        None => found.push(Defect::PriceUnread),
    }
    let shapes = tokens(foot_shapes);
    if shapes.iter().enumerate().any(|(at, shape)| shapes[..at].contains(shape)) {
        found.push(Defect::FootShapeRepeated);
    }
    found
}

/// The sizes, read as the ascending run they must form (each a half or a whole size above the last).
pub(crate) fn sizes(raw: &str) -> Option<Vec<f64>> {
    let tokens = tokens(raw);
    if tokens.is_empty() {
        return None;
    }
    if tokens.iter().any(|token| token.chars().count() > 1) {
        // Not split: each token is a size of its own.
        return tokens.iter().map(|token| token.parse().ok()).collect();
    }
    let mut sizes = Vec::new();
    ascending_run(&tokens, &mut sizes).then_some(sizes)
}

/// Reads `tokens` (single characters) into `sizes`, trying the shortest reading of each size first and
/// going back when the run cannot go on.
fn ascending_run(tokens: &[&str], sizes: &mut Vec<f64>) -> bool {
    if tokens.is_empty() {
        return true;
    }
    for digits in 1..=2 {
        let Some(whole) = tokens.get(..digits).and_then(whole_number) else { continue };
        let (size, used) = match tokens.get(digits..digits + 2) {
            Some([".", "5"]) => (f64::from(whole) + 0.5, digits + 2),
            _ => (f64::from(whole), digits),
        };
        if sizes.last().is_some_and(|last| !(size > *last && size - last <= 1.0)) {
            continue;
        }
        sizes.push(size);
        if ascending_run(&tokens[used..], sizes) {
            return true;
        }
        sizes.pop();
    }
    false
}

/// A number written in `digits` (no leading zero), or None.
fn whole_number(digits: &[&str]) -> Option<u8> {
    let text: String = digits.concat();
    (text.chars().all(|c| c.is_ascii_digit()) && !(text.len() > 1 && text.starts_with('0')))
        .then(|| text.parse().ok())
        .flatten()
}

/// The widths: letter codes (B, C, D), fittings (N, M, W — the words Narrow, Medium and Wide read as
/// their letters), numbered widths (W1) and X-widths (X, XX, XXX, written as a run of X's one longer each).
pub(crate) fn widths(raw: &str) -> Option<Vec<String>> {
    let tokens = tokens(raw);
    if tokens.is_empty() {
        return None;
    }
    if tokens.iter().any(|token| token.chars().count() > 1) {
        return Some(tokens.iter().map(|token| fitting_letter(token).to_owned()).collect());
    }
    let text: Vec<char> = tokens.iter().flat_map(|token| token.chars()).collect();
    let mut widths = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let letter = text[at];
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let rest = &text[at + 1..];
        let tail = rest.iter().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit()).count();
        if tail > 0 {
            // A word (Narrow) or a numbered width (W1).
            let word: String = text[at..=at + tail].iter().collect();
            widths.push(fitting_letter(&word).to_owned());
            at += 1 + tail;
            continue;
        }
        // A run of one letter: 1 + 2 + … + n letters are the widths L, LL, … up to n of them.
        let run = 1 + rest.iter().take_while(|c| **c == letter).count();
        let mut width = 0;
        let mut used = 0;
        while used < run {
            width += 1;
            used += width;
            widths.push(std::iter::repeat_n(letter, width).collect());
        }
        if used != run {
            return None;
        }
        at += run;
    }
    Some(widths)
}

/// Narrow, Medium and Wide as the fitting letters the other makers use.
fn fitting_letter(word: &str) -> &str {
    match word {
        "Narrow" => "N",
        "Medium" => "M",
        "Wide" => "W",
        other => other,
    }
}

/// A price range in US dollars, with what the text says beside it ("clearance").
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PriceRange {
    pub min: f64,
    pub max: f64,
    pub remark: Option<String>,
}

/// "$85–110 (closeout/rare)", "$100.00-120.00", "$59 (liquidation)" or "170".
pub(crate) fn price(raw: &str) -> Option<PriceRange> {
    let (amounts, remark) = match raw.split_once('(') {
        Some((amounts, remark)) => (amounts, Some(remark.trim().strip_suffix(')')?.trim().to_owned())),
        None => (raw, None),
    };
    let mut numbers = amounts.split(['–', '-']).map(|amount| amount.trim().trim_start_matches('$').parse::<f64>());
    let min = numbers.next()?.ok()?;
    let max = match numbers.next() {
        Some(max) => max.ok()?,
        None => min,
    };
    (numbers.next().is_none() && min > 0.0 && min <= max).then_some(PriceRange { min, max, remark })
}

/// The cell's comma-separated items, trimmed, blanks left out.
pub(crate) fn tokens(raw: &str) -> Vec<&str> {
    raw.split(',').map(str::trim).filter(|token| !token.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cell_is_checked_against_the_known_defects() {
        let found = defects("2, 2, ., 5, 3", "X, X, X", "$85–110 (closeout)", "Square/Roman, Greek, Square/Roman");
        assert_eq!(found, [Defect::SizesSplit, Defect::WidthsSplit, Defect::PriceRemark, Defect::FootShapeRepeated]);
        assert_eq!(defects("3, 4, 5", "B, C, D", "$100.00-120.00", "Greek"), []);
        assert_eq!(
            defects("3, 5, 3, 6, 3, 7, 4, 0", "X, X", "170", ""),
            [Defect::SizesUnread, Defect::WidthsUnread, Defect::PriceWithoutCurrency]
        );
        assert_eq!(defects("", "", "ask", "Greek"), [Defect::SizesUnread, Defect::WidthsUnread, Defect::PriceUnread]);
    }

    #[test]
    fn sizes_split_into_characters_are_read_back() {
        assert_eq!(sizes("2, 2, ., 5, 3, 3, ., 5, 4"), Some(vec![2.0, 2.5, 3.0, 3.5, 4.0]));
        assert_eq!(sizes("9, 9, ., 5, 1, 0, 1, 0, ., 5, 1, 1"), Some(vec![9.0, 9.5, 10.0, 10.5, 11.0]));
        assert_eq!(sizes("3, 5, 3, 6, 3, 7, 4, 0, 4, 1"), None, "37 to 40 skips sizes");
        assert_eq!(sizes("3, 5, 3, 6, 3, 7, 3, 8, 3, 9, 4, 0"), Some(vec![35.0, 36.0, 37.0, 38.0, 39.0, 40.0]));
        assert_eq!(sizes("3, 4, 3, 4, ., 5, 3, 5"), Some(vec![34.0, 34.5, 35.0]));
        assert_eq!(sizes("2, 2.5, 3"), Some(vec![2.0, 2.5, 3.0]));
        assert_eq!(sizes("4, ., 5"), Some(vec![4.5]));
        assert_eq!(sizes("a, b"), None);
        assert_eq!(sizes(""), None);
    }

    #[test]
    fn widths_split_into_characters_are_read_back() {
        let read = |raw| widths(raw).map(|list| list.join(" "));
        assert_eq!(read("N, a, r, r, o, w, M, e, d, i, u, m, W, i, d, e").as_deref(), Some("N M W"));
        assert_eq!(read("X, X, X, X, X, X").as_deref(), Some("X XX XXX"));
        assert_eq!(read("X, X, X, X, X, X, X, X, X, X").as_deref(), Some("X XX XXX XXXX"));
        assert_eq!(read("N, X, X, X, X, X, X, X, X, X, X").as_deref(), Some("N X XX XXX XXXX"));
        assert_eq!(read("W, 1, W, 2, W, 3").as_deref(), Some("W1 W2 W3"));
        assert_eq!(read("C, D, E, E, E").as_deref(), Some("C D E EE"));
        assert_eq!(read("B, C, D, E").as_deref(), Some("B C D E"));
        assert_eq!(read("X, X, X, X").as_deref(), None, "four X's are not X, XX, …");
        assert_eq!(read("Narrow, Wide").as_deref(), Some("N W"));
    }

    #[test]
    fn prices_are_read_with_their_remarks() {
        let range = |min, max, remark: Option<&str>| Some(PriceRange { min, max, remark: remark.map(str::to_owned) });
        assert_eq!(price("$85–110 (closeout/rare)"), range(85.0, 110.0, Some("closeout/rare")));
        assert_eq!(price("$100.00-120.00"), range(100.0, 120.0, None));
        assert_eq!(price("$100–$113"), range(100.0, 113.0, None));
        assert_eq!(price("$59 (liquidation)"), range(59.0, 59.0, Some("liquidation")));
        assert_eq!(price("170"), range(170.0, 170.0, None));
        assert_eq!(price("$120–100"), None);
        assert_eq!(price("ask"), None);
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// A cell as the data set's defect writes it: each character of `text` a comma-separated item.
    fn split_into_characters(text: &str) -> String {
        text.chars().map(String::from).collect::<Vec<_>>().join(", ")
    }

    /// An ascending run of sizes, each a half or a whole size above the last.
    fn size_run() -> impl Strategy<Value = Vec<f64>> {
        (1..60u32, any::<bool>(), prop::collection::vec(any::<bool>(), 0..30)).prop_map(|(start, half, steps)| {
            let mut size = f64::from(start) + if half { 0.5 } else { 0.0 };
            let mut run = vec![size];
            for whole_step in steps {
                size += if whole_step { 1.0 } else { 0.5 };
                run.push(size);
            }
            run.into_iter().filter(|size| *size < 100.0).collect()
        })
    }

    /// Cells of the data set's kind: digits, dots, letters, dashes, dollars, parentheses, commas.
    const CELL: &str = "\\PC{0,60}|[0-9., XNMWa-z$()–-]{0,60}";

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn tokens_are_the_cells_trimmed_non_empty_items(raw in CELL) {
            let tokens = tokens(&raw);
            prop_assert!(tokens.len() <= raw.matches(',').count() + 1);
            for token in tokens {
                prop_assert!(!token.is_empty() && token == token.trim() && !token.contains(','));
            }
        }

        #[test]
        fn sizes_read_from_any_cell_are_an_ascending_run_or_its_own_numbers(raw in CELL) {
            let tokens = tokens(&raw);
            if let Some(sizes) = sizes(&raw) {
                prop_assert!(!sizes.is_empty() && sizes.len() <= tokens.len());
                if tokens.iter().all(|token| token.chars().count() == 1) {
                    // Split characters: read as a run, which written out again gives the characters back.
                    for pair in sizes.windows(2) {
                        prop_assert!(pair[1] > pair[0] && pair[1] - pair[0] <= 1.0);
                    }
                    let written: String = sizes.iter().map(|size| size.to_string()).collect();
                    prop_assert_eq!(written, tokens.concat());
                }
            }
        }

        #[test]
        fn an_ascending_run_split_into_characters_is_read(run in size_run()) {
            prop_assume!(!run.is_empty());
            let written: String = run.iter().map(|size| size.to_string()).collect();
            let read = sizes(&split_into_characters(&written));
            // Some runs read more than one way ("1, 2" is 1 and 2, or 12): a reading is found, and it
            // writes back to the same characters.
            let read = read.expect("an ascending run is read");
            prop_assert_eq!(read.iter().map(|size| size.to_string()).collect::<String>(), written);
        }

        #[test]
        fn widths_read_from_any_cell_are_no_longer_than_it(raw in CELL) {
            let tokens = tokens(&raw);
            if let Some(widths) = widths(&raw) {
                prop_assert!(widths.len() <= tokens.iter().map(|token| token.chars().count()).sum::<usize>());
                let read: usize = widths.iter().map(|width| width.chars().count()).sum();
                prop_assert!(read <= tokens.iter().map(|token| token.chars().count()).sum::<usize>());
            }
        }

        #[test]
        fn runs_of_x_widths_split_into_characters_are_read_back(
            runs in prop::collection::vec((prop::sample::select(vec!['A', 'B', 'C', 'D', 'E', 'X']), 1..6usize), 1..6)
        ) {
            let mut runs = runs;
            runs.dedup_by_key(|(letter, _)| *letter);
            let expected: Vec<String> =
                runs.iter().flat_map(|(letter, count)| (1..=*count).map(|n| letter.to_string().repeat(n))).collect();
            prop_assert_eq!(widths(&split_into_characters(&expected.concat())), Some(expected));
        }

        #[test]
        fn a_price_read_from_any_cell_is_a_positive_range(raw in CELL) {
            if let Some(price) = price(&raw) {
                prop_assert!(price.min > 0.0 && price.min <= price.max);
                prop_assert!(price.remark.is_none_or(|remark| remark.len() <= raw.len()));
            }
        }

        #[test]
        fn a_written_price_range_is_read_back(
            min in 1..10_000u32,
            extra in prop::option::of(0..10_000u32),
            dash in prop::sample::select(vec!["–", "-", " - "]),
            remark in prop::option::of("[a-z/ ]{1,20}"),
        ) {
            let max = min + extra.unwrap_or(0);
            let amounts = if extra.is_some() { format!("${min}{dash}${max}") } else { format!("${min}") };
            let raw = match &remark {
                Some(remark) => format!("{amounts} ({remark})"),
                None => amounts,
            };
            let read = price(&raw).unwrap();
            prop_assert_eq!((read.min, read.max), (f64::from(min), f64::from(max)));
            prop_assert_eq!(read.remark, remark.map(|remark| remark.trim().to_owned()));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn large_cells_are_read_in_one_pass(unit in CELL, repeat in 1_000..2_000usize) {
            let raw = format!("{unit}, ").repeat(repeat.max(200_000 / (unit.len() + 2)));
            let tokens = tokens(&raw);
            prop_assert!(sizes(&raw).is_none_or(|sizes| sizes.len() <= tokens.len()));
            widths(&raw);
            price(&raw);
        }

        #[test]
        fn a_large_cell_of_single_characters_is_read_in_one_pass(
            digits in "[0-9.]{1,20}",
            repeat in 10_000..20_000usize,
        ) {
            // Sizes never pass 99.5, so no reading is longer than 200 sizes however long the cell.
            let raw = split_into_characters(&digits.repeat(repeat));
            prop_assert!(sizes(&raw).is_none_or(|sizes| sizes.len() <= 200));
        }

        #[test]
        fn a_large_run_of_one_width_letter_is_read_in_one_pass(n in 500..700usize) {
            let expected: Vec<String> = (1..=n).map(|width| "X".repeat(width)).collect();
            let raw = split_into_characters(&expected.concat());
            prop_assert!(raw.len() > 100_000);
            prop_assert_eq!(widths(&raw), Some(expected));
            let one_more = format!("{raw}, X");
            prop_assert_eq!(widths(&one_more), None);
        }
    }
}
