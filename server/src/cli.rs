//! The `pointe-server` command line: serve the site, or one of the administrator's tasks.

use std::io::Read;

use crate::{
    app, assistant, blog, catalogue, cleanup, config::MailTransport, db, email, finder, settings, users, AppState,
    Config,
};
use anyhow::Context;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

#[derive(Parser)]
#[command(name = "pointe-server", about = "Pointe: the pointe shoe website and its admin dashboard")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the site (the default).
    Serve,
    /// Print the API's OpenAPI document (what /api/openapi.json serves) and exit.
    Openapi,
    /// Apply database migrations and exit.
    Migrate,
    /// Create an administrator. Prints a generated password unless --password-stdin is given.
    CreateAdmin {
        #[arg(long)]
        username: String,
        #[arg(long)]
        email: String,
        /// Read the password from standard input instead of generating one.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Print the assistant's retrieval recall@3 per language on an evaluation set (`make bench` runs it).
    AssistantEval {
        #[arg(long, default_value = "server/tests/data/assistant_eval.json")]
        file: std::path::PathBuf,
    },
    /// Forget a setting saved in the admin (e.g. botCheck after a wrong Turnstile secret); applies within 30 s.
    ResetSetting {
        #[arg(long)]
        key: String,
    },
    /// Count the finished analytics days not counted yet, as the cleanup job does at start and every 15
    /// minutes (a seeded or imported history is then read as counted days at once).
    CountAnalytics,
    /// Write a backup of the database to a new file: online and consistent (SQLite's VACUUM INTO;
    /// pg_dump's custom format for PostgreSQL). Uploaded images are in the database.
    Backup {
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Put a backup in place of the database (stop the server first); a database that holds a site is
    /// replaced only with --force.
    Restore {
        file: std::path::PathBuf,
        #[arg(long)]
        force: bool,
    },
    /// Bring the open data set of pointe shoe models (content/pointe-shoes/) into the catalogue: the models
    /// not imported before, with their fit; prints what it added and what it could not read.
    ImportShoes,
    /// Give an account a role: user, moderator, editor or admin (see docs/permissions.md).
    SetRole {
        #[arg(long)]
        username: String,
        #[arg(long)]
        role: String,
    },
}

/// Runs the command line: `serve` by default.
pub async fn run() -> anyhow::Result<()> {
    dotenvy::dotenv().ok();
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,tower_http=info")))
        .init();
    let config = Config::from_env()?;
    match Cli::parse().command.unwrap_or(Command::Serve) {
        Command::Serve => serve(config).await,
        Command::Openapi => {
            println!("{}", crate::api_document().to_pretty_json()?);
            Ok(())
        }
        Command::Migrate => {
            let pool = db::connect(&config.database_url).await?;
            db::migrate(&pool).await?;
            println!("Migrations applied to {}", db::redact(&config.database_url));
            Ok(())
        }
        Command::CreateAdmin { username, email, password_stdin } => {
            let pool = db::connect(&config.database_url).await?;
            db::migrate(&pool).await?;
            let password = if password_stdin {
                let mut input = String::new();
                std::io::stdin().read_to_string(&mut input).context("cannot read the password")?;
                input.trim_end_matches(['\r', '\n']).to_owned()
            } else {
                users::password::generate()
            };
            users::service::create_admin(&pool, &username, &email, &password).await?;
            println!("Created admin {username}.");
            if !password_stdin {
                println!("Password (shown once, keep it safe): {password}");
            }
            Ok(())
        }
        Command::ImportShoes => {
            let pool = db::connect(&config.database_url).await?;
            db::migrate(&pool).await?;
            catalogue::seed::seed_catalogue(&pool).await?;
            print!("{}", finder::import::import(&pool, crate::time::now_ms()).await?);
            // Running instances drop the answers they kept without the new models.
            crate::public_cache::content_changed(&pool).await?;
            Ok(())
        }
        Command::AssistantEval { file } => {
            let pool = db::connect(&config.database_url).await?;
            db::migrate(&pool).await?;
            catalogue::seed::seed_catalogue(&pool).await?;
            blog::seed::seed_blog(&pool).await?;
            let set = serde_json::from_str(
                &std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?,
            )?;
            let retrieval = assistant::retrieval::Retrieval::build(&pool).await?;
            println!("| language | recall@{} | questions |\n|---|---|---|", assistant::evaluation::TOP);
            let results = assistant::evaluation::evaluate(&retrieval, &set)?;
            for recall in &results {
                println!("| {} | {:.0} % | {} |", recall.lang.code(), recall.share() * 100.0, recall.questions);
            }
            for (question, found) in results.iter().flat_map(|recall| &recall.misses) {
                println!("missed: {question} → {}", found.join(", "));
            }
            Ok(())
        }
        Command::ResetSetting { key } => {
            let pool = db::connect(&config.database_url).await?;
            db::migrate(&pool).await?;
            settings::reset(&pool, &key, &crate::SETTING_KEYS).await?;
            println!("Setting {key} reset: running servers apply it within 30 seconds.");
            Ok(())
        }
        Command::CountAnalytics => {
            let pool = db::connect(&config.database_url).await?;
            db::migrate(&pool).await?;
            let first_uncounted = crate::analytics::roll_up_finished_days(&pool, crate::time::now_ms()).await?;
            println!(
                "Analytics days before {} are counted.",
                crate::csv::timestamp(first_uncounted * crate::time::DAY_MS)
            );
            Ok(())
        }
        Command::Backup { out } => {
            crate::backup::backup(&config.database_url, &out).await?;
            println!("Backed up {} to {}", db::redact(&config.database_url), out.display());
            Ok(())
        }
        Command::Restore { file, force } => {
            crate::backup::restore(&config.database_url, &file, force).await?;
            println!("Restored {} into {}", file.display(), db::redact(&config.database_url));
            Ok(())
        }
        Command::SetRole { username, role } => {
            let pool = db::connect(&config.database_url).await?;
            db::migrate(&pool).await?;
            users::service::set_role(&pool, &username, &role).await?;
            println!("{username} is now {role}.");
            Ok(())
        }
    }
}

/// How long a stopping server waits for its senders after its requests (which take at most 8 s): the
/// whole stop stays within the 10 s a process manager gives before SIGKILL.
const SENDERS_END: std::time::Duration = std::time::Duration::from_secs(1);

async fn serve(config: Config) -> anyhow::Result<()> {
    let address = std::net::SocketAddr::new(config.host, config.port);
    let public_url = config.public_url.clone();
    let mail_note = match &config.mail.transport {
        MailTransport::File(dir) => {
            format!("E-mails (sign-in codes, reset links) are written to {}/ as .eml files", dir.display())
        }
        MailTransport::Smtp(smtp) => format!("E-mails go to the SMTP server {}:{}", smtp.host, smtp.port),
    };
    let mailer = email::Mailer::from_config(&config.mail)?;
    let state = AppState::start(config).await?;
    let senders = [
        email::outbox::spawn_worker(state.clone(), mailer.clone()),
        crate::newsletter::campaigns::sender::spawn(state.clone(), mailer),
    ];
    crate::newsletter::mailbox::checker::spawn(state.clone());
    cleanup::spawn(state.clone());
    crate::public_cache::spawn_sync(state.clone());
    crate::cache_monitor::spawn_publisher(state.clone());
    crate::analytics::spawn_flusher(state.clone());
    let listener =
        tokio::net::TcpListener::bind(address).await.with_context(|| format!("cannot listen on {address}"))?;
    println!("Pointe is serving {public_url}");
    println!("{mail_note}");
    println!("First admin: pointe-server create-admin --username NAME --email ADDRESS (or set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD)");
    let lifecycle = state.lifecycle.clone();
    let stop = async move {
        shutdown_signal().await;
        lifecycle.stop();
    };
    crate::serve::serve(listener, app(state.clone()), crate::serve::Limits::default(), stop).await;
    // The senders end after the message in hand (the rest stay queued for any instance), within a second.
    let _ = tokio::time::timeout(SENDERS_END, futures_util::future::join_all(senders)).await;
    if let Err(err) = db::release_leases(&state.db, &state.lifecycle.id).await {
        tracing::warn!(error = %err, "the job leases were not given back: they run out by themselves");
    }
    // The page views still queued are written before the process ends.
    crate::analytics::flush(&state.db, &state.analytics, state.clock.now_ms()).await?;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async { tokio::signal::ctrl_c().await.ok() };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
