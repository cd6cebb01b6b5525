//! Counting hits in memory, the one place every figure is added up: the report, a finished day's roll-up
//! and the dashboard. Visitors are distinct hashes, and a hash belongs to one UTC day (its salt changes at
//! midnight, and so a visit ends there too), so visitors are counted distinct within a day and days add
//! up exactly: a range's visitors are the sum of its days' visitors.

use std::collections::{HashMap, HashSet};

use super::store::PAGEVIEW;
use crate::{db::from_row, time::DAY_MS};

/// A page view or event, as counted.
pub(crate) struct EventRow {
    pub at: i64,
    pub visitor: String,
    pub name: String,
    pub path: String,
    pub lang: String,
    pub target: String,
    pub brand: String,
    pub results: Option<i64>,
}
from_row!(EventRow { at, visitor, name, path, lang, target, brand, results });

/// A visit, as counted.
pub(crate) struct VisitRow {
    pub started_at: i64,
    pub last_at: i64,
    pub visitor: String,
    pub pageviews: i64,
    pub entry_path: String,
    pub exit_path: String,
    pub source: String,
    pub utm_campaign: String,
    pub browser_lang: String,
    pub browser: String,
    pub os: String,
    pub device: String,
}
from_row!(VisitRow {
    started_at,
    last_at,
    visitor,
    pageviews,
    entry_path,
    exit_path,
    source,
    utm_campaign,
    browser_lang,
    browser,
    os,
    device
});

/// The value a breakdown counts a row by, or `None` when the row is not one it counts.
enum Counted {
    Events(fn(&EventRow) -> Option<&str>),
    Visits(fn(&VisitRow) -> Option<&str>),
}

/// A breakdown: its key in the report and the admin's texts, the filter its values are, what it counts.
pub(crate) struct Breakdown {
    pub key: &'static str,
    pub filter: Option<&'static str>,
    counted: Counted,
}

fn unless_empty(value: &str) -> Option<&str> {
    (!value.is_empty()).then_some(value)
}

/// Every breakdown, in the report's order: page views per path and language, visits per entry and exit
/// page, source, campaign, browser language, browser, system and device; events per name, products and
/// brands followed, searches that found nothing, questions to the assistant per language.
/// How many breakdowns there are: the report's `Breakdowns` names each of them.
pub(crate) const BREAKDOWN_COUNT: usize = 15;

pub(crate) const BREAKDOWNS: [Breakdown; BREAKDOWN_COUNT] = [
    Breakdown {
        key: "pages",
        filter: Some("page"),
        counted: Counted::Events(|e| (e.name == PAGEVIEW).then_some(e.path.as_str())),
    },
    Breakdown {
        key: "entryPages",
        filter: Some("entryPage"),
        counted: Counted::Visits(|v| Some(v.entry_path.as_str())),
    },
    Breakdown { key: "exitPages", filter: Some("exitPage"), counted: Counted::Visits(|v| Some(v.exit_path.as_str())) },
    Breakdown { key: "sources", filter: Some("source"), counted: Counted::Visits(|v| Some(v.source.as_str())) },
    Breakdown {
        key: "utmCampaigns",
        filter: Some("utmCampaign"),
        counted: Counted::Visits(|v| unless_empty(&v.utm_campaign)),
    },
    Breakdown {
        key: "languages",
        filter: Some("siteLang"),
        counted: Counted::Events(|e| (e.name == PAGEVIEW).then_some(e.lang.as_str())),
    },
    Breakdown {
        key: "browserLanguages",
        filter: Some("browserLang"),
        counted: Counted::Visits(|v| unless_empty(&v.browser_lang)),
    },
    Breakdown { key: "browsers", filter: Some("browser"), counted: Counted::Visits(|v| Some(v.browser.as_str())) },
    Breakdown { key: "operatingSystems", filter: Some("os"), counted: Counted::Visits(|v| Some(v.os.as_str())) },
    Breakdown { key: "devices", filter: Some("device"), counted: Counted::Visits(|v| Some(v.device.as_str())) },
    Breakdown {
        key: "events",
        filter: Some("event"),
        counted: Counted::Events(|e| (e.name != PAGEVIEW).then_some(e.name.as_str())),
    },
    Breakdown {
        key: "products",
        filter: Some("product"),
        counted: Counted::Events(|e| if e.name == "productLink" { unless_empty(&e.target) } else { None }),
    },
    Breakdown {
        key: "brands",
        filter: Some("brand"),
        counted: Counted::Events(|e| if e.name == "productLink" { unless_empty(&e.brand) } else { None }),
    },
    Breakdown {
        key: "emptySearches",
        filter: None,
        counted: Counted::Events(|e| {
            if e.name == "search" && e.results == Some(0) {
                unless_empty(&e.target)
            } else {
                None
            }
        }),
    },
    Breakdown {
        key: "chatQuestions",
        filter: Some("siteLang"),
        counted: Counted::Events(|e| (e.name == "chatQuestion").then_some(e.lang.as_str())),
    },
];

