//! A dancer's fit profile: each foot apart, her dancing, her strength and the shoes she wore. Every field
//! is optional and closed (a choice, or a number in a range a foot can have); the web app's
//! `features/fit/profile.ts` is the same shape.

mod routes;
mod service;
mod store;

pub(crate) use routes::routes;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::fields::FieldErrors;

/// Shoes she lists at most: the current pair and the ones before it.
const SHOES_MAX: usize = 12;
const SHOE_TEXT_MAX: usize = 32;

#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct FitProfile {
    #[serde(default)]
    pub left: Foot,
    #[serde(default)]
    pub right: Foot,
    #[serde(default)]
    pub dancing: Dancing,
    #[serde(default)]
    pub strength: Strength,
    /// Her current shoes and earlier ones, newest first.
    #[serde(default)]
    #[schema(max_items = 12)]
    pub shoes: Vec<WornShoe>,
}

/// One foot; fitters look at each apart, as feet differ.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Foot {
    /// Heel to longest toe, standing, in millimetres.
    #[schema(minimum = 150, maximum = 330)]
    pub length_mm: Option<u16>,
    /// Across the widest part of the forefoot, standing, in millimetres.
    #[schema(minimum = 50, maximum = 140)]
    pub width_mm: Option<u16>,
    /// Her street-shoe size when she has not measured.
    pub size: Option<ChartSize>,
    pub toe_shape: Option<ToeShape>,
    /// How far the toes reach past the ball of the foot (long toes need a longer vamp).
    pub toe_length: Option<ToeLength>,
    /// How tall the toes are (the box's depth).
    pub toe_height: Option<Degree>,
    /// The heel's width against the forefoot's (a narrow heel slips out of a shoe fitted to the forefoot).
    pub heel: Option<HeelWidth>,
    pub arch: Option<Flexibility>,
    pub instep: Option<Flexibility>,
    /// How far the ankle points (enough to stand over the box?).
    pub ankle: Option<AnkleRange>,
    pub bunion: Option<Bunion>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ChartSize {
    pub chart: SizeChart,
    #[schema(minimum = 1, maximum = 50)]
    pub value: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SizeChart {
    Eu,
    Uk,
    Us,
}

/// The finder's foot shapes (vocabulary `footShape`).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ToeShape {
    Egyptian,
    Greek,
    Square,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ToeLength {
    Short,
    Medium,
    Long,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Degree {
    Low,
    Medium,
    High,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum HeelWidth {
    Narrow,
    Average,
    Wide,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Flexibility {
    Stiff,
    Average,
    Flexible,
    Hypermobile,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum AnkleRange {
    Limited,
    Average,
    Full,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Bunion {
    None,
    Slight,
    Marked,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Dancing {
    pub level: Option<DanceLevel>,
    /// Years of ballet.
    #[schema(maximum = 80)]
    pub years: Option<u8>,
    /// Hours of class and rehearsal a week.
    #[schema(maximum = 60)]
    pub hours_per_week: Option<u8>,
    /// Whether a teacher said she is ready for pointe.
    pub teacher_approved: Option<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum DanceLevel {
    Beginner,
    Intermediate,
    Advanced,
    Professional,
}

/// The readiness checks fitters and the research use, per leg.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Strength {
    /// Single-leg relevés in a row, in good form, on the left leg.
    #[schema(maximum = 200)]
    pub releves_left: Option<u8>,
    #[schema(maximum = 200)]
    pub releves_right: Option<u8>,
}

/// A pair she wore, and how it went.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct WornShoe {
    /// A family's or a variant's id (`/shoe/{id}`); one no longer in the catalogue is kept as given.
    #[schema(max_length = 100, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")]
    pub model: Option<String>,
    /// As the maker writes it: "4", "36.5".
    #[schema(max_length = 32)]
    pub size: Option<String>,
    /// The maker's width code: "XX", "D".
    #[schema(max_length = 32)]
    pub width: Option<String>,
    /// The maker's shank name: "Supple", "Hard".
    #[schema(max_length = 32)]
    pub shank: Option<String>,
    pub padding: Option<ShoePadding>,
    /// Where it hurt.
    #[serde(default)]
    #[schema(max_items = 8)]
    pub hurt: Vec<PainPlace>,
    /// How it gave out.
    #[serde(default)]
    #[schema(max_items = 6)]
    pub failed: Vec<ShoeFailure>,
    /// Hours of dancing a pair lasted.
    #[schema(maximum = 2000)]
    pub hours: Option<u16>,
    /// The pair she wears now.
    #[serde(default)]
    pub current: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ShoePadding {
    None,
    Gel,
    Fabric,
    Lambswool,
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum PainPlace {
    ToeTips,
    BigToeJoint,
    LittleToe,
    Knuckles,
    BallOfFoot,
    Heel,
    Achilles,
    Arch,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ShoeFailure {
    ShankBroke,
    BoxSoftened,
    PlatformWore,
    HeelSlipped,
    TooNoisy,
}

impl FitProfile {
    /// The profile as sent, checked (`check`, on what was sent: nine places where eight are allowed are
    /// too many, repeated or not), then cleaned.
    pub(crate) fn checked(self) -> crate::error::ApiResult<Self> {
        self.check()?;
        Ok(self.cleaned())
    }

    /// Blank texts as none (the model is an id, checked as given), each place and failure once.
    fn cleaned(mut self) -> Self {
        for shoe in &mut self.shoes {
            for text in [&mut shoe.size, &mut shoe.width, &mut shoe.shank] {
                *text = text.take().map(|value| value.trim().to_owned()).filter(|value| !value.is_empty());
            }
            dedup(&mut shoe.hurt);
            dedup(&mut shoe.failed);
        }
        self
    }

    /// The ranges the schema states, each field's problem under its path (`left.lengthMm`).
    fn check(&self) -> crate::error::ApiResult<()> {
        let mut errors = FieldErrors::default();
        for (side, foot) in [("left", &self.left), ("right", &self.right)] {
            let mut within = |field: &str, value: Option<u16>, range| {
                if let Some(value) = value {
                    errors.within(&format!("{side}.{field}"), value.into(), range);
                }
            };
            within("lengthMm", foot.length_mm, 150..=330);
            within("widthMm", foot.width_mm, 50..=140);
            if let Some(size) = &foot.size {
                if !(1.0..=50.0).contains(&size.value) {
                    errors.fail(&format!("{side}.size.value"), crate::fields::out_of_range(1, 50));
                }
            }
        }
        let dancing = &self.dancing;
        for (field, value, max) in [
            ("dancing.years", dancing.years, 80),
            ("dancing.hoursPerWeek", dancing.hours_per_week, 60),
            ("strength.relevesLeft", self.strength.releves_left, 200),
            ("strength.relevesRight", self.strength.releves_right, 200),
        ] {
            if let Some(value) = value {
                errors.within(field, value.into(), 0..=max);
            }
        }
        errors.max_items("shoes", self.shoes.len(), SHOES_MAX);
        for (index, shoe) in self.shoes.iter().enumerate() {
            let field = |name: &str| format!("shoes.{index}.{name}");
            if let Some(model) = &shoe.model {
                errors.max_len(&field("model"), model, 100);
                if !crate::fields::is_slug(model) {
                    errors.fail(&field("model"), crate::fields::SLUG);
                }
            }
            for (name, text) in [("size", &shoe.size), ("width", &shoe.width), ("shank", &shoe.shank)] {
                if let Some(text) = text {
                    errors.max_len(&field(name), text, SHOE_TEXT_MAX);
                }
            }
            errors.max_items(&field("hurt"), shoe.hurt.len(), 8);
            errors.max_items(&field("failed"), shoe.failed.len(), 6);
            if let Some(hours) = shoe.hours {
                errors.within(&field("hours"), hours.into(), 0..=2000);
            }
        }
        errors.finish()
    }
}

fn dedup<T: PartialEq + Copy>(items: &mut Vec<T>) {
    let mut seen = Vec::with_capacity(items.len());
    items.retain(|item| {
        !seen.contains(item) && {
            seen.push(*item);
            true
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_is_cleaned_and_its_ranges_checked_under_each_fields_path() {
        let profile: FitProfile = serde_json::from_value(serde_json::json!({
            "left": {"lengthMm": 400, "size": {"chart": "eu", "value": 38.5}},
            "right": {"widthMm": 95, "arch": "hypermobile"},
            "strength": {"relevesLeft": 201},
            "shoes": [{"model": " Bloch-Alpha ", "size": " ", "hurt": ["knuckles", "knuckles", "heel"], "hours": 2001}]
        }))
        .unwrap();
        let crate::error::ApiError::Invalid(fields) = profile.clone().checked().unwrap_err() else {
            panic!("not a field error")
        };
        let failed: Vec<&str> = fields.keys().map(String::as_str).collect();
        assert_eq!(failed, ["left.lengthMm", "shoes.0.hours", "shoes.0.model", "strength.relevesLeft"]);
        let cleaned = profile.cleaned();
        assert_eq!(cleaned.shoes[0].size, None);
        assert_eq!(cleaned.shoes[0].hurt, [PainPlace::Knuckles, PainPlace::Heel]);
        // Counted as sent: nine places are too many, even when some repeat.
        let repeated = FitProfile {
            shoes: vec![WornShoe { hurt: vec![PainPlace::Heel; 9], ..WornShoe::default() }],
            ..FitProfile::default()
        };
        assert!(repeated.checked().is_err());
    }

    #[test]
    fn an_empty_profile_is_valid_and_unknown_fields_are_refused() {
        assert!(FitProfile::default().checked().is_ok());
        assert!(serde_json::from_str::<FitProfile>(r#"{"name": "Clara"}"#).is_err());
        assert!(serde_json::from_str::<FitProfile>(r#"{"left": {"arch": "bendy"}}"#).is_err());
    }
}
