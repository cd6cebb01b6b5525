//! Builds the real application over a real database for each test: a fresh SQLite file always, and a
//! fresh PostgreSQL database too when `TEST_DATABASE_URL` is set (created here, dropped afterwards).
//! Each starts as a copy of a database the app's start prepared once per run of the suite (migrated and
//! seeded), so the migrations and the seeds run once, not twice per test.

pub(crate) mod ai;
pub(crate) mod dns;
pub(crate) mod dovecot;
pub(crate) mod smtp;

use std::{cell::Cell, path::Path, sync::Once};

use axum::{
    body::{Body, Bytes},
    http::{header, HeaderMap, Method, Request, StatusCode},
    Router,
};
use http_body_util::BodyExt;
use std::sync::Arc;

use pointe_server::{
    app,
    testing::{password, prepare_database, sessions, store, ClientInfo, Lang, ManualClock, NewAccount, Profile, Role},
    AppState, Config,
};
use serde_json::Value;
use sqlx::{Connection, Executor};
use tokio::sync::OnceCell;
use tower::ServiceExt;

pub(crate) const INDEX_HTML: &str = "<!doctype html>\n<html lang=\"he\" dir=\"rtl\">\n<head>\n<meta charset=\"UTF-8\">\n<!--app-head-->\n</head>\n<body><div id=\"root\"></div><script type=\"module\" src=\"/assets/index-abc123.js\"></script></body>\n</html>\n";

/// One running instance of the app on one database.
pub(crate) struct TestApp {
    pub backend: &'static str,
    pub state: AppState,
    pub router: Router,
    pub database_url: String,
    /// The app's clock: tests move it instead of sleeping.
    pub clock: Arc<ManualClock>,
    /// The settings given on top of the test defaults (see `config`).
    vars: Vars,
    /// The test's own folder (the web app's files, mail, and whatever the test writes).
    pub dir: Arc<tempfile::TempDir>,
    _postgres: Option<Arc<PostgresDatabase>>,
}

type Vars = Vec<(String, String)>;

pub(crate) struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl TestResponse {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub(crate) fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }
}

impl TestApp {
    pub(crate) async fn request(&self, method: Method, uri: &str, headers: &[(&str, &str)]) -> TestResponse {
        let mut builder = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        self.call(builder.body(Body::empty()).unwrap()).await
    }

    async fn call(&self, request: Request<Body>) -> TestResponse {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let (parts, body) = response.into_parts();
        TestResponse { status: parts.status, headers: parts.headers, body: body.collect().await.unwrap().to_bytes() }
    }

    pub(crate) async fn get(&self, uri: &str) -> TestResponse {
        self.request(Method::GET, uri, &[]).await
    }

    /// A JSON request; `headers` may add e.g. `authorization` or `x-forwarded-for`.
    pub(crate) async fn send_json(
        &self,
        method: Method,
        uri: &str,
        body: &Value,
        headers: &[(&str, &str)],
    ) -> TestResponse {
        let mut builder = Request::builder().method(method).uri(uri).header(header::CONTENT_TYPE, "application/json");
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        self.call(builder.body(Body::from(body.to_string())).unwrap()).await
    }

    /// A request with a raw body of the given type, e.g. a multipart upload.
    pub(crate) async fn send_bytes(
        &self,
        method: Method,
        uri: &str,
        content_type: &str,
        body: Vec<u8>,
        headers: &[(&str, &str)],
    ) -> TestResponse {
        let mut builder = Request::builder().method(method).uri(uri).header(header::CONTENT_TYPE, content_type);
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        self.call(builder.body(Body::from(body)).unwrap()).await
    }

    pub(crate) async fn post_json(&self, uri: &str, body: &Value) -> TestResponse {
        self.send_json(Method::POST, uri, body, &[]).await
    }

