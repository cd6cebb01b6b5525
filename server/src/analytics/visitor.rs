//! Who a visitor is without a cookie or a kept IP address (as Plausible counts): a hash of a random salt
//! of the day, the IP and the user agent. Each day has a new salt and earlier days' salts are deleted,
//! so a hash cannot be turned back into an IP, nor linked to the same person's hash of another day.

use std::sync::Mutex;

use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::{db::Db, encoding::hex, time::DAY_MS};

/// The day's salt, read once a day from the database (so every instance hashes alike).
#[derive(Default)]
pub(crate) struct Salts {
    today: Mutex<Option<(i64, String)>>,
}

impl Salts {
    /// The visitor's hash for the day of `now`: 16 bytes as hex.
    pub(crate) async fn visitor(&self, db: &Db, now: i64, ip: &str, user_agent: &str) -> Result<String, sqlx::Error> {
        let salt = self.salt(db, now / DAY_MS).await?;
        let mut hash = Sha256::new();
        for part in [salt.as_str(), ip, user_agent] {
            hash.update(part.as_bytes());
            hash.update([0]);
        }
        Ok(hex(&hash.finalize()[..16]))
    }

    async fn salt(&self, db: &Db, day: i64) -> Result<String, sqlx::Error> {
        if let Some((kept_day, salt)) = self.today.lock().expect("salt lock").as_ref() {
            if *kept_day == day {
                return Ok(salt.clone());
            }
        }
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let fresh = hex(&bytes);
        sqlx::query("DELETE FROM analytics_salts WHERE day < $1").bind(day).execute(db).await?;
        // Another instance may have made the day's salt first: its salt wins.
        sqlx::query("INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING")
            .bind(day)
            .bind(&fresh)
            .execute(db)
            .await?;
        let salt: String =
            sqlx::query_scalar("SELECT salt FROM analytics_salts WHERE day = $1").bind(day).fetch_one(db).await?;
        *self.today.lock().expect("salt lock") = Some((day, salt.clone()));
        Ok(salt)
    }
}
