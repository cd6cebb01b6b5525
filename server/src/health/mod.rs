//! Health for load balancers and the web app: `GET|HEAD /api/health` (200 while the database answers,
//! 503 when it does not), `/api/health/live` (the process answers at all) and `/api/health/ready` (it can
//! serve: the database answers; Redis is reported but does not decide, since rate limits count in the
//! database while it is away, and an outage of the shared Redis must not take every instance out).

mod routes;

pub(crate) use routes::routes;
