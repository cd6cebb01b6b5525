//! Paging of the admin's server-side tables (users, audit logs).

use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::{ApiError, ApiResult, ErrorCode, Text};

/// Rows per page the tables offer (spec §9).
pub(crate) const PAGE_SIZES: [i64; 4] = [10, 25, 50, 100];
const BAD_PAGE_SIZE: Text = Text::new(ErrorCode::BadPageSize, "Page size must be 10, 25, 50 or 100");

/// A paged table's query parameters.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PageQuery {
    /// From 1 (below counts as 1).
    page: Option<i64>,
    /// 10, 25, 50 or 100; each table has its default.
    #[param(schema_with = page_size_schema)]
    page_size: Option<i64>,
}

impl PageQuery {
    pub(crate) fn paging(&self, default_size: i64) -> ApiResult<Paging> {
        Paging::from_query(self.page, self.page_size, default_size)
    }
}

fn page_size_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::{ObjectBuilder, Type};
    ObjectBuilder::new().schema_type(Type::Integer).enum_values(Some(PAGE_SIZES)).build()
}

#[derive(Clone, Copy)]
pub(crate) struct Paging {
    /// From 1.
    pub page: i64,
    pub size: i64,
}

impl Paging {
    /// The query's page (1 when missing or below) and size (`default_size` when missing; one of
    /// `PAGE_SIZES` else 400).
    fn from_query(page: Option<i64>, size: Option<i64>, default_size: i64) -> ApiResult<Self> {
        let size = size.unwrap_or(default_size);
        if !PAGE_SIZES.contains(&size) {
            return Err(ApiError::BadRequest(BAD_PAGE_SIZE));
        }
        Ok(Self { page: page.unwrap_or(1).max(1), size })
    }

    /// `LIMIT … OFFSET …` for the page (a page past the end is simply empty).
    pub(crate) fn sql(self) -> String {
        format!("LIMIT {} OFFSET {}", self.size, (self.page - 1).saturating_mul(self.size))
    }
}
