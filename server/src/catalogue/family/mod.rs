//! Model families: a maker's line ("Gaynor Minden Europa Classic") with its variants, each a product of
//! the catalogue with its own fit and what sets it apart (its axes: box, shank, shoemaker, …). A product in
//! no family is a family of its own, under its own id; families and products share the model pages'
//! addresses (`/shoe/{id}`), so no family takes a product's id.

mod routes;
mod service;
mod store;

pub(crate) use routes::routes;
pub(crate) use store::{all, family_of, find};

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::fields;

/// What sets a variant apart from the others of its family: `box` "3+", `shank` "Supple", `makers`
/// "W, R, Z", or `variant` (anything else, as its name says it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub(crate) struct Axis {
    /// `box`, `shank`, `makers` or `variant`.
    #[schema(max_length = 16)]
    pub key: String,
    #[schema(max_length = 100)]
    pub value: String,
}

impl Axis {
    pub(crate) fn new(key: &str, value: &str) -> Self {
        Self { key: key.to_owned(), value: value.to_owned() }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Family {
    pub id: String,
    pub name: String,
    pub variants: Vec<Variant>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Variant {
    pub product_id: String,
    pub axes: Vec<Axis>,
}

/// Family ids are slugs of at most this many characters.
const ID_MAX: usize = 64;

/// A free id for a family named `name` (maker and line): its slug, or with "-line" (then "-line-2", …)
/// when a product or family has it (an admin's family "Bloch Heritage" of the model bloch-heritage).
async fn free_id(conn: &mut AnyConnection, name: &str) -> Result<String, sqlx::Error> {
    let base = fields::slug_of(name, ID_MAX - "-line-99".len());
    let base = if base.is_empty() { "family".to_owned() } else { base };
    for candidate in std::iter::once(base.clone())
        .chain(std::iter::once(format!("{base}-line")))
        .chain((2..).map(|n| format!("{base}-line-{n}")))
    {
        if !store::id_taken(conn, &candidate).await? {
            return Ok(candidate);
        }
    }
    unreachable!("the candidates are endless")
}

/// The data set's import: a family named `name` with `variants` (products not yet in a family; the
/// others are left where an admin put them), when two or more remain. Gives its id.
pub(crate) async fn place(
    conn: &mut AnyConnection,
    name: &str,
    variants: &[(String, Vec<Axis>)],
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let mut free = Vec::new();
    for (product, axes) in variants {
        if store::product_outside_families(conn, product).await? {
            free.push((product, axes));
        }
    }
    if free.len() < 2 {
        return Ok(None);
    }
    let id = free_id(conn, name).await?;
    store::insert_family(conn, &id, name, now).await?;
    for (product, axes) in free {
        store::put_variant(conn, &id, product, axes).await?;
    }
    Ok(Some(id))
}

/// Whether `id` is a family's: a new product may not take it.
pub(crate) async fn is_family(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    store::is_family(conn, id).await
}
