//! E-mail campaigns (spec: "Email campaign"): a template sent to the members of some groups and
//! languages, now or at a time in a timezone; the audience is frozen at the start and a background
//! sender on each instance works through it (crash-safe, see `sender`), with opens and clicks tracked.

mod bounced;
mod message;
mod model;
mod queue;
mod report;
mod routes;
mod schedule;
pub(crate) mod sender;
mod service;
mod settings;
mod store;
mod tracking;

pub(crate) use bounced::{last_bounces, record_bounce, BounceNotice};
pub(crate) use routes::routes;
pub(crate) use settings::SendingSettings;
pub(crate) use store::{last_sent, queued_count, template_in_use, CampaignRecord};
