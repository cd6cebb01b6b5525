//! E-mail campaigns: drafts and their checks, the live audience (groups ∩ languages, consent, verified,
//! not unsubscribed), the state table's moves and its 409s, scheduling in a timezone on the tests'
//! clock, sending through a real SMTP server with tracking and one-click unsubscribe, temporary and
//! permanent refusals, and two instances sending one campaign.

use std::{collections::HashSet, time::Duration};

use crate::common::{
    assert_error_code, assert_field_error, each_backend, each_backend_with, fields_of, smtp::FakeSmtp, TestApp,
    TestResponse,
};
use crate::email_delivery::{free_port, smtp_settings, transport, SmtpServer};
use axum::http::{Method, StatusCode};
use mailparse::MailHeaderMap;
use pointe_server::testing::{newsletter::send_campaigns, store, Clock, Lang, NewAccount, Profile, Role};
use serde_json::{json, Value};

pub(crate) async fn call(app: &TestApp, method: Method, uri: &str, token: &str, body: &Value) -> TestResponse {
    app.send_json(method, uri, body, &[("authorization", &format!("Bearer {token}"))]).await
}

/// A member `<name>@pointe.test` with a verified address in `lang`, in the newsletter group when
/// `consents`; returns their id.
pub(crate) async fn member(app: &TestApp, name: &str, lang: &str, consents: bool) -> String {
    let user = NewAccount {
        username: name,
        email: &format!("{name}@pointe.test"),
        password: "",
        role: Role::User,
        email_verified: true,
        language: Lang::from_tag(Some(lang)),
        profile: Profile::default(),
    };
    let id = store::create_user(&app.state.db, user, "not-a-hash", app.state.clock.now_ms()).await.unwrap();
    if consents {
        sqlx::query("INSERT INTO user_groups (user_id, group_key, added_at) VALUES ($1, 'newsletter', 0)")
            .bind(&id)
            .execute(&app.state.db)
            .await
            .unwrap();
    }
    id
}

