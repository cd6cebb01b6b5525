//! The AI monitoring of the admin (`/admin/ai`): every request recorded (record.rs), the providers'
//! status (status.rs), the metrics over a range (report.rs), and the admin's test of one provider.

pub(crate) mod record;
mod report;
mod routes;
mod status;

pub(crate) use report::last_day;
pub(crate) use routes::routes;
