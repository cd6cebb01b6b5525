//! This process's life in a cluster: its id, which holds the job leases it takes (`db::take_lease`), and
//! the stop its background workers watch, so that a graceful stop ends them between two pieces of work.

use tokio::sync::watch;

pub struct Lifecycle {
    /// Unique to this process: another instance, or this one restarted, is another holder.
    pub id: String,
    stopping: watch::Sender<bool>,
}

impl Default for Lifecycle {
    fn default() -> Self {
        Self { id: uuid::Uuid::new_v4().to_string(), stopping: watch::Sender::new(false) }
    }
}

impl Lifecycle {
    /// Asks the workers to end once the work in hand is done.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    pub fn is_stopping(&self) -> bool {
        *self.stopping.borrow()
    }

    /// Resolves once `stop` is called.
    pub async fn stopped(&self) {
        let mut receiver = self.stopping.subscribe();
        // The sender lives as long as `self`, so the wait ends only by `stop`.
        let _ = receiver.wait_for(|stopping| *stopping).await;
    }
}
