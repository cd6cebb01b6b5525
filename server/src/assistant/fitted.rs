//! An answer's part from the asker's own fit profile, when she lets the assistant read it: to a question
//! about which shoes to choose, the families that suit her profile,
//! each with its page and its first reason. Personal, so never kept: not in the answer cache, and the
//! request's record holds the question only.

use super::{model::Source, retrieval::corpus::Kind, texts};
use crate::{fitting::profile::FitProfile, fitting::recommend, lang::Lang, AppState};

/// How many families the answer names.
const NAMED: usize = 3;

/// What the profile adds to an answer: its text (a paragraph to append) and the families' pages.
pub(crate) struct ForYourFeet {
    pub text: String,
    pub sources: Vec<Source>,
}

/// The families for `profile`, when the question asks which shoes to choose (`asks_for_models`: on the
/// subject, in guard's `choosing` words).
pub(crate) async fn for_your_feet(
    state: &AppState,
    profile: &FitProfile,
    lang: Lang,
    asks_for_models: bool,
) -> Result<Option<ForYourFeet>, sqlx::Error> {
    if !asks_for_models {
        return Ok(None);
    }
    let version = state.public_cache.version();
    let recommended = recommend::recommend(&state.fitting, &state.db, version, profile, lang).await?;
    let named: Vec<_> = recommended.families.into_iter().take(NAMED).collect();
    if named.is_empty() {
        return Ok(None);
    }
    let lines: Vec<String> = named
        .iter()
        .map(|family| match family.reasons.first() {
            Some(reason) => format!("- {} ({}): {reason}", family.name, family.page),
            None => format!("- {} ({})", family.name, family.page),
        })
        .collect();
    let text = format!("\n\n{}\n{}", texts::of(lang).for_your_feet, lines.join("\n"));
    let sources = named
        .into_iter()
        .map(|family| Source {
            kind: Kind::Product,
            id: format!("product:{}", family.variant_id),
            title: family.name,
            link: family.page,
        })
        .collect();
    Ok(Some(ForYourFeet { text, sources }))
}
