//! First-party analytics (issue 18): beacons become page views, events and visits without a cookie or
//! a kept IP address; bots, DNT and admin pages are left out; junk and floods are refused; the admin's
//! report counts, compares, breaks down and filters.

use axum::http::{Method, StatusCode};
use pointe_server::testing::{
    analytics::{dropped, flush, try_flush},
    Clock, Role, DAY_MS,
};
use serde_json::{json, Value};
use sqlx::Row;

use crate::common::{assert_error_code, assert_field_error, each_backend_with, TestApp, TestResponse};

const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/// The addresses' visitors (TRUST_PROXY reads them from X-Forwarded-For).
const ANNA: &str = "203.0.113.77";
const BORIS: &str = "198.51.100.23";

async fn with_analytics(test: impl AsyncFn(&TestApp)) {
    each_backend_with(&[("TRUST_PROXY", "true")], test).await;
}

async fn beacon(app: &TestApp, ip: &str, agent: &str, body: Value) -> TestResponse {
    beacon_with(app, ip, agent, body, &[]).await
}

async fn beacon_with(app: &TestApp, ip: &str, agent: &str, body: Value, extra: &[(&str, &str)]) -> TestResponse {
    let mut headers = vec![("x-forwarded-for", ip), ("user-agent", agent), ("host", "pointe.example")];
    headers.extend_from_slice(extra);
    app.send_json(Method::POST, "/api/analytics/event", &body, &headers).await
}

fn view(url: &str, lang: &str) -> Value {
    json!({ "name": "pageview", "url": url, "lang": lang, "browserLang": "en-US" })
}

