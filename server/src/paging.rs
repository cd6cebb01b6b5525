//! Paging of the admin's server-side tables (users, audit logs).

use crate::error::{ApiError, ApiResult, Text};

/// Rows per page the tables offer (spec §9).
pub const PAGE_SIZES: [i64; 4] = [10, 25, 50, 100];
const BAD_PAGE_SIZE: Text = Text::new("bad_page_size", "Page size must be 10, 25, 50 or 100");

#[derive(Clone, Copy)]
pub struct Paging {
    /// From 1.
    pub page: i64,
    pub size: i64,
}

impl Paging {
    /// The query's page (1 when missing or below) and size (`default_size` when missing; one of
    /// `PAGE_SIZES` else 400).
    pub fn from_query(page: Option<i64>, size: Option<i64>, default_size: i64) -> ApiResult<Self> {
        let size = size.unwrap_or(default_size);
        if !PAGE_SIZES.contains(&size) {
            return Err(ApiError::BadRequest(BAD_PAGE_SIZE));
        }
        Ok(Self { page: page.unwrap_or(1).max(1), size })
    }

    /// `LIMIT … OFFSET …` for the page (a page past the end is simply empty).
    pub fn sql(self) -> String {
        format!("LIMIT {} OFFSET {}", self.size, (self.page - 1).saturating_mul(self.size))
    }
}
