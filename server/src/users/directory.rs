//! The admin's view of accounts: one page of a filtered, sorted list (searching 100 000 users stays a
//! single indexed or scanned query plus a count), one account, and every account of a filter for export.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{groups::Group, validation};
use crate::access::Role;
use crate::{
    db::{from_row, Db},
    db_filter::{contains_pattern, Filter, Value},
    error::{ApiError, ApiResult, ErrorCode, Text},
    paging::Paging,
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AdminUser {
    pub id: String,
    pub username: String,
    pub email: String,
    pub role: Role,
    pub is_admin: bool,
    #[schema(schema_with = validation::stored_gender_schema)]
    pub gender: Option<String>,
    /// `YYYY-MM-DD`
    pub birth_date: Option<String>,
    pub phone: Option<String>,
    pub location: Option<String>,
    /// Kept groups (newsletter, vip) and computed ones (new, inactive).
    pub groups: Vec<Group>,
    pub created_at: i64,
    pub last_login_at: Option<i64>,
    /// Signing in is refused and every session was ended.
    pub disabled: bool,
    pub email_verified: bool,
    /// When the address hard-bounced: no campaign reaches it.
    pub bounced_at: Option<i64>,
}

struct Row {
    id: String,
    username: String,
    email: String,
    role: String,
    is_admin: i64,
    gender: Option<String>,
    birth_date: Option<String>,
    phone: Option<String>,
    location: Option<String>,
    created_at: i64,
    last_login_at: Option<i64>,
    disabled_at: Option<i64>,
    email_verified: i64,
    bounced_at: Option<i64>,
}
from_row!(Row {
    id,
    username,
    email,
    role,
    is_admin,
    gender,
    birth_date,
    phone,
    location,
    created_at,
    last_login_at,
    disabled_at,
    email_verified,
    bounced_at
});

const COLUMNS: &str = "u.id, u.username, u.email, u.role, u.is_admin, u.gender, u.birth_date, u.phone, u.location,
                       u.created_at, u.last_login_at, u.disabled_at, u.email_verified, u.bounced_at";

#[derive(Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) enum SortKey {
    #[default]
    Username,
    Email,
    Role,
    CreatedAt,
    LastLoginAt,
}

#[derive(Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Order {
    #[default]
    Asc,
    Desc,
}

/// Which users: a search and a group (both optional), and their order.
#[derive(Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct UsersQuery {
    /// Part of the username or the e-mail address, whatever its case.
    pub search: Option<String>,
    /// `all` (the default, also when blank), `newsletter`, `vip`, `new` or `inactive`.
    #[param(schema_with = group_filter_schema)]
    pub group: Option<String>,
    #[param(inline, value_type = Option<SortKey>)]
    #[serde(default)]
    pub sort: SortKey,
    #[param(inline, value_type = Option<Order>)]
    #[serde(default)]
    pub order: Order,
}

fn group_filter_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::{ObjectBuilder, Type};
    let names = ["", "all", "newsletter", "vip", "new", "inactive"];
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(names)).build()
}

impl UsersQuery {
    fn filter(&self, now: i64) -> ApiResult<Filter> {
        let mut filter = Filter::default();
        if let Some(search) = self.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            let (pattern, escape) = contains_pattern(&search.to_lowercase());
            let pattern = filter.bind(Value::Text(pattern));
            filter.and(format!("u.search_key LIKE {pattern}{escape}"));
        }
        match self.group.as_deref().unwrap_or("all") {
            "all" | "" => {}
            name => serde_json::from_value::<Group>(name.into())
                .map_err(|_| ApiError::BadRequest(UNKNOWN_GROUP))?
                .restrict(&mut filter, now),
        }
        Ok(filter)
    }

    fn order_by(&self) -> String {
        let column = match self.sort {
            SortKey::Username => "LOWER(u.username)",
            SortKey::Email => "u.email",
            SortKey::Role => "u.role",
            SortKey::CreatedAt => "u.created_at",
            SortKey::LastLoginAt => "COALESCE(u.last_login_at, 0)",
        };
        let direction = match self.order {
            Order::Asc => "ASC",
            Order::Desc => "DESC",
        };
        format!("ORDER BY {column} {direction}, u.id")
    }
}

