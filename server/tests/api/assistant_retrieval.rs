//! The assistant's retrieval on the evaluation set (`tests/data/assistant_eval.json`): at least 90 % of
//! each language's questions get one of their documents in the first three results; the members'
//! tips are found only for signed-in askers.

use crate::common::each_backend;
use pointe_server::testing::{evaluate, EvaluationSet, Kind, Lang};

#[tokio::test]
async fn each_language_finds_the_answering_documents_in_the_top_three() {
    let set: EvaluationSet = serde_json::from_str(include_str!("../data/assistant_eval.json")).unwrap();
    each_backend(async |app| {
        let (retrieval, _) = app.state.assistant.index.get(&app.state.db).await.unwrap();
        for recall in evaluate(&retrieval, &set).unwrap() {
            assert!(recall.questions >= 8, "{:?} has {} questions", recall.lang, recall.questions);
            assert!(
                recall.share() >= 0.9,
                "{:?}: recall@3 {:.0} %, missed {:#?}",
                recall.lang,
                recall.share() * 100.0,
                recall.misses
            );
        }
    })
    .await;
}

#[tokio::test]
async fn tips_are_searched_only_for_signed_in_askers() {
    each_backend(async |app| {
        let (retrieval, _) = app.state.assistant.index.get(&app.state.db).await.unwrap();
        let question = "How do I wash and care for my ribbons?";
        let member = retrieval.search(Lang::En, question, true, 3).unwrap();
        assert!(member.iter().any(|hit| hit.document.kind == Kind::Tips), "{member:?}");
        let visitor = retrieval.search(Lang::En, question, false, 3).unwrap();
        assert!(!visitor.is_empty() && visitor.iter().all(|hit| hit.document.kind != Kind::Tips), "{visitor:?}");
        assert!(retrieval.search(Lang::He, "?!", false, 3).unwrap().is_empty(), "punctuation alone finds nothing");
    })
    .await;
}