pub(crate) async fn template(app: &TestApp, admin: &str, category: &str) -> String {
    let body = json!({
        "name": format!("Spring {category}"), "category": category,
        "translations": {
            "en": { "subject": "Spring", "body": "Hello {{username}}, see [the shoes]({{siteUrl}}/brand/bloch)." },
            "he": { "subject": "אביב", "body": "שלום {{username}}, [הנעליים]({{siteUrl}}/brand/bloch)" }
        }
    });
    let created = call(app, Method::POST, "/api/admin/email/templates", admin, &body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    created.json()["id"].as_str().unwrap().to_owned()
}

pub(crate) fn draft(template_id: &str, groups: &[&str], languages: &[&str]) -> Value {
    json!({
        "name": "Spring campaign", "templateId": template_id,
        "subjects": { "en": "Spring for {{username}}", "he": "אביב ל{{username}}", "fr": "Printemps" },
        "groups": groups, "languages": languages
    })
}

pub(crate) async fn create(app: &TestApp, admin: &str, body: &Value) -> String {
    let created = call(app, Method::POST, "/api/admin/email/campaigns", admin, body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    created.json()["id"].as_str().unwrap().to_owned()
}

pub(crate) async fn audience(
    app: &TestApp,
    admin: &str,
    template_id: &str,
    groups: &[&str],
    languages: &[&str],
) -> i64 {
    let body = json!({ "templateId": template_id, "groups": groups, "languages": languages });
    let counted = call(app, Method::POST, "/api/admin/email/campaigns/audience", admin, &body).await;
    assert_eq!(counted.status, StatusCode::OK, "{}", counted.text());
    counted.json()["count"].as_i64().unwrap()
}

pub(crate) async fn campaign(app: &TestApp, admin: &str, id: &str) -> Value {
    call(app, Method::GET, &format!("/api/admin/email/campaigns/{id}"), admin, &Value::Null).await.json()
}

pub(crate) async fn act(app: &TestApp, admin: &str, id: &str, action: &str) -> TestResponse {
    call(app, Method::POST, &format!("/api/admin/email/campaigns/{id}/{action}"), admin, &Value::Null).await
}

fn schedule(date: &str, time: &str, timezone: &str) -> Value {
    json!({ "date": date, "time": time, "timezone": timezone })
}

fn epoch_ms(utc: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(utc).unwrap().timestamp_millis()
}

#[tokio::test]
async fn drafts_are_checked_and_the_audience_is_counted_live() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("odette").await;
        let newsletter = template(app, &admin, "newsletter").await;
        let announcement = template(app, &admin, "announcement").await;
        member(app, "anna", "en", true).await;
        member(app, "boris", "he", true).await;
        member(app, "carl", "en", false).await;
        member(app, "dora", "ru", true).await;
        let eve = member(app, "eve", "en", true).await;
        let fay = member(app, "fay", "en", true).await;
        sqlx::query("UPDATE users SET email_verified = 0 WHERE id = $1")
            .bind(&eve)
            .execute(&app.state.db)
            .await
            .unwrap();
        sqlx::query("UPDATE users SET unsubscribed_at = 1 WHERE id = $1")
            .bind(&fay)
            .execute(&app.state.db)
            .await
            .unwrap();

        // Newsletters need consent; announcements go to every verified member (the admin too).
        assert_eq!(audience(app, &admin, &newsletter, &["all"], &["en", "he"]).await, 2);
        assert_eq!(audience(app, &admin, &announcement, &["all"], &["en", "he"]).await, 4);
        assert_eq!(audience(app, &admin, &announcement, &["vip"], &["en", "he"]).await, 0);
        assert_eq!(audience(app, &admin, &announcement, &["vip", "new"], &["en"]).await, 3);
        assert_eq!(audience(app, &admin, &newsletter, &["all"], &[]).await, 0);

        let mut missing = draft(&newsletter, &["all"], &["en", "he"]);
        missing["subjects"]["he"] = json!("  ");
        let refused = call(app, Method::POST, "/api/admin/email/campaigns", &admin, &missing).await;
        assert_field_error(&refused, StatusCode::BAD_REQUEST, "subjects.he", "This field is required");
        let mut russian = draft(&newsletter, &["all"], &["ru"]);
        russian["subjects"]["ru"] = json!("Весна");
        let untranslated = call(app, Method::POST, "/api/admin/email/campaigns", &admin, &russian).await;
        assert_field_error(
            &untranslated,
            StatusCode::BAD_REQUEST,
            "languages",
            "The template is not written in every chosen language",
        );
        let no_template =
            call(app, Method::POST, "/api/admin/email/campaigns", &admin, &draft("nope", &["all"], &["en"])).await;
        assert_field_error(&no_template, StatusCode::BAD_REQUEST, "templateId", "Choose a template");
        let no_group =
            call(app, Method::POST, "/api/admin/email/campaigns", &admin, &draft(&newsletter, &[], &["en"])).await;
        assert_field_error(&no_group, StatusCode::BAD_REQUEST, "groups", "Choose at least one group");
        let count: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM email_campaigns").fetch_one(&app.state.db).await.unwrap();
        assert_eq!(count, 0, "nothing half-saved");

        let id = create(app, &admin, &draft(&newsletter, &["all"], &["en", "he"])).await;
        let record = campaign(app, &admin, &id).await;
        assert_eq!((record["status"].as_str(), record["recipients"].as_i64()), (Some("draft"), Some(0)));
        assert_eq!(record["subjects"], json!({ "en": "Spring for {{username}}", "he": "אביב ל{{username}}" }));
        let list = |query: &'static str| {
            let admin = admin.clone();
            async move {
                let found =
                    call(app, Method::GET, &format!("/api/admin/email/campaigns{query}"), &admin, &Value::Null).await;
                found.json().as_array().unwrap().len()
            }
        };
        assert_eq!((list("?status=draft").await, list("?status=sent").await), (1, 0));
        assert_eq!((list("?search=SPRING").await, list("?search=autumn").await), (1, 0));
        let member_token = app.user_with_role("member", Role::User).await;
        let forbidden = call(app, Method::GET, "/api/admin/email/campaigns", &member_token, &Value::Null).await;
        assert_eq!(forbidden.status, StatusCode::FORBIDDEN);
    })
    .await;
}

