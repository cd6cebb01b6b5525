use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch: the one time format stored in the database.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}
