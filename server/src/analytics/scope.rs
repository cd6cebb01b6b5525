//! Which hits a report counts: a time range and the filters an admin clicked, as SQL conditions on the
//! events and on the visits table. Every query binds `$1` and `$2` (the range) first, then the filters'
//! values, so a filter may use the range in a subquery.

use sqlx::{any::AnyArguments, query::Query, Any};

/// A filter the screen can set, and its condition on each table (`?` is its value).
pub(crate) struct Dimension {
    pub param: &'static str,
    events: &'static str,
    visits: &'static str,
}

const fn shared(param: &'static str, condition: &'static str) -> Dimension {
    Dimension { param, events: condition, visits: condition }
}

/// A condition on the visits that had a matching event in range (as a goal filter keeps visits).
macro_rules! had_event {
    ($column:literal, $condition:literal) => {
        concat!($column, " IN (SELECT visit FROM analytics_events WHERE ", $condition, " AND at >= $1 AND at < $2)")
    };
}

/// Every filter. An event, product or brand filter keeps the visits that had one.
pub(crate) const DIMENSIONS: [Dimension; 13] = [
    Dimension { param: "page", events: "path = ?", visits: had_event!("id", "path = ?") },
    Dimension {
        param: "entryPage",
        events: "visit IN (SELECT id FROM analytics_visits WHERE entry_path = ?)",
        visits: "entry_path = ?",
    },
    Dimension {
        param: "exitPage",
        events: "visit IN (SELECT id FROM analytics_visits WHERE exit_path = ?)",
        visits: "exit_path = ?",
    },
    shared("source", "source = ?"),
    shared("utmCampaign", "utm_campaign = ?"),
    shared("siteLang", "lang = ?"),
    shared("browserLang", "browser_lang = ?"),
    shared("browser", "browser = ?"),
    shared("os", "os = ?"),
    shared("device", "device = ?"),
    Dimension { param: "event", events: had_event!("visit", "name = ?"), visits: had_event!("id", "name = ?") },
    Dimension {
        param: "product",
        events: had_event!("visit", "name = 'productLink' AND target = ?"),
        visits: had_event!("id", "name = 'productLink' AND target = ?"),
    },
    Dimension {
        param: "brand",
        events: had_event!("visit", "name = 'productLink' AND brand = ?"),
        visits: had_event!("id", "name = 'productLink' AND brand = ?"),
    },
];

/// A time range `[from, to)` in epoch ms and the filters' values.
#[derive(Clone)]
pub(crate) struct Scope {
    pub from: i64,
    pub to: i64,
    pub filters: Vec<(&'static Dimension, String)>,
}

impl Scope {
    /// The conditions on `analytics_events` (range on `at`).
    pub(crate) fn events(&self) -> String {
        self.conditions("at >= $1 AND at < $2", |d| d.events)
    }

    /// The conditions on `analytics_visits` (range on `started_at`).
    pub(crate) fn visits(&self) -> String {
        self.conditions("started_at >= $1 AND started_at < $2", |d| d.visits)
    }

    fn conditions(&self, range: &str, condition: impl Fn(&Dimension) -> &'static str) -> String {
        let mut sql = range.to_owned();
        for (index, (dimension, _)) in self.filters.iter().enumerate() {
            sql.push_str(" AND ");
            sql.push_str(&condition(dimension).replace('?', &format!("${}", index + 3)));
        }
        sql
    }

    /// `sql` with the range and the filters' values bound.
    pub(crate) fn bind<'q>(&'q self, sql: &'q str) -> Query<'q, Any, AnyArguments<'q>> {
        let mut query = sqlx::query(sql).bind(self.from).bind(self.to);
        for (_, value) in &self.filters {
            query = query.bind(value.as_str());
        }
        query
    }

    /// The period of the same length just before.
    pub(crate) fn previous(&self) -> Scope {
        let span = self.to - self.from;
        Scope { from: self.from - span, to: self.from, filters: self.filters.clone() }
    }
}
