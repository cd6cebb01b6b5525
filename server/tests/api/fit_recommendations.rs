//! Recommendations for a fit profile over the real catalogue (the data set's families): two very
//! different dancers get different families with the reasons from their answers in their language,
//! nothing is kept, bad input is refused, and a catalogue change reaches another instance's ranking
//! at its next sync.

use crate::common::{each_backend, each_backend_with, fields_of, TestApp};
use axum::http::{Method, StatusCode};
use pointe_server::testing::public_cache::sync;
use serde_json::{json, Value};

async fn recommend(app: &TestApp, lang: &str, profile: &Value) -> Value {
    let answer = app.send_json(Method::POST, &format!("/api/fit/recommendations?lang={lang}"), profile, &[]).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()
}

fn narrow_egyptian_professional() -> Value {
    let foot = json!({ "lengthMm": 240, "widthMm": 86, "toeShape": "egyptian", "toeLength": "long", "arch": "hypermobile", "instep": "flexible" });
    json!({ "left": foot, "right": foot, "dancing": { "level": "professional", "hoursPerWeek": 25, "teacherApproved": true },
            "strength": { "relevesLeft": 40, "relevesRight": 38 } })
}

fn wide_square_beginner() -> Value {
    json!({
        "left": { "lengthMm": 230, "widthMm": 96, "toeShape": "square", "toeLength": "short", "arch": "stiff", "ankle": "limited", "bunion": "slight" },
        "right": { "lengthMm": 234, "widthMm": 97, "toeShape": "square", "toeLength": "short", "arch": "stiff" },
        "dancing": { "level": "beginner", "years": 3, "hoursPerWeek": 4, "teacherApproved": false },
        "strength": { "relevesLeft": 14, "relevesRight": 21 }
    })
}

fn names(answer: &Value) -> Vec<String> {
    answer["families"]
        .as_array()
        .unwrap()
        .iter()
        .map(|family| family["familyId"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn two_very_different_dancers_get_different_families_each_with_its_reasons() {
    each_backend_with(&[("SEED_SHOE_MODELS", "true")], async |app| {
        let narrow = recommend(app, "en", &narrow_egyptian_professional()).await;
        let wide = recommend(app, "en", &wide_square_beginner()).await;
        let (narrow_ids, wide_ids) = (names(&narrow), names(&wide));
        println!("narrow Egyptian professional: {narrow_ids:?}\nwide square beginner: {wide_ids:?}");
        assert_eq!((narrow_ids.len(), wide_ids.len()), (12, 12));
        assert_ne!(narrow_ids[0], wide_ids[0]);
        assert!(narrow_ids.iter().all(|id| !wide_ids[..3].contains(id)), "the two top threes differ");

        let best = &narrow["families"][0];
        let reasons: Vec<&str> = best["reasons"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
        assert!(
            reasons.iter().any(|r| r.starts_with("Made for your toe shape: Egyptian") || r.starts_with("Box ")),
            "{reasons:?}"
        );
        assert!(reasons.iter().any(|r| r.starts_with("Shank ")), "{reasons:?}");
        assert!(best["page"].as_str().unwrap().starts_with(&format!("/shoe/{}", best["familyId"].as_str().unwrap())));
        assert_eq!(narrow["notes"], json!([]));
        let scores: Vec<i64> =
            narrow["families"].as_array().unwrap().iter().map(|f| f["score"].as_i64().unwrap()).collect();
        assert!(scores.windows(2).all(|pair| pair[0] >= pair[1]), "best first: {scores:?}");

        assert_eq!(
            wide["notes"],
            json!([
                "Your teacher has not yet said you are ready for pointe: wait for that before buying a pair.",
                "Fewer than 20 relevés on your left leg: fit the shank to the weaker leg, softer for now.",
                "Your right foot is larger: fit the right, and pad the left."
            ])
        );
        // A beginner is not offered a model whose only shank is hard without being told.
        for family in wide["families"].as_array().unwrap() {
            let reasons = family["reasons"].to_string();
            assert!(!reasons.contains("Shank Hard") && !reasons.contains("Shank Extra hard"), "{family}");
        }

        // In Hebrew, the reasons name the values in Hebrew.
        let hebrew = recommend(app, "he", &narrow_egyptian_professional()).await;
        assert_eq!(names(&hebrew), narrow_ids);
        let reason = hebrew["families"][0]["reasons"][0].as_str().unwrap();
        assert!(!reason.chars().any(|c| c.is_ascii_alphabetic()), "{reason}");
    })
    .await;
}

#[tokio::test]
async fn a_profile_that_asks_nothing_gets_nothing_and_a_bad_one_is_refused_on_its_fields() {
    each_backend(async |app| {
        assert_eq!(recommend(app, "en", &json!({})).await, json!({ "notes": [], "families": [] }));
        let teacher_only = recommend(app, "fr", &json!({ "dancing": { "teacherApproved": false } })).await;
        assert_eq!((teacher_only["notes"].as_array().unwrap().len(), teacher_only["families"].clone()), (1, json!([])));

        let refused =
            app.send_json(Method::POST, "/api/fit/recommendations", &json!({ "left": { "widthMm": 20 } }), &[]).await;
        assert_eq!(fields_of(&refused), json!({ "left.widthMm": "Must be between 50 and 140" }));
        // A struct written as a list (serde's other form) is not the object the schema describes.
        let listed =
            app.send_json(Method::POST, "/api/fit/recommendations", &json!({ "strength": [null, null] }), &[]).await;
        assert_eq!(listed.status, StatusCode::BAD_REQUEST);
        assert!(listed.json()["error"].as_str().unwrap().contains("invalid type: sequence, expected struct Strength"));
        let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM fit_profiles").fetch_one(&app.state.db).await.unwrap();
        assert_eq!(kept, 0, "a visitor's profile is not kept");
    })
    .await;
}

#[tokio::test]
async fn a_catalogue_change_reaches_another_instances_ranking_at_its_sync() {
    each_backend_with(&[("SEED_SHOE_MODELS", "true")], async |app| {
        let other = app.another_instance().await;
        let profile = narrow_egyptian_professional();
        let before = recommend(&other, "en", &profile).await;
        let gone = before["families"][0]["variantId"].as_str().unwrap().to_owned();
        let admin = app.signed_in_admin("ada").await;
        let deleted = app
            .request(
                Method::DELETE,
                &format!("/api/admin/products/{gone}"),
                &[("authorization", &format!("Bearer {admin}"))],
            )
            .await;
        assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text());

        let variants = |answer: &Value| -> Vec<String> {
            answer["families"].as_array().unwrap().iter().map(|f| f["variantId"].as_str().unwrap().to_owned()).collect()
        };
        assert!(!variants(&recommend(app, "en", &profile).await).contains(&gone), "the instance that made the change");
        assert!(variants(&recommend(&other, "en", &profile).await).contains(&gone), "another instance until it syncs");
        sync(&other.state).await.unwrap();
        assert!(!variants(&recommend(&other, "en", &profile).await).contains(&gone));
    })
    .await;
}
