//! Small helpers for text that comes from outside.

/// The first `max_chars` characters of `text`: a value from a client or a mail server, bounded
/// before it is stored or logged.
pub(crate) fn cut(text: &str, max_chars: usize) -> &str {
    text.char_indices().nth(max_chars).map_or(text, |(end, _)| &text[..end])
}

#[cfg(test)]
mod tests {
    use super::cut;

    #[test]
    fn cuts_at_a_character_boundary() {
        assert_eq!(cut("שלום", 2), "של");
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abc", 10), "abc");
        assert_eq!(cut("", 1), "");
        assert_eq!(cut("abc", 0), "");
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::cut;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_cut_is_the_texts_first_characters_and_no_more(text in "\\PC{0,100}|.{0,100}", max in 0..120usize) {
            let kept = cut(&text, max);
            prop_assert!(text.starts_with(kept));
            prop_assert_eq!(kept.chars().count(), max.min(text.chars().count()));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_large_text_is_cut_without_reading_past_the_cut(
            unit in "\\PC{1,10}",
            repeat in 50_000..100_000usize,
            max in 0..1_000usize,
        ) {
            let text = unit.repeat(repeat);
            prop_assert_eq!(cut(&text, max).chars().count(), max);
            prop_assert_eq!(cut(&text, usize::MAX), text.as_str());
        }
    }
}
