mod common;

use common::each_backend;
use pointe_server::users::{admin::create_admin, password};
use sqlx::Row;

#[tokio::test]
async fn create_admin_validates_hashes_and_refuses_duplicates() {
    each_backend(async |app| {
        let db = &app.state.db;
        let weak = create_admin(db, "odette", "odette@example.org", "short").await.unwrap_err();
        assert_eq!(weak.to_string(), "Password must be at least 8 characters long");
        let bad_name = create_admin(db, "1odette", "odette@example.org", "swan-lake!").await.unwrap_err();
        assert_eq!(bad_name.to_string(), "Username must start with a letter");

        create_admin(db, "Odette", "Odette@Example.org", "swan-lake!").await.unwrap();
        let row = sqlx::query("SELECT email, password_hash, is_admin, role FROM users WHERE username = 'Odette'").fetch_one(db).await.unwrap();
        assert_eq!(row.get::<String, _>("email"), "odette@example.org");
        let hash: String = row.get("password_hash");
        assert!(hash.starts_with("$argon2id$") && password::verify("swan-lake!".to_owned(), Some(hash)).await.unwrap());
        assert_eq!(row.get::<i64, _>("is_admin"), 1);
        assert_eq!(row.get::<String, _>("role"), "admin");

        let again = create_admin(db, "ODETTE", "other@example.org", "swan-lake!").await.unwrap_err();
        assert_eq!(again.to_string(), "Username or email already exists");
    })
    .await;
}
