//! The time an admin's report covers (analytics, the AI monitoring): the last hour, 24 hours, 7 or 30 days
//! ending now, or a custom range, as a query's `range`, `from` and `to` give it. Each report chooses its
//! chart's step; a preset's range is aligned to that step, so a refresh keeps the same buckets.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    error::{ErrorCode, Problem, Text},
    fields::FieldErrors,
    time::DAY_MS,
};

pub(crate) const MINUTE_MS: i64 = 60_000;
pub(crate) const HOUR_MS: i64 = 60 * MINUTE_MS;
/// The longest custom range.
const MAX_DAYS: i64 = 400;

const NEGATIVE: Text = Text::new(ErrorCode::Negative, "Must be 0 or more");
const NO_START: Text = Text::new(ErrorCode::RangeNeedsStart, "A custom range needs its start");
const ENDS_BEFORE_START: Text = Text::new(ErrorCode::RangeEndsBeforeStart, "Must be after the start");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
pub(crate) enum RangeName {
    #[serde(rename = "1h")]
    Hour,
    #[serde(rename = "24h")]
    Day,
    #[serde(rename = "7d")]
    Week,
    #[serde(rename = "30d")]
    Month,
    #[serde(rename = "custom")]
    Custom,
}

impl RangeName {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Self::Hour => "1h",
            Self::Day => "24h",
            Self::Week => "7d",
            Self::Month => "30d",
            Self::Custom => "custom",
        }
    }

    /// A preset's length; none for a custom range.
    fn length_ms(self) -> Option<i64> {
        match self {
            Self::Hour => Some(HOUR_MS),
            Self::Day => Some(DAY_MS),
            Self::Week => Some(7 * DAY_MS),
            Self::Month => Some(30 * DAY_MS),
            Self::Custom => None,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct RangeQuery {
    /// The last hour, 24 hours, 7 or 30 days (ending now), or `custom` with `from` and `to`. The report's
    /// default when not given.
    range: Option<RangeName>,
    /// Custom range's start (epoch ms).
    #[param(minimum = 0)]
    from: Option<i64>,
    /// Custom range's end, exclusive (epoch ms); at most 400 days after `from`.
    #[param(minimum = 0)]
    to: Option<i64>,
}

/// A range read: from (inclusive) to (exclusive), in epoch ms, and the chart's step over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) name: RangeName,
    pub(crate) from: i64,
    pub(crate) to: i64,
    pub(crate) step_ms: i64,
}

impl RangeQuery {
    /// The range as of `now` (`default` when the query names none), `step` choosing the chart's step from
    /// the range's name and length. What is wrong with `from` or `to` goes into `errors`.
    pub(crate) fn span(
        &self,
        now: i64,
        default: RangeName,
        step: fn(RangeName, i64) -> i64,
        errors: &mut FieldErrors,
    ) -> Span {
        for (field, time) in [("from", self.from), ("to", self.to)] {
            if time.is_some_and(|time| time < 0) {
                errors.fail(field, NEGATIVE);
            }
        }
        let name = self.range.unwrap_or(default);
        if let Some(length) = name.length_ms() {
            let step_ms = step(name, length);
            let to = (now / step_ms + 1) * step_ms;
            return Span { name, from: to - length, to, step_ms };
        }
        let (from, to) = (self.from.unwrap_or(-1), self.to.unwrap_or(-1));
        if from < 0 {
            errors.fail("from", NO_START);
        }
        if to <= from {
            errors.fail("to", ENDS_BEFORE_START);
        } else if to - from > MAX_DAYS * DAY_MS {
            let message = format!("A range is at most {MAX_DAYS} days");
            errors.fail("to", Problem::with(ErrorCode::RangeTooLong, message, [("max", MAX_DAYS.to_string())]));
        }
        Span { name, from, to, step_ms: step(name, to - from) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hourly(_: RangeName, _: i64) -> i64 {
        HOUR_MS
    }

    fn query(range: RangeName, from: Option<i64>, to: Option<i64>) -> RangeQuery {
        RangeQuery { range: Some(range), from, to }
    }

    #[test]
    fn a_preset_ends_at_the_step_after_now() {
        let mut errors = FieldErrors::default();
        let now = 10 * DAY_MS + 90 * MINUTE_MS;
        let span = query(RangeName::Day, None, None).span(now, RangeName::Week, hourly, &mut errors);
        assert_eq!(
            span,
            Span {
                name: RangeName::Day,
                from: 9 * DAY_MS + 2 * HOUR_MS,
                to: 10 * DAY_MS + 2 * HOUR_MS,
                step_ms: HOUR_MS
            }
        );
        let default = RangeQuery { range: None, from: None, to: None }.span(now, RangeName::Week, hourly, &mut errors);
        assert_eq!((default.name, default.to - default.from), (RangeName::Week, 7 * DAY_MS));
        assert!(errors.finish().is_ok());
    }

    #[test]
    fn a_custom_range_needs_its_start_before_its_end_and_within_400_days() {
        let refused = |from, to| {
            let mut errors = FieldErrors::default();
            query(RangeName::Custom, from, to).span(0, RangeName::Week, hourly, &mut errors);
            let Err(crate::error::ApiError::Invalid(fields)) = errors.finish() else { panic!("accepted") };
            fields.into_iter().map(|(field, problem)| (field, problem.code)).collect::<Vec<_>>()
        };
        assert_eq!(refused(None, Some(5)), [("from".to_owned(), ErrorCode::RangeNeedsStart)]);
        assert_eq!(refused(Some(5), Some(5)), [("to".to_owned(), ErrorCode::RangeEndsBeforeStart)]);
        assert_eq!(refused(Some(0), Some(401 * DAY_MS)), [("to".to_owned(), ErrorCode::RangeTooLong)]);
        assert_eq!(refused(Some(-1), Some(5)), [("from".to_owned(), ErrorCode::Negative)]);
        let mut errors = FieldErrors::default();
        let span =
            query(RangeName::Custom, Some(DAY_MS), Some(3 * DAY_MS)).span(0, RangeName::Week, hourly, &mut errors);
        assert_eq!((span.from, span.to, span.step_ms), (DAY_MS, 3 * DAY_MS, HOUR_MS));
        assert!(errors.finish().is_ok());
    }
}
