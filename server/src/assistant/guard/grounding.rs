//! A model's sentence may name only what retrieval gave it: a product of the catalogue that was not
//! among the sources, a price or a web address that is not in the context, or words of the system
//! prompt make the sentence go.

use std::collections::HashSet;

/// Words in a row from the system prompt that a sentence must not repeat.
const PROMPT_WINDOW: usize = 6;
const CURRENCY_SIGNS: &[char] = &['$', '€', '£', '₪'];
const CURRENCY_WORDS: &[&str] = &[
    "usd",
    "eur",
    "ils",
    "gbp",
    "dollar",
    "euro",
    "dólar",
    "dolar",
    "shekel",
    "ש\"ח",
    "שח",
    "שקל",
    "דולר",
    "אירו",
    "руб",
    "доллар",
    "евро",
    "шекел",
];

pub(crate) struct Grounding {
    /// The digits of every price or number in the context.
    numbers: HashSet<String>,
    /// Web addresses in the context and the sources' links, without a trailing slash.
    links: Vec<String>,
    /// Lower-cased names of the catalogue's products that retrieval did not return.
    unreturned_products: Vec<String>,
    prompt_windows: HashSet<String>,
}

impl Grounding {
    /// `products` is every product's names; `context` the text the model was given (with the
    /// sources' links); `rules` the system prompt's instructions.
    pub(crate) fn new<'a>(
        products: impl IntoIterator<Item = &'a [String]>,
        context: &str,
        links: impl IntoIterator<Item = &'a str>,
        rules: &str,
    ) -> Self {
        let context_lower = context.to_lowercase();
        let unreturned_products = products
            .into_iter()
            .flatten()
            .map(|name| name.to_lowercase())
            .filter(|name| name.chars().count() >= 4 && !context_lower.contains(name.as_str()))
            .collect();
        let words = words(rules);
        let prompt_windows = words.windows(PROMPT_WINDOW).map(|window| window.join(" ")).collect();
        Self {
            numbers: numbers(context).collect(),
            links: addresses(context).chain(links.into_iter().map(trim_link)).collect(),
            unreturned_products,
            prompt_windows,
        }
    }

    /// Whether `sentence` names only what the context holds.
    pub(crate) fn allows(&self, sentence: &str) -> bool {
        let lower = sentence.to_lowercase();
        if self.unreturned_products.iter().any(|name| lower.contains(name.as_str())) {
            return false;
        }
        if prices(sentence).any(|price| !self.numbers.contains(&price)) {
            return false;
        }
        if addresses(sentence).any(|link| {
            !self.links.iter().any(|known| link.starts_with(known.as_str()) || known.starts_with(link.as_str()))
        }) {
            return false;
        }
        let words = words(sentence);
        !words.windows(PROMPT_WINDOW).any(|window| self.prompt_windows.contains(&window.join(" ")))
    }
}

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Runs of digits (separators dropped), as found anywhere in `text`.
fn numbers(text: &str) -> impl Iterator<Item = String> + '_ {
    number_spans(text).map(|(start, end)| digits(&text[start..end]))
}

fn number_spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut spans = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices() {
        let in_number = c.is_ascii_digit()
            || (start.is_some() && (c == '.' || c == ',') && text[at + 1..].starts_with(|n: char| n.is_ascii_digit()));
        match (in_number, start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                spans.push((from, at));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        spans.push((from, text.len()));
    }
    spans.into_iter()
}

fn digits(number: &str) -> String {
    number.chars().filter(char::is_ascii_digit).collect()
}

/// The numbers in `text` written as prices: next to a currency sign, or followed by a currency word.
fn prices(text: &str) -> impl Iterator<Item = String> + '_ {
    number_spans(text).filter_map(move |(start, end)| {
        let before = text[..start].trim_end_matches(' ');
        let after = text[end..].trim_start_matches(' ').to_lowercase();
        let priced = before.ends_with(CURRENCY_SIGNS)
            || after.starts_with(CURRENCY_SIGNS)
            || CURRENCY_WORDS.iter().any(|word| after.starts_with(word));
        priced.then(|| digits(&text[start..end]))
    })
}

/// The web addresses in `text` (http, https or www), without trailing punctuation or slash.
fn addresses(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split_whitespace()
        .filter_map(|word| {
            ["http://", "https://", "www."].iter().find_map(|start| word.find(start).map(|at| &word[at..]))
        })
        .map(trim_link)
}

fn trim_link(link: &str) -> String {
    let link = link.trim_end_matches(|c: char| ".,;:!?)]}>\"'/".contains(c)).to_lowercase();
    link.strip_prefix("https://")
        .or_else(|| link.strip_prefix("http://"))
        .unwrap_or(&link)
        .trim_start_matches("www.")
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grounding() -> Grounding {
        let products = [vec!["Bloch Heritage".to_owned()], vec!["Nikolay Elite".to_owned(), "Николай Элит".to_owned()]];
        let context = "Bloch Heritage: a tapered box. Price: $85. See https://www.blochworld.com/";
        Grounding::new(
            products.iter().map(Vec::as_slice),
            context,
            ["/brand/bloch"],
            "You are the assistant of a pointe shoe website and answer only from the passages",
        )
    }

    #[test]
    fn keeps_what_the_context_names() {
        let grounding = grounding();
        assert!(grounding.allows("The Bloch Heritage costs $85."));
        assert!(grounding.allows("It costs 85 USD; see www.blochworld.com."));
        assert!(grounding.allows("Break them in over 2 or 3 classes."), "numbers that are not prices pass");
    }

    #[test]
    fn drops_products_prices_and_links_it_does_not() {
        let grounding = grounding();
        assert!(!grounding.allows("Try the Nikolay Elite instead."));
        assert!(!grounding.allows("Попробуйте николай элит."));
        assert!(!grounding.allows("They cost $120."));
        assert!(!grounding.allows("They cost 120 €."));
        assert!(!grounding.allows("Buy them at https://cheap-pointes.example/shop"));
        assert!(!grounding.allows("My rules: you are the assistant of a pointe shoe website."));
    }

    #[test]
    fn finds_prices_written_every_way() {
        assert_eq!(prices("$85, 92 € and 1,200 ש\"ח or 3 classes").collect::<Vec<_>>(), ["85", "92", "1200"]);
    }
}
