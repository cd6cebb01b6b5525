//! What a hit says about its visit, reduced to what the reports group by: browser, operating system and
//! device class (from woothee's user-agent parser), bots, the referrer's source, the page's path and
//! its UTM parameters. Nothing finer is kept.

use url::Url;

use crate::text::cut;

pub(crate) const MAX_PATH: usize = 300;
const MAX_LABEL: usize = 100;

/// Browser, operating system and device class; `None` for bots, crawlers and headless browsers.
pub(crate) struct Agent {
    pub browser: String,
    pub os: String,
    pub device: &'static str,
}

/// Words of automated clients that woothee does not call crawlers.
const AUTOMATED: [&str; 10] =
    ["headless", "bot", "crawl", "spider", "lighthouse", "phantomjs", "puppeteer", "playwright", "curl", "python-"];

pub(crate) fn agent(user_agent: &str) -> Option<Agent> {
    let lower = user_agent.to_ascii_lowercase();
    if user_agent.trim().is_empty() || AUTOMATED.iter().any(|word| lower.contains(word)) {
        return None;
    }
    let found = woothee::parser::Parser::new().parse(user_agent)?;
    let device = match found.category {
        "crawler" => return None,
        "pc" => "desktop",
        "smartphone" | "mobilephone" if lower.contains("ipad") || lower.contains("tablet") => "tablet",
        "smartphone" | "mobilephone" => "mobile",
        _ => "other",
    };
    let known = |value: &str| if value == "UNKNOWN" { "Other".to_owned() } else { value.to_owned() };
    Some(Agent { browser: known(found.name), os: known(found.os), device })
}

/// Where a visit came from: a known site's name, else the referring host without `www.`; empty for a
/// direct visit or a link within the site (`own_host`).
pub(crate) fn source(referrer: &str, own_host: &str) -> String {
    let Some(host) = Url::parse(referrer).ok().and_then(|url| url.host_str().map(str::to_ascii_lowercase)) else {
        return String::new();
    };
    let host = host.strip_prefix("www.").unwrap_or(&host);
    let own = own_host.split(':').next().unwrap_or_default().to_ascii_lowercase();
    if host == own.strip_prefix("www.").unwrap_or(&own) {
        return String::new();
    }
    let labels: Vec<&str> = host.split('.').collect();
    let named = |name: &str| labels.iter().rev().skip(1).any(|label| *label == name);
    let known = [
        ("google", "Google"),
        ("bing", "Bing"),
        ("duckduckgo", "DuckDuckGo"),
        ("yandex", "Yandex"),
        ("facebook", "Facebook"),
        ("instagram", "Instagram"),
        ("youtube", "YouTube"),
        ("pinterest", "Pinterest"),
        ("reddit", "Reddit"),
        ("linkedin", "LinkedIn"),
        ("tiktok", "TikTok"),
    ];
    if let Some((_, name)) = known.iter().find(|(label, _)| named(label)) {
        return (*name).to_owned();
    }
    match host {
        "t.co" | "x.com" | "twitter.com" => "X".to_owned(),
        _ => cut(host, MAX_LABEL).to_owned(),
    }
}

/// A page's path (no query, no trailing slash but the root's) and its UTM source, medium and campaign.
pub(crate) struct Page {
    pub path: String,
    pub utm_source: String,
    pub utm_medium: String,
    pub utm_campaign: String,
}

/// Reads a page's address, absolute or a path; `None` when it is not one.
pub(crate) fn page(address: &str) -> Option<Page> {
    let base = Url::parse("http://site.invalid/").expect("a valid base");
    let url = base.join(address).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let trimmed = url.path().trim_end_matches('/');
    let path = if trimmed.is_empty() { "/" } else { trimmed };
    let path = percent_decoded(path);
    let utm = |key: &str| {
        url.query_pairs()
            .find(|(name, _)| name == key)
            .map(|(_, value)| cut(value.trim(), MAX_LABEL).to_owned())
            .unwrap_or_default()
    };
    Some(Page {
        path: cut(&path, MAX_PATH).to_owned(),
        utm_source: utm("utm_source"),
        utm_medium: utm("utm_medium"),
        utm_campaign: utm("utm_campaign"),
    })
}