/// Visitors and page views, visits, visits of one page view or none, and the visits' time.
#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Totals {
    pub visitors: i64,
    pub pageviews: i64,
    pub visits: i64,
    pub bounces: i64,
    pub duration_ms: i64,
}

/// A breakdown value's visitors and rows.
#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Tallied {
    pub visitors: i64,
    pub count: i64,
}

/// Figures that add up across days: the totals, visitors and page views per chart slot (keyed by the
/// slot's start), and each breakdown's values.
#[derive(Default)]
pub(crate) struct Counts {
    pub totals: Totals,
    pub slots: HashMap<i64, Tallied>,
    pub breakdowns: [HashMap<String, Tallied>; BREAKDOWN_COUNT],
}

impl Counts {
    pub(crate) fn add(&mut self, other: Counts) {
        self.add_totals(other.totals);
        for (slot, tallied) in other.slots {
            self.add_slot(slot, tallied);
        }
        for (index, values) in other.breakdowns.into_iter().enumerate() {
            for (value, tallied) in values {
                self.add_value(index, value, tallied);
            }
        }
    }

    pub(crate) fn add_totals(&mut self, other: Totals) {
        let Totals { visitors, pageviews, visits, bounces, duration_ms } = other;
        self.totals.visitors += visitors;
        self.totals.pageviews += pageviews;
        self.totals.visits += visits;
        self.totals.bounces += bounces;
        self.totals.duration_ms += duration_ms;
    }

    pub(crate) fn add_slot(&mut self, slot: i64, tallied: Tallied) {
        let kept = self.slots.entry(slot).or_default();
        kept.visitors += tallied.visitors;
        kept.count += tallied.count;
    }

    pub(crate) fn add_value(&mut self, breakdown: usize, value: String, tallied: Tallied) {
        let kept = self.breakdowns[breakdown].entry(value).or_default();
        kept.visitors += tallied.visitors;
        kept.count += tallied.count;
    }
}

/// Distinct visitors and a count.
#[derive(Default)]
struct Seen {
    visitors: HashSet<u128>,
    count: i64,
}

impl Seen {
    fn add(&mut self, visitor: u128) {
        self.visitors.insert(visitor);
        self.count += 1;
    }

    fn tallied(&self) -> Tallied {
        Tallied { visitors: self.visitors.len() as i64, count: self.count }
    }
}

/// A visitor's hash (hex) as a number; another text is hashed, so it still counts as one visitor.
fn visitor_key(visitor: &str) -> u128 {
    u128::from_str_radix(visitor, 16).unwrap_or_else(|_| {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        visitor.hash(&mut hasher);
        u128::from(hasher.finish())
    })
}

/// Rows of one UTC day at a time, in time order, added up into `Counts` as each day ends.
pub(crate) struct Tally {
    /// The chart's first slot and step.
    origin: i64,
    step_ms: i64,
    day: Option<i64>,
    viewers: HashSet<u128>,
    slots: HashMap<i64, Seen>,
    breakdowns: [HashMap<String, Seen>; BREAKDOWN_COUNT],
    pub counts: Counts,
}

impl Tally {
    pub(crate) fn new(origin: i64, step_ms: i64) -> Self {
        Self {
            origin,
            step_ms,
            day: None,
            viewers: HashSet::new(),
            slots: HashMap::new(),
            breakdowns: Default::default(),
            counts: Counts::default(),
        }
    }

