//! Sign-up, login with the e-mailed code, the bot-check, tokens and sessions, password reset, rate
//! limits, and tips — over the real router and database, with the clock moved by hand.

use crate::common::{
    assert_json_error, each_backend, each_backend_with, fields_of, solved_bot_check, solved_bot_check_with, TestApp,
    TestResponse,
};
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

const PASSWORD: &str = "Arabesque#2026";

/// Moves the clock a second, so that e-mails queued by the next action sort after earlier ones.
fn tick(app: &TestApp) {
    app.clock.advance_secs(1);
}

/// The newest e-mail to `recipient` (subject, plain text) from the outbox.
async fn last_mail(app: &TestApp, recipient: &str) -> (String, String) {
    sqlx::query_as(
        "SELECT subject, text_body FROM email_outbox WHERE recipient = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(recipient)
    .fetch_one(&app.state.db)
    .await
    .expect("an e-mail was queued")
}

/// The 6-digit code in the newest e-mail to `recipient` (its text; the subject never holds it).
async fn last_code(app: &TestApp, recipient: &str) -> String {
    let (subject, text) = last_mail(app, recipient).await;
    assert!(!subject.chars().any(|c| c.is_ascii_digit()), "no code in the subject: {subject}");
    text.split(|c: char| !c.is_ascii_digit()).find(|part| part.len() == 6).expect("a code in the text").to_owned()
}

async fn signup(app: &TestApp, username: &str) -> TestResponse {
    signup_with(app, username, json!({})).await
}

/// Signs up with `extra` fields on top of the usual ones.
async fn signup_with(app: &TestApp, username: &str, extra: Value) -> TestResponse {
    tick(app);
    let mut body = json!({ "username": username, "email": format!("{}@example.org", username.to_lowercase()), "password": PASSWORD,
        "confirmPassword": PASSWORD, "acceptTerms": true, "language": "en", "turnstileToken": solved_bot_check(app).await });
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    app.post_json("/api/auth/signup", &body).await
}

async fn verify_code(app: &TestApp, challenge: &Value, code: &str) -> TestResponse {
    app.post_json("/api/auth/verify-code", &json!({ "challengeId": challenge, "code": code })).await
}

/// Signs up and verifies the address; returns the first token.
async fn member(app: &TestApp, username: &str) -> String {
    let step = signup(app, username).await.json();
    let code = last_code(app, &format!("{}@example.org", username.to_lowercase())).await;
    verify_code(app, &step["challengeId"], &code).await.json()["token"].as_str().unwrap().to_owned()
}

async fn login(app: &TestApp, username: &str, password: &str) -> TestResponse {
    tick(app);
    let body = json!({ "username": username, "password": password, "turnstileToken": solved_bot_check(app).await });
    app.post_json("/api/auth/login", &body).await
}

/// Both steps of a login; returns the token.
async fn full_login(app: &TestApp, username: &str) -> String {
    let step = login(app, username, PASSWORD).await.json();
    assert_eq!(step["requiresTwoFactor"], true, "{step}");
    let code = last_code(app, &format!("{}@example.org", username.to_lowercase())).await;
    verify_code(app, &step["challengeId"], &code).await.json()["token"].as_str().unwrap().to_owned()
}

async fn tips(app: &TestApp, token: &str) -> TestResponse {
    app.request(Method::GET, "/api/tips?lang=en", &[("authorization", &format!("Bearer {token}"))]).await
}

async fn audit_actions(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar("SELECT action FROM audit_log ORDER BY created_at, action")
        .fetch_all(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn sign_up_verify_the_code_then_log_in_with_a_second_code() {
    each_backend(async |app| {
        let step = signup(app, "Odette").await;
        assert_eq!(step.status, StatusCode::OK, "{}", step.text());
        let step = step.json();
        assert_eq!(step["requiresVerification"], true);
        assert_eq!(step["message"], "Please check your email for verification code");
        assert!(step.get("token").is_none());
        let (subject, text) = last_mail(app, "odette@example.org").await;
        assert!(subject.starts_with("Your Pointe verification code"), "{subject}");
        assert!(text.contains("Odette") && text.contains("10"), "{text}");

        // Until the address is verified, a login asks for the sign-up code again.
        assert_eq!(login(app, "odette", PASSWORD).await.json()["requiresVerification"], true);
        let step = login(app, "odette", PASSWORD).await.json();
        let signed_in =
            verify_code(app, &step["challengeId"], &last_code(app, "odette@example.org").await).await.json();
        assert_eq!(signed_in["user"]["username"], "Odette");
        assert_eq!(signed_in["user"]["isAdmin"], false);

        // Verified: login by name or address (any case) asks for a login code.
        for name in ["ODETTE", "Odette@Example.org"] {
            let step = login(app, name, PASSWORD).await.json();
            assert_eq!(step["requiresTwoFactor"], true);
            assert!(last_mail(app, "odette@example.org").await.0.starts_with("Your Pointe sign-in code"));
        }
        let token = full_login(app, "odette").await;
        let verified = app.post_json("/api/auth/verify", &json!({ "token": token })).await.json();
        assert_eq!(verified["valid"], true);
        assert_eq!(verified["user"]["email"], "odette@example.org");
        assert!(audit_actions(app).await.contains(&"login_success".to_owned()));
    })
    .await;
}

#[tokio::test]
async fn newsletters_are_opt_in_at_sign_up() {
    each_backend(async |app| {
        let step = signup_with(app, "Odette", json!({ "newsletter": true })).await.json();
        let code = last_code(app, "odette@example.org").await;
        let ticked = verify_code(app, &step["challengeId"], &code).await.json()["token"].as_str().unwrap().to_owned();
        let unticked = member(app, "Siegfried").await;
        for (token, subscribed) in [(ticked, true), (unticked, false)] {
            let account =
                app.request(Method::GET, "/api/account", &[("authorization", &format!("Bearer {token}"))]).await;
            assert_eq!(account.json()["newsletter"], subscribed, "{}", account.text());
        }
    })
    .await;
}

#[tokio::test]
async fn new_members_get_the_welcome_template_once_verified_in_their_language() {
    each_backend(async |app| {
        let admin = app.signed_in_admin("admin").await;
        let text = |subject: &str| json!({ "subject": subject, "body": "**{{username}}**, {{unsubscribeUrl}}" });
        let template = json!({ "name": "Welcome", "category": "newsletter", "sendsWelcome": true,
            "translations": { "fr": text("Bienvenue {{username}}"), "he": text("ברוכה הבאה {{username}}") } });
        let auth = [("authorization", format!("Bearer {admin}"))];
        let auth = [(auth[0].0, auth[0].1.as_str())];
        let refused = app.send_json(Method::POST, "/api/admin/email/templates", &template, &auth).await;
        assert_eq!(fields_of(&refused)["sendsWelcome"], "Only a welcome template can be sent to new members");
        let mut welcome = template.clone();
        welcome["category"] = json!("welcome");
        assert_eq!(
            app.send_json(Method::POST, "/api/admin/email/templates", &welcome, &auth).await.status,
            StatusCode::CREATED
        );

        let step = signup_with(app, "Odette", json!({ "language": "fr" })).await.json();
        assert!(
            last_mail(app, "odette@example.org").await.0.contains("code"),
            "nothing before the address is verified"
        );
        let code = last_code(app, "odette@example.org").await;
        tick(app);
        verify_code(app, &step["challengeId"], &code).await;
        let (subject, text) = last_mail(app, "odette@example.org").await;
        assert_eq!(subject, "Bienvenue Odette");
        assert!(text.contains("Odette") && text.contains("/api/email/unsubscribe?token="), "{text}");
        // Hebrew when the template lacks the member's language; verified once, welcomed once.
        let step = signup(app, "Siegfried").await.json();
        let code = last_code(app, "siegfried@example.org").await;
        tick(app);
        verify_code(app, &step["challengeId"], &code).await;
        assert_eq!(last_mail(app, "siegfried@example.org").await.0, "ברוכה הבאה Siegfried");
        let welcomes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox WHERE subject LIKE 'Bienvenue%'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!(welcomes, 1);
    })
    .await;
}

#[tokio::test]
async fn sign_up_rules_answer_per_field_with_the_spec_texts() {
    each_backend(async |app| {
        let bad = json!({ "username": "1st", "email": "nope", "password": "short", "confirmPassword": "other",
            "phone": "call me", "location": "x".repeat(100), "turnstileToken": solved_bot_check(app).await });
        let answer = app.post_json("/api/auth/signup", &bad).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        let fields = &fields_of(&answer);
        assert_eq!(fields["username"], "Username must start with a letter");
        assert_eq!(fields["email"], "Invalid email address");
        assert_eq!(fields["password"], "Password must be at least 8 characters long");
        assert_eq!(fields["confirmPassword"], "Passwords do not match");
        assert_eq!(fields["phone"], "Invalid phone number format");
        assert_eq!(fields["location"], "Location must be under 100 characters");
        assert_eq!(fields["acceptTerms"], "You must agree to the terms of service and privacy policy");
        let common = json!({ "username": "Giselle", "email": "g@example.org", "password": "P@ssw0rd!", "confirmPassword": "P@ssw0rd!", "acceptTerms": true });
        assert_eq!(fields_of(&app.post_json("/api/auth/signup", &common).await)["password"], "This password is too common. Please choose another one.");

        member(app, "Giselle").await;
        let again = signup(app, "GISELLE").await;
        assert_json_error(&again, StatusCode::CONFLICT, "Username or email already exists");
        let garbage = app.request(Method::POST, "/api/auth/signup", &[("content-type", "application/json")]).await;
        assert_eq!(garbage.status, StatusCode::BAD_REQUEST);
        assert!(garbage.json()["error"].as_str().unwrap().starts_with("Invalid request body"));
    })
    .await;
}

#[tokio::test]
async fn the_bot_check_is_required_and_each_solution_works_once() {
    each_backend(async |app| {
        member(app, "Kitri").await;
        let without = app.post_json("/api/auth/login", &json!({ "username": "kitri", "password": PASSWORD })).await;
        assert_json_error(&without, StatusCode::BAD_REQUEST, "Please complete the security verification");
        let forged = app
            .post_json(
                "/api/auth/login",
                &json!({ "username": "kitri", "password": PASSWORD, "turnstileToken": "eyJ4Ijox" }),
            )
            .await;
        assert_json_error(&forged, StatusCode::BAD_REQUEST, "Security verification failed. Please try again.");

        let solution = solved_bot_check(app).await;
        let body = json!({ "username": "kitri", "password": PASSWORD, "turnstileToken": solution });
        assert_eq!(app.post_json("/api/auth/login", &body).await.status, StatusCode::OK);
        assert_json_error(
            &app.post_json("/api/auth/login", &body).await,
            StatusCode::BAD_REQUEST,
            "Security verification failed. Please try again.",
        );

        let stale = solved_bot_check(app).await;
        app.clock.advance_secs(11 * 60);
        let body = json!({ "username": "kitri", "password": PASSWORD, "turnstileToken": stale });
        assert_json_error(
            &app.post_json("/api/auth/login", &body).await,
            StatusCode::BAD_REQUEST,
            "Security verification failed. Please try again.",
        );
    })
    .await;
}

#[tokio::test]
async fn wrong_passwords_and_unknown_users_get_the_same_answer() {
    each_backend(async |app| {
        member(app, "Aurora").await;
        let wrong = login(app, "aurora", "Wrong#password1").await;
        assert_json_error(&wrong, StatusCode::UNAUTHORIZED, "Invalid username or password");
        let unknown = login(app, "carabosse", PASSWORD).await;
        assert_json_error(&unknown, StatusCode::UNAUTHORIZED, "Invalid username or password");
        assert_eq!(audit_actions(app).await.iter().filter(|a| *a == "login_failure").count(), 2);
    })
    .await;
}

#[tokio::test]
async fn codes_expire_work_once_and_die_after_five_wrong_tries() {
    each_backend(async |app| {
        member(app, "Clara").await;
        let step = login(app, "clara", PASSWORD).await.json();
        assert_json_error(
            &verify_code(app, &step["challengeId"], "12a456").await,
            StatusCode::BAD_REQUEST,
            "Please enter a valid 6-digit code",
        );
        let code = last_code(app, "clara@example.org").await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for _ in 0..5 {
            assert_json_error(
                &verify_code(app, &step["challengeId"], wrong).await,
                StatusCode::BAD_REQUEST,
                "Verification failed. Please try again.",
            );
        }
        assert_eq!(
            verify_code(app, &step["challengeId"], &code).await.status,
            StatusCode::BAD_REQUEST,
            "locked after 5 wrong tries"
        );
        assert!(audit_actions(app).await.contains(&"code_failure".to_owned()));

        let step = login(app, "clara", PASSWORD).await.json();
        let code = last_code(app, "clara@example.org").await;
        app.clock.advance_secs(10 * 60);
        assert_eq!(
            verify_code(app, &step["challengeId"], &code).await.status,
            StatusCode::BAD_REQUEST,
            "expired after 10 minutes"
        );

        let step = login(app, "clara", PASSWORD).await.json();
        let code = last_code(app, "clara@example.org").await;
        assert_eq!(verify_code(app, &step["challengeId"], &code).await.status, StatusCode::OK);
        assert_eq!(verify_code(app, &step["challengeId"], &code).await.status, StatusCode::BAD_REQUEST, "used once");
    })
    .await;
}

#[tokio::test]
async fn a_code_can_be_resent_after_the_countdown_and_the_old_one_stops_working() {
    each_backend(async |app| {
        member(app, "Swanilda").await;
        let step = login(app, "swanilda", PASSWORD).await.json();
        assert_eq!(step["resendAfter"], 30);
        let first = last_code(app, "swanilda@example.org").await;
        let early = app.post_json("/api/auth/resend-code", &json!({ "challengeId": step["challengeId"] })).await;
        assert_eq!(early.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(early.header("retry-after"), "30");
        app.clock.advance_secs(30);
        let resent =
            app.post_json("/api/auth/resend-code", &json!({ "challengeId": step["challengeId"] })).await.json();
        assert_eq!(resent["resendAfter"], 60, "the wait grows");
        let second = last_code(app, "swanilda@example.org").await;
        if first != second {
            assert_eq!(verify_code(app, &step["challengeId"], &first).await.status, StatusCode::BAD_REQUEST);
        }
        assert_eq!(verify_code(app, &step["challengeId"], &second).await.status, StatusCode::OK);
        let unknown = app.post_json("/api/auth/resend-code", &json!({ "challengeId": "nope" })).await;
        assert_json_error(&unknown, StatusCode::BAD_REQUEST, "Failed to resend code");
    })
    .await;
}

#[tokio::test]
async fn tokens_die_with_their_session_and_when_they_expire() {
    each_backend(async |app| {
        let token = member(app, "Myrtha").await;
        assert_eq!(tips(app, &token).await.status, StatusCode::OK);
        assert_json_error(&app.get("/api/tips").await, StatusCode::UNAUTHORIZED, "Authentication required");
        assert_json_error(&tips(app, "forged.token.value").await, StatusCode::UNAUTHORIZED, "Authentication required");

        // Refresh gives a token good for a full lifetime from now.
        app.clock.advance_secs(3000);
        let refreshed = app
            .request(Method::POST, "/api/auth/refresh", &[("authorization", &format!("Bearer {token}"))])
            .await
            .json();
        let renewed = refreshed["token"].as_str().unwrap().to_owned();
        app.clock.advance_secs(1000);
        assert_eq!(tips(app, &renewed).await.status, StatusCode::OK);
        assert_json_error(&tips(app, &token).await, StatusCode::UNAUTHORIZED, "Authentication required");
        app.clock.advance_secs(2700);
        assert_json_error(&tips(app, &renewed).await, StatusCode::UNAUTHORIZED, "Authentication required");
        let stale =
            app.request(Method::POST, "/api/auth/refresh", &[("authorization", &format!("Bearer {renewed}"))]).await;
        assert_json_error(&stale, StatusCode::UNAUTHORIZED, "Token refresh failed");

        // Logout ends the session at once.
        let token = full_login(app, "myrtha").await;
        let logout =
            app.request(Method::POST, "/api/auth/logout", &[("authorization", &format!("Bearer {token}"))]).await;
        assert_eq!(logout.json()["success"], true);
        assert_json_error(&tips(app, &token).await, StatusCode::UNAUTHORIZED, "Authentication required");
        let verify = app.post_json("/api/auth/verify", &json!({ "token": token })).await;
        assert_json_error(&verify, StatusCode::UNAUTHORIZED, "Token verification failed");
        assert_json_error(
            &app.post_json("/api/auth/verify", &json!({})).await,
            StatusCode::BAD_REQUEST,
            "No token available",
        );
        assert!(audit_actions(app).await.contains(&"logout".to_owned()));
    })
    .await;
}

#[tokio::test]
async fn password_reset_by_a_single_use_link_ends_every_session() {
    each_backend(async |app| {
        let token = member(app, "Nikiya").await;
        let neutral = "If an account exists with that email, we've sent password reset instructions.";
        for email in ["nikiya@example.org", "nobody@example.org"] {
            tick(app);
            let body = json!({ "email": email, "turnstileToken": solved_bot_check(app).await });
            let answer = app.post_json("/api/auth/request-password-reset", &body).await;
            assert_eq!(answer.json()["message"], neutral);
        }
        let (subject, text) = last_mail(app, "nikiya@example.org").await;
        assert_eq!(subject, "Reset your Pointe password");
        let link = text.split_whitespace().find(|w| w.contains("/reset-password#token=")).expect("a link").to_owned();
        assert!(link.starts_with("http://pointe.test/reset-password#token="), "{link}");
        let reset_token = link.split("#token=").nth(1).unwrap();

        let weak = app
            .post_json(
                "/api/auth/reset-password",
                &json!({ "token": reset_token, "password": "short", "confirmPassword": "short" }),
            )
            .await;
        assert_eq!(fields_of(&weak)["password"], "Password must be at least 8 characters long");
        assert_eq!(weak.json()["fields"]["password"]["code"], "password_short");
        let new_password = "Pas-de-deux#7";
        let body = json!({ "token": reset_token, "password": new_password, "confirmPassword": new_password });
        assert_eq!(app.post_json("/api/auth/reset-password", &body).await.status, StatusCode::OK);
        assert_json_error(
            &app.post_json("/api/auth/reset-password", &body).await,
            StatusCode::BAD_REQUEST,
            "Invalid or expired reset link. Please request a new one.",
        );
        assert_json_error(&tips(app, &token).await, StatusCode::UNAUTHORIZED, "Authentication required");
        assert_eq!(last_mail(app, "nikiya@example.org").await.0, "Your Pointe password was changed");
        tick(app);

        // The new password still needs the e-mailed code.
        assert_eq!(login(app, "nikiya", new_password).await.json()["requiresTwoFactor"], true);
        let actions = audit_actions(app).await;
        for action in ["password_reset_request", "password_reset", "session_end"] {
            assert!(actions.contains(&action.to_owned()), "{action} in {actions:?}");
        }

        tick(app);
        let body = json!({ "email": "nikiya@example.org", "turnstileToken": solved_bot_check(app).await });
        app.post_json("/api/auth/request-password-reset", &body).await;
        let (_, text) = last_mail(app, "nikiya@example.org").await;
        let late = text
            .split_whitespace()
            .find(|w| w.contains("#token="))
            .unwrap()
            .split("#token=")
            .nth(1)
            .unwrap()
            .to_owned();
        app.clock.advance_secs(60 * 60);
        let body = json!({ "token": late, "password": new_password, "confirmPassword": new_password });
        assert_json_error(
            &app.post_json("/api/auth/reset-password", &body).await,
            StatusCode::BAD_REQUEST,
            "Invalid or expired reset link. Please request a new one.",
        );
    })
    .await;
}

#[tokio::test]
async fn brute_force_is_limited_per_account_and_network_and_the_owner_elsewhere_still_gets_in() {
    each_backend(async |app| {
        member(app, "Zobeide").await;
        let guess = async |ip: &str| {
            let token = solved_bot_check_with(app, &[("x-forwarded-for", ip)]).await;
            let body = json!({ "username": "zobeide", "password": "Wrong#guess1", "turnstileToken": token });
            app.send_json(Method::POST, "/api/auth/login", &body, &[("x-forwarded-for", ip)]).await
        };
        for _ in 0..10 {
            assert_eq!(guess("10.0.0.1").await.status, StatusCode::UNAUTHORIZED);
        }
        let limited = guess("10.0.0.1").await;
        assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(limited.json()["code"], "rate_limited");
        assert_eq!(limited.header("retry-after"), "900");
        let token = solved_bot_check_with(app, &[("x-forwarded-for", "10.0.1.1")]).await;
        let body = json!({ "username": "zobeide", "password": PASSWORD, "turnstileToken": token });
        let owner = app.send_json(Method::POST, "/api/auth/login", &body, &[("x-forwarded-for", "10.0.1.1")]).await;
        assert_eq!(owner.status, StatusCode::OK, "the guesser's ten tries do not lock the owner out: {}", owner.text());

        // Guessing from many networks meets the account's own, looser ceiling: a hundred tries in all (the
        // owner's one included).
        for n in 0..89 {
            assert_eq!(guess(&format!("10.1.{}.{}", n / 10, n % 10)).await.status, StatusCode::UNAUTHORIZED, "try {n}");
        }
        assert_eq!(guess("10.2.0.1").await.status, StatusCode::TOO_MANY_REQUESTS, "the account's ceiling");
        app.clock.advance_secs(15 * 60);
        assert_eq!(login(app, "zobeide", PASSWORD).await.status, StatusCode::OK, "the window has passed");

        // Requests without the bot-check are refused before they count against the account.
        for _ in 0..5 {
            let blank =
                app.post_json("/api/auth/request-password-reset", &json!({ "email": "zobeide@example.org" })).await;
            assert_eq!(blank.status, StatusCode::BAD_REQUEST);
        }
        for _ in 0..3 {
            let body = json!({ "email": "zobeide@example.org", "turnstileToken": solved_bot_check(app).await });
            let asked = app.post_json("/api/auth/request-password-reset", &body).await;
            assert_eq!(asked.status, StatusCode::OK, "{}", asked.text());
        }
        let body = json!({ "email": "zobeide@example.org", "turnstileToken": solved_bot_check(app).await });
        let limited = app.post_json("/api/auth/request-password-reset", &body).await;
        assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    })
    .await;
}

#[tokio::test]
async fn guesses_sent_at_once_share_the_codes_five_tries() {
    each_backend(async |app| {
        member(app, "Nikiya").await;
        let step = login(app, "nikiya", PASSWORD).await.json();
        let code = last_code(app, "nikiya@example.org").await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        // Twenty at once (an address may send 30 codes in 15 minutes).
        let guesses = (0..20).map(|_| verify_code(app, &step["challengeId"], wrong));
        for answer in futures_util::future::join_all(guesses).await {
            assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text());
        }
        let tries: i64 = sqlx::query_scalar("SELECT failed_attempts FROM verification_codes WHERE id = $1")
            .bind(step["challengeId"].as_str().unwrap())
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert_eq!(tries, 5, "each guess takes a try before it is checked: five were checked, not twenty");
        assert_eq!(verify_code(app, &step["challengeId"], &code).await.status, StatusCode::BAD_REQUEST, "locked");
    })
    .await;
}

#[tokio::test]
async fn an_accounts_codes_take_twenty_wrong_guesses_a_day_between_them() {
    each_backend(async |app| {
        member(app, "Gamzatti").await;
        for _ in 0..4 {
            let step = login(app, "gamzatti", PASSWORD).await.json();
            let code = last_code(app, "gamzatti@example.org").await;
            let wrong = if code == "000000" { "111111" } else { "000000" };
            for _ in 0..5 {
                assert_eq!(verify_code(app, &step["challengeId"], wrong).await.status, StatusCode::BAD_REQUEST);
            }
        }
        let step = login(app, "gamzatti", PASSWORD).await.json();
        let code = last_code(app, "gamzatti@example.org").await;
        assert_eq!(verify_code(app, &step["challengeId"], &code).await.status, StatusCode::BAD_REQUEST, "20 used up");

        app.clock.advance_ms(pointe_server::testing::DAY_MS);
        let step = login(app, "gamzatti", PASSWORD).await.json();
        let code = last_code(app, "gamzatti@example.org").await;
        assert_eq!(verify_code(app, &step["challengeId"], &code).await.status, StatusCode::OK, "a day later");
    })
    .await;
}

#[tokio::test]
async fn a_network_whose_sign_ins_keep_failing_is_given_harder_proofs_of_work() {
    each_backend(async |app| {
        let from = [("x-forwarded-for", "10.3.0.1")];
        let challenge = async || app.request(Method::GET, "/api/auth/bot-check", &from).await.json();
        let base = challenge().await["maxnumber"].as_u64().unwrap();
        let cheap = solved_bot_check_with(app, &from).await;
        for _ in 0..3 {
            let token = solved_bot_check_with(app, &from).await;
            let body = json!({ "username": "nobody", "password": "Wrong#guess1", "turnstileToken": token });
            assert_eq!(
                app.send_json(Method::POST, "/api/auth/login", &body, &from).await.status,
                StatusCode::UNAUTHORIZED
            );
        }
        assert_eq!(challenge().await["maxnumber"].as_u64(), Some(base * 2), "doubled after three failures");
        let other = app.request(Method::GET, "/api/auth/bot-check", &[("x-forwarded-for", "10.3.1.1")]).await.json();
        assert_eq!(other["maxnumber"].as_u64(), Some(base), "other networks are not charged");
        // A solution of a cheaper challenge, fetched before (or elsewhere), no longer passes.
        let body = json!({ "username": "nobody", "password": "Wrong#guess1", "turnstileToken": cheap });
        let refused = app.send_json(Method::POST, "/api/auth/login", &body, &from).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(refused.json()["code"], "bot_check_failed");
        let token = solved_bot_check_with(app, &from).await;
        let body = json!({ "username": "nobody", "password": "Wrong#guess1", "turnstileToken": token });
        assert_eq!(app.send_json(Method::POST, "/api/auth/login", &body, &from).await.status, StatusCode::UNAUTHORIZED);
    })
    .await;
}

#[tokio::test]
async fn posts_without_a_solved_bot_check_do_not_lock_the_account_out() {
    each_backend(async |app| {
        member(app, "Myrtha").await;
        for n in 0..12 {
            let blank = json!({ "username": "myrtha", "password": "x" });
            let ip = format!("10.1.0.{n}");
            let answer = app.send_json(Method::POST, "/api/auth/login", &blank, &[("x-forwarded-for", &ip)]).await;
            assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text());
        }
        assert_eq!(login(app, "myrtha", PASSWORD).await.status, StatusCode::OK, "the owner still gets in");
    })
    .await;
}

#[tokio::test]
async fn tips_come_in_six_sections_in_the_asked_language() {
    each_backend(async |app| {
        let token = member(app, "Raymonda").await;
        let tips = tips(app, &token).await.json();
        let ids: Vec<&str> = tips["sections"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["choosing", "fitting", "breakingIn", "care", "safety", "disclaimer"]);
        assert!(tips["sections"][0]["title"].as_str().unwrap().is_ascii());
    })
    .await;
}

/// A Turnstile verifier on 127.0.0.1: `/ok` accepts every token, `/moved` redirects to `/ok`.
async fn turnstile_verifier() -> u16 {
    let routes = axum::Router::new()
        .route("/ok", axum::routing::post(async || axum::Json(json!({ "success": true }))))
        .route("/moved", axum::routing::post(async || axum::response::Redirect::temporary("/ok")));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move { axum::serve(listener, routes).await.unwrap() });
    port
}

#[tokio::test]
async fn turnstile_is_asked_where_configured_only_and_not_waited_for_long() {
    let verifier = turnstile_verifier().await;
    let (silent, _held) = crate::common::ai::silent_port().await;
    for (path, passes) in [
        (format!("http://127.0.0.1:{verifier}/ok"), true),
        (format!("http://127.0.0.1:{verifier}/moved"), false),
        (format!("http://127.0.0.1:{silent}/"), false),
    ] {
        let vars = [
            ("BOT_CHECK", "turnstile"),
            ("TURNSTILE_SITE_KEY", "site-key"),
            ("TURNSTILE_SECRET", "secret"),
            ("TURNSTILE_VERIFY_URL", path.as_str()),
        ];
        each_backend_with(&vars, async |app| {
            let body = json!({ "username": "nobody", "password": PASSWORD, "turnstileToken": "widget-token" });
            let answer =
                tokio::time::timeout(std::time::Duration::from_secs(60), app.post_json("/api/auth/login", &body))
                    .await
                    .expect("a verifier that hangs is given up");
            if passes {
                assert_json_error(&answer, StatusCode::UNAUTHORIZED, "Invalid username or password");
            } else {
                // A redirect is not followed (the secret goes to the configured address only).
                assert_json_error(&answer, StatusCode::BAD_REQUEST, "Security verification failed. Please try again.");
            }
        })
        .await;
    }
}