#[tokio::test]
async fn the_state_table_allows_its_moves_and_refuses_the_rest_with_409() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("odette").await;
        let template_id = template(app, &admin, "newsletter").await;
        member(app, "anna", "en", true).await;
        let id = create(app, &admin, &draft(&template_id, &["newsletter"], &["en"])).await;
        let fetched = call(app, Method::GET, &format!("/api/admin/email/campaigns/{id}"), &admin, &Value::Null).await;
        assert_eq!(fetched.json()["actions"], json!(["edit", "schedule", "send", "delete"]), "a draft's actions");

        assert_error_code(&act(app, &admin, &id, "pause").await, StatusCode::CONFLICT, "campaign_not_sending");
        assert_error_code(&act(app, &admin, &id, "resume").await, StatusCode::CONFLICT, "campaign_not_paused");
        assert_error_code(&act(app, &admin, &id, "cancel").await, StatusCode::CONFLICT, "campaign_cannot_cancel");
        assert_error_code(&act(app, &admin, &id, "unschedule").await, StatusCode::CONFLICT, "campaign_not_scheduled");

        let uri = format!("/api/admin/email/campaigns/{id}/schedule");
        let past = call(app, Method::POST, &uri, &admin, &schedule("2020-01-15", "09:00", "UTC")).await;
        assert_field_error(&past, StatusCode::BAD_REQUEST, "time", "The scheduled time has passed");
        let skipped = call(app, Method::POST, &uri, &admin, &schedule("2030-03-10", "02:30", "America/New_York")).await;
        assert_eq!(
            fields_of(&skipped)["time"].as_str().unwrap().split(':').next(),
            Some("This time does not exist in the chosen timezone")
        );
        let twice = call(app, Method::POST, &uri, &admin, &schedule("2030-11-03", "01:30", "America/New_York")).await;
        assert_eq!(
            fields_of(&twice)["time"].as_str().unwrap().split(':').next(),
            Some("This time happens twice in the chosen timezone")
        );
        let unknown = call(app, Method::POST, &uri, &admin, &schedule("2030-01-15", "09:00", "Europe/Atlantis")).await;
        assert_field_error(&unknown, StatusCode::BAD_REQUEST, "timezone", "Unknown timezone");

        let scheduled =
            call(app, Method::POST, &uri, &admin, &schedule("2030-01-15", "09:00", "America/New_York")).await;
        assert_eq!(scheduled.status, StatusCode::OK, "{}", scheduled.text());
        let record = scheduled.json();
        assert_eq!(record["status"], "scheduled");
        assert_eq!(record["scheduledAt"], epoch_ms("2030-01-15T14:00:00Z"));
        assert_eq!(record["schedule"], schedule("2030-01-15", "09:00", "America/New_York"));
        assert_eq!(record["actions"], json!(["schedule", "unschedule", "send", "cancel"]));

        let edit = call(
            app,
            Method::PUT,
            &format!("/api/admin/email/campaigns/{id}"),
            &admin,
            &draft(&template_id, &["all"], &["en"]),
        )
        .await;
        assert_error_code(&edit, StatusCode::CONFLICT, "campaign_not_draft");
        let delete = call(app, Method::DELETE, &format!("/api/admin/email/campaigns/{id}"), &admin, &Value::Null).await;
        assert_error_code(&delete, StatusCode::CONFLICT, "campaign_under_way");
        let template_gone =
            call(app, Method::DELETE, &format!("/api/admin/email/templates/{template_id}"), &admin, &Value::Null).await;
        assert_error_code(&template_gone, StatusCode::CONFLICT, "template_in_use");

        assert_eq!(act(app, &admin, &id, "unschedule").await.json()["status"], "draft");
        let edited = call(
            app,
            Method::PUT,
            &format!("/api/admin/email/campaigns/{id}"),
            &admin,
            &draft(&template_id, &["all"], &["en"]),
        )
        .await;
        assert_eq!(edited.json()["groups"], json!(["all"]), "{}", edited.text());
        let sending = act(app, &admin, &id, "send").await.json();
        assert_eq!((&sending["status"], &sending["actions"]), (&json!("sending"), &json!(["pause", "cancel"])));
        let paused = act(app, &admin, &id, "pause").await.json();
        assert_eq!((&paused["status"], &paused["actions"]), (&json!("paused"), &json!(["resume", "cancel"])));
        assert_error_code(&act(app, &admin, &id, "send").await, StatusCode::CONFLICT, "campaign_cannot_start");
        assert_eq!(act(app, &admin, &id, "resume").await.json()["status"], "sending");
        let cancelled = act(app, &admin, &id, "cancel").await.json();
        assert_eq!((&cancelled["status"], &cancelled["actions"]), (&json!("cancelled"), &json!(["delete"])));
        assert_error_code(&act(app, &admin, &id, "resume").await, StatusCode::CONFLICT, "campaign_not_paused");
        assert_eq!(send_campaigns(&app.state, transport(app)).await.unwrap(), 0, "a cancelled campaign sends nothing");

        let actions: Vec<String> = sqlx::query_scalar(
            "SELECT action FROM audit_log WHERE resource_type = 'email_campaign' ORDER BY created_at, id",
        )
        .fetch_all(&app.state.db)
        .await
        .unwrap();
        for action in ["create", "schedule", "unschedule", "update", "start_sending", "pause", "resume", "cancel"] {
            assert!(actions.iter().any(|done| done == action), "{action} is audited: {actions:?}");
        }
        let deleted =
            call(app, Method::DELETE, &format!("/api/admin/email/campaigns/{id}"), &admin, &Value::Null).await;
        assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    })
    .await;
}

