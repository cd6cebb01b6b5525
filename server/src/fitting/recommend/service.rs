//! Recommendations for a profile over the finder's families, which each instance keeps per language
//! and builds again when the content version moves (any instance's catalogue change reaches the others
//! within the public cache's poll, half a second).

use std::{collections::HashMap, sync::Arc};

use serde::Serialize;
use tokio::sync::RwLock;
use utoipa::ToSchema;

use super::{
    rules::{self, Ranked},
    texts::say,
};
use crate::{
    db::Db,
    finder::{self, FinderFamily},
    fitting::profile::FitProfile,
    lang::Lang,
};

/// Families shown at most.
const SHOWN: usize = 12;

/// The finder's families in one language, with the content version they were read at.
type Kept = (i64, Arc<Vec<FinderFamily>>);

/// The finder's families by language, as this instance keeps them.
#[derive(Default)]
pub(crate) struct Inputs {
    families: RwLock<HashMap<Lang, Kept>>,
}

impl Inputs {
    async fn families(&self, db: &Db, lang: Lang, version: i64) -> Result<Arc<Vec<FinderFamily>>, sqlx::Error> {
        if let Some((kept, families)) = self.families.read().await.get(&lang) {
            if *kept == version {
                return Ok(families.clone());
            }
        }
        let families = Arc::new(finder::families(db, lang).await?);
        self.families.write().await.insert(lang, (version, families.clone()));
        Ok(families)
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Recommendations {
    /// What the profile says on its own, of no one shoe ("your left foot is larger: fit the left").
    pub notes: Vec<String>,
    /// Best first, at most 12; empty when the profile asks nothing a shoe answers.
    pub families: Vec<Recommendation>,
}

/// A family with its best variant for the profile, why, and what to watch.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Recommendation {
    pub family_id: String,
    pub name: String,
    pub brand_name: String,
    pub variant_id: String,
    /// The variant's name, when the family has more than one.
    pub variant_name: Option<String>,
    /// The family's page with the variant chosen.
    pub page: String,
    pub price: String,
    pub image: String,
    /// How well it answers the profile: higher is better (a sum of the rules' weights).
    pub score: i32,
    pub reasons: Vec<String>,
    pub warnings: Vec<String>,
}

pub(crate) async fn recommend(
    inputs: &Inputs,
    db: &Db,
    version: i64,
    profile: &FitProfile,
    lang: Lang,
) -> Result<Recommendations, sqlx::Error> {
    let families = inputs.families(db, lang, version).await?;
    let needs = rules::needs(profile, |model| shanks_of(&families, model));
    let notes = needs.notes.iter().map(|said| say(said, lang)).collect();
    let ranked = if needs.ask_anything() { rules::rank(&families, &needs) } else { Vec::new() };
    let families = ranked.into_iter().take(SHOWN).map(|ranked| shown(ranked, lang)).collect();
    Ok(Recommendations { notes, families })
}

/// The shank values of the model she wore: a variant's, or a family of one's (a family of several does
/// not say which she had).
fn shanks_of(families: &[FinderFamily], model: &str) -> Vec<String> {
    families
        .iter()
        .flat_map(|family| family.variants.iter().map(move |variant| (family, variant)))
        .find(|(family, variant)| variant.id == model || (family.id == model && family.variants.len() == 1))
        .map(|(_, variant)| variant.fit.shank_strength.clone())
        .unwrap_or_default()
}

fn shown(ranked: Ranked, lang: Lang) -> Recommendation {
    let family = ranked.family;
    let variant = &family.variants[ranked.variant];
    let several = family.variants.len() > 1;
    Recommendation {
        family_id: family.id.clone(),
        name: family.name.clone(),
        brand_name: family.brand_name.clone(),
        variant_id: variant.id.clone(),
        variant_name: several.then(|| variant.name.clone()),
        page: if several {
            format!("/shoe/{}?variant={}", family.id, variant.id)
        } else {
            format!("/shoe/{}", family.id)
        },
        price: variant.price.clone(),
        image: variant.image.clone(),
        score: ranked.score,
        reasons: ranked.reasons.iter().map(|said| say(said, lang)).collect(),
        warnings: ranked.warnings.iter().map(|said| say(said, lang)).collect(),
    }
}
