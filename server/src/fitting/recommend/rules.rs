//! The fitter's rules: what a profile asks of a shoe (`Needs`, from both feet, the dancing, the strength
//! checks and the pairs she wore) and how well each variant answers it, with the reasons and warnings a
//! fitter would give. Pure: the catalogue's families come in, a ranked list goes out.

use crate::{
    catalogue::fit::Fit,
    finder::FinderFamily,
    fitting::profile::{
        AnkleRange, Bunion, DanceLevel, Degree, FitProfile, Flexibility, Foot, HeelWidth, PainPlace, ShoeFailure,
        ToeLength, ToeShape,
    },
};

/// What is said, by its text's key (texts.json) and the values its placeholders take (vocabulary keys,
/// named in the reader's language when the text is written).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Said {
    pub key: &'static str,
    /// `(placeholder, attribute, value key)`: `{box}` is the `boxShape` value `tapered`.
    pub values: Vec<(&'static str, &'static str, String)>,
}

impl Said {
    fn plain(key: &'static str) -> Self {
        Self { key, values: Vec::new() }
    }

    fn naming(key: &'static str, placeholder: &'static str, attribute: &'static str, value: &str) -> Self {
        Self { key, values: vec![(placeholder, attribute, value.to_owned())] }
    }
}

/// A family's best variant for the profile.
pub(crate) struct Ranked<'a> {
    pub family: &'a FinderFamily,
    /// Index in the family's variants.
    pub variant: usize,
    pub score: i32,
    pub reasons: Vec<Said>,
    pub warnings: Vec<Said>,
}

/// A shank's place from soft to hard (the vocabulary's order); "interchangeable" has none.
const SHANKS: [&str; 7] = ["extra-soft", "soft", "medium-soft", "medium", "medium-hard", "hard", "extra-hard"];
const SOFT_SHANKS: [&str; 4] = ["extra-soft", "soft", "medium-soft", "medium"];
const HARD_SHANKS: [&str; 2] = ["hard", "extra-hard"];
const ROOMY_BOXES: [&str; 3] = ["square", "square-wide", "wide"];
const NARROW_BOXES: [&str; 2] = ["narrow-tapered", "tapered"];
const LASTING_TECHNOLOGY: [&str; 3] = ["advanced-synthetic", "composite", "modular"];
/// Relevés in a row on one leg that fitters look for before pointe.
const RELEVES_READY: u8 = 20;
/// A pair that lasts fewer hours wears its shank out too soon.
const HOURS_TOO_FEW: u16 = 10;
/// Feet this far apart (mm) are fitted to the larger.
const FEET_APART_MM: u16 = 3;

fn shank_rank(shank: &str) -> Option<usize> {
    SHANKS.iter().position(|known| *known == shank)
}

fn has_any(values: &[String], wanted: &[&str]) -> Option<String> {
    values.iter().find(|value| wanted.contains(&value.as_str())).cloned()
}

fn only_within(values: &[String], set: &[&str]) -> bool {
    !values.is_empty() && values.iter().all(|value| set.contains(&value.as_str()))
}

/// How wide a foot is for its length: the platform it needs.
#[derive(Clone, Copy, Debug, PartialEq)]
enum WidthClass {
    Narrow,
    Medium,
    Wide,
}

impl WidthClass {
    fn of(foot: &Foot) -> Option<Self> {
        let (length, width) = (f32::from(foot.length_mm?), f32::from(foot.width_mm?));
        let ratio = width / length;
        Some(if ratio < 0.37 {
            Self::Narrow
        } else if ratio > 0.40 {
            Self::Wide
        } else {
            Self::Medium
        })
    }

    fn platforms(self) -> &'static [&'static str] {
        match self {
            Self::Narrow => &["narrow"],
            Self::Medium => &["medium", "medium-wide"],
            Self::Wide => &["medium-wide", "wide", "extra-wide"],
        }
    }
}