#[tokio::test]
async fn a_scheduled_campaign_starts_at_the_instant_of_its_timezone() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("odette").await;
        let template_id = template(app, &admin, "announcement").await;
        member(app, "anna", "en", false).await;
        let new_york = create(app, &admin, &draft(&template_id, &["all"], &["en"])).await;
        let jerusalem = create(app, &admin, &draft(&template_id, &["all"], &["en"])).await;
        // To the one Hebrew reader, who leaves before its time: it cannot start, and goes back to draft saying why.
        let boris = member(app, "boris", "he", false).await;
        let nobody = create(app, &admin, &draft(&template_id, &["all"], &["he"])).await;
        for (id, zone) in [(&new_york, "America/New_York"), (&jerusalem, "Asia/Jerusalem"), (&nobody, "Europe/London")]
        {
            let uri = format!("/api/admin/email/campaigns/{id}/schedule");
            let scheduled = call(app, Method::POST, &uri, &admin, &schedule("2030-07-15", "09:00", zone)).await;
            assert_eq!(scheduled.status, StatusCode::OK, "{}", scheduled.text());
        }
        sqlx::query("DELETE FROM users WHERE id = $1").bind(&boris).execute(&app.state.db).await.unwrap();
        // Read from the database: the admin's session does not last the years the clock moves.
        let status = |id: String| async move {
            let status: String = sqlx::query_scalar("SELECT status FROM email_campaigns WHERE id = $1")
                .bind(id)
                .fetch_one(&app.state.db)
                .await
                .unwrap();
            status
        };
        let move_to = |utc: &str| app.clock.advance_ms(epoch_ms(utc) - app.clock.now_ms());

        // 09:00 in Jerusalem in July is 06:00 UTC; in New York, 13:00 UTC.
        move_to("2030-07-15T05:59:59Z");
        send_campaigns(&app.state, transport(app)).await.unwrap();
        assert_eq!(
            (status(jerusalem.clone()).await, status(new_york.clone()).await),
            ("scheduled".into(), "scheduled".into())
        );
        move_to("2030-07-15T06:00:00Z");
        assert_eq!(send_campaigns(&app.state, transport(app)).await.unwrap(), 2, "the admin and anna");
        assert_eq!(
            (status(jerusalem.clone()).await, status(new_york.clone()).await),
            ("sent".into(), "scheduled".into())
        );
        // 09:00 in London in July is 08:00 UTC: not yet.
        assert_eq!(status(nobody.clone()).await, "scheduled");
        move_to("2030-07-15T12:59:59Z");
        send_campaigns(&app.state, transport(app)).await.unwrap();
        assert_eq!(status(new_york.clone()).await, "scheduled");
        assert_eq!(status(nobody.clone()).await, "draft");
        move_to("2030-07-15T13:00:00Z");
        assert_eq!(send_campaigns(&app.state, transport(app)).await.unwrap(), 2);
        let started: i64 = sqlx::query_scalar("SELECT started_at FROM email_campaigns WHERE id = $1")
            .bind(&new_york)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!((status(new_york.clone()).await, started), ("sent".into(), epoch_ms("2030-07-15T13:00:00Z")));
        // Read once New York started: a new admin would have joined its audience.
        let problem = campaign(app, &app.signed_in_admin("siegfried").await, &nobody).await["problem"].clone();
        assert_eq!(
            problem,
            json!({ "code": "campaign_audience_empty", "message": "No member matches the chosen groups and languages" })
        );
    })
    .await;
}

