//! Cutting text into sentences: the unit the guardrails check and the basic response quotes.

/// Where the first complete sentence of `text` ends (after its closing punctuation and the spaces that
/// follow), or `None` while it may still go on.
pub(crate) fn first_end(text: &str) -> Option<usize> {
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let closes = match c {
            '\n' => true,
            '.' | '!' | '?' | '…' | '։' => chars.peek().is_some_and(|(_, next)| next.is_whitespace()),
            _ => false,
        };
        if closes {
            let rest = &text[at + c.len_utf8()..];
            return Some(text.len() - rest.trim_start().len());
        }
    }
    None
}

/// The sentences of `text`, each with the spaces that follow it; the last may lack its punctuation.
pub(crate) fn split(text: &str) -> Vec<&str> {
    let mut sentences = Vec::new();
    let mut rest = text;
    while let Some(end) = first_end(rest) {
        sentences.push(&rest[..end]);
        rest = &rest[end..];
    }
    if !rest.trim().is_empty() {
        sentences.push(rest);
    }
    sentences
}

/// The first sentences of `text` that fit in `max_chars` (at least one, cut at a word if it is longer).
pub(crate) fn lead(text: &str, max_chars: usize) -> String {
    let mut lead = String::new();
    for sentence in split(text) {
        if !lead.is_empty() && lead.chars().count() + sentence.chars().count() > max_chars {
            break;
        }
        lead.push_str(sentence);
    }
    if lead.chars().count() > max_chars {
        let cut: String = lead.chars().take(max_chars).collect();
        lead = format!("{}…", cut.rsplit_once(' ').map_or(cut.as_str(), |(words, _)| words));
    }
    lead.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_end_at_punctuation_before_a_space_or_at_a_line_break() {
        assert_eq!(
            split("Break them in. Then 3.5 hours?  Yes!\nNew line"),
            ["Break them in. ", "Then 3.5 hours?  ", "Yes!\n", "New line"]
        );
        assert_eq!(first_end("Still going."), None, "the text may go on");
        assert_eq!(lead("One. Two. Three.", 10), "One. Two.");
        assert_eq!(lead("A very long first sentence", 10), "A very…");
    }
}