fn toe_boxes(shape: ToeShape) -> &'static [&'static str] {
    match shape {
        ToeShape::Egyptian => &["narrow-tapered", "tapered", "medium-tapered"],
        ToeShape::Greek => &["medium-tapered", "medium", "medium-square"],
        ToeShape::Square => &["square", "medium-square", "square-wide", "wide"],
    }
}

fn toe_key(shape: ToeShape) -> &'static str {
    match shape {
        ToeShape::Egyptian => "egyptian",
        ToeShape::Greek => "greek",
        ToeShape::Square => "square",
    }
}

/// What the profile asks of a shoe.
#[derive(Debug, Default)]
pub(crate) struct Needs {
    /// Each foot's toes and width class, for the feet that say.
    feet: Vec<(Option<ToeShape>, Option<WidthClass>)>,
    toe_length: Option<ToeLength>,
    /// The more flexible of the arches and insteps.
    flexibility: Option<Flexibility>,
    ankle_limited: bool,
    /// A bunion, or a pair that hurt at the big toe joint or the little toe.
    bunion: bool,
    level: Option<DanceLevel>,
    /// A leg under the relevés fitters look for.
    weak: bool,
    /// The current pair's hardest shank, when it breaks too soon.
    harder_than: Option<usize>,
    /// The current pair's box went soft.
    lasting_box: bool,
    /// Models she wore that failed or hurt.
    failed_models: Vec<String>,
    /// What the profile says on its own (not of one shoe).
    pub notes: Vec<Said>,
}

/// The needs of `profile`; `current_shanks` gives the shank values of a model she wore (by its id).
pub(crate) fn needs(profile: &FitProfile, current_shanks: impl Fn(&str) -> Vec<String>) -> Needs {
    let (left, right) = (&profile.left, &profile.right);
    let mut needs = Needs::default();
    for foot in [left, right] {
        let width = WidthClass::of(foot);
        if foot.toe_shape.is_some() || width.is_some() {
            needs.feet.push((foot.toe_shape, width));
        }
    }
    needs.toe_length = left.toe_length.or(right.toe_length);
    needs.flexibility =
        [left.arch, left.instep, right.arch, right.instep].into_iter().flatten().max_by_key(|flex| *flex as u8);
    needs.ankle_limited = [left.ankle, right.ankle].contains(&Some(AnkleRange::Limited));
    needs.bunion =
        [left.bunion, right.bunion].iter().any(|bunion| matches!(bunion, Some(Bunion::Slight | Bunion::Marked)))
            || profile.shoes.iter().any(|shoe| {
                shoe.hurt.iter().any(|place| matches!(place, PainPlace::BigToeJoint | PainPlace::LittleToe))
            });
    needs.level = profile.dancing.level;

    if profile.dancing.teacher_approved == Some(false) {
        needs.notes.push(Said::plain("teacherFirst"));
    }
    let weak = |releves: Option<u8>| releves.is_some_and(|count| count < RELEVES_READY);
    match (weak(profile.strength.releves_left), weak(profile.strength.releves_right)) {
        (true, true) => needs.notes.push(Said::plain("weakBoth")),
        (true, false) => needs.notes.push(Said::plain("weakLeft")),
        (false, true) => needs.notes.push(Said::plain("weakRight")),
        (false, false) => {}
    }
    needs.weak = weak(profile.strength.releves_left) || weak(profile.strength.releves_right);
    let apart = |a: Option<u16>, b: Option<u16>| match (a, b) {
        (Some(a), Some(b)) if a.abs_diff(b) >= FEET_APART_MM => Some(a > b),
        _ => None,
    };
    match apart(left.width_mm, right.width_mm).or_else(|| apart(left.length_mm, right.length_mm)) {
        Some(true) => needs.notes.push(Said::plain("fitLeft")),
        Some(false) => needs.notes.push(Said::plain("fitRight")),
        None => {}
    }
    if [left.toe_height, right.toe_height].contains(&Some(Degree::High)) {
        needs.notes.push(Said::plain("tallToes"));
    }
    if [left.heel, right.heel].contains(&Some(HeelWidth::Narrow)) {
        needs.notes.push(Said::plain("narrowHeel"));
    }

    let current = profile.shoes.iter().find(|shoe| shoe.current).or(profile.shoes.first());
    if let Some(shoe) = current {
        let breaks =
            shoe.failed.contains(&ShoeFailure::ShankBroke) || shoe.hours.is_some_and(|hours| hours < HOURS_TOO_FEW);
        if breaks {
            let hardest = shoe
                .model
                .as_deref()
                .map(&current_shanks)
                .unwrap_or_default()
                .iter()
                .filter_map(|s| shank_rank(s))
                .max();
            if let Some(hardest) = hardest {
                needs.harder_than = Some(hardest);
            }
            needs.notes.push(Said::plain("breaksFast"));
        }
        needs.lasting_box = shoe.failed.contains(&ShoeFailure::BoxSoftened);
    }
    needs.failed_models = profile
        .shoes
        .iter()
        .filter(|shoe| !shoe.failed.is_empty() || !shoe.hurt.is_empty())
        .filter_map(|shoe| shoe.model.clone())
        .collect();
    needs
}

