//! The circuit breaker: a provider that failed `THRESHOLD` times in a row is passed over for
//! `COOLDOWN_MS`; then one question tries it (half open): success closes the circuit, failure opens it
//! again. Each instance keeps its own (on the app's clock, so tests move time instead of sleeping).

use std::{collections::HashMap, sync::Mutex};

use serde::Serialize;
use utoipa::ToSchema;

use super::ProviderKind;

pub(crate) const THRESHOLD: u32 = 3;
pub(crate) const COOLDOWN_MS: i64 = 60_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Circuit {
    Closed,
    Open,
    HalfOpen,
}

#[derive(Default)]
struct State {
    failures: u32,
    open_until: Option<i64>,
    /// A half-open trial is under way: others wait for its outcome.
    trying: bool,
}

#[derive(Default)]
pub struct Breakers(Mutex<HashMap<ProviderKind, State>>);

impl Breakers {
    /// Whether a question may go to `provider` now (taking the half-open trial when it is due).
    pub fn allow(&self, provider: ProviderKind, now: i64) -> bool {
        let mut states = self.0.lock().expect("breaker lock");
        let state = states.entry(provider).or_default();
        match state.open_until {
            None => true,
            Some(until) if now >= until && !state.trying => {
                state.trying = true;
                true
            }
            Some(_) => false,
        }
    }

    pub fn succeeded(&self, provider: ProviderKind) {
        self.0.lock().expect("breaker lock").insert(provider, State::default());
    }

    pub fn failed(&self, provider: ProviderKind, now: i64) {
        let mut states = self.0.lock().expect("breaker lock");
        let state = states.entry(provider).or_default();
        state.failures += 1;
        state.trying = false;
        if state.failures >= THRESHOLD || state.open_until.is_some() {
            state.open_until = Some(now + COOLDOWN_MS);
        }
    }

    pub fn circuit(&self, provider: ProviderKind, now: i64) -> Circuit {
        match self.0.lock().expect("breaker lock").get(&provider).and_then(|state| state.open_until) {
            None => Circuit::Closed,
            Some(until) if now < until => Circuit::Open,
            Some(_) => Circuit::HalfOpen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_after_repeated_failures_and_tries_once_after_the_cooldown() {
        let breakers = Breakers::default();
        let gateway = ProviderKind::Gateway;
        for _ in 0..THRESHOLD {
            assert!(breakers.allow(gateway, 0));
            breakers.failed(gateway, 0);
        }
        assert_eq!(breakers.circuit(gateway, 1), Circuit::Open);
        assert!(!breakers.allow(gateway, COOLDOWN_MS - 1));
        assert_eq!(breakers.circuit(gateway, COOLDOWN_MS), Circuit::HalfOpen);
        assert!(breakers.allow(gateway, COOLDOWN_MS), "one trial");
        assert!(!breakers.allow(gateway, COOLDOWN_MS), "only one");
        breakers.failed(gateway, COOLDOWN_MS);
        assert_eq!(breakers.circuit(gateway, COOLDOWN_MS + 1), Circuit::Open, "a failed trial opens it again");
        assert!(breakers.allow(gateway, 2 * COOLDOWN_MS));
        breakers.succeeded(gateway);
        assert_eq!(breakers.circuit(gateway, 2 * COOLDOWN_MS), Circuit::Closed);
        assert!(breakers.allow(ProviderKind::Edge, 0), "each provider has its own");
    }
}