    pub(crate) fn event(&mut self, event: &EventRow) {
        self.on_day(event.at);
        let visitor = visitor_key(&event.visitor);
        if event.name == PAGEVIEW {
            self.viewers.insert(visitor);
            self.counts.totals.pageviews += 1;
            let slot = self.origin + (event.at - self.origin).div_euclid(self.step_ms) * self.step_ms;
            self.slots.entry(slot).or_default().add(visitor);
        }
        for (index, breakdown) in BREAKDOWNS.iter().enumerate() {
            if let Counted::Events(value_of) = breakdown.counted {
                if let Some(value) = value_of(event) {
                    self.seen(index, value).add(visitor);
                }
            }
        }
    }

    pub(crate) fn visit(&mut self, visit: &VisitRow) {
        self.on_day(visit.started_at);
        let totals = &mut self.counts.totals;
        totals.visits += 1;
        totals.bounces += i64::from(visit.pageviews <= 1);
        totals.duration_ms += visit.last_at - visit.started_at;
        let visitor = visitor_key(&visit.visitor);
        for (index, breakdown) in BREAKDOWNS.iter().enumerate() {
            if let Counted::Visits(value_of) = breakdown.counted {
                if let Some(value) = value_of(visit) {
                    self.seen(index, value).add(visitor);
                }
            }
        }
    }

    /// The counts of every row given.
    pub(crate) fn finish(mut self) -> Counts {
        self.end_day();
        self.counts
    }

    fn seen(&mut self, breakdown: usize, value: &str) -> &mut Seen {
        let values = &mut self.breakdowns[breakdown];
        if !values.contains_key(value) {
            values.insert(value.to_owned(), Seen::default());
        }
        values.get_mut(value).expect("just inserted")
    }

    /// Rows come in time order: a row of another day ends the day before it.
    fn on_day(&mut self, at: i64) {
        let day = at.div_euclid(DAY_MS);
        if self.day != Some(day) {
            self.end_day();
            self.day = Some(day);
        }
    }

    fn end_day(&mut self) {
        self.counts.totals.visitors += self.viewers.len() as i64;
        self.viewers.clear();
        for (slot, seen) in self.slots.drain() {
            self.counts.add_slot(slot, seen.tallied());
        }
        for (index, values) in std::mem::take(&mut self.breakdowns).into_iter().enumerate() {
            for (value, seen) in values {
                self.counts.add_value(index, value, seen.tallied());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(at: i64, visitor: &str, path: &str) -> EventRow {
        EventRow {
            at,
            visitor: visitor.to_owned(),
            name: PAGEVIEW.to_owned(),
            path: path.to_owned(),
            lang: "he".to_owned(),
            target: String::new(),
            brand: String::new(),
            results: None,
        }
    }

    #[test]
    fn visitors_are_distinct_within_a_day_and_days_add_up() {
        let mut tally = Tally::new(0, DAY_MS);
        for event in [view(10, "a1", "/"), view(20, "a1", "/blog"), view(30, "b2", "/"), view(DAY_MS + 5, "c3", "/")] {
            tally.event(&event);
        }
        let counts = tally.finish();
        assert_eq!((counts.totals.visitors, counts.totals.pageviews), (3, 4));
        assert_eq!(counts.slots[&0], Tallied { visitors: 2, count: 3 });
        assert_eq!(counts.slots[&DAY_MS], Tallied { visitors: 1, count: 1 });
        assert_eq!(counts.breakdowns[0]["/"], Tallied { visitors: 3, count: 3 });
        assert_eq!(counts.breakdowns[5]["he"], Tallied { visitors: 3, count: 4 });
    }

    #[test]
    fn searches_that_found_nothing_are_their_own_breakdown() {
        let mut tally = Tally::new(0, DAY_MS);
        let search = |results| EventRow {
            name: "search".to_owned(),
            target: "gaynor".to_owned(),
            results: Some(results),
            ..view(1, "a1", "/search")
        };
        tally.event(&search(0));
        tally.event(&search(3));
        let counts = tally.finish();
        let empty = BREAKDOWNS.iter().position(|b| b.key == "emptySearches").unwrap();
        assert_eq!(counts.breakdowns[empty]["gaynor"], Tallied { visitors: 1, count: 1 });
        assert_eq!(counts.totals.pageviews, 0);
    }
}