impl Needs {
    /// Whether anything asks of a shoe (else nothing can be ranked).
    pub(crate) fn ask_anything(&self) -> bool {
        !self.feet.is_empty()
            || self.toe_length.is_some()
            || self.flexibility.is_some()
            || self.ankle_limited
            || self.bunion
            || self.level.is_some()
            || self.weak
            || self.harder_than.is_some()
            || self.lasting_box
    }
}

/// One variant's score for one foot's toes and width (the shoe must suit each foot).
fn foot_score(fit: &Fit, toes: Option<ToeShape>, width: Option<WidthClass>, said: &mut Vec<Said>) -> i32 {
    let mut score = 0;
    if let Some(shape) = toes {
        if fit.foot_shape.iter().any(|made_for| made_for == toe_key(shape)) {
            score += 3;
            push_once(said, Said::naming("madeFor", "shape", "footShape", toe_key(shape)));
        } else if let Some(shaped) = has_any(&fit.box_shape, toe_boxes(shape)) {
            score += 2;
            push_once(said, Said::naming("boxForToes", "box", "boxShape", &shaped));
        }
    }
    if let Some(width) = width {
        if let Some(platform) = has_any(&fit.platform_width, width.platforms()) {
            score += 2;
            push_once(said, Said::naming("platformForWidth", "platform", "platformWidth", &platform));
        }
    }
    score
}

fn push_once(said: &mut Vec<Said>, one: Said) {
    if !said.contains(&one) {
        said.push(one);
    }
}

