//! A product's fit: the attributes the shoe finder filters and compares by, each value a key of the
//! vocabulary (vocabulary.rs), which names it in every language.

mod check;
mod store;
pub(crate) mod vocabulary;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::lang::Lang;
pub(crate) use store::{all_fits, fits, has_fit, write_fit};

/// The vocabulary attributes, each a list (a model may come with several shanks, vamps or heels).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
// Without deny_unknown_fields: a field a later version drops must not make the stored fits unreadable.
#[serde(rename_all = "camelCase", default)]
pub(crate) struct Fit {
    pub box_shape: Vec<String>,
    pub platform_width: Vec<String>,
    pub shank_strength: Vec<String>,
    pub vamp_length: Vec<String>,
    pub wing_height: Vec<String>,
    pub heel_height: Vec<String>,
    /// Egyptian, Greek (Morton) or square (Roman, Giselle, peasant).
    pub foot_shape: Vec<String>,
    /// The foot shapes as the source wrote them ("Square/Roman, Giselle/Peasant").
    pub foot_shape_original: String,
    pub availability: Vec<String>,
    /// Only where the source's notes state it.
    pub level: Vec<String>,
    pub technology: Vec<String>,
    /// Ascending, in the maker's own scale.
    pub sizes: Vec<f64>,
    /// The maker's width codes: letters (B, C, D), fittings (N, M, W), numbered (W1) or X-widths.
    pub widths: Vec<String>,
    pub materials: Vec<String>,
    /// US dollars.
    pub price_min: Option<f64>,
    pub price_max: Option<f64>,
    /// What the source says beside the price ("clearance").
    pub price_remark: String,
    /// The shoemakers' marks of a handmade model (Freed's makers).
    pub makers: Vec<String>,
    /// Free text by language; the data set's is English, shown as such elsewhere until an admin writes
    /// a translation.
    pub notes: BTreeMap<Lang, String>,
    /// Where the data came from (addresses).
    pub sources: Vec<String>,
    /// The source's values the import could not read, by attribute: left empty above for an admin.
    pub unread: BTreeMap<String, String>,
}

impl Fit {
    /// The vocabulary attributes by key, as `vocabulary::read` names them.
    pub(crate) fn attributes(&self) -> [(&'static str, &Vec<String>); 10] {
        [
            ("boxShape", &self.box_shape),
            ("platformWidth", &self.platform_width),
            ("shankStrength", &self.shank_strength),
            ("vampLength", &self.vamp_length),
            ("wingHeight", &self.wing_height),
            ("heelHeight", &self.heel_height),
            ("footShape", &self.foot_shape),
            ("availability", &self.availability),
            ("level", &self.level),
            ("technology", &self.technology),
        ]
    }
}
