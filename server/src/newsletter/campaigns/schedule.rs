//! A campaign's start as the admin chooses it: a date and a time on the wall clock of an IANA timezone,
//! turned into the one UTC instant it stands for. A time the clocks skip, or show twice, at a daylight
//! saving change is refused rather than guessed.

use chrono::{LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::{ApiResult, ErrorCode, Text},
    fields::FieldErrors,
};

pub(crate) const BAD_DATE: Text = Text::new(ErrorCode::BadDate, "Enter a date as YYYY-MM-DD");
pub(crate) const BAD_TIME: Text = Text::new(ErrorCode::BadTime, "Enter a time as HH:MM");
pub(crate) const UNKNOWN_TIMEZONE: Text = Text::new(ErrorCode::UnknownTimezone, "Unknown timezone");
pub(crate) const SKIPPED_TIME: Text =
    Text::new(ErrorCode::SkippedTime, "This time does not exist in the chosen timezone: the clocks go forward then");
pub(crate) const TWICE_TIME: Text = Text::new(
    ErrorCode::RepeatedTime,
    "This time happens twice in the chosen timezone: the clocks go back then; choose another",
);
pub(crate) const PAST_TIME: Text = Text::new(ErrorCode::PastTime, "The scheduled time has passed");

/// When to start, as the admin wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Schedule {
    /// `YYYY-MM-DD`.
    #[schema(example = "2026-12-01")]
    pub date: String,
    /// `HH:MM`, 24-hour.
    #[schema(example = "09:00")]
    pub time: String,
    /// An IANA name such as `Asia/Jerusalem` (the screen starts from the browser's).
    #[schema(example = "Asia/Jerusalem")]
    pub timezone: String,
}

impl Schedule {
    /// The UTC instant (epoch milliseconds), which must be after `now`; each refusal names its field.
    pub(crate) fn instant(&self, now: i64) -> ApiResult<i64> {
        let mut errors = FieldErrors::default();
        let date = NaiveDate::parse_from_str(self.date.trim(), "%Y-%m-%d").ok();
        let time = NaiveTime::parse_from_str(self.time.trim(), "%H:%M").ok();
        let zone = self.timezone.trim().parse::<Tz>().ok();
        if date.is_none() {
            errors.fail("date", BAD_DATE);
        }
        if time.is_none() {
            errors.fail("time", BAD_TIME);
        }
        if zone.is_none() {
            errors.fail("timezone", UNKNOWN_TIMEZONE);
        }
        let (Some(date), Some(time), Some(zone)) = (date, time, zone) else {
            errors.finish()?;
            unreachable!("a missing part is a field error");
        };
        let at = match zone.from_local_datetime(&NaiveDateTime::new(date, time)) {
            LocalResult::Single(at) => at.timestamp_millis(),
            LocalResult::None => return Err(errors_with("time", SKIPPED_TIME)),
            LocalResult::Ambiguous(..) => return Err(errors_with("time", TWICE_TIME)),
        };
        if at <= now {
            return Err(errors_with("time", PAST_TIME));
        }
        Ok(at)
    }

    /// `2026-12-01T09:00`, as stored.
    pub(crate) fn local(&self) -> String {
        format!("{}T{}", self.date.trim(), self.time.trim())
    }

    pub(crate) fn from_stored(local: &str, timezone: &str) -> Option<Self> {
        let (date, time) = local.split_once('T')?;
        Some(Self { date: date.to_owned(), time: time.to_owned(), timezone: timezone.to_owned() })
    }
}

fn errors_with(field: &str, text: Text) -> crate::error::ApiError {
    crate::error::ApiError::invalid_field(field, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{ApiError, Problem};

    fn at(date: &str, time: &str, timezone: &str) -> ApiResult<i64> {
        Schedule { date: date.into(), time: time.into(), timezone: timezone.into() }.instant(0)
    }

    fn utc(text: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(text).unwrap().timestamp_millis()
    }

    fn field_error(result: ApiResult<i64>) -> (String, Problem) {
        let Err(ApiError::Invalid(fields)) = result else { panic!("{result:?}") };
        fields.into_iter().next().unwrap()
    }

    #[test]
    fn a_wall_clock_time_is_the_zones_instant() {
        // New York is five hours behind UTC in winter, four in summer; Jerusalem two and three.
        assert_eq!(at("2026-12-01", "09:00", "America/New_York").unwrap(), utc("2026-12-01T14:00:00Z"));
        assert_eq!(at("2026-07-01", "09:00", "America/New_York").unwrap(), utc("2026-07-01T13:00:00Z"));
        assert_eq!(at("2026-12-01", "09:00", "Asia/Jerusalem").unwrap(), utc("2026-12-01T07:00:00Z"));
        assert_eq!(at("2026-07-01", "09:00", "Asia/Jerusalem").unwrap(), utc("2026-07-01T06:00:00Z"));
    }

    #[test]
    fn times_the_clocks_skip_or_repeat_are_refused() {
        // 2026-03-08 02:30 never happens in New York; 2026-11-01 01:30 happens twice.
        assert_eq!(field_error(at("2026-03-08", "02:30", "America/New_York")), ("time".into(), SKIPPED_TIME.into()));
        assert_eq!(field_error(at("2026-11-01", "01:30", "America/New_York")), ("time".into(), TWICE_TIME.into()));
        // Jerusalem moves on 2026-03-27 at 02:00 and back on 2026-10-25 at 02:00.
        assert_eq!(field_error(at("2026-03-27", "02:30", "Asia/Jerusalem")), ("time".into(), SKIPPED_TIME.into()));
        assert_eq!(field_error(at("2026-10-25", "01:30", "Asia/Jerusalem")), ("time".into(), TWICE_TIME.into()));
    }

    #[test]
    fn bad_parts_and_the_past_are_named() {
        assert_eq!(field_error(at("2026-02-30", "09:00", "UTC")).0, "date");
        assert_eq!(field_error(at("2026-02-03", "9am", "UTC")).0, "time");
        assert_eq!(
            field_error(at("2026-02-03", "09:00", "Mars/Olympus")),
            ("timezone".into(), UNKNOWN_TIMEZONE.into())
        );
        let schedule = Schedule { date: "2026-01-01".into(), time: "00:00".into(), timezone: "UTC".into() };
        assert_eq!(field_error(schedule.instant(utc("2026-06-01T00:00:00Z"))), ("time".into(), PAST_TIME.into()));
    }
}
