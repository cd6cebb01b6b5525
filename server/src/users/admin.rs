//! Creating an administrator (the `create-admin` command and the `ADMIN_*` bootstrap variables) and
//! giving an account a role (the `set-role` command).

use anyhow::bail;

use super::{password, protect, store, validation};
use crate::access::Role;
use crate::{config::BootstrapAdmin, db::Db, time::now_ms};

/// Validates and creates an admin account; the caller chooses the password.
pub async fn create_admin(db: &Db, username: &str, email: &str, plain_password: &str) -> anyhow::Result<String> {
    for check in [validation::username(username), validation::email(email), validation::password(plain_password)] {
        if let Err(message) = check {
            bail!(message);
        }
    }
    let hash = password::hash(plain_password.to_owned()).await?;
    let user = store::NewUser {
        username,
        email,
        password_hash: &hash,
        role: Role::Admin,
        email_verified: true,
        language: "he",
        profile: store::Profile::default(),
    };
    Ok(store::create_user(db, user, now_ms()).await?)
}

/// Marks in `app_meta` that the bootstrap admin was made.
const BOOTSTRAPPED: &str = "bootstrap_admin";

/// Creates the bootstrap admin named by `ADMIN_USERNAME` once per database: an account the admins later
/// delete or rename is not brought back (with the password in the environment) by the next restart.
pub async fn bootstrap(db: &Db, admin: &BootstrapAdmin) -> anyhow::Result<()> {
    let made: Option<String> =
        sqlx::query_scalar("SELECT value FROM app_meta WHERE key = $1").bind(BOOTSTRAPPED).fetch_optional(db).await?;
    if made.is_some() {
        return Ok(());
    }
    if !store::username_exists(db, &admin.username).await? {
        match create_admin(db, &admin.username, &admin.email, &admin.password).await {
            Ok(_) => tracing::info!(username = %admin.username, "created the bootstrap admin"),
            // Another instance starting at the same moment made it first.
            Err(_) if store::username_exists(db, &admin.username).await? => {}
            Err(err) => return Err(err),
        }
    }
    crate::db::claim_once(&mut *db.acquire().await?, BOOTSTRAPPED, now_ms()).await?;
    Ok(())
}

/// Gives the account `role` (the `set-role` command); the admin role also sets the admin flag, any
/// other role clears it. The last admin keeps theirs.
pub async fn set_role(db: &Db, username: &str, role: &str) -> anyhow::Result<()> {
    let Some(role) = Role::parse(role) else {
        let known: Vec<&str> = Role::ALL.iter().map(|role| role.code()).collect();
        bail!("Unknown role {role}: use one of {}", known.join(", "));
    };
    let Some(user) = store::find_by_login(db, username).await? else { bail!("No user named {username}") };
    protect::set_role(db, &user, role).await.map_err(|err| anyhow::anyhow!("{err}"))
}