    /// Another instance whose pages of content are drawn (the web app's render bundle beside its files),
    /// or `None`, outside CI, when the bundle has not been built (`make web`).
    pub(crate) async fn drawing_pages(&self) -> Option<TestApp> {
        let bundle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/dist-ssr/render.js");
        if !bundle.exists() {
            assert_ne!(std::env::var("CI").as_deref(), Ok("true"), "CI=true needs the render bundle: run `make web`");
            eprintln!("no render bundle ({}): the drawn pages are not tested; run `make web`", bundle.display());
            return None;
        }
        let beside = self.dir.path().join("dist-ssr");
        std::fs::create_dir_all(&beside).unwrap();
        std::fs::copy(bundle, beside.join("render.js")).unwrap();
        Some(self.another_instance().await)
    }

    /// Another instance with the same database, settings and clock: as after a restart, or as a
    /// second server behind the same load balancer.
    pub(crate) async fn another_instance(&self) -> TestApp {
        let config = config(&self.database_url, &self.dir.path().join("dist"), &self.vars);
        let state = AppState::start_with_clock(config, self.clock.clone()).await.unwrap();
        TestApp {
            backend: self.backend,
            router: app(state.clone()),
            state,
            database_url: self.database_url.clone(),
            clock: self.clock.clone(),
            vars: self.vars.clone(),
            dir: self.dir.clone(),
            _postgres: self._postgres.clone(),
        }
    }
}

/// The test configuration, with `vars` added or replacing the defaults.
pub(crate) fn config(database_url: &str, dist: &Path, vars: &[(String, String)]) -> Config {
    let url = database_url.to_owned();
    // Mail written as files goes beside the app's files, in the test's own folder.
    let mail = dist.with_file_name("mail").to_string_lossy().into_owned();
    let dist = dist.to_string_lossy().into_owned();
    Config::from_lookup(|name| {
        if let Some((_, value)) = vars.iter().find(|(var, _)| var == name) {
            return Some(value.clone());
        }
        match name {
            "DATABASE_URL" => Some(url.clone()),
            "WEB_DIST" => Some(dist.clone()),
            "MAIL_DIR" => Some(mail.clone()),
            "PUBLIC_URL" => Some("http://pointe.test".to_owned()),
            "CONTACT_EMAIL" => Some("hello@pointe.test".to_owned()),
            // Small proof-of-work puzzles keep the tests quick; X-Forwarded-For lets a test be several clients.
            "ALTCHA_MAX_NUMBER" => Some("2000".to_owned()),
            "TRUST_PROXY" => Some("true".to_owned()),
            // The tests' stand-in providers, SMTP and POP3 servers listen on 127.0.0.1.
            "ALLOW_PRIVATE_HOSTS" => Some("true".to_owned()),
            // The seed's six products; the finder's tests import the data set's models themselves.
            "SEED_SHOE_MODELS" => Some("false".to_owned()),
            _ => None,
        }
    })
    .unwrap()
}

/// What the build's precompressed brotli copy of `assets/index-abc123.js` holds (any bytes will do).
pub(crate) const PRECOMPRESSED_BR: &[u8] = b"precompressed brotli bytes";

/// The plain text of `assets/chunk-def456.js`, whose build copy is gzip (`GZIP_CHUNK`).
pub(crate) const GZIP_CHUNK_TEXT: &str = "export const pointe = 'shoes';\n";

/// The plain text of `assets/stale-789.js`, whose gzip copy holds something else.
pub(crate) const STALE_CHUNK_TEXT: &str = "export const fresh = 'the file as the build last wrote it';\n";

/// Gzip of `text`, as the build writes its copies.
pub(crate) fn gzip(text: &str) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut encoder, text.as_bytes()).unwrap();
    encoder.finish().unwrap()
}

/// A built web app in miniature: the real markers in `index.html`, one hashed asset with its
/// precompressed brotli copy, one with a gzip copy and one whose gzip copy is stale, one image, and the
/// build's own manifest (which is not served).
fn write_dist(dir: &Path) {
    std::fs::create_dir_all(dir.join(".vite")).unwrap();
    std::fs::write(dir.join(".vite/manifest.json"), "{}").unwrap();
    std::fs::write(dir.join("index.html"), INDEX_HTML).unwrap();
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("assets/index-abc123.js"), "console.log('pointe');\n".repeat(100)).unwrap();
    std::fs::write(dir.join("assets/index-abc123.js.br"), PRECOMPRESSED_BR).unwrap();
    std::fs::write(dir.join("assets/chunk-def456.js"), GZIP_CHUNK_TEXT).unwrap();
    std::fs::write(dir.join("assets/chunk-def456.js.gz"), gzip(GZIP_CHUNK_TEXT)).unwrap();
    std::fs::write(dir.join("assets/stale-789.js"), STALE_CHUNK_TEXT).unwrap();
    std::fs::write(dir.join("assets/stale-789.js.gz"), gzip("export const fresh = false;\n")).unwrap();
    std::fs::create_dir_all(dir.join("images")).unwrap();
    std::fs::write(dir.join("images/logo.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>").unwrap();
}