/// The address after `prefix` in `html`, up to the closing quote.
fn address_after(html: &str, prefix: &str) -> String {
    let start = html.find(prefix).unwrap_or_else(|| panic!("no {prefix} in {html}"));
    let end = html[start..].find('"').unwrap();
    html[start..start + end].to_owned()
}

/// The path of the link whose text is `text`.
fn link_path(html: &str, text: &str) -> String {
    let end = html.find(&format!(">{text}</a>")).unwrap_or_else(|| panic!("no link {text} in {html}"));
    let start = html[..end].rfind("href=\"").unwrap() + "href=\"".len();
    let length = html[start..].find('"').unwrap();
    html[start..start + length].trim_start_matches("http://pointe.test").to_owned()
}

#[tokio::test]
async fn a_campaign_reaches_each_member_once_in_their_language_with_tracking_and_unsubscribe() {
    let smtp = SmtpServer::start(free_port()).await;
    let port = smtp.port.to_string();
    each_backend_with(&smtp_settings(&port), async |app| {
        let admin = app.signed_in_admin("odette").await;
        let template_id = template(app, &admin, "newsletter").await;
        let anna = member(app, "anna", "en", true).await;
        let boris = member(app, "boris", "he", true).await;
        member(app, "carl", "en", false).await;
        let id = create(app, &admin, &draft(&template_id, &["newsletter"], &["en", "he"])).await;
        let started = act(app, &admin, &id, "send").await;
        assert_eq!(
            (started.json()["status"].as_str(), started.json()["recipients"].as_i64()),
            (Some("sending"), Some(2))
        );
        assert_eq!(send_campaigns(&app.state, transport(app)).await.unwrap(), 2);

        let mut messages = smtp.take_messages();
        messages.sort_by_key(|raw| raw.windows(5).position(|w| w == b"boris").is_some());
        assert_eq!(messages.len(), 2, "one message per member");
        let parsed: Vec<_> = messages.iter().map(|raw| mailparse::parse_mail(raw).unwrap()).collect();
        let html = |index: usize| {
            parsed[index].subparts.iter().find(|p| p.ctype.mimetype == "text/html").unwrap().get_body().unwrap()
        };
        let header = |index: usize, name: &str| parsed[index].headers.get_first_value(name).unwrap();
        assert_eq!((header(0, "To").as_str(), header(0, "Subject").as_str()), ("anna@pointe.test", "Spring for anna"));
        assert_eq!((header(1, "To").as_str(), header(1, "Subject").as_str()), ("boris@pointe.test", "אביב לboris"));
        assert!(html(0).contains(r#"<html lang="en" dir="ltr">"#) && html(0).contains("Hello anna,"), "{}", html(0));
        assert!(html(1).contains(r#"<html lang="he" dir="rtl">"#) && html(1).contains("שלום boris,"), "{}", html(1));
        assert!(header(0, "Message-ID").starts_with(&format!("<{id}.{anna}@")), "{}", header(0, "Message-ID"));
        assert!(header(1, "Message-ID").starts_with(&format!("<{id}.{boris}@")));
        assert_eq!(header(0, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");

        let opened = app
            .get(
                address_after(&html(0), "http://pointe.test/api/email/open?token=")
                    .trim_start_matches("http://pointe.test"),
            )
            .await;
        assert_eq!((opened.status, opened.header("content-type")), (StatusCode::OK, "image/gif"));
        let click = link_path(&html(0), "the shoes");
        assert!(click.starts_with("/api/email/click?token="), "{click}");
        let clicked = app.get(&click).await;
        assert_eq!((clicked.status, clicked.header("location")), (StatusCode::FOUND, "http://pointe.test/brand/bloch"));
        app.get(&click).await;
        assert_error_code(&app.get(&format!("{click}x")).await, StatusCode::NOT_FOUND, "email_link_invalid");
        let other_link = click.replacen("~1.", "~0.", 1);
        assert_ne!(other_link, click);
        assert_error_code(&app.get(&other_link).await, StatusCode::NOT_FOUND, "email_link_invalid");

        let record = campaign(app, &admin, &id).await;
        assert_eq!(record["status"], "sent");
        let performance = &record["performance"];
        assert_eq!(
            (performance["sent"].as_i64(), performance["opened"].as_i64(), performance["clicked"].as_i64()),
            (Some(2), Some(1), Some(1))
        );
        assert_eq!((performance["openRate"].as_f64(), performance["clickRate"].as_f64()), (Some(0.5), Some(0.5)));
        let report = call(app, Method::GET, &format!("/api/admin/email/campaigns/{id}/report"), &admin, &Value::Null)
            .await
            .json();
        let links = report["links"].as_array().unwrap();
        let bloch = links.iter().find(|link| link["url"] == "http://pointe.test/brand/bloch").unwrap();
        assert_eq!(bloch["clicks"], 1, "{report}");
        let timeline = report["timeline"].as_array().unwrap();
        assert_eq!(timeline.iter().map(|point| point["opens"].as_i64().unwrap()).sum::<i64>(), 1);

        // The header's one-click address unsubscribes without a page; the next audience leaves anna out.
        let unsubscribe = header(0, "List-Unsubscribe");
        let (link, mailto) = unsubscribe.split_once(", ").unwrap();
        assert!(mailto.starts_with("<mailto:no-reply@pointe.localhost?subject=unsubscribe%20"), "{mailto}");
        let path = link.trim_matches(['<', '>']).trim_start_matches("http://pointe.test");
        let form = "application/x-www-form-urlencoded";
        let done = app.send_bytes(Method::POST, path, form, b"List-Unsubscribe=One-Click".to_vec(), &[]).await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.text());
        assert_eq!(audience(app, &admin, &template_id, &["newsletter"], &["en", "he"]).await, 1);
    })
    .await;
}

#[tokio::test]
async fn a_permanent_refusal_fails_at_once_and_a_temporary_one_is_tried_again_later() {
    let smtp = FakeSmtp::start(Duration::ZERO).await;
    let port = smtp.port.to_string();
    each_backend_with(&smtp_settings(&port), async |app| {
        let admin = app.signed_in_admin("odette").await;
        let template_id = template(app, &admin, "newsletter").await;
        for name in ["fine", "gone", "busy"] {
            member(app, name, "en", true).await;
        }
        let id = create(app, &admin, &draft(&template_id, &["newsletter"], &["en"])).await;
        act(app, &admin, &id, "send").await;
        assert_eq!(send_campaigns(&app.state, transport(app)).await.unwrap(), 1);
        let performance = campaign(app, &admin, &id).await["performance"].clone();
        assert_eq!(
            (performance["sent"].as_i64(), performance["failed"].as_i64(), performance["queued"].as_i64()),
            (Some(1), Some(1), Some(1))
        );
        assert_eq!(campaign(app, &admin, &id).await["status"], "sending", "busy waits for its next try");

        // Each try waits longer; after the last one the recipient fails and the campaign is done.
        for _ in 0..5 {
            app.clock.advance_secs(31 * 60);
            send_campaigns(&app.state, transport(app)).await.unwrap();
        }
        // The first admin's session ended hours ago.
        let admin = app.signed_in_admin("clara").await;
        let record = campaign(app, &admin, &id).await;
        assert_eq!((record["status"].as_str(), record["performance"]["failed"].as_i64()), (Some("sent"), Some(2)));
        let report = call(app, Method::GET, &format!("/api/admin/email/campaigns/{id}/report"), &admin, &Value::Null)
            .await
            .json();
        let problems = report["problems"].as_array().unwrap();
        assert_eq!(problems.len(), 2);
        assert_eq!(
            (problems[0]["email"].as_str(), problems[0]["attempts"].as_i64()),
            (Some("busy@pointe.test"), Some(5))
        );
        assert!(problems[0]["error"].as_str().unwrap().contains("Try again later"), "{report}");
        assert_eq!(
            (problems[1]["email"].as_str(), problems[1]["attempts"].as_i64()),
            (Some("gone@pointe.test"), Some(1))
        );
        assert!(problems[1]["error"].as_str().unwrap().contains("No such user here"), "{report}");
    })
    .await;
}

#[tokio::test]
async fn a_stopping_instance_gives_back_the_recipients_it_claimed_and_another_sends_them_at_once() {
    let smtp = SmtpServer::start(free_port()).await;
    let port = smtp.port.to_string();
    each_backend_with(&smtp_settings(&port), async |app| {
        let admin = app.signed_in_admin("odette").await;
        // Two a second: the first batch claims all ten members, and sending them takes five seconds.
        let pace = json!({ "ratePerSecond": 2, "concurrency": 1, "tracking": false });
        assert_eq!(
            call(app, Method::PUT, "/api/admin/settings/campaign-sending", &admin, &pace).await.status,
            StatusCode::OK
        );
        let template_id = template(app, &admin, "newsletter").await;
        for index in 0..10 {
            member(app, &format!("dancer{index}"), "en", true).await;
        }
        let id = create(app, &admin, &draft(&template_id, &["newsletter"], &["en"])).await;
        act(app, &admin, &id, "send").await;
        let sending = tokio::spawn({
            let state = app.state.clone();
            let mailer = transport(app);
            async move { send_campaigns(&state, mailer).await.unwrap() }
        });
        tokio::time::sleep(Duration::from_millis(1200)).await;
        app.state.lifecycle.stop();
        let sent_before_stop = sending.await.unwrap();
        assert!((1..10).contains(&sent_before_stop), "stopped part-way: {sent_before_stop}");
        let locked: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM campaign_recipients WHERE locked_until IS NOT NULL")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!(locked, 0, "no claim is left to run out");

        // Another instance, at the same moment, sends the rest.
        let second = app.another_instance().await;
        let rest = send_campaigns(&second.state, transport(&second)).await.unwrap();
        assert_eq!(sent_before_stop + rest, 10);
        assert_eq!(smtp.take_messages().len(), 10, "every member once");
        assert_eq!(campaign(app, &admin, &id).await["status"], "sent");
    })
    .await;
}

#[tokio::test]
async fn two_instances_send_one_campaign_and_each_member_gets_it_once() {
    let smtp = SmtpServer::start(free_port()).await;
    let port = smtp.port.to_string();
    each_backend_with(&smtp_settings(&port), async |app| {
        let admin = app.signed_in_admin("odette").await;
        let template_id = template(app, &admin, "newsletter").await;
        for index in 0..40 {
            member(app, &format!("dancer{index}"), "en", true).await;
        }
        let second = app.another_instance().await;
        let id = create(app, &admin, &draft(&template_id, &["newsletter"], &["en"])).await;
        act(app, &admin, &id, "send").await;
        let (first_sent, second_sent) =
            tokio::join!(send_campaigns(&app.state, transport(app)), send_campaigns(&second.state, transport(&second)));
        assert_eq!(first_sent.unwrap() + second_sent.unwrap(), 40);
        let recipients: Vec<String> = smtp
            .take_messages()
            .iter()
            .map(|raw| mailparse::parse_mail(raw).unwrap().headers.get_first_value("To").unwrap())
            .collect();
        assert_eq!(recipients.len(), 40, "no member twice");
        assert_eq!(recipients.iter().collect::<HashSet<_>>().len(), 40);
        assert_eq!(campaign(app, &admin, &id).await["status"], "sent");
    })
    .await;
}
