//! Storage shared by the admin's content (brands, products, posts, categories): each record's texts
//! live in a `<thing>_translations` table, one row per language.

use std::collections::BTreeMap;

use sqlx::{any::AnyRow, AnyConnection, Row};

use crate::lang::Lang;

/// Where a kind of record keeps its texts: the table, the column naming the record, the text columns.
pub(crate) struct TextTable {
    pub table: &'static str,
    pub key: &'static str,
    pub columns: &'static [&'static str],
}

impl TextTable {
    /// Replaces the record's texts with `texts`; `values` gives a language's columns in `columns` order.
    pub(crate) async fn replace<T>(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        texts: &BTreeMap<Lang, T>,
        values: impl Fn(&T) -> Vec<String>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(&format!("DELETE FROM {} WHERE {} = $1", self.table, self.key))
            .bind(id)
            .execute(&mut *conn)
            .await?;
        let placeholders: Vec<String> = (3..3 + self.columns.len()).map(|n| format!("${n}")).collect();
        let insert = format!(
            "INSERT INTO {} ({}, lang, {}) VALUES ($1, $2, {})",
            self.table,
            self.key,
            self.columns.join(", "),
            placeholders.join(", ")
        );
        for (lang, text) in texts {
            let mut query = sqlx::query(&insert).bind(id).bind(lang.code());
            for value in values(text) {
                query = query.bind(value);
            }
            query.execute(&mut *conn).await?;
        }
        Ok(())
    }
}

/// Rows of a translations table grouped by record and language; rows of a language the site no
/// longer has are left out.
pub(crate) fn group_by_record<T>(
    rows: &[AnyRow],
    key: &str,
    read: impl Fn(&AnyRow) -> Result<T, sqlx::Error>,
) -> Result<BTreeMap<String, BTreeMap<Lang, T>>, sqlx::Error> {
    let mut grouped: BTreeMap<String, BTreeMap<Lang, T>> = BTreeMap::new();
    for row in rows {
        let Some(lang) = Lang::from_code(&row.try_get::<String, _>("lang")?) else { continue };
        grouped.entry(row.try_get(key)?).or_default().insert(lang, read(row)?);
    }
    Ok(grouped)
}