async fn start(
    backend: &'static str,
    database_url: String,
    postgres: Option<PostgresDatabase>,
    vars: &[(&str, &str)],
) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    write_dist(&dist);
    let mut vars: Vars = vars.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect();
    // Each app (and the instances beside it) counts under its own keys in the shared Redis.
    if vars.iter().any(|(name, _)| name == "REDIS_URL") {
        vars.push(("REDIS_KEY_PREFIX".to_owned(), format!("pointe-test-{}:", uuid::Uuid::new_v4().simple())));
    }
    let clock = Arc::new(ManualClock::starting_now());
    let state = AppState::start_with_clock(config(&database_url, &dist, &vars), clock.clone()).await.unwrap();
    TestApp {
        backend,
        router: app(state.clone()),
        state,
        database_url,
        clock,
        vars,
        dir: Arc::new(dir),
        _postgres: postgres.map(Arc::new),
    }
}

/// Runs `test` once per backend: SQLite, then PostgreSQL when `TEST_DATABASE_URL` is set.
pub(crate) async fn each_backend(test: impl AsyncFn(&TestApp)) {
    each_backend_with(&[], test).await;
}

/// As `each_backend`, with these settings on top of the test defaults. Under `CI=true` PostgreSQL is
/// required: a CI run that silently skipped it could pass without it.
pub(crate) async fn each_backend_with(vars: &[(&str, &str)], test: impl AsyncFn(&TestApp)) {
    on_sqlite_with(vars, &test).await;
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) => {
            let database = PostgresDatabase::copy(&admin_url, postgres_template(&admin_url).await).await;
            BACKEND.set(Some("postgres"));
            test(&start("postgres", database.url.clone(), Some(database), vars).await).await;
        }
        Err(_) if std::env::var("CI").is_ok_and(|ci| ci == "true") => {
            panic!("CI=true needs TEST_DATABASE_URL: the suite must also run on PostgreSQL")
        }
        Err(_) => {}
    }
    BACKEND.set(None);
}

/// Runs `test` on SQLite only: for what the database plays no part in but its time is long (a real
/// model's answers, whose recording the tests of the stub providers check on both backends).
pub(crate) async fn on_sqlite_with(vars: &[(&str, &str)], test: impl AsyncFn(&TestApp)) {
    name_backend_in_failures();
    let file = tempfile::tempdir().unwrap();
    let path = file.path().join("pointe.db");
    std::fs::write(&path, sqlite_template().await).unwrap();
    let url = format!("sqlite://{}", path.display());
    BACKEND.set(Some("sqlite"));
    test(&start("sqlite", url, None, vars).await).await;
    BACKEND.set(None);
}

thread_local! {
    /// The backend the test on this thread runs on (tokio's test runtime keeps a test on its thread).
    static BACKEND: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// Every failure names its backend first, so one that happens only on PostgreSQL says so.
fn name_backend_in_failures() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Some(backend) = BACKEND.get() {
                eprintln!("failed on the {backend} backend:");
            }
            default(info);
        }));
    });
}

/// The app's start on a new database, once per backend and run of the suite (the settings are the tests'
/// defaults: `SEED_SHOE_MODELS` off).
async fn prepare(url: &str) {
    prepare_database(&config(url, Path::new("dist"), &[])).await.expect("the template database is prepared");
}