async fn report(app: &TestApp, token: &str, query: &str) -> Value {
    let response = app
        .request(
            Method::GET,
            &format!("/api/admin/analytics?{query}"),
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

fn rows(report: &Value, breakdown: &str) -> Vec<(String, i64, i64)> {
    report["breakdowns"][breakdown]
        .as_array()
        .unwrap_or_else(|| panic!("no {breakdown}"))
        .iter()
        .map(|row| {
            (
                row["value"].as_str().unwrap().to_owned(),
                row["visitors"].as_i64().unwrap(),
                row["count"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn row(value: &str, visitors: i64, count: i64) -> (String, i64, i64) {
    (value.to_owned(), visitors, count)
}

async fn stored_events(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM analytics_events").fetch_one(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn page_views_and_events_become_visits_figures_and_breakdowns() {
    with_analytics(async |app| {
        let referrer = json!({ "name": "pageview", "url": "https://pointe.example/?utm_source=news&utm_campaign=spring",
            "referrer": "https://www.google.co.il/search?q=pointe", "lang": "he", "browserLang": "he-IL" });
        for response in [
            beacon(app, ANNA, FIREFOX, referrer).await,
            beacon(app, ANNA, FIREFOX, view("https://pointe.example/brands/bloch", "he")).await,
            beacon(
                app,
                ANNA,
                FIREFOX,
                json!({ "name": "productLink", "url": "/brands/bloch", "lang": "he",
                "brand": "Bloch", "target": "Heritage" }),
            )
            .await,
            beacon(app, BORIS, IPHONE, view("/brands", "en")).await,
            beacon(
                app,
                BORIS,
                IPHONE,
                json!({ "name": "search", "url": "/brands", "lang": "en",
                "target": "  Glitter Slippers ", "results": 0 }),
            )
            .await,
            beacon(app, BORIS, IPHONE, json!({ "name": "chatOpened", "url": "/brands", "lang": "en" })).await,
            beacon(app, BORIS, IPHONE, json!({ "name": "chatQuestion", "url": "/brands", "lang": "en" })).await,
        ] {
            assert_eq!(response.status, StatusCode::ACCEPTED, "{}", response.text());
        }
        assert_eq!(stored_events(app).await, 0, "queued, not yet written");
        assert_eq!(flush(&app.state).await, 7);

        let admin = app.signed_in_admin("ada").await;
        let figures = report(app, &admin, "range=1h").await;
        let headline = &figures["headline"];
        assert_eq!(headline["visitors"]["value"], 2.0);
        assert_eq!(headline["visits"]["value"], 2.0);
        assert_eq!(headline["pageviews"]["value"], 3.0);
        assert_eq!(headline["viewsPerVisit"]["value"], 1.5);
        assert_eq!(headline["bounceRate"]["value"], 0.5, "Boris saw one page");
        assert_eq!(headline["visitors"]["previous"], 0.0);
        assert_eq!(figures["stepMs"], 60_000);
        let series = figures["series"].as_array().unwrap();
        assert_eq!(series.len(), 60);
        assert_eq!(series.iter().map(|slot| slot["pageviews"].as_i64().unwrap()).sum::<i64>(), 3);

        assert_eq!(rows(&figures, "pages"), [row("/", 1, 1), row("/brands", 1, 1), row("/brands/bloch", 1, 1)]);
        assert_eq!(rows(&figures, "entryPages"), [row("/", 1, 1), row("/brands", 1, 1)]);
        assert_eq!(rows(&figures, "exitPages"), [row("/brands", 1, 1), row("/brands/bloch", 1, 1)]);
        assert_eq!(rows(&figures, "sources"), [row("", 1, 1), row("Google", 1, 1)]);
        assert_eq!(rows(&figures, "utmCampaigns"), [row("spring", 1, 1)]);
        assert_eq!(rows(&figures, "languages"), [row("he", 1, 2), row("en", 1, 1)]);
        assert_eq!(rows(&figures, "browserLanguages"), [row("en", 1, 1), row("he", 1, 1)]);
        assert_eq!(rows(&figures, "browsers"), [row("Firefox", 1, 1), row("Safari", 1, 1)]);
        assert_eq!(rows(&figures, "devices"), [row("desktop", 1, 1), row("mobile", 1, 1)]);
        assert_eq!(rows(&figures, "products"), [row("Heritage", 1, 1)]);
        assert_eq!(rows(&figures, "brands"), [row("Bloch", 1, 1)]);
        assert_eq!(rows(&figures, "emptySearches"), [row("glitter slippers", 1, 1)]);
        assert_eq!(rows(&figures, "chatQuestions"), [row("en", 1, 1)]);
        assert_eq!(rows(&figures, "events").len(), 4);

        // A clicked row narrows everything: visits that had Bloch's page.
        let bloch = report(app, &admin, "range=1h&page=%2Fbrands%2Fbloch").await;
        assert_eq!(bloch["headline"]["pageviews"]["value"], 1.0);
        assert_eq!(bloch["headline"]["visits"]["value"], 1.0);
        assert_eq!(rows(&bloch, "browsers"), [row("Firefox", 1, 1)]);
        let searchers = report(app, &admin, "range=1h&event=search&device=mobile").await;
        assert_eq!(searchers["headline"]["visitors"]["value"], 1.0);
        assert_eq!(rows(&searchers, "pages"), [row("/brands", 1, 1)]);

        // The live panel: five minutes' visitors and the latest hits first.
        let live = app
            .request(Method::GET, "/api/admin/analytics/live", &[("authorization", &format!("Bearer {admin}"))])
            .await;
        assert_eq!(live.status, StatusCode::OK);
        let live = live.json();
        assert_eq!(live["visitorsNow"], 2);
        assert_eq!(live["recent"].as_array().unwrap().len(), 7);

        // Next hour, the previous period holds them.
        app.clock.advance_secs(3600);
        let admin = app.signed_in_admin("ada2").await;
        let later = report(app, &admin, "range=1h").await;
        assert_eq!(
            (later["headline"]["pageviews"]["value"].as_f64(), later["headline"]["pageviews"]["previous"].as_f64()),
            (Some(0.0), Some(3.0))
        );
    })
    .await;
}

#[tokio::test]
async fn a_visit_ends_after_half_an_hour_without_a_hit() {
    with_analytics(async |app| {
        // An hour into a UTC day: the hour the test spans must not cross midnight, where the visitor's
        // daily salt changes and the same browser counts as a second visitor.
        let now = app.clock.now_ms();
        app.clock.advance_ms(pointe_server::testing::DAY_MS - now % pointe_server::testing::DAY_MS + 3_600_000);
        beacon(app, ANNA, FIREFOX, view("/", "he")).await;
        flush(&app.state).await;
        app.clock.advance_secs(29 * 60);
        beacon(app, ANNA, FIREFOX, view("/blog", "he")).await;
        flush(&app.state).await;
        app.clock.advance_secs(31 * 60);
        beacon(app, ANNA, FIREFOX, view("/brands", "he")).await;
        flush(&app.state).await;
        let admin = app.signed_in_admin("ada").await;
        let figures = report(app, &admin, "range=24h").await;
        assert_eq!(figures["headline"]["visits"]["value"], 2.0);
        assert_eq!(figures["headline"]["visitors"]["value"], 1.0);
        assert_eq!(figures["headline"]["averageVisitSecs"]["value"], (29.0 * 60.0) / 2.0);
        assert_eq!(rows(&figures, "exitPages"), [row("/blog", 1, 1), row("/brands", 1, 1)]);
    })
    .await;
}

#[tokio::test]
async fn no_ip_address_is_stored_and_the_visitor_changes_with_the_days_salt() {
    with_analytics(async |app| {
        beacon(app, ANNA, FIREFOX, view("/", "he")).await;
        flush(&app.state).await;
        app.clock.advance_ms(DAY_MS);
        beacon(app, ANNA, FIREFOX, view("/", "he")).await;
        flush(&app.state).await;
        let db = &app.state.db;
        let visitors: Vec<String> =
            sqlx::query_scalar("SELECT DISTINCT visitor FROM analytics_events").fetch_all(db).await.unwrap();
        assert_eq!(visitors.len(), 2, "same address and browser, another day: another visitor");
        let salts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM analytics_salts").fetch_one(db).await.unwrap();
        assert_eq!(salts, 1, "yesterday's salt is deleted");
        for (table, column) in every_text_column(app).await {
            let sql = format!("SELECT COUNT(*) FROM {table} WHERE CAST({column} AS TEXT) LIKE '%{ANNA}%'");
            let found: i64 = sqlx::query_scalar(&sql).fetch_one(db).await.unwrap();
            assert_eq!(found, 0, "{table}.{column} holds the visitor's IP address");
        }
    })
    .await;
}

/// Every column of every table of the database.
async fn every_text_column(app: &TestApp) -> Vec<(String, String)> {
    let sql = if app.backend == "sqlite" {
        "SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'"
    } else {
        "SELECT CAST(table_name AS TEXT) AS t, CAST(column_name AS TEXT) AS c FROM information_schema.columns
         WHERE table_schema = 'public'"
    };
    let rows = sqlx::query(sql).fetch_all(&app.state.db).await.unwrap();
    assert!(rows.len() > 50, "the query lists the columns");
    rows.iter().map(|row| (row.get::<String, _>("t"), row.get::<String, _>("c"))).collect()
}

#[tokio::test]
async fn bots_dnt_and_admin_pages_are_not_counted() {
    with_analytics(async |app| {
        for response in [
            beacon(app, ANNA, GOOGLEBOT, view("/", "he")).await,
            beacon_with(app, ANNA, FIREFOX, view("/", "he"), &[("dnt", "1")]).await,
            beacon_with(app, ANNA, FIREFOX, view("/", "he"), &[("sec-gpc", "1")]).await,
            beacon(app, ANNA, FIREFOX, view("/admin/users", "he")).await,
        ] {
            assert_eq!(response.status, StatusCode::ACCEPTED);
        }
        flush(&app.state).await;
        assert_eq!(stored_events(app).await, 0);
        let admin = app.signed_in_admin("ada").await;
        assert_eq!(report(app, &admin, "range=24h").await["bots"], 1);
    })
    .await;
}

#[tokio::test]
async fn search_words_are_kept_only_while_the_setting_allows() {
    with_analytics(async |app| {
        let admin = app.signed_in_admin("ada").await;
        let auth = format!("Bearer {admin}");
        let off = json!({ "retentionDays": 400, "recordSearchTerms": false });
        let saved = app
            .send_json(Method::PUT, "/api/admin/settings/analytics-collection", &off, &[("authorization", &auth)])
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
        beacon(
            app,
            ANNA,
            FIREFOX,
            json!({ "name": "search", "url": "/", "lang": "he", "target": "private words", "results": 0 }),
        )
        .await;
        flush(&app.state).await;
        let kept: Vec<(String, Option<i64>)> = sqlx::query("SELECT target, results FROM analytics_events")
            .fetch_all(&app.state.db)
            .await
            .unwrap()
            .iter()
            .map(|row| (row.get("target"), row.get("results")))
            .collect();
        assert_eq!(kept, [(String::new(), Some(0))]);
        let short = json!({ "retentionDays": 3, "recordSearchTerms": true });
        let refused = app
            .send_json(Method::PUT, "/api/admin/settings/analytics-collection", &short, &[("authorization", &auth)])
            .await;
        assert_field_error(&refused, StatusCode::BAD_REQUEST, "retentionDays", "Must be between 30 and 3650");
    })
    .await;
}

#[tokio::test]
async fn junk_is_refused_and_floods_are_slowed() {
    with_analytics(async |app| {
        let junk = [
            json!({ "name": "pageview" }),
            json!({ "name": "purchase", "url": "/", "lang": "he" }),
            json!({ "name": "pageview", "url": "/", "lang": "de" }),
            json!({ "name": "pageview", "url": "/", "lang": "he", "extra": 1 }),
            json!({ "name": "search", "url": "/", "lang": "he", "results": -1 }),
        ];
        for body in junk {
            assert_eq!(beacon(app, BORIS, FIREFOX, body.clone()).await.status, StatusCode::BAD_REQUEST, "{body}");
        }
        let script = beacon(app, BORIS, FIREFOX, view("javascript:alert(1)", "he")).await;
        assert_error_code(&script, StatusCode::BAD_REQUEST, "invalid_page");
        let long = beacon(app, BORIS, FIREFOX, view(&format!("/{}", "a".repeat(2000)), "he")).await;
        assert_field_error(&long, StatusCode::BAD_REQUEST, "url", "Must be at most 2000 characters");
        let long_brand = json!({ "name": "productLink", "url": "/", "lang": "he", "brand": "b".repeat(201) });
        assert_field_error(
            &beacon(app, BORIS, FIREFOX, long_brand).await,
            StatusCode::BAD_REQUEST,
            "brand",
            "Must be at most 200 characters",
        );
        let huge = view(&format!("/{}", "a".repeat(5000)), "he");
        assert_error_code(&beacon(app, BORIS, FIREFOX, huge).await, StatusCode::PAYLOAD_TOO_LARGE, "body_too_large");
        let mut statuses = Vec::new();
        for _ in 0..130 {
            statuses.push(beacon(app, ANNA, FIREFOX, view("/", "he")).await.status);
        }
        assert_eq!(statuses.iter().filter(|s| **s == StatusCode::ACCEPTED).count(), 120);
        assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS));
    })
    .await;
}

#[tokio::test]
async fn editors_read_analytics_and_ranges_are_checked() {
    with_analytics(async |app| {
        let editor = app.user_with_role("eddie", Role::Editor).await;
        let ok = report(app, &editor, "range=30d").await;
        assert_eq!(ok["series"].as_array().unwrap().len(), 30);
        assert_eq!(ok["stepMs"], DAY_MS);
        let member = app.user_with_role("mia", Role::User).await;
        let auth = format!("Bearer {member}");
        let refused = app.request(Method::GET, "/api/admin/analytics", &[("authorization", &auth)]).await;
        assert_error_code(&refused, StatusCode::FORBIDDEN, "forbidden");
        assert_eq!(app.get("/api/admin/analytics").await.status, StatusCode::UNAUTHORIZED);

        let custom = async |query: &str| {
            let uri = format!("/api/admin/analytics?{query}");
            app.request(Method::GET, &uri, &[("authorization", &format!("Bearer {editor}"))]).await
        };
        assert_field_error(
            &custom("range=custom&from=1000").await,
            StatusCode::BAD_REQUEST,
            "to",
            "Must be after the start",
        );
        assert_field_error(&custom("range=7d&to=-1").await, StatusCode::BAD_REQUEST, "to", "Must be 0 or more");
        let too_long = format!("range=custom&from=0&to={}", 401 * DAY_MS);
        assert_field_error(&custom(&too_long).await, StatusCode::BAD_REQUEST, "to", "A range is at most 400 days");
        let two_hours = custom(&format!("range=custom&from={}&to={}", DAY_MS, DAY_MS + 2 * 3_600_000)).await.json();
        assert_eq!((two_hours["stepMs"].as_i64(), two_hours["series"].as_array().unwrap().len()), (Some(60_000), 120));
        assert_eq!(custom("range=week").await.status, StatusCode::BAD_REQUEST);
    })
    .await;
}

#[tokio::test]
async fn days_past_the_retention_are_kept_as_daily_totals() {
    with_analytics(async |app| {
        let admin = app.signed_in_admin("ada").await;
        let auth = format!("Bearer {admin}");
        let short = json!({ "retentionDays": 30, "recordSearchTerms": true });
        app.send_json(Method::PUT, "/api/admin/settings/analytics-collection", &short, &[("authorization", &auth)])
            .await;
        let first_day = app.clock.now_ms() / DAY_MS * DAY_MS;
        beacon(app, ANNA, FIREFOX, view("/", "he")).await;
        beacon(app, ANNA, FIREFOX, view("/brands", "he")).await;
        beacon(app, BORIS, IPHONE, view("/", "en")).await;
        flush(&app.state).await;
        let whole_days = format!("range=custom&from={first_day}&to={}", first_day + 40 * DAY_MS);

        app.clock.advance_ms(31 * DAY_MS);
        let removed = pointe_server::testing::cleanup::run(&app.state).await.unwrap();
        assert_eq!(removed.analytics_events, 3);
        assert_eq!(stored_events(app).await, 0);
        let admin = app.signed_in_admin("ada2").await;
        let totals = report(app, &admin, &whole_days).await;
        let headline = &totals["headline"];
        assert_eq!(
            (headline["visitors"]["value"].as_f64(), headline["visits"]["value"].as_f64()),
            (Some(2.0), Some(2.0))
        );
        assert_eq!(
            (headline["pageviews"]["value"].as_f64(), headline["bounceRate"]["value"].as_f64()),
            (Some(3.0), Some(0.5))
        );
        assert_eq!(totals["series"][0]["pageviews"], 3);
        assert_eq!(rows(&totals, "pages"), [], "the breakdowns went with the raw hits");
        assert_eq!(
            report(app, &admin, &format!("{whole_days}&device=mobile")).await["headline"]["visits"]["value"],
            0.0
        );

        // A second run adds nothing twice.
        pointe_server::testing::cleanup::run(&app.state).await.unwrap();
        assert_eq!(report(app, &admin, &whole_days).await["headline"]["pageviews"]["value"], 3.0);
    })
    .await;
}

#[tokio::test]
async fn finished_days_are_counted_once_and_read_the_same_as_their_raw_hits() {
    with_analytics(async |app| {
        let search = json!({ "name": "search", "url": "/blog", "lang": "en", "target": "pink", "results": 0 });
        let follow =
            json!({ "name": "productLink", "url": "/blog", "lang": "en", "brand": "Bloch", "target": "Heritage" });
        // Noon, so that no day is about to end.
        let now = app.clock.now_ms();
        app.clock.advance_ms((now / DAY_MS + 1) * DAY_MS + DAY_MS / 2 - now);
        let days: [&[(&str, Value)]; 3] = [
            &[(ANNA, view("/", "he")), (ANNA, view("/brands", "he")), (BORIS, view("/", "en"))],
            &[(ANNA, view("/blog", "en")), (ANNA, search), (ANNA, follow)],
            &[(BORIS, view("/", "ru"))],
        ];
        for (index, hits) in days.iter().enumerate() {
            if index > 0 {
                app.clock.advance_ms(DAY_MS);
            }
            for (ip, body) in hits.iter() {
                assert_eq!(beacon(app, ip, FIREFOX, body.clone()).await.status, StatusCode::ACCEPTED);
            }
            flush(&app.state).await;
        }
        let admin = app.signed_in_admin("ada").await;
        let before_counting = report(app, &admin, "range=7d").await;
        pointe_server::testing::cleanup::run(&app.state).await.unwrap();
        assert_eq!(report(app, &admin, "range=7d").await, before_counting, "counted days read as their raw hits did");
        for range in ["7d", "30d"] {
            let counted = report(app, &admin, &format!("range={range}")).await;
            // Every hit is Firefox's: the filter changes nothing but makes the report read every raw hit.
            let mut raw = report(app, &admin, &format!("range={range}&browser=Firefox")).await;
            assert_eq!(raw["filters"].as_array().unwrap().len(), 1);
            raw["filters"] = json!([]);
            assert_eq!(counted, raw, "{range}");
            let headline = &counted["headline"];
            assert_eq!(headline["visitors"]["value"], 4.0, "a visitor is one day's: Anna twice, Boris twice");
            assert_eq!(headline["pageviews"]["value"], 5.0);
            assert_eq!(headline["visits"]["value"], 4.0);
            assert_eq!(rows(&counted, "pages")[0], row("/", 3, 3));
            assert_eq!(rows(&counted, "emptySearches"), [row("pink", 1, 1)]);
        }
        let db = &app.state.db;
        let counted_days: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM analytics_daily").fetch_one(db).await.unwrap();
        assert_eq!(counted_days, 2, "the two finished days, not today");
        let values: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM analytics_day_rows").fetch_one(db).await.unwrap();
        assert!(values > 0);

        // Counting again (the next run, or another instance's) adds nothing twice.
        pointe_server::testing::cleanup::run(&app.state).await.unwrap();
        assert_eq!(report(app, &admin, "range=7d").await, before_counting);
    })
    .await;
}

#[tokio::test]
async fn hits_the_database_refused_are_counted_as_lost_on_the_report() {
    with_analytics(async |app| {
        beacon(app, ANNA, FIREFOX, view("/", "he")).await;
        beacon(app, ANNA, FIREFOX, view("/blog", "he")).await;
        let db = &app.state.db;
        sqlx::query("ALTER TABLE analytics_events RENAME TO analytics_events_away").execute(db).await.unwrap();
        assert!(try_flush(&app.state).await.is_err());
        sqlx::query("ALTER TABLE analytics_events_away RENAME TO analytics_events").execute(db).await.unwrap();
        assert_eq!(dropped(&app.state), 2);

        beacon(app, ANNA, FIREFOX, view("/brands", "he")).await;
        assert_eq!(flush(&app.state).await, 1);
        let admin = app.signed_in_admin("ada").await;
        let figures = report(app, &admin, "range=24h").await;
        assert_eq!(figures["headline"]["pageviews"]["value"], 1.0);
        assert_eq!(figures["dropped"], 2, "{figures}");
        flush(&app.state).await;
        assert_eq!(report(app, &admin, "range=24h").await["dropped"], 2, "recorded once");
    })
    .await;
}

#[tokio::test]
async fn exports_are_csv_files_in_the_admins_language_and_all_of_them_zipped() {
    with_analytics(async |app| {
        let formula = json!({ "name": "productLink", "url": "/brands", "lang": "he", "brand": "Bloch", "target": "=HYPERLINK(\"x\")" });
        for body in [view("/brands", "he"), formula] {
            assert_eq!(beacon(app, ANNA, FIREFOX, body).await.status, StatusCode::ACCEPTED);
        }
        assert_eq!(flush(&app.state).await, 2);
        let admin = app.signed_in_admin("ada").await;
        let auth = format!("Bearer {admin}");
        let export = async |query: &str| {
            let response = app.request(Method::GET, &format!("/api/admin/analytics/export?range=1h&{query}"), &[("authorization", &auth)]).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            response
        };

        let summary = export("part=summary&lang=en").await;
        assert_eq!(summary.header("content-type"), "text/csv; charset=utf-8");
        let name = summary.header("content-disposition");
        assert!(name.starts_with("attachment; filename=\"analytics-summary-1h-20") && name.ends_with(".csv\""), "{name}");
        let text = summary.text();
        assert!(text.starts_with("\u{FEFF}Metric,This period,Previous period,Change\r\nPeriod,"), "{text}");
        assert!(text.contains("\r\nUnique visitors,1,0,\r\nVisits,1,0,\r\nPage views,1,0,\r\n"), "{text}");
        let narrowed = export("part=summary&lang=en&device=desktop&event=productLink").await.text();
        assert!(narrowed.contains("\r\nFilters: Device,Desktop,,\r\nFilters: Event,Product link followed,,\r\n"), "{narrowed}");

        let pages = export("part=pages&lang=he").await.text();
        let header = pages.lines().next().unwrap();
        assert!(header.starts_with('\u{FEFF}') && !header.contains("Visitors"), "in Hebrew: {header}");
        assert!(pages.contains("/brands,1,1"), "{pages}");

        let recent = export("part=recent&lang=en").await.text();
        assert!(recent.contains(",Product link followed,/brands,Bloch,\"'=HYPERLINK(\"\"x\"\")\",,Direct / none,Firefox,Linux,Desktop,he"), "{recent}");

        let all = export("part=all&lang=en").await;
        assert_eq!(all.header("content-type"), "application/zip");
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(all.body.to_vec())).unwrap();
        let mut names: Vec<String> = zip.file_names().map(|name| name.unwrap().into_owned()).collect();
        names.sort();
        assert_eq!(names.len(), 17, "{names:?}");
        assert!(names.contains(&"summary.csv".to_owned()) && names.contains(&"products.csv".to_owned()));
        let mut products = String::new();
        std::io::Read::read_to_string(&mut zip.by_name("products.csv").unwrap(), &mut products).unwrap();
        assert_eq!(products, "\u{FEFF}Name,Visitors,Count\r\n\"'=HYPERLINK(\"\"x\"\")\",1,1\r\n");

        let audited: Vec<String> =
            sqlx::query_scalar("SELECT resource_id FROM audit_log WHERE action = 'export' AND resource_type = 'analytics' ORDER BY created_at")
                .fetch_all(&app.state.db)
                .await
                .unwrap();
        assert_eq!(audited.len(), 5);
        assert!(audited.contains(&"all 1h".to_owned()), "{audited:?}");
        assert_eq!(export_status(app, &auth, "part=word").await, StatusCode::BAD_REQUEST);
    })
    .await;
}

#[tokio::test]
async fn the_full_report_is_a_pdf_whatever_the_data_says() {
    with_analytics(async |app| {
        // Markup in the data stays text: the template reads it as JSON.
        let markup = json!({ "name": "productLink", "url": "/brands", "lang": "he", "brand": "Bloch", "target": "]#panic(\"x\")[ #set page(width: 1pt)" });
        for body in [view("/brands", "he"), view("/ru/brands", "ru"), markup] {
            assert_eq!(beacon(app, ANNA, FIREFOX, body).await.status, StatusCode::ACCEPTED);
        }
        flush(&app.state).await;
        let auth = format!("Bearer {}", app.signed_in_admin("ada").await);
        for lang in ["he", "en", "ru"] {
            let uri = format!("/api/admin/analytics/export?range=24h&part=pdf&lang={lang}");
            let pdf = app.request(Method::GET, &uri, &[("authorization", &auth)]).await;
            assert_eq!(pdf.status, StatusCode::OK, "{}", pdf.text());
            assert_eq!(pdf.header("content-type"), "application/pdf");
            let name = pdf.header("content-disposition");
            assert!(name.starts_with("attachment; filename=\"analytics-pdf-24h-20") && name.ends_with(".pdf\""), "{name}");
            assert!(pdf.body.starts_with(b"%PDF-"), "a PDF");
            let body = String::from_utf8_lossy(&pdf.body);
            assert!(body.contains("DejaVuSans"), "in the shipped font");
        }
        // A filter's value is data too.
        let filtered = "/api/admin/analytics/export?range=24h&part=pdf&lang=en&product=%5D%23panic(%22x%22)%5B";
        assert_eq!(app.request(Method::GET, filtered, &[("authorization", &auth)]).await.status, StatusCode::OK);
        let audited: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'export' AND resource_id = 'pdf 24h'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!(audited, 4);
    })
    .await;
}

async fn export_status(app: &TestApp, auth: &str, query: &str) -> StatusCode {
    app.request(Method::GET, &format!("/api/admin/analytics/export?{query}"), &[("authorization", auth)]).await.status
}