/// A variant's score with its reasons and warnings.
fn score(fit: &Fit, id: &str, family: &FinderFamily, needs: &Needs) -> (i32, Vec<Said>, Vec<Said>) {
    let (mut reasons, mut warnings) = (Vec::new(), Vec::new());
    // Both feet: the shoe is as good as it is for the foot it suits less.
    let per_foot: Vec<i32> =
        needs.feet.iter().map(|(toes, width)| foot_score(fit, *toes, *width, &mut reasons)).collect();
    let mut total = per_foot.iter().copied().min().unwrap_or(0);
    if per_foot.len() == 2 && per_foot.iter().all(|score| *score > 0) && needs.feet[0] != needs.feet[1] {
        reasons.push(Said::plain("bothFeet"));
    }
    if let Some(length) = needs.toe_length {
        let wanted = match length {
            ToeLength::Short => "short",
            ToeLength::Medium => "medium",
            ToeLength::Long => "long",
        };
        if fit.vamp_length.iter().any(|vamp| vamp == wanted) {
            total += 1;
            reasons.push(Said::naming("vampForToes", "vamp", "vampLength", wanted));
        }
    }
    if let Some(flex) = needs.flexibility {
        let (wanted, key, weight): (&[&str], _, _) = match flex {
            Flexibility::Hypermobile => (&HARD_SHANKS, "shankHypermobile", 2),
            Flexibility::Flexible => (&["medium-hard", "hard", "extra-hard"], "shankFlexible", 2),
            Flexibility::Average => (&["medium-soft", "medium", "medium-hard", "interchangeable"], "shankAverage", 1),
            Flexibility::Stiff => (&["extra-soft", "soft", "medium-soft"], "shankStiff", 2),
        };
        if let Some(shank) = has_any(&fit.shank_strength, wanted) {
            total += weight;
            reasons.push(Said::naming(key, "shank", "shankStrength", &shank));
        }
        if flex == Flexibility::Hypermobile && fit.vamp_length.iter().any(|vamp| vamp == "long") {
            total += 1;
            reasons.push(Said::plain("longVampHypermobile"));
        }
    }
    let hard_only = only_within(&fit.shank_strength, &HARD_SHANKS);
    if needs.ankle_limited {
        if let Some(shank) = has_any(&fit.shank_strength, &SOFT_SHANKS) {
            total += 1;
            reasons.push(Said::naming("shankForAnkle", "shank", "shankStrength", &shank));
        } else if hard_only {
            warnings.push(Said::plain("hardForAnkle"));
        }
    }
    if needs.bunion {
        if let Some(roomy) = has_any(&fit.box_shape, &ROOMY_BOXES) {
            total += 1;
            reasons.push(Said::naming("boxForBunion", "box", "boxShape", &roomy));
        } else if only_within(&fit.box_shape, &NARROW_BOXES) {
            warnings.push(Said::plain("narrowForBunion"));
        }
    }
    match needs.level {
        Some(DanceLevel::Beginner) => {
            if fit.level.iter().any(|level| level == "beginner") {
                total += 1;
                reasons.push(Said::plain("forYourLevel"));
            }
            if hard_only {
                total -= 2;
                warnings.push(Said::plain("hardForBeginner"));
            }
        }
        Some(DanceLevel::Advanced | DanceLevel::Professional)
            if fit.level.iter().any(|level| level == "professional") =>
        {
            total += 1;
            reasons.push(Said::plain("forYourLevel"));
        }
        _ => {}
    }
    if needs.weak {
        if let Some(shank) = has_any(&fit.shank_strength, &SOFT_SHANKS) {
            total += 1;
            reasons.push(Said::naming("shankWhileStrengthening", "shank", "shankStrength", &shank));
        } else if hard_only {
            total -= 1;
        }
    }
    if let Some(broken) = needs.harder_than {
        let ranks: Vec<usize> = fit.shank_strength.iter().filter_map(|shank| shank_rank(shank)).collect();
        if let Some(harder) = ranks.iter().copied().filter(|rank| *rank > broken).min() {
            total += 2;
            reasons.push(Said::naming("harderShank", "shank", "shankStrength", SHANKS[harder]));
        } else if !ranks.is_empty() {
            total -= 1;
        }
    }
    if needs.lasting_box {
        if let Some(technology) = has_any(&fit.technology, &LASTING_TECHNOLOGY) {
            total += 1;
            reasons.push(Said::naming("lastingBox", "technology", "technology", &technology));
        }
    }
    if needs.failed_models.iter().any(|worn| worn == id) {
        total -= 3;
        warnings.push(Said::plain("woreThis"));
    } else if needs
        .failed_models
        .iter()
        .any(|worn| *worn == family.id || family.variants.iter().any(|variant| variant.id == *worn))
    {
        total -= 1;
        warnings.push(Said::plain("woreThisFamily"));
    }
    (total, reasons, warnings)
}

