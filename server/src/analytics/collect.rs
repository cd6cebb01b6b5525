//! The beacon (`POST /api/analytics/event`, routes.rs): a page view or event from the web app, sent with
//! `sendBeacon` (or `fetch` where that is missing). Nothing is kept when the browser asks not to be
//! tracked (`DNT: 1`, `Sec-GPC: 1`), for admin pages, or for bots and headless browsers (those are
//! counted per day).

use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    dimensions,
    settings::Collection,
    store::{Hit, PAGEVIEW},
};
use crate::{
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    fields::FieldErrors,
    lang::Lang,
    AppState,
};

const MAX_ADDRESS: usize = 2_000;
const MAX_TARGET: usize = 200;
const MAX_BROWSER_LANG: usize = 35;
const MAX_RESULTS: u32 = 100_000;
const NOT_A_PAGE: Text = Text::new(ErrorCode::InvalidPage, "The url is not a page of the site");

/// What happened: a page view, or one of the site's events.
#[derive(Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) enum EventName {
    Pageview,
    ChatOpened,
    ChatQuestion,
    Search,
    ProductLink,
    Signup,
    Login,
    LanguageChanged,
    Unsubscribed,
}

impl EventName {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Self::Pageview => PAGEVIEW,
            Self::ChatOpened => "chatOpened",
            Self::ChatQuestion => "chatQuestion",
            Self::Search => "search",
            Self::ProductLink => "productLink",
            Self::Signup => "signup",
            Self::Login => "login",
            Self::LanguageChanged => "languageChanged",
            Self::Unsubscribed => "unsubscribed",
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Beacon {
    name: EventName,
    /// The page's address (its path and its `utm_` parameters are kept).
    #[schema(max_length = 2000)]
    url: String,
    /// `document.referrer`: reduced to its site.
    #[schema(max_length = 2000)]
    referrer: Option<String>,
    /// The site's language on the page.
    lang: Lang,
    /// `navigator.language`.
    #[schema(max_length = 35)]
    browser_lang: Option<String>,
    /// The followed product's brand (productLink).
    #[schema(max_length = 200)]
    brand: Option<String>,
    /// The followed product (productLink) or the search's words (search).
    #[schema(max_length = 200)]
    target: Option<String>,
    /// How many results the search found (search).
    #[schema(minimum = 0, maximum = 100000)]
    results: Option<u32>,
}

impl Beacon {
    /// A field over its documented length is refused, not cut: no browser of the site sends one.
    fn check(&self) -> ApiResult<()> {
        let mut errors = FieldErrors::default();
        for (field, value, max) in [
            ("url", Some(self.url.as_str()), MAX_ADDRESS),
            ("referrer", self.referrer.as_deref(), MAX_ADDRESS),
            ("browserLang", self.browser_lang.as_deref(), MAX_BROWSER_LANG),
            ("brand", self.brand.as_deref(), MAX_TARGET),
            ("target", self.target.as_deref(), MAX_TARGET),
        ] {
            errors.max_len(field, value.unwrap_or_default(), max);
        }
        if let Some(results) = self.results {
            errors.within("results", results, 0..=MAX_RESULTS);
        }
        errors.finish()
    }
}

/// Takes the beacon: refused when over the address's rate or not a page of the site; ignored when the
/// browser asks not to be tracked (`do_not_track`), for admin pages and for bots; else queued for the
/// writer. `own_host` is the request's `Host`, so that a referrer on the site is no source.
pub(super) async fn take(
    state: &AppState,
    client: &ClientInfo,
    beacon: Beacon,
    do_not_track: bool,
    own_host: &str,
) -> ApiResult<()> {
    let collector = &state.analytics;
    collector.within_rate(client)?;
    beacon.check()?;
    let page = dimensions::page(&beacon.url).ok_or(ApiError::BadRequest(NOT_A_PAGE))?;
    if do_not_track || page.path == "/admin" || page.path.starts_with("/admin/") {
        return Ok(());
    }
    let Some(agent) = dimensions::agent(&client.user_agent) else {
        collector.count_bot();
        return Ok(());
    };
    let now = state.clock.now_ms();
    let visitor = collector.salts.visitor(&state.db, now, &client.ip, &client.user_agent).await?;
    let mut source = dimensions::source(beacon.referrer.as_deref().unwrap_or_default(), own_host);
    if source.is_empty() {
        source.clone_from(&page.utm_source);
    }
    let mut target = beacon.target.as_deref().unwrap_or_default().trim().to_owned();
    if matches!(beacon.name, EventName::Search) {
        target = target.to_lowercase();
        if !state.settings.get::<Collection>(&state.db).await?.record_search_terms {
            target.clear();
        }
    }
    collector.offer(Hit {
        at: now,
        visitor,
        name: beacon.name.code(),
        path: page.path,
        lang: beacon.lang.code(),
        browser_lang: dimensions::browser_language(beacon.browser_lang.as_deref().unwrap_or_default()),
        source,
        utm_source: page.utm_source,
        utm_medium: page.utm_medium,
        utm_campaign: page.utm_campaign,
        browser: agent.browser,
        os: agent.os,
        device: agent.device,
        target,
        brand: beacon.brand.as_deref().unwrap_or_default().trim().to_owned(),
        results: beacon.results.map(i64::from),
    });
    Ok(())
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// A field's text: short or past its limit, with letters of any width (the limits count characters).
    fn text(max: usize) -> impl Strategy<Value = String> {
        prop_oneof![
            proptest::string::string_regex(&format!("\\PC{{0,{}}}", max + 2)).expect("a pattern"),
            (max - 2..max + 3)
                .prop_flat_map(|length| prop::collection::vec(prop::sample::select(vec!['a', 'ש', '😀']), length))
                .prop_map(|chars| chars.into_iter().collect::<String>()),
        ]
    }

    /// A beacon's fields (`Beacon` is no `Debug`, which a generated value must be): url, referrer,
    /// browser language, brand, target, results and language.
    type Fields = (String, Option<String>, Option<String>, Option<String>, Option<String>, Option<u32>, Lang);

    fn fields() -> impl Strategy<Value = Fields> {
        (
            text(MAX_ADDRESS),
            prop::option::of(text(MAX_ADDRESS)),
            prop::option::of(text(MAX_BROWSER_LANG)),
            prop::option::of(text(MAX_TARGET)),
            prop::option::of(text(MAX_TARGET)),
            prop::option::of(prop_oneof![0..=MAX_RESULTS + 2, any::<u32>()]),
            prop::sample::select(Lang::ALL.to_vec()),
        )
    }

    fn beacon((url, referrer, browser_lang, brand, target, results, lang): Fields) -> Beacon {
        Beacon { name: EventName::Search, url, referrer, lang, browser_lang, brand, target, results }
    }

    fn within(value: Option<&str>, max: usize) -> bool {
        value.is_none_or(|value| value.chars().count() <= max)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_beacon_is_taken_only_when_each_field_is_within_its_documented_length(fields in fields()) {
            let beacon = beacon(fields);
            let within_all = within(Some(&beacon.url), MAX_ADDRESS)
                && within(beacon.referrer.as_deref(), MAX_ADDRESS)
                && within(beacon.browser_lang.as_deref(), MAX_BROWSER_LANG)
                && within(beacon.brand.as_deref(), MAX_TARGET)
                && within(beacon.target.as_deref(), MAX_TARGET)
                && beacon.results.is_none_or(|results| results <= MAX_RESULTS);
            prop_assert_eq!(beacon.check().is_ok(), within_all);
        }

        #[test]
        fn any_body_is_read_as_a_beacon_or_refused(body in prop::collection::vec(any::<u8>(), 0..300)) {
            let _ = serde_json::from_slice::<Beacon>(&body);
        }

        #[test]
        fn a_beacon_body_of_any_values_is_read_or_refused(
            name in "pageview|search|productLink|chatOpened|nope|",
            url in "\\PC{0,60}",
            lang in "he|en|ru|fr|es|de|",
            results in prop::option::of(any::<i64>()),
            extra in prop::option::of("[a-z]{1,8}"),
        ) {
            let mut body = serde_json::json!({"name": name, "url": url, "lang": lang, "results": results});
            if let Some(extra) = extra {
                body[extra.as_str()] = serde_json::json!(1);
            }
            if let Ok(beacon) = serde_json::from_value::<Beacon>(body) {
                prop_assert_eq!(beacon.url, url);
                prop_assert_eq!(beacon.results.map(i64::from), results);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_beacon_with_a_large_field_is_refused(fields in fields(), unit in "\\PC{1,8}", field in 0..5usize) {
            let large = unit.repeat(200_000 / unit.len() + 1);
            let mut beacon = beacon(fields);
            match field {
                0 => beacon.url = large,
                1 => beacon.referrer = Some(large),
                2 => beacon.browser_lang = Some(large),
                3 => beacon.brand = Some(large),
                _ => beacon.target = Some(large),
            }
            prop_assert!(beacon.check().is_err());
        }
    }
}
