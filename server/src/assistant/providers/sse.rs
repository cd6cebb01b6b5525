//! Reading a provider's server-sent events: the `data:` lines of a streamed answer, each at most
//! `idle` after the one before.

use std::time::Duration;

use super::{ErrorType, Failure};

/// The longest line read: a provider that sends more without a line break is not speaking the protocol.
const MAX_LINE_BYTES: usize = 1 << 20;

/// Calls `on_data` with each event's data until it answers `true` (the end) or the stream ends.
pub(crate) async fn each_data(
    mut response: reqwest::Response,
    idle: Duration,
    mut on_data: impl FnMut(&str) -> Result<bool, Failure>,
) -> Result<(), Failure> {
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let chunk = tokio::time::timeout(idle, response.chunk())
            .await
            .map_err(|_| Failure::new(ErrorType::Timeout, format!("the answer stalled for {} s", idle.as_secs_f32())))?
            .map_err(|err| Failure::from_http(&err))?;
        let Some(chunk) = chunk else { return Ok(()) };
        pending.extend_from_slice(&chunk);
        if pending.len() > MAX_LINE_BYTES && !pending.contains(&b'\n') {
            return Err(Failure::new(ErrorType::Invalid, "an event line went on past 1 MiB"));
        }
        // Only whole lines are decoded, so a character split between chunks stays whole.
        while let Some(end) = pending.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line);
            let line = line.trim_end_matches(['\r', '\n']);
            if let Some(data) = line.strip_prefix("data:") {
                if on_data(data.strip_prefix(' ').unwrap_or(data))? {
                    return Ok(());
                }
            }
        }
    }
}