/// Each family by its best variant for `needs`, best first (ties in the families' order); families that
/// answer nothing, and discontinued models, are left out.
pub(crate) fn rank<'a>(families: &'a [FinderFamily], needs: &Needs) -> Vec<Ranked<'a>> {
    let mut ranked: Vec<Ranked> = families
        .iter()
        .filter_map(|family| {
            family
                .variants
                .iter()
                .enumerate()
                .filter(|(_, variant)| !variant.fit.availability.iter().any(|state| state == "discontinued"))
                .map(|(index, variant)| {
                    let (score, reasons, warnings) = score(&variant.fit, &variant.id, family, needs);
                    Ranked { family, variant: index, score, reasons, warnings }
                })
                .filter(|ranked| ranked.score > 0)
                // The first of equals: the family's own order.
                .reduce(|best, next| if next.score > best.score { next } else { best })
        })
        .collect();
    ranked.sort_by_key(|ranked| std::cmp::Reverse(ranked.score));
    ranked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        finder::FinderModel,
        fitting::profile::{Dancing, Strength, WornShoe},
    };

    fn values(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| (*item).to_owned()).collect()
    }

    fn model(id: &str, fit: Fit) -> FinderModel {
        FinderModel {
            id: id.to_owned(),
            name: id.to_owned(),
            price: String::new(),
            link: String::new(),
            image: String::new(),
            fit,
            axes: Vec::new(),
        }
    }

    fn family(id: &str, variants: Vec<FinderModel>) -> FinderFamily {
        FinderFamily {
            id: id.to_owned(),
            brand_id: "maker".to_owned(),
            brand_name: "Maker".to_owned(),
            name: id.to_owned(),
            variants,
        }
    }

    fn catalogue() -> Vec<FinderFamily> {
        let tapered_hard = Fit {
            box_shape: values(&["tapered"]),
            platform_width: values(&["narrow"]),
            shank_strength: values(&["hard"]),
            vamp_length: values(&["long"]),
            foot_shape: values(&["egyptian"]),
            level: values(&["professional"]),
            ..Fit::default()
        };
        let square_soft = Fit {
            box_shape: values(&["square-wide"]),
            platform_width: values(&["wide"]),
            shank_strength: values(&["soft"]),
            vamp_length: values(&["short"]),
            foot_shape: values(&["square"]),
            level: values(&["beginner"]),
            technology: values(&["advanced-synthetic"]),
            ..Fit::default()
        };
        let line =
            |shank: &str| Fit { box_shape: values(&["medium"]), shank_strength: values(&[shank]), ..Fit::default() };
        let gone = Fit { availability: values(&["discontinued"]), ..square_soft.clone() };
        vec![
            family("tapered-hard", vec![model("tapered-hard", tapered_hard)]),
            family("square-soft", vec![model("square-soft", square_soft)]),
            family("line", vec![model("line-medium", line("medium")), model("line-hard", line("hard"))]),
            family("gone", vec![model("gone", gone)]),
        ]
    }

    fn foot(length: u16, width: u16, toes: ToeShape, arch: Flexibility) -> Foot {
        Foot {
            length_mm: Some(length),
            width_mm: Some(width),
            toe_shape: Some(toes),
            arch: Some(arch),
            ..Foot::default()
        }
    }

    fn ranked(profile: &FitProfile, families: &[FinderFamily]) -> Vec<(String, i32)> {
        let needs = needs(profile, |_| Vec::new());
        rank(families, &needs)
            .iter()
            .map(|ranked| (ranked.family.variants[ranked.variant].id.clone(), ranked.score))
            .collect()
    }

    fn keys(said: &[Said]) -> Vec<&'static str> {
        said.iter().map(|said| said.key).collect()
    }

    #[test]
    fn a_narrow_egyptian_hypermobile_professional_foot_gets_the_tapered_hard_shoe_first_with_why() {
        let egyptian = foot(240, 86, ToeShape::Egyptian, Flexibility::Hypermobile);
        let profile = FitProfile {
            left: egyptian.clone(),
            right: egyptian,
            dancing: Dancing { level: Some(DanceLevel::Professional), ..Dancing::default() },
            ..FitProfile::default()
        };
        let families = catalogue();
        assert_eq!(ranked(&profile, &families), [("tapered-hard".to_owned(), 9), ("line-hard".to_owned(), 2)]);
        let needs = needs(&profile, |_| Vec::new());
        let best = &rank(&families, &needs)[0];
        assert_eq!(
            keys(&best.reasons),
            ["madeFor", "platformForWidth", "shankHypermobile", "longVampHypermobile", "forYourLevel"]
        );
        assert!(best.warnings.is_empty() && needs.notes.is_empty());
    }

    #[test]
    fn a_wide_square_stiff_beginner_foot_with_a_weak_leg_gets_the_soft_square_shoe_and_the_warnings() {
        let square = Foot { bunion: Some(Bunion::Slight), ..foot(235, 98, ToeShape::Square, Flexibility::Stiff) };
        let profile = FitProfile {
            left: square.clone(),
            right: Foot { width_mm: Some(101), ..square },
            dancing: Dancing { level: Some(DanceLevel::Beginner), teacher_approved: Some(false), ..Dancing::default() },
            strength: Strength { releves_left: Some(12), releves_right: Some(25) },
            ..FitProfile::default()
        };
        let families = catalogue();
        let needs = needs(&profile, |_| Vec::new());
        assert_eq!(keys(&needs.notes), ["teacherFirst", "weakLeft", "fitRight"]);
        let ranked = rank(&families, &needs);
        assert_eq!(ranked[0].family.id, "square-soft");
        assert_eq!(
            keys(&ranked[0].reasons),
            ["madeFor", "platformForWidth", "shankStiff", "boxForBunion", "forYourLevel", "shankWhileStrengthening"]
        );
        // The hard, tapered shoe answers nothing here and is left out; a hard variant is warned of.
        assert!(ranked.iter().all(|ranked| ranked.family.id != "tapered-hard" && ranked.family.id != "gone"));
        let all = rank(&families, &Needs { feet: Vec::new(), ..needs });
        assert!(all.iter().all(|ranked| ranked.family.id != "tapered-hard"));
    }

    #[test]
    fn a_shank_that_breaks_too_soon_moves_her_to_the_next_grade_of_her_line() {
        let profile = FitProfile {
            shoes: vec![WornShoe {
                model: Some("line-medium".to_owned()),
                failed: vec![ShoeFailure::ShankBroke],
                hours: Some(6),
                current: true,
                ..WornShoe::default()
            }],
            ..FitProfile::default()
        };
        let families = catalogue();
        let needs = needs(&profile, |model| if model == "line-medium" { values(&["medium"]) } else { Vec::new() });
        assert_eq!(keys(&needs.notes), ["breaksFast"]);
        let ranked = rank(&families, &needs);
        assert_eq!(
            ranked.iter().map(|r| r.family.variants[r.variant].id.as_str()).collect::<Vec<_>>(),
            ["tapered-hard", "line-hard"]
        );
        assert_eq!(keys(&ranked[1].reasons), ["harderShank"]);
        assert_eq!(keys(&ranked[1].warnings), ["woreThisFamily"]);
    }

    #[test]
    fn feet_of_different_shapes_rank_the_shoe_for_the_foot_it_suits_less() {
        let profile = FitProfile {
            left: Foot { toe_shape: Some(ToeShape::Egyptian), ..Foot::default() },
            right: Foot { toe_shape: Some(ToeShape::Greek), ..Foot::default() },
            ..FitProfile::default()
        };
        // Only the medium box suits a Greek foot, and tapered-hard suits the Egyptian one alone.
        assert_eq!(ranked(&profile, &catalogue()), []);
        let one_foot = FitProfile { right: Foot::default(), ..profile };
        assert_eq!(ranked(&one_foot, &catalogue())[0], ("tapered-hard".to_owned(), 3));
    }

    #[test]
    fn an_empty_profile_asks_nothing() {
        assert!(!needs(&FitProfile::default(), |_| Vec::new()).ask_anything());
    }
}
