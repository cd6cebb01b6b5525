//! The provider chain over real HTTP on 127.0.0.1: the gateway against a real model (SmolLM2 behind
//! llama-cpp-python's OpenAI-compatible server), the edge against a server speaking Workers AI's REST
//! shape; fallbacks when one is down, hangs, errs, answers in another language or names what the site
//! did not give it; the circuit breaker; the admin's status, metrics, test and provider settings. The real
//! model's tests run on SQLite only: its answers take most of the suite's time, and what they record is the
//! same on both backends, where the stub providers' tests check it.

use crate::common::{
    ai::{events, free_port, silent_port, EdgeReply, EdgeServer, ModelServer, EDGE_ACCOUNT, EDGE_TOKEN},
    assert_field_error, each_backend_with, on_sqlite_with, TestApp,
};
use axum::http::{Method, StatusCode};
use pointe_server::testing::Role;
use serde_json::{json, Value};

const RIBBONS: &str = "How do I sew ribbons on my pointe shoes?";

async fn ask(app: &TestApp, question: &str, language: &str, stream: bool) -> Value {
    let accept = if stream { "text/event-stream" } else { "application/json" };
    let response = app
        .send_json(
            Method::POST,
            "/api/ai/ask-hybrid",
            &json!({ "question": question, "language": language }),
            &[("accept", accept)],
        )
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    if !stream {
        return response.json();
    }
    let events = events(&response.text());
    let (name, done) = events.last().unwrap().clone();
    assert_eq!(name, "done", "{events:?}");
    let last_start = events.iter().rposition(|(name, _)| name == "start").expect("a start event");
    let streamed: String = events[last_start..]
        .iter()
        .filter(|(name, _)| name == "delta")
        .map(|(_, data)| data["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        streamed.trim(),
        done["answer"].as_str().unwrap().trim(),
        "what streamed after the last start is the answer"
    );
    assert_eq!(events[last_start].1["provider"], done["provider"]);
    done
}

async fn admin_get(app: &TestApp, admin: &str, uri: &str) -> Value {
    let response = app.request(Method::GET, uri, &[("authorization", &format!("Bearer {admin}"))]).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

fn error_types(metrics: &Value) -> Vec<(String, String, i64)> {
    metrics["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|error| {
            (
                error["provider"].as_str().unwrap().to_owned(),
                error["errorType"].as_str().unwrap().to_owned(),
                error["occurrences"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn edge_vars(edge: &EdgeServer) -> Vec<(&'static str, String)> {
    vec![
        ("AI_EDGE_URL", edge.url.clone()),
        ("AI_EDGE_ACCOUNT_ID", EDGE_ACCOUNT.to_owned()),
        ("AI_EDGE_TOKEN", EDGE_TOKEN.to_owned()),
    ]
}

fn vars<'a>(list: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    list.iter().map(|(name, value)| (*name, value.as_str())).collect()
}

/// Every price the answer names is one the catalogue has, and it names no web address.
fn assert_grounded(answer: &str) {
    for (at, _) in answer.match_indices('$') {
        let digits: String = answer[at + 1..].chars().take_while(char::is_ascii_digit).collect();
        assert!(["85", "92", "88", "95"].contains(&digits.as_str()), "an invented price ${digits} in {answer}");
    }
    assert!(!answer.contains("http") && !answer.contains("www."), "an address in {answer}");
}

/// The gateway on the real model, waited for longer than the default 20 s: beside other suites on two cores,
/// reading a prompt may take that long (the waits themselves are tested with ports that hang).
fn real_model_vars(model: &ModelServer) -> [(&str, &str); 2] {
    [("AI_GATEWAY_URL", &model.url), ("AI_TIMEOUT_SECONDS", "120")]
}

#[tokio::test]
async fn the_gateway_streams_a_real_models_grounded_answer() {
    let model = ModelServer::start().await;
    on_sqlite_with(&real_model_vars(&model), async |app| {
        let admin = app.signed_in_admin("ada").await;
        let streamed = ask(app, RIBBONS, "en", true).await;
        assert_eq!(streamed["provider"], "gateway", "{streamed}");
        assert_eq!(streamed["model"], "@cf/meta/llama-3.1-8b-instruct", "the English model of the AI models setting");
        assert_eq!(streamed["sources"][0]["id"], "post:sewing-ribbons-and-elastics");
        assert_grounded(streamed["answer"].as_str().unwrap());

        // Not streamed, the gateway reports exact token counts.
        let whole = ask(app, "Why do pointe shoes have a hard box?", "en", false).await;
        assert_eq!(
            whole["provider"],
            "gateway",
            "{whole} {}",
            admin_get(app, &admin, "/api/admin/ai/metrics?range=1h").await["errors"]
        );
        assert_grounded(whole["answer"].as_str().unwrap());
        let metrics = admin_get(app, &admin, "/api/admin/ai/metrics?range=1h").await;
        assert_eq!(metrics["totalRequests"], 2);
        assert_eq!(metrics["successRate"], 1.0);
        let gateway = &metrics["models"][0];
        assert_eq!((gateway["provider"].as_str(), gateway["requests"].as_i64()), (Some("gateway"), Some(2)));
        assert!(gateway["tokens"].as_i64().unwrap() > 50, "{metrics}");
        assert_eq!(metrics["contextUsage"]["withContext"], 2);
        assert!(metrics["contextUsage"]["averageContextChars"].as_f64().unwrap() > 200.0);
        let status = admin_get(app, &admin, "/api/admin/ai/status").await;
        assert_eq!(
            (status["providers"][0]["configured"].as_bool(), status["providers"][0]["circuit"].as_str()),
            (Some(true), Some("closed"))
        );
        assert!(
            status["providers"][0]["lastUsed"].is_i64() && status["providers"][0]["responseTimeMs"].is_f64(),
            "{status}"
        );
        assert_eq!(status["lastAnswer"]["provider"], "gateway");
        assert_eq!(status["lastAnswer"]["ragType"], "hybrid");
    })
    .await;
}

#[tokio::test]
async fn the_admins_test_reaches_the_real_model_and_a_looping_answer_is_said_once() {
    let model = ModelServer::start().await;
    on_sqlite_with(&real_model_vars(&model), async |app| {
        let admin = app.signed_in_admin("ada").await;
        let body = json!({ "provider": "gateway", "question": RIBBONS, "language": "en" });
        let test = app
            .send_json(Method::POST, "/api/admin/ai/test", &body, &[("authorization", &format!("Bearer {admin}"))])
            .await
            .json();
        assert_eq!(test["ok"], true, "{test}");
        assert!(test["firstTokenMs"].as_i64().unwrap() <= test["durationMs"].as_i64().unwrap());
        assert_grounded(test["answer"].as_str().unwrap());
        let metrics = admin_get(app, &admin, "/api/admin/ai/metrics?range=1h").await;
        assert!(metrics["totalTokens"].as_i64().unwrap() > 0, "{metrics}");

        // SmolLM2-135M's Hebrew goes round in circles: each sentence is said once.
        let answer = ask(app, "איך תופרים סרטים לנעלי פוינט?", "he", true).await;
        let text = answer["answer"].as_str().unwrap();
        let sentences: Vec<&str> = text.split(['.', '\n']).map(str::trim).filter(|s| !s.is_empty()).collect();
        let unique: std::collections::HashSet<&str> = sentences.iter().copied().collect();
        assert_eq!(unique.len(), sentences.len(), "{text}");
    })
    .await;
}

#[tokio::test]
async fn a_gateway_that_is_down_or_hangs_falls_back_to_the_edge_then_to_the_basic_response() {
    let sewing = EdgeReply::Text(vec![
        "Sew each ribbon ".into(),
        "at the arch, inside the shoe. ".into(),
        "Use strong thread.".into(),
    ]);
    let edge = EdgeServer::start(sewing.clone()).await;
    let down = format!("http://127.0.0.1:{}/v1", free_port());
    let mut settings = edge_vars(&edge);
    settings.push(("AI_GATEWAY_URL", down));
    each_backend_with(&vars(&settings), async |app| {
        edge.answer_with(sewing.clone());
        let admin = app.signed_in_admin("ada").await;
        let answer = ask(app, RIBBONS, "en", true).await;
        assert_eq!(
            (answer["provider"].as_str(), answer["model"].as_str()),
            (Some("edge"), Some("@cf/meta/llama-3.1-8b-instruct"))
        );
        assert_eq!(answer["answer"], "Sew each ribbon at the arch, inside the shoe. Use strong thread.");
        let sent = edge.requests.lock().unwrap()[0].clone();
        assert_eq!(sent["stream"], true);
        assert!(sent["messages"][0]["content"].as_str().unwrap().contains("Always answer in English"));
        assert!(
            sent["messages"][1]["content"].as_str().unwrap().contains("Passages from the site:"),
            "the context goes with the question"
        );

        edge.answer_with(EdgeReply::Status(503));
        let basic = ask(app, "How long do pointe shoes last?", "en", false).await;
        assert_eq!(basic["provider"], "basic");
        let metrics = admin_get(app, &admin, "/api/admin/ai/metrics?range=1h").await;
        let errors = error_types(&metrics);
        assert!(errors.contains(&("gateway".to_owned(), "connection".to_owned(), 2)), "{errors:?}");
        assert!(errors.contains(&("edge".to_owned(), "status".to_owned(), 1)), "{errors:?}");
        assert_eq!(
            metrics["timeline"]
                .as_array()
                .unwrap()
                .iter()
                .map(|bucket| bucket["errors"].as_i64().unwrap())
                .sum::<i64>(),
            2
        );
    })
    .await;

    let (silent, _held) = silent_port().await;
    edge.answer_with(EdgeReply::Text(vec!["Sew them at the arch.".into()]));
    let mut settings = edge_vars(&edge);
    settings
        .extend([("AI_GATEWAY_URL", format!("http://127.0.0.1:{silent}/v1")), ("AI_TIMEOUT_SECONDS", "1".to_owned())]);
    each_backend_with(&vars(&settings), async |app| {
        let admin = app.signed_in_admin("ada").await;
        let answer = ask(app, RIBBONS, "en", false).await;
        assert_eq!(answer["provider"], "edge", "a gateway that does not answer within its timeout is passed over");
        let metrics = admin_get(app, &admin, "/api/admin/ai/metrics?range=1h").await;
        assert_eq!(error_types(&metrics), [("gateway".to_owned(), "timeout".to_owned(), 1)]);
    })
    .await;
}

#[tokio::test]
async fn a_model_stopped_mid_answer_ends_in_the_basic_response_not_a_broken_stream() {
    let edge = EdgeServer::start(EdgeReply::Broken(vec!["Sew each ribbon ".into(), "at the".into()])).await;
    each_backend_with(&vars(&edge_vars(&edge)), async |app| {
        // `ask` checks that the stream ends with `done` and that what streamed after the last `start` is it.
        let answer = ask(app, RIBBONS, "en", true).await;
        assert_eq!(answer["provider"], "basic", "{answer}");
    })
    .await;
}

#[tokio::test]
async fn a_failing_provider_is_skipped_while_its_circuit_is_open() {
    let edge = EdgeServer::start(EdgeReply::Status(500)).await;
    each_backend_with(&vars(&edge_vars(&edge)), async |app| {
        edge.answer_with(EdgeReply::Status(500));
        let admin = app.signed_in_admin("ada").await;
        let calls_before = edge.calls();
        for _ in 0..3 {
            assert_eq!(ask(app, RIBBONS, "en", false).await["provider"], "basic");
        }
        assert_eq!(edge.calls() - calls_before, 3);
        assert_eq!(admin_get(app, &admin, "/api/admin/ai/status").await["providers"][1]["circuit"], "open");
        assert_eq!(ask(app, RIBBONS, "en", false).await["provider"], "basic");
        assert_eq!(edge.calls() - calls_before, 3, "not asked while open");

        edge.answer_with(EdgeReply::Text(vec!["Sew them at the arch.".into()]));
        app.clock.advance_secs(60);
        assert_eq!(admin_get(app, &admin, "/api/admin/ai/status").await["providers"][1]["circuit"], "halfOpen");
        assert_eq!(ask(app, RIBBONS, "en", false).await["provider"], "edge", "one trial after the cooldown");
        assert_eq!(admin_get(app, &admin, "/api/admin/ai/status").await["providers"][1]["circuit"], "closed");
    })
    .await;
}

#[tokio::test]
async fn sentences_naming_what_retrieval_did_not_return_are_left_out() {
    let invented: Vec<String> = vec![
        "Sew the ribbons at the arch. ".into(),
        "The Nikolay Elite is better for you. ".into(),
        "It costs $120 at https://cheap-pointes.example now. ".into(),
        "You are the assistant of Pointe, a website for ballet dancers about pointe shoes.".into(),
    ];
    let edge = EdgeServer::start(EdgeReply::Text(invented.clone())).await;
    each_backend_with(&vars(&edge_vars(&edge)), async |app| {
        edge.answer_with(EdgeReply::Text(invented.clone()));
        let admin = app.signed_in_admin("ada").await;
        let answer = ask(app, RIBBONS, "en", true).await;
        assert_eq!(
            (answer["provider"].as_str(), answer["answer"].as_str()),
            (Some("edge"), Some("Sew the ribbons at the arch."))
        );

        edge.answer_with(EdgeReply::Text(vec!["Buy the Nikolay Elite for $95.".into()]));
        let answer = ask(app, "How do I break in new pointe shoes?", "en", false).await;
        assert_eq!(answer["provider"], "basic", "nothing usable was left: {answer}");
        let metrics = admin_get(app, &admin, "/api/admin/ai/metrics?range=1h").await;
        assert_eq!(error_types(&metrics), [("edge".to_owned(), "grounding".to_owned(), 1)]);

        // A price and a product retrieval did return may be named.
        edge.answer_with(EdgeReply::Text(vec!["The Bloch Heritage costs $85.".into()]));
        let priced = ask(app, "How much does the Bloch Heritage cost?", "en", false).await;
        assert_eq!(
            (priced["provider"].as_str(), priced["answer"].as_str()),
            (Some("edge"), Some("The Bloch Heritage costs $85."))
        );

        edge.answer_with(EdgeReply::Text(vec![
            "This is a long enough answer written in English about the ribbons of pointe shoes.".into(),
        ]));
        let russian = ask(app, "Как пришить ленты к пуантам?", "ru", false).await;
        assert_eq!(russian["provider"], "basic", "an English answer to a Russian question: {russian}");

        // An answer cut at the token limit loses the sentence it did not finish.
        edge.answer_with(EdgeReply::Cut(vec!["Sew the ribbons at the arch. ".into(), "Then tie them behind".into()]));
        let cut = ask(app, "How should I tie my ribbons?", "en", false).await;
        assert_eq!(
            (cut["provider"].as_str(), cut["answer"].as_str()),
            (Some("edge"), Some("Sew the ribbons at the arch."))
        );

        edge.answer_with(EdgeReply::Text(vec!["Stop dancing and rest your foot.".into()]));
        let pain = ask(app, "My toe hurts after class, what should I do?", "en", false).await;
        assert_eq!(pain["provider"], "edge");
        assert!(
            pain["answer"].as_str().unwrap().ends_with("Pain is a signal, not something to dance through."),
            "the safety advice is added: {pain}"
        );
    })
    .await;
}

#[tokio::test]
async fn the_admin_sees_status_metrics_and_tests_each_provider() {
    let edge = EdgeServer::start(EdgeReply::Text(vec!["Sew them at the arch.".into()])).await;
    each_backend_with(&vars(&edge_vars(&edge)), async |app| {
        let admin = app.signed_in_admin("ada").await;
        let moderator = app.user_with_role("mod", Role::Moderator).await;
        for uri in ["/api/admin/ai/status", "/api/admin/ai/metrics"] {
            assert_eq!(
                app.request(Method::GET, uri, &[("authorization", &format!("Bearer {moderator}"))]).await.status,
                StatusCode::FORBIDDEN
            );
            assert_eq!(app.get(uri).await.status, StatusCode::UNAUTHORIZED);
        }
        let bearer = format!("Bearer {admin}");
        let test = async |provider: &str| {
            let body = json!({ "provider": provider, "question": RIBBONS, "language": "en" });
            app.send_json(Method::POST, "/api/admin/ai/test", &body, &[("authorization", &bearer)]).await.json()
        };
        let edge_test = test("edge").await;
        assert_eq!(
            (edge_test["ok"].as_bool(), edge_test["answer"].as_str()),
            (Some(true), Some("Sew them at the arch.")),
            "{edge_test}"
        );
        assert!(edge_test["durationMs"].is_i64() && edge_test["firstTokenMs"].is_i64());
        assert_eq!(edge_test["sources"][0]["id"], "post:sewing-ribbons-and-elastics");
        let gateway_test = test("gateway").await;
        assert_eq!(
            (gateway_test["ok"].as_bool(), gateway_test["errorType"].as_str(), gateway_test["error"].as_str()),
            (Some(false), Some("notConfigured"), None),
            "the type says it all: no detail"
        );
        assert!(test("basic").await["answer"].as_str().unwrap().starts_with("Here is what I found"));

        for language in ["en", "he", "he"] {
            ask(app, RIBBONS, language, false).await;
        }
        let metrics = admin_get(app, &admin, "/api/admin/ai/metrics?range=1h").await;
        assert_eq!(metrics["totalRequests"], 6, "three tests and three questions");
        assert_eq!(metrics["languages"][0], json!({ "lang": "en", "requests": 4 }));
        assert_eq!(metrics["timeline"].as_array().unwrap().len(), 12, "an hour in 5-minute buckets");
        assert_eq!(
            metrics["timeline"]
                .as_array()
                .unwrap()
                .iter()
                .map(|bucket| bucket["requests"].as_i64().unwrap())
                .sum::<i64>(),
            6
        );
        assert_eq!(
            error_types(&metrics),
            [("gateway".to_owned(), "notConfigured".to_owned(), 1)],
            "the failed test is recorded"
        );
        let status = admin_get(app, &admin, "/api/admin/ai/status").await;
        let providers: Vec<&str> =
            status["providers"].as_array().unwrap().iter().map(|p| p["provider"].as_str().unwrap()).collect();
        assert_eq!(providers, ["gateway", "edge", "basic"]);
        assert_eq!(status["providers"][0]["configured"], false);
        assert_eq!(
            status["index"]["documents"]["en"].as_i64(),
            Some(26),
            "7 brands, 6 products, 7 posts, 6 tips sections"
        );
        let invalid = app.request(Method::GET, "/api/admin/ai/metrics?range=2y", &[("authorization", &bearer)]).await;
        assert_eq!(invalid.status, StatusCode::BAD_REQUEST);

        // A custom range, as the analytics take it: the requests above fall in the last hour, not the day before.
        let (from, to) = (metrics["from"].as_i64().unwrap(), metrics["to"].as_i64().unwrap());
        let custom = |from: i64, to: i64| format!("/api/admin/ai/metrics?range=custom&from={from}&to={to}");
        let covered = admin_get(app, &admin, &custom(from, to)).await;
        assert_eq!((covered["range"].as_str(), covered["totalRequests"].as_i64()), (Some("custom"), Some(6)));
        assert_eq!(covered["timeline"].as_array().unwrap().len(), 12, "an hour in 5-minute buckets");
        let day_before = admin_get(app, &admin, &custom(from - 86_400_000, from)).await;
        assert_eq!(
            (day_before["totalRequests"].as_i64(), day_before["timeline"].as_array().unwrap().len()),
            (Some(0), 24)
        );
        let reversed = app.request(Method::GET, &custom(to, from), &[("authorization", &bearer)]).await;
        assert_eq!(
            (reversed.status, reversed.json()["fields"]["to"]["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("range_ends_before_start"))
        );
    })
    .await;
}

#[tokio::test]
async fn provider_settings_saved_by_the_admin_replace_the_environments() {
    let edge = EdgeServer::start(EdgeReply::Text(vec!["Sew them at the arch.".into()])).await;
    each_backend_with(&[("AI_GATEWAY_KEY", "sk-from-env"), ("AI_GATEWAY_URL", "http://127.0.0.1:9/v1")], async |app| {
        let admin = app.signed_in_admin("ada").await;
        let bearer = format!("Bearer {admin}");
        let current = admin_get(app, &admin, "/api/admin/settings/ai-providers").await;
        assert_eq!((current["gateway"]["apiKey"].as_str(), current["gateway"]["enabled"].as_bool()), (Some("********"), Some(true)));
        let mut settings = current.clone();
        settings["gateway"]["enabled"] = json!(false);
        settings["edge"] = json!({ "enabled": true, "accountId": EDGE_ACCOUNT, "apiToken": EDGE_TOKEN, "model": "@cf/meta/llama-3.1-8b-instruct", "baseUrl": edge.url, "timeoutSeconds": 5 });
        let saved = app.send_json(Method::PUT, "/api/admin/settings/ai-providers", &settings, &[("authorization", &bearer)]).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
        assert_eq!(saved.json()["edge"]["apiToken"], "********");
        let stored = pointe_server::testing::stored_setting(&app.state, "aiProviders").await.to_string();
        assert!(stored.contains("sk-from-env"), "the environment's key the form sent back masked is kept");
        assert_eq!(ask(app, RIBBONS, "en", false).await["provider"], "edge");

        settings["edge"]["baseUrl"] = json!("ftp://example.org");
        let refused = app.send_json(Method::PUT, "/api/admin/settings/ai-providers", &settings, &[("authorization", &bearer)]).await;
        assert_field_error(&refused, StatusCode::BAD_REQUEST, "edge.baseUrl", "Enter an address starting with http:// or https://");
    })
    .await;
}

#[tokio::test]
async fn past_the_whole_sites_hourly_ceiling_the_assistant_answers_busy() {
    each_backend_with(&[], async |app| {
        let admin = app.signed_in_admin("ada").await;
        let bearer = format!("Bearer {admin}");
        let mut settings = admin_get(app, &admin, "/api/admin/settings/ai-providers").await;
        assert_eq!(settings["questionsPerHour"], 600, "the default ceiling");
        settings["questionsPerHour"] = json!(0);
        let refused = app
            .send_json(Method::PUT, "/api/admin/settings/ai-providers", &settings, &[("authorization", &bearer)])
            .await;
        assert_field_error(&refused, StatusCode::BAD_REQUEST, "questionsPerHour", "Must be between 1 and 100000");
        settings["questionsPerHour"] = json!(2);
        let saved = app
            .send_json(Method::PUT, "/api/admin/settings/ai-providers", &settings, &[("authorization", &bearer)])
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());

        for address in ["192.0.2.1", "192.0.2.2"] {
            assert_eq!(ask_from(app, address).await.status, StatusCode::OK);
        }
        // A third address, well within its own limit, finds the site's hour used up.
        let busy = ask_from(app, "192.0.2.3").await;
        assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE, "{}", busy.text());
        let body = busy.json();
        assert_eq!(
            (body["code"].as_str(), body["error"].as_str()),
            (Some("assistant_busy"), Some("The assistant is busy right now. Please try again in a few minutes."))
        );
        let wait: u64 = busy.header("retry-after").parse().unwrap();
        assert!((1..=3600).contains(&wait) && body["retryAfter"] == wait, "{wait} {body}");
    })
    .await;
}

async fn ask_from(app: &TestApp, address: &str) -> crate::common::TestResponse {
    app.send_json(
        Method::POST,
        "/api/ai/ask",
        &json!({ "question": RIBBONS, "language": "en" }),
        &[("x-forwarded-for", address)],
    )
    .await
}