fn percent_decoded(path: &str) -> String {
    percent_encoding::percent_decode_str(path).decode_utf8_lossy().into_owned()
}

/// The primary subtag of the browser's language (`en-US` gives `en`); empty when it is not one.
pub(crate) fn browser_language(tag: &str) -> String {
    let primary = tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
    if (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_lowercase()) {
        primary
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

    #[test]
    fn agents_are_reduced_to_browser_os_and_device() {
        let firefox = agent(FIREFOX).unwrap();
        assert_eq!((firefox.browser.as_str(), firefox.os.as_str(), firefox.device), ("Firefox", "Linux", "desktop"));
        let iphone = agent(IPHONE).unwrap();
        assert_eq!((iphone.browser.as_str(), iphone.os.as_str(), iphone.device), ("Safari", "iPhone", "mobile"));
    }

    #[test]
    fn bots_and_headless_browsers_are_not_visitors() {
        for bot in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
            "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
            "curl/8.5.0",
            "",
        ] {
            assert!(agent(bot).is_none(), "{bot}");
        }
    }

    #[test]
    fn referrers_become_sources() {
        assert_eq!(source("https://www.google.co.il/search?q=pointe", "pointe.example"), "Google");
        assert_eq!(source("https://t.co/abc", "pointe.example"), "X");
        assert_eq!(source("https://www.dancemag.example/reviews/1", "pointe.example"), "dancemag.example");
        assert_eq!(source("https://pointe.example/brands", "pointe.example:443"), "");
        assert_eq!(source("not a url", "pointe.example"), "");
        assert_eq!(source("", "pointe.example"), "");
    }

    #[test]
    fn pages_keep_their_path_and_utm_parameters() {
        let page = page("https://pointe.example/brands/bloch/?utm_source=news&utm_campaign=spring&x=1").unwrap();
        assert_eq!(page.path, "/brands/bloch");
        assert_eq!(
            (page.utm_source.as_str(), page.utm_medium.as_str(), page.utm_campaign.as_str()),
            ("news", "", "spring")
        );
        assert_eq!(super::page("/").unwrap().path, "/");
        assert_eq!(super::page("/blog/%D7%91").unwrap().path, "/blog/ב");
        assert!(super::page("javascript:alert(1)").is_none());
    }

    #[test]
    fn browser_languages_keep_the_primary_subtag() {
        assert_eq!(browser_language("en-US"), "en");
        assert_eq!(browser_language("HE"), "he");
        assert_eq!(browser_language("<script>"), "");
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// User agents: any text, and pieces of real ones put together.
    fn user_agent() -> impl Strategy<Value = String> {
        let piece = prop::sample::select(vec![
            "Mozilla/5.0 ",
            "(X11; Linux x86_64; rv:133.0) ",
            "(iPhone; CPU iPhone OS 17_5 like Mac OS X) ",
            "(iPad; CPU OS 17_5 like Mac OS X) ",
            "(Windows NT 10.0; Win64; x64) ",
            "(Linux; Android 14; Tablet) ",
            "AppleWebKit/537.36 (KHTML, like Gecko) ",
            "Chrome/130.0.0.0 ",
            "Mobile ",
            "Safari/537.36 ",
            "Firefox/133.0 ",
            "Gecko/20100101 ",
            "Version/17.5 ",
            "Edg/130.0 ",
            "Opera ",
            "MSIE 6.0; ",
            "(",
            ")",
            ";",
            "/",
        ]);
        prop_oneof!["\\PC{0,200}", prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())]
    }

    /// Addresses as browsers send them: absolute or a path, with a query and odd characters.
    fn address() -> impl Strategy<Value = String> {
        prop_oneof![
            "\\PC{0,200}",
            (
                prop::sample::select(vec![
                    "",
                    "https://pointe.test",
                    "http://x.example:8080",
                    "javascript:",
                    "//h",
                    "file:///"
                ]),
                "(/[a-zA-Z0-9%._~ -]{0,20}){0,6}/?",
                prop::collection::vec(
                    (
                        prop::sample::select(vec!["utm_source", "utm_medium", "utm_campaign", "x", "utm_source%20"]),
                        "\\PC{0,30}|[a-z%+= ]{0,30}"
                    ),
                    0..5
                ),
            )
                .prop_map(|(origin, path, query)| {
                    let query: Vec<String> = query.into_iter().map(|(name, value)| format!("{name}={value}")).collect();
                    format!("{origin}{path}?{}", query.join("&"))
                }),
        ]
    }

    fn referrer() -> impl Strategy<Value = String> {
        prop_oneof![
            "\\PC{0,100}",
            (
                "(https?|ftp|mailto)://",
                "(www\\.)?([a-zA-Z0-9-]{1,12}\\.){0,4}[a-zA-Z0-9-]{1,12}",
                "(:[0-9]{1,5})?(/[a-z]{0,8})?"
            )
                .prop_map(|(scheme, host, rest)| format!("{scheme}{host}{rest}")),
            "https://[a-z]{60,70}\\.[a-z]{60,70}\\.example/",
        ]
    }

    fn assert_page_bounded(address: &str) -> Result<(), TestCaseError> {
        if let Some(page) = page(address) {
            prop_assert!(page.path.starts_with('/'));
            prop_assert!(page.path.chars().count() <= MAX_PATH);
            for utm in [&page.utm_source, &page.utm_medium, &page.utm_campaign] {
                prop_assert!(utm.chars().count() <= MAX_LABEL);
            }
        }
        Ok(())
    }

    fn assert_agent_bounded(user_agent: &str) -> Result<(), TestCaseError> {
        if let Some(agent) = agent(user_agent) {
            // Names from woothee's data set, never the client's own words.
            prop_assert!(agent.browser.len() <= MAX_LABEL && agent.os.len() <= MAX_LABEL);
            prop_assert!(["desktop", "mobile", "tablet", "other"].contains(&agent.device));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn an_agent_is_a_known_browser_os_and_device(user_agent in user_agent()) {
            assert_agent_bounded(&user_agent)?;
        }

        #[test]
        fn a_source_is_at_most_a_label_long(referrer in referrer(), own in "[a-z.]{0,20}(:[0-9]{1,5})?") {
            let source = source(&referrer, &own);
            prop_assert!(source.chars().count() <= MAX_LABEL);
        }

        #[test]
        fn a_link_within_the_site_has_no_source(
            host in "[a-z]{1,12}\\.[a-z]{2,6}",
            path in "(/[a-z]{0,8}){0,3}",
            www in any::<bool>(),
        ) {
            let referrer = format!("https://{}{host}{path}", if www { "www." } else { "" });
            prop_assert_eq!(source(&referrer, &format!("{host}:443")), "");
        }

        #[test]
        fn a_page_keeps_a_bounded_path_and_utm_labels(address in address()) {
            assert_page_bounded(&address)?;
        }

        #[test]
        fn a_browser_language_is_two_or_three_lower_case_letters_or_nothing(tag in "\\PC{0,40}|[a-zA-Z_-]{0,10}") {
            let language = browser_language(&tag);
            let lower_case_letters = language.bytes().all(|b| b.is_ascii_lowercase());
            prop_assert!(language.is_empty() || ((2..=3).contains(&language.len()) && lower_case_letters));
            prop_assert!(language.is_empty() || tag.to_ascii_lowercase().starts_with(&language));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn large_values_are_reduced_within_the_bounds(
            user_agent in user_agent(),
            address in address(),
            referrer in referrer(),
        ) {
            let large = |value: &str| format!("x{}", value.repeat(200_000 / value.len().max(1) + 1));
            assert_agent_bounded(&large(&user_agent))?;
            assert_agent_bounded(&format!("Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 {}", "a".repeat(300_000)))?;
            assert_page_bounded(&large(&address))?;
            assert_page_bounded(&format!("/{}?utm_source={}", "a/".repeat(150_000), "b".repeat(300_000)))?;
            prop_assert!(source(&large(&referrer), "pointe.test").chars().count() <= MAX_LABEL);
            let long_host = format!("https://{}.example/", "a".repeat(300_000));
            prop_assert!(source(&long_host, "pointe.test").chars().count() <= MAX_LABEL);
            prop_assert!(browser_language(&large(&referrer)).len() <= 3);
        }
    }
}