pub(crate) const UNKNOWN_GROUP: Text = Text::new(ErrorCode::UnknownGroup, "Unknown group");

pub(crate) struct Page {
    pub users: Vec<AdminUser>,
    pub total: i64,
}

/// One page of the selection.
pub(crate) async fn page(db: &Db, selection: &UsersQuery, paging: Paging, now: i64) -> ApiResult<Page> {
    let filter = selection.filter(now)?;
    let where_clause = filter.where_clause();
    let count_sql = format!("SELECT COUNT(*) FROM users u {where_clause}");
    let (total,): (i64,) = filter.apply(sqlx::query_as(&count_sql)).fetch_one(db).await?;
    let sql = format!("SELECT {COLUMNS} FROM users u {where_clause} {} {}", selection.order_by(), paging.sql());
    let rows: Vec<Row> = filter.apply(sqlx::query_as(&sql)).fetch_all(db).await?;
    Ok(Page { users: with_groups(db, rows, now).await?, total })
}

/// Every user of the selection, or the users named by `ids`, in the selection's order.
pub(crate) async fn all(
    db: &Db,
    selection: &UsersQuery,
    ids: Option<&[String]>,
    now: i64,
) -> ApiResult<Vec<AdminUser>> {
    let mut filter = selection.filter(now)?;
    if let Some(ids) = ids {
        let placeholders: Vec<String> = ids.iter().map(|id| filter.bind(Value::Text(id.clone()))).collect();
        filter.and(if placeholders.is_empty() {
            "1 = 0".to_owned()
        } else {
            format!("u.id IN ({})", placeholders.join(", "))
        });
    }
    let sql = format!("SELECT {COLUMNS} FROM users u {} {}", filter.where_clause(), selection.order_by());
    let rows: Vec<Row> = filter.apply(sqlx::query_as(&sql)).fetch_all(db).await?;
    Ok(with_groups(db, rows, now).await?)
}

pub(crate) async fn find(db: &Db, id: &str, now: i64) -> Result<Option<AdminUser>, sqlx::Error> {
    let row: Option<Row> =
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM users u WHERE u.id = $1")).bind(id).fetch_optional(db).await?;
    Ok(match row {
        Some(row) => with_groups(db, vec![row], now).await?.pop(),
        None => None,
    })
}

/// The rows as the admin sees them, with their kept groups (one query for all) and computed ones.
async fn with_groups(db: &Db, rows: Vec<Row>, now: i64) -> Result<Vec<AdminUser>, sqlx::Error> {
    let mut kept: HashMap<String, Vec<Group>> = HashMap::new();
    // One query per 500 users keeps within every database's limit on placeholders.
    for chunk in rows.chunks(500) {
        let placeholders: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!("SELECT user_id, group_key FROM user_groups WHERE user_id IN ({})", placeholders.join(", "));
        let mut query = sqlx::query_as::<_, (String, String)>(&sql);
        for row in chunk {
            query = query.bind(&row.id);
        }
        for (user_id, key) in query.fetch_all(db).await? {
            if let Ok(group) = serde_json::from_value::<Group>(key.into()) {
                kept.entry(user_id).or_default().push(group);
            }
        }
    }
    rows.into_iter()
        .map(|row| {
            let role = Role::parse(&row.role)
                .ok_or_else(|| sqlx::Error::Decode(format!("unknown role {}", row.role).into()))?;
            let mut groups = kept.remove(&row.id).unwrap_or_default();
            groups.sort_by_key(|group| *group as u8);
            groups.extend(Group::computed(row.created_at, row.last_login_at, now));
            Ok(AdminUser {
                is_admin: row.is_admin != 0,
                disabled: row.disabled_at.is_some(),
                email_verified: row.email_verified != 0,
                groups,
                id: row.id,
                username: row.username,
                email: row.email,
                role,
                gender: row.gender,
                birth_date: row.birth_date,
                phone: row.phone,
                location: row.location,
                created_at: row.created_at,
                last_login_at: row.last_login_at,
                bounced_at: row.bounced_at,
            })
        })
        .collect()
}
