//! `model_families` and `model_variants`: the families and which products are their variants.

use sqlx::{AnyConnection, Row};

use super::{Axis, Family, Variant};
use crate::db::{exists, Db};

/// Every family with its variants in their order, the families by name. A family whose products were
/// all deleted is not among them.
pub(crate) async fn all(db: &Db) -> Result<Vec<Family>, sqlx::Error> {
    read(db, None).await
}

/// The family `id`, when it has a variant.
pub(crate) async fn find(db: &Db, id: &str) -> Result<Option<Family>, sqlx::Error> {
    Ok(read(db, Some(id)).await?.pop())
}

async fn read(db: &Db, only: Option<&str>) -> Result<Vec<Family>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT f.id, f.name, v.product_id, v.axes FROM model_families f
         JOIN model_variants v ON v.family_id = f.id
         WHERE $1 IS NULL OR f.id = $1
         ORDER BY f.name, f.id, v.position, v.product_id",
    )
    .bind(only)
    .fetch_all(db)
    .await?;
    let mut families: Vec<Family> = Vec::new();
    for row in rows {
        let id: String = row.try_get("id")?;
        let axes: String = row.try_get("axes")?;
        let variant = Variant {
            product_id: row.try_get("product_id")?,
            axes: serde_json::from_str(&axes).map_err(|err| sqlx::Error::Decode(Box::new(err)))?,
        };
        match families.last_mut() {
            Some(family) if family.id == id => family.variants.push(variant),
            _ => families.push(Family { id, name: row.try_get("name")?, variants: vec![variant] }),
        }
    }
    Ok(families)
}

/// The family product `id` is a variant of.
pub(crate) async fn family_of(db: &Db, product: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT family_id FROM model_variants WHERE product_id = $1")
        .bind(product)
        .fetch_optional(db)
        .await
}

/// Whether `id` names a family or a product: the two share the model pages' addresses (`/shoe/{id}`).
pub(crate) async fn id_taken(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    Ok(exists(conn, "SELECT 1 FROM model_families WHERE id = $1", id).await?
        || exists(conn, "SELECT 1 FROM products WHERE id = $1", id).await?)
}

pub(crate) async fn is_family(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    exists(conn, "SELECT 1 FROM model_families WHERE id = $1", id).await
}

/// Whether product `product` exists and is a variant of no family.
pub(crate) async fn product_outside_families(conn: &mut AnyConnection, product: &str) -> Result<bool, sqlx::Error> {
    let query = "SELECT 1 FROM products p WHERE p.id = $1
                 AND NOT EXISTS (SELECT 1 FROM model_variants v WHERE v.product_id = p.id)";
    exists(conn, query, product).await
}

pub(crate) async fn insert_family(conn: &mut AnyConnection, id: &str, name: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO model_families (id, name, updated_at) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(name)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

pub(crate) async fn rename(conn: &mut AnyConnection, id: &str, name: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE model_families SET name = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(name)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Makes `product` the last variant of `family`, taking it out of any other.
pub(crate) async fn put_variant(
    conn: &mut AnyConnection,
    family: &str,
    product: &str,
    axes: &[Axis],
) -> Result<(), sqlx::Error> {
    let axes = serde_json::to_string(axes).map_err(|err| sqlx::Error::Encode(Box::new(err)))?;
    sqlx::query(
        "INSERT INTO model_variants (product_id, family_id, axes, position)
         VALUES ($1, $2, $3, (SELECT COALESCE(MAX(position), -1) + 1 FROM model_variants WHERE family_id = $2))
         ON CONFLICT (product_id) DO UPDATE SET family_id = excluded.family_id, axes = excluded.axes,
             position = excluded.position",
    )
    .bind(product)
    .bind(family)
    .bind(axes)
    .execute(conn)
    .await?;
    Ok(())
}

/// The axes product `product` has in its family, when it is in one.
pub(crate) async fn axes_of(conn: &mut AnyConnection, product: &str) -> Result<Option<Vec<Axis>>, sqlx::Error> {
    let axes: Option<String> = sqlx::query_scalar("SELECT axes FROM model_variants WHERE product_id = $1")
        .bind(product)
        .fetch_optional(conn)
        .await?;
    axes.map(|axes| serde_json::from_str(&axes).map_err(|err| sqlx::Error::Decode(Box::new(err)))).transpose()
}

/// Deletes the family `id`: its variants become families of their own. Whether it was there.
pub(crate) async fn delete_family(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM model_families WHERE id = $1").bind(id).execute(conn).await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes the families left without variants; gives their ids.
pub(crate) async fn delete_empty(conn: &mut AnyConnection) -> Result<Vec<String>, sqlx::Error> {
    let empty: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM model_families f WHERE NOT EXISTS (SELECT 1 FROM model_variants v WHERE v.family_id = f.id)",
    )
    .fetch_all(&mut *conn)
    .await?;
    for id in &empty {
        delete_family(conn, id).await?;
    }
    Ok(empty)
}

/// Takes `product` out of its family: it becomes a family of its own.
pub(crate) async fn remove_variant(conn: &mut AnyConnection, product: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM model_variants WHERE product_id = $1").bind(product).execute(conn).await?;
    Ok(())
}