/// The prepared SQLite file's bytes; each test writes them to its own file.
async fn sqlite_template() -> &'static [u8] {
    static TEMPLATE: OnceCell<Vec<u8>> = OnceCell::const_new();
    TEMPLATE
        .get_or_init(async || {
            let dir = tempfile::tempdir().unwrap();
            let url = format!("sqlite://{}", dir.path().join("prepared.db").display());
            prepare(&url).await;
            // One file with what the write-ahead log still holds (a closed pool need not have folded it in).
            let copy = dir.path().join("template.db");
            let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
            sqlx::query("VACUUM INTO ?").bind(copy.to_string_lossy()).execute(&mut conn).await.unwrap();
            conn.close().await.unwrap();
            std::fs::read(copy).unwrap()
        })
        .await
}

/// Prefix of the prepared PostgreSQL databases, followed by the process id of the run that made it.
const POSTGRES_TEMPLATE_PREFIX: &str = "pointe_test_template_";

/// The prepared PostgreSQL database's name, kept for the run (`CREATE DATABASE … TEMPLATE` copies it). A
/// run cannot drop it as it ends (a test binary has no last step), so each run drops those of runs whose
/// process has ended.
async fn postgres_template(admin_url: &str) -> &'static str {
    static TEMPLATE: OnceCell<String> = OnceCell::const_new();
    TEMPLATE
        .get_or_init(async || {
            let mut conn = sqlx::PgConnection::connect(admin_url).await.expect("TEST_DATABASE_URL does not answer");
            let earlier: Vec<String> =
                sqlx::query_scalar("SELECT datname FROM pg_database WHERE starts_with(datname, $1)")
                    .bind(POSTGRES_TEMPLATE_PREFIX)
                    .fetch_all(&mut conn)
                    .await
                    .unwrap();
            for name in earlier {
                let pid = name.strip_prefix(POSTGRES_TEMPLATE_PREFIX).unwrap_or_default();
                if !Path::new("/proc").join(pid).exists() {
                    let _ = conn.execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str()).await;
                }
            }
            let name = format!("{POSTGRES_TEMPLATE_PREFIX}{}", std::process::id());
            conn.execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str()).await.unwrap();
            conn.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
            prepare(&database_url(admin_url, &name)).await;
            name
        })
        .await
}

fn database_url(admin_url: &str, name: &str) -> String {
    let base = admin_url.rsplit_once('/').map_or(admin_url, |(base, _)| base);
    format!("{base}/{name}")
}

/// A throw-away PostgreSQL database, dropped when this value is.
pub(crate) struct PostgresDatabase {
    admin_url: String,
    name: String,
    pub url: String,
}

impl PostgresDatabase {
    /// An empty database.
    pub(crate) async fn create(admin_url: &str) -> Self {
        Self::new(admin_url, "").await
    }

    /// A copy of `template`.
    async fn copy(admin_url: &str, template: &str) -> Self {
        Self::new(admin_url, &format!("TEMPLATE {template}")).await
    }

    /// Its commits are not waited on to reach the disk: nothing outlives the test, and the suite's many
    /// small transactions (the migrations alone are twenty) each waited for a flush.
    async fn new(admin_url: &str, options: &str) -> Self {
        let name = format!("pointe_test_{}", uuid::Uuid::new_v4().simple());
        let mut conn = sqlx::PgConnection::connect(admin_url).await.expect("TEST_DATABASE_URL does not answer");
        conn.execute(format!("CREATE DATABASE {name} {options}").as_str()).await.unwrap();
        conn.execute(format!("ALTER DATABASE {name} SET synchronous_commit = off").as_str()).await.unwrap();
        Self { admin_url: admin_url.to_owned(), url: database_url(admin_url, &name), name }
    }
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs outside async context; a short-lived runtime on its own thread does the work.
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
                if let Ok(mut conn) = sqlx::PgConnection::connect(&admin_url).await {
                    let _ = conn.execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str()).await;
                }
            });
        })
        .join()
        .ok();
    }
}

/// An error answer about one field: `text` both as the error and as that field's message.
pub(crate) fn assert_field_error(response: &TestResponse, status: StatusCode, field: &str, text: &str) {
    assert_eq!(response.status, status, "body: {}", response.text());
    assert_eq!(without_code(response), serde_json::json!({ "error": text, "fields": { field: text } }));
}

