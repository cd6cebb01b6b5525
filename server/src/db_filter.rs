//! `WHERE` clauses built from optional filters (the users and audit-log tables), with numbered
//! placeholders so the same text runs on SQLite and PostgreSQL.

use sqlx::{any::AnyArguments, query::QueryAs, Any, Arguments};

#[derive(Clone)]
pub(crate) enum Value {
    Text(String),
    Int(i64),
}

/// Conditions joined by `AND`, and the values their placeholders stand for.
#[derive(Clone, Default)]
pub(crate) struct Filter {
    conditions: Vec<String>,
    values: Vec<Value>,
}

impl Filter {
    /// The next placeholder (`$1`, `$2`, …) for `value`; put it in a condition with `and`.
    pub(crate) fn bind(&mut self, value: Value) -> String {
        self.values.push(value);
        format!("${}", self.values.len())
    }

    pub(crate) fn and(&mut self, condition: String) {
        self.conditions.push(condition);
    }

    /// `WHERE …`, or nothing when no condition was added.
    pub(crate) fn where_clause(&self) -> String {
        if self.conditions.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", self.conditions.join(" AND "))
        }
    }

    /// The values as arguments, for `sqlx::query_with` (a statement, such as an `INSERT … SELECT`,
    /// that returns no rows).
    pub(crate) fn arguments(&self) -> AnyArguments<'static> {
        let mut arguments = AnyArguments::default();
        for value in &self.values {
            let added = match value {
                Value::Text(text) => arguments.add(text.clone()),
                Value::Int(number) => arguments.add(*number),
            };
            added.expect("text and integers always encode");
        }
        arguments
    }

    /// Binds the values, in order, to a query made from this filter's text.
    pub(crate) fn apply<'q, O>(
        &self,
        mut query: QueryAs<'q, Any, O, AnyArguments<'q>>,
    ) -> QueryAs<'q, Any, O, AnyArguments<'q>> {
        for value in &self.values {
            query = match value {
                Value::Text(text) => query.bind(text.clone()),
                Value::Int(number) => query.bind(*number),
            };
        }
        query
    }
}

/// A `LIKE` pattern that finds `text` anywhere, and the `ESCAPE` clause to put after it when `text` has
/// a `%`, `_` or `\` of its own (taken literally). Without one the clause is left out: SQLite scans a
/// third faster without it.
pub(crate) fn contains_pattern(text: &str) -> (String, &'static str) {
    if text.contains(['\\', '%', '_']) {
        let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
        (format!("%{escaped}%"), " ESCAPE '\\'")
    } else {
        (format!("%{text}%"), "")
    }
}