pub(crate) fn assert_json_error(response: &TestResponse, status: StatusCode, text: &str) {
    assert_eq!(response.status, status, "body: {}", response.text());
    assert!(response.header(header::CONTENT_TYPE.as_str()).starts_with("application/json"));
    assert_eq!(without_code(response), serde_json::json!({ "error": text }));
}

/// The error answer's body without its machine codes, which it and each of its fields have: `fields` as
/// each field's English text.
pub(crate) fn without_code(response: &TestResponse) -> Value {
    let mut body = response.json();
    let code = body.as_object_mut().and_then(|fields| fields.remove("code"));
    assert!(code.as_ref().and_then(Value::as_str).is_some_and(|code| !code.is_empty()), "no code: {}", response.text());
    if body.get("fields").is_some() {
        body["fields"] = fields_of(response);
    }
    body
}

/// An invalid answer's fields, each as its English text (each field's code checked to be there).
pub(crate) fn fields_of(response: &TestResponse) -> Value {
    let fields =
        response.json()["fields"].as_object().cloned().unwrap_or_else(|| panic!("no fields: {}", response.text()));
    let texts = fields.into_iter().map(|(field, problem)| {
        assert!(
            problem["code"].as_str().is_some_and(|code| !code.is_empty()),
            "{field} has no code: {}",
            response.text()
        );
        (field, problem["message"].clone())
    });
    Value::Object(texts.collect())
}

/// An error answer with this status and machine code.
pub(crate) fn assert_error_code(response: &TestResponse, status: StatusCode, code: &str) {
    assert_eq!(response.status, status, "body: {}", response.text());
    assert_eq!(response.json()["code"], code, "body: {}", response.text());
}

impl TestApp {
    /// The token of a new signed-in account with `role` (the admin role sets the admin flag too).
    pub(crate) async fn user_with_role(&self, username: &str, role: Role) -> String {
        self.account(username, role, role == Role::Admin).await
    }

    /// The token of a new signed-in admin.
    pub(crate) async fn signed_in_admin(&self, username: &str) -> String {
        self.user_with_role(username, Role::Admin).await
    }

    /// The token of a new signed-in account with `role`, and the admin flag as given (the flag alone
    /// makes an admin whatever the role).
    pub(crate) async fn account(&self, username: &str, role: Role, is_admin: bool) -> String {
        let db = &self.state.db;
        let hash = password::hash("Unused-password 1".to_owned()).await.unwrap();
        let user = NewAccount {
            username,
            email: &format!("{username}@pointe.test"),
            password: "",
            role: if is_admin { Role::Admin } else { role },
            email_verified: true,
            language: Lang::En,
            profile: Profile::default(),
        };
        let id = store::create_user(db, user, &hash, self.state.clock.now_ms()).await.unwrap();
        sqlx::query("UPDATE users SET role = $1 WHERE id = $2").bind(role.code()).bind(&id).execute(db).await.unwrap();
        let client = ClientInfo { ip: "127.0.0.1".to_owned(), user_agent: "tests".to_owned() };
        sessions::start(&self.state, &id, &client).await.unwrap().token
    }
}

/// Asks for a bot-check challenge and solves it as a browser would.
pub(crate) async fn solved_bot_check(app: &TestApp) -> String {
    solved_bot_check_with(app, &[]).await
}

/// As `solved_bot_check`, asking with `headers` (a client's `x-forwarded-for`).
pub(crate) async fn solved_bot_check_with(app: &TestApp, headers: &[(&str, &str)]) -> String {
    let challenge = app.request(Method::GET, "/api/auth/bot-check", headers).await.json();
    assert_eq!(challenge["provider"], "altcha");
    let salt = challenge["salt"].as_str().unwrap();
    let number = altcha_lib_rs::solve_challenge(
        challenge["challenge"].as_str().unwrap(),
        salt,
        None,
        challenge["maxnumber"].as_u64(),
        0,
    )
    .unwrap();
    let payload = serde_json::json!({ "algorithm": "SHA-256", "challenge": challenge["challenge"], "number": number, "salt": salt,
        "signature": challenge["signature"], "took": 12.5 });
    base64::Engine::encode(&base64::engine::general_purpose::STANDARD, payload.to_string())
}
