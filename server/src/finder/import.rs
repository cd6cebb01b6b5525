//! Brings the open data set of pointe shoe models (content/pointe-shoes/) into the catalogue: its makers
//! as brands where missing, its models as products with their fit. Each model is imported once: a model
//! imported before is left as an admin has since edited it, or deleted it. What the import cannot read
//! it reports, and leaves for an admin.

use std::collections::{BTreeMap, HashMap};

use anyhow::Context;
use serde::Deserialize;

use super::clean::{self, Defect};
use crate::{
    catalogue::{
        self,
        family::{self, Axis},
        fit::{self, vocabulary, Fit},
        BrandDraft, BrandText, ProductDraft, ProductText,
    },
    db::{self, Db},
    fields,
    lang::Lang,
};

const MODELS_CSV: &str = include_str!("../../../content/pointe-shoes/pointe-shoes.csv");
const MAKERS_JSON: &str = include_str!("../../../content/pointe-shoes/brands.json");
/// The seeded products the data set names otherwise (its id → the catalogue's).
const SAME_PRODUCTS: [(&str, &str); 1] = [("bloch-european-balance", "bloch-balance")];
/// Product ids are slugs of at most this many characters.
const ID_MAX: usize = 64;

/// One line of the data set.
#[derive(Deserialize)]
struct Line {
    brand: String,
    model_name: String,
    box_shape: String,
    platform_width: String,
    shank_strength: String,
    vamp_length: String,
    wing_height: String,
    heel_height: String,
    available_sizes: String,
    available_widths: String,
    material_composition: String,
    intended_foot_shape: String,
    price_range: String,
    availability: String,
    notes: String,
    technology_type: String,
    freed_makers: String,
    data_sources: String,
}

/// A maker of the data set and its brand: the seeded brand's id, or a brand to add.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Maker {
    maker: String,
    id: String,
    /// For a seeded brand: the name its products' names begin with.
    #[serde(default)]
    product_name: Option<String>,
    #[serde(default)]
    link: String,
    #[serde(default)]
    translations: BTreeMap<Lang, MakerText>,
}

#[derive(Deserialize)]
struct MakerText {
    name: String,
    description: String,
}

/// A model read from the data set.
pub(crate) struct Model {
    /// The line of the data set (the header is line 1).
    pub line: usize,
    pub product: ProductDraft,
    pub fit: Fit,
    /// The family it is a variant of, when the data set has others of its line.
    pub family: Option<Placement>,
}

/// Where a line of the data set goes: its family's name (maker and line) and what sets it apart.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Placement {
    pub name: String,
    pub axes: Vec<Axis>,
}

/// A line that did not become a product, and why.
#[derive(Debug, PartialEq)]
pub struct Refused {
    pub line: usize,
    pub reason: String,
}

/// The data set as read: its models, the lines that are not, what the checks found, and the lines named
/// as a variant that stand alone.
pub(crate) struct DataSet {
    pub models: Vec<Model>,
    pub refused: Vec<Refused>,
    pub checks: Checks,
    pub unplaced: Vec<Refused>,
}

/// A family's members: each line (by its index) or product (by its id) with what sets it apart.
type Members<T> = Vec<(T, Vec<Axis>)>;

/// Per rule of the data set's checks, the lines it found (ascending).
pub(crate) type Checks = BTreeMap<Defect, Vec<usize>>;

/// What an import did.
#[derive(Debug, Default)]
pub struct Report {
    /// Lines of the data set (models).
    pub lines: usize,
    pub added: usize,
    /// Models that were already in the catalogue (the seed's), given their fit.
    pub completed: usize,
    /// Models imported before: left as they are.
    pub kept: usize,
    pub brands_added: Vec<String>,
    pub refused: Vec<Refused>,
    /// Per model, the attributes left for an admin: (line, product id, attribute, the source's value).
    pub unread: Vec<(usize, String, String, String)>,
    /// Every line of the data set checked against its known defects, whether imported now or before.
    pub checks: Checks,
    /// Families of two or more lines, and the lines in them.
    pub families: usize,
    pub lines_in_families: usize,
    /// Families made by this run (each once: one an admin changed or deleted since stays so).
    pub families_placed: usize,
    /// Lines named as a variant whose family has no other line in the data set: models of their own.
    pub unplaced: Vec<Refused>,
}

impl std::fmt::Display for Report {
    /// What an admin reads after `pointe-server import-shoes`.
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(out, "{} models in the data set: {} added, {} seeded ones given their fit, {} imported before and kept as they are",
            self.lines, self.added, self.completed, self.kept)?;
        if !self.brands_added.is_empty() {
            writeln!(out, "brands added: {}", self.brands_added.join(", "))?;
        }
        writeln!(
            out,
            "{} lines in {} families of variants (by box and shank, or by shoemaker), the other {} each a model of \
             its own: {} families in all; {} families made now",
            self.lines_in_families,
            self.families,
            self.lines - self.refused.len() - self.lines_in_families,
            self.lines - self.refused.len() - self.lines_in_families + self.families,
            self.families_placed
        )?;
        writeln!(out, "{} lines named as a variant but left a model of their own", self.unplaced.len())?;
        for unplaced in &self.unplaced {
            writeln!(out, "  line {}: {}", unplaced.line, unplaced.reason)?;
        }
        writeln!(out, "every line checked; the data set's defects, per rule:")?;
        for (defect, lines) in &self.checks {
            writeln!(out, "  {}: {} lines ({})", defect.describe(), lines.len(), line_runs(lines))?;
        }
        writeln!(out, "{} lines not imported", self.refused.len())?;
        for refused in &self.refused {
            writeln!(out, "  line {}: {}", refused.line, refused.reason)?;
        }
        writeln!(out, "{} values not read, left empty for an admin to fill in:", self.unread.len())?;
        for (line, product, attribute, value) in &self.unread {
            writeln!(out, "  line {line} ({product}): {attribute} = {value:?}")?;
        }
        Ok(())
    }
}

/// Lines as runs: "2–40, 55, 60–61".
fn line_runs(lines: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &line in lines {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == line => *last = line,
            _ => runs.push((line, line)),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|&(first, last)| if first == last { first.to_string() } else { format!("{first}–{last}") })
        .collect();
    runs.join(", ")
}

/// Reads the data set's models, checking every line against the known defects; the lines that cannot be
/// models are returned as refused.
pub(crate) fn read_models() -> anyhow::Result<DataSet> {
    let makers = makers()?;
    let mut read = Vec::new();
    let mut refused = Vec::new();
    let mut checks = Checks::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    for (index, line) in ::csv::Reader::from_reader(MODELS_CSV.as_bytes()).deserialize::<Line>().enumerate() {
        let number = index + 2;
        let line = match line {
            Ok(line) => line,
            Err(err) => {
                refused.push(Refused { line: number, reason: format!("the line cannot be read: {err}") });
                continue;
            }
        };
        let Some(maker) = makers.iter().find(|maker| maker.maker == line.brand) else {
            refused.push(Refused { line: number, reason: format!("the maker {} has no brand", line.brand) });
            continue;
        };
        if line.model_name.trim().is_empty() {
            refused.push(Refused { line: number, reason: "the model has no name".to_owned() });
            continue;
        }
        let mut id = product_id(&maker.id, &line.model_name);
        // The same model from several shoemakers (Freed's, whose marks are symbols) is a model each,
        // numbered in the data set's order.
        let seen = ids.entry(id.clone()).or_default();
        *seen += 1;
        if *seen > 1 {
            let suffix = format!("-{seen}");
            id.truncate(ID_MAX - suffix.len());
            id = format!("{}{suffix}", id.trim_end_matches('-'));
            if ids.contains_key(&id) {
                refused.push(Refused { line: number, reason: format!("the id {id} is another model's") });
                continue;
            }
        }
        let fit = read_fit(&line);
        let mut defects =
            clean::defects(&line.available_sizes, &line.available_widths, &line.price_range, &line.intended_foot_shape);
        if fit.unread.keys().any(|attribute| !["sizes", "widths", "price"].contains(&attribute.as_str())) {
            defects.push(Defect::ValueUnread);
        }
        for defect in defects {
            checks.entry(defect).or_default().push(number);
        }
        read.push((number, line, maker, id, fit));
    }
    let mut series = unfill_price_series(&mut read);
    if !series.is_empty() {
        series.sort_unstable();
        checks.insert(Defect::PriceFillSeries, series);
    }
    let (mut placements, unplaced) = placements(&read);
    let models = read
        .into_iter()
        .enumerate()
        .map(|(index, (number, line, maker, id, fit))| Model {
            line: number,
            product: product(&line, maker, id, &fit),
            fit,
            family: placements.remove(&index),
        })
        .collect();
    Ok(DataSet { models, refused, checks, unplaced })
}

/// The data set names a variant "Line - Box 3+ Supple" (Gaynor Minden's box and shank): its line, and what
/// sets it apart.
fn named_variant(name: &str) -> Option<(&str, Vec<Axis>)> {
    let (line, rest) = name.split_once(" - ")?;
    let (line, rest) = (line.trim(), rest.trim());
    if line.is_empty() || rest.is_empty() {
        return None;
    }
    let axes = match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["Box", size, shank] => vec![Axis::new("box", size), Axis::new("shank", shank)],
        _ => vec![Axis::new("variant", rest)],
    };
    Some((line, axes))
}

/// The families of the lines read (by their index): lines named as variants of one line
/// ("Europa Classic - Box 3 Supple"), and a name repeated by one maker (Freed's lines, once per
/// shoemaker), set apart by the shoemakers' marks. A family needs two lines; a line named as a variant
/// alone is reported.
fn placements(read: &[(usize, Line, &Maker, String, Fit)]) -> (HashMap<usize, Placement>, Vec<Refused>) {
    let mut named: HashMap<(&str, &str), usize> = HashMap::new();
    for (_, line, maker, _, _) in read {
        *named.entry((maker.id.as_str(), line.model_name.trim())).or_default() += 1;
    }
    let mut groups: BTreeMap<(&str, String), Members<usize>> = BTreeMap::new();
    for (index, (_, line, maker, _, fit)) in read.iter().enumerate() {
        let name = line.model_name.trim();
        let (family_line, axes) = match named_variant(name) {
            Some((family_line, axes)) => (family_line.to_owned(), axes),
            None if named[&(maker.id.as_str(), name)] > 1 => {
                let marks =
                    if fit.makers.is_empty() { line.freed_makers.trim().to_owned() } else { fit.makers.join(", ") };
                (name.to_owned(), vec![Axis::new("makers", &marks)])
            }
            None => continue,
        };
        groups.entry((maker.id.as_str(), family_line)).or_default().push((index, axes));
    }
    let mut placements = HashMap::new();
    let mut unplaced = Vec::new();
    for ((_, family_line), members) in groups {
        if let [(index, _)] = members.as_slice() {
            let reason = format!("no other line of {family_line} in the data set");
            unplaced.push(Refused { line: read[*index].0, reason });
            continue;
        }
        for (index, axes) in members {
            let (_, line, maker, _, _) = &read[index];
            let name = format!("{} {family_line}", brand_name(line, maker));
            placements.insert(index, Placement { name, axes });
        }
    }
    unplaced.sort_by_key(|refused| refused.line);
    (placements, unplaced)
}

/// Lines of one maker whose prices run as a spreadsheet's fill series ("$115.00-170", "$115.00-171", …
/// "$115.00-194"): the highest is a count, not a price. The lowest is kept, and the range is left for an
/// admin (in `unread`, so the report and the admin's form name it). Gives the lines it changed.
fn unfill_price_series(read: &mut [(usize, Line, &Maker, String, Fit)]) -> Vec<usize> {
    let mut changed = Vec::new();
    const SERIES_MIN: usize = 3;
    let mut groups: HashMap<(String, u64), Vec<usize>> = HashMap::new();
    for (index, (_, _, maker, _, fit)) in read.iter().enumerate() {
        if let (Some(min), Some(max)) = (fit.price_min, fit.price_max) {
            if max > min {
                groups.entry((maker.id.clone(), min.to_bits())).or_default().push(index);
            }
        }
    }
    for members in groups.into_values().filter(|members| members.len() >= SERIES_MIN) {
        let mut highest: Vec<f64> = members.iter().filter_map(|&index| read[index].4.price_max).collect();
        highest.sort_by(f64::total_cmp);
        if highest.windows(2).all(|pair| pair[1] - pair[0] == 1.0) {
            for index in members {
                let (number, line, _, _, fit) = &mut read[index];
                fit.price_max = None;
                fit.unread.insert("price".to_owned(), line.price_range.clone());
                changed.push(*number);
            }
        }
    }
    changed
}

fn makers() -> anyhow::Result<Vec<Maker>> {
    serde_json::from_str(MAKERS_JSON).context("content/pointe-shoes/brands.json is invalid")
}

/// `brand-model` as a slug (`fields::slug_of`).
fn product_id(brand: &str, model: &str) -> String {
    fields::slug_of(&format!("{brand} {model}"), ID_MAX)
}

/// The addresses in a sources cell, without those it marks dead ("https://… (archived, dead)").
fn live_sources(cell: &str) -> Vec<String> {
    let mut sources: Vec<String> = Vec::new();
    for word in cell.split(|c: char| c.is_whitespace() || c == ',').filter(|word| !word.is_empty()) {
        if word.starts_with("https://") || word.starts_with("http://") {
            sources.push(word.to_owned());
        } else if word.trim_matches(|c: char| !c.is_alphanumeric()).eq_ignore_ascii_case("dead") {
            sources.pop();
        }
    }
    sources
}

fn read_fit(line: &Line) -> Fit {
    let mut fit = Fit {
        foot_shape_original: line.intended_foot_shape.trim().to_owned(),
        level: vocabulary::levels_stated_in(&line.notes),
        materials: list(&line.material_composition),
        makers: list(&line.freed_makers).into_iter().filter(|mark| mark != "N/A").collect(),
        sources: live_sources(&line.data_sources),
        ..Fit::default()
    };
    if !line.notes.trim().is_empty() {
        fit.notes.insert(Lang::En, line.notes.trim().to_owned());
    }
    let mut unread = BTreeMap::new();
    let mut read = |attribute: &str, raw: &str| {
        vocabulary::read(attribute, raw).unwrap_or_else(|_| {
            unread.insert(attribute.to_owned(), raw.trim().to_owned());
            Vec::new()
        })
    };
    fit.box_shape = read("boxShape", &line.box_shape);
    fit.platform_width = read("platformWidth", &line.platform_width);
    fit.shank_strength = read("shankStrength", &line.shank_strength);
    fit.vamp_length = read("vampLength", &line.vamp_length);
    fit.wing_height = read("wingHeight", &line.wing_height);
    fit.heel_height = read("heelHeight", &line.heel_height);
    fit.foot_shape = read("footShape", &line.intended_foot_shape);
    fit.availability = read("availability", &line.availability);
    fit.technology = read("technology", &line.technology_type);
    match clean::sizes(&line.available_sizes) {
        Some(sizes) => fit.sizes = sizes,
        None => {
            unread.insert("sizes".to_owned(), line.available_sizes.clone());
        }
    }
    match clean::widths(&line.available_widths) {
        Some(widths) => fit.widths = widths,
        None => {
            unread.insert("widths".to_owned(), line.available_widths.clone());
        }
    }
    match clean::price(&line.price_range) {
        Some(price) => {
            fit.price_min = Some(price.min);
            fit.price_max = Some(price.max);
            fit.price_remark = price.remark.unwrap_or_default();
        }
        None => {
            unread.insert("price".to_owned(), line.price_range.clone());
        }
    }
    fit.unread = unread;
    fit
}

fn list(raw: &str) -> Vec<String> {
    clean::tokens(raw).into_iter().map(str::to_owned).collect()
}

/// The model as a product: its name in every language, and a description in each saying its fit.
fn product(line: &Line, maker: &Maker, id: String, fit: &Fit) -> ProductDraft {
    let mut name = format!("{} {}", brand_name(line, maker), line.model_name.trim());
    if !fit.makers.is_empty() {
        name = format!("{name} ({})", fit.makers.join(", "));
    }
    let translations = Lang::ALL
        .into_iter()
        .map(|lang| (lang, ProductText { name: name.clone(), description: super::describe(fit, lang) }))
        .collect();
    let price = match (fit.price_min, fit.price_max) {
        (Some(min), Some(max)) if min < max => format!("${min}–{max}"),
        (Some(min), _) => format!("${min}"),
        _ => line.price_range.chars().take(20).collect(),
    };
    let link = fit.sources.first().cloned().unwrap_or_else(|| maker.link.clone());
    ProductDraft { id, brand_id: maker.id.clone(), price, image: String::new(), link, translations, fit: None }
}

/// The name a maker's models' names begin with.
fn brand_name<'a>(line: &'a Line, maker: &'a Maker) -> &'a str {
    maker
        .product_name
        .as_deref()
        .or_else(|| maker.translations.get(&Lang::En).map(|text| text.name.as_str()))
        .unwrap_or(line.brand.as_str())
}

/// Marks the seed's import done, so a database gets it once (an admin's deletions stand after restarts).
const SEED_MARK: &str = "seed.pointe-shoes";

/// The seed's import (on a new database's first start): `None` when it ran on this database before.
pub(crate) async fn seed(db: &Db) -> anyhow::Result<Option<Report>> {
    import_models(db, crate::time::now_ms(), Some(SEED_MARK)).await
}

/// Marks the families' first grouping done: a database seeded before there were families gets its
/// imported models grouped once, at its first start with them.
const FAMILIES_MARK: &str = "seed.pointe-shoes.families";

/// Groups the models imported before there were families (once per database): how many families it made.
pub(crate) async fn seed_families(db: &Db) -> anyhow::Result<usize> {
    let models = read_models()?.models;
    let now = crate::time::now_ms();
    let mut tx = crate::db::begin(db).await?;
    if !db::claim_once(&mut tx, FAMILIES_MARK, now).await? {
        return Ok(0);
    }
    let placed = place_families(&mut tx, &models, now).await?;
    tx.commit().await?;
    Ok(placed)
}

/// Makes the data set's families of the models in the catalogue that are in none, each family once (one
/// an admin has changed or deleted since stays so). Gives how many it made.
async fn place_families(conn: &mut sqlx::AnyConnection, models: &[Model], now: i64) -> anyhow::Result<usize> {
    let mut families: BTreeMap<(&str, &str), Members<String>> = BTreeMap::new();
    for model in models {
        if let Some(placement) = &model.family {
            let id = same_product(&model.product.id).to_owned();
            families.entry((&model.product.brand_id, &placement.name)).or_default().push((id, placement.axes.clone()));
        }
    }
    let mut placed = 0;
    for ((brand, name), variants) in families {
        let mark = format!("import.pointe-shoes.family.{}", fields::slug_of(&format!("{brand} {name}"), 120));
        if db::claimed(&mut *conn, &mark).await? {
            continue;
        }
        if family::place(conn, name, &variants, now).await?.is_some() {
            db::claim_once(conn, &mark, now).await?;
            placed += 1;
        }
    }
    Ok(placed)
}

/// The catalogue's id of a data set's model (the seed's own where it has the model, `SAME_PRODUCTS`).
fn same_product(id: &str) -> &str {
    SAME_PRODUCTS.iter().find(|(imported, _)| *imported == id).map_or(id, |(_, seeded)| seeded)
}

/// Imports the models not imported before, in one transaction (`pointe-server import-shoes`).
pub async fn import(db: &Db, now: i64) -> anyhow::Result<Report> {
    Ok(import_models(db, now, None).await?.unwrap_or_default())
}

/// Imports the models, or nothing when `mark` was claimed before (in the same transaction, so the mark
/// and the models land together).
async fn import_models(db: &Db, now: i64, mark: Option<&str>) -> anyhow::Result<Option<Report>> {
    let DataSet { models, refused, checks, unplaced } = read_models()?;
    let mut families: Vec<&str> =
        models.iter().filter_map(|model| model.family.as_ref()).map(|p| p.name.as_str()).collect();
    let lines_in_families = families.len();
    families.sort_unstable();
    families.dedup();
    let mut report = Report {
        lines: models.len() + refused.len(),
        refused,
        checks,
        families: families.len(),
        lines_in_families,
        unplaced,
        ..Report::default()
    };
    let mut tx = crate::db::begin(db).await?;
    if let Some(mark) = mark {
        if !db::claim_once(&mut tx, mark, now).await? {
            return Ok(None);
        }
        // A new database's models are grouped as they come.
        db::claim_once(&mut tx, FAMILIES_MARK, now).await?;
    }
    for maker in makers()? {
        // Added once: a brand an admin deleted since stays deleted.
        if maker.translations.is_empty()
            || catalogue::brand_link(&mut tx, &maker.id).await?.is_some()
            || !db::claim_once(&mut tx, &format!("import.pointe-shoes.brand.{}", maker.id), now).await?
        {
            continue;
        }
        let translations = maker
            .translations
            .iter()
            .map(|(lang, text)| {
                let text = BrandText {
                    name: text.name.clone(),
                    description: text.description.clone(),
                    history: String::new(),
                    key_features: Vec::new(),
                    popular_models: Vec::new(),
                };
                (*lang, text)
            })
            .collect();
        let brand = BrandDraft {
            id: maker.id.clone(),
            // Each added maker has a picture of its own in the web app's images (web/public/images/brands/).
            image: format!("/images/brands/{}.svg", maker.id),
            link: maker.link,
            retailer_link: String::new(),
            translations,
        };
        catalogue::insert_brand(&mut tx, &brand, now).await?;
        report.brands_added.push(maker.id);
    }
    let seeded: Vec<String> = catalogue::seed::seed_products()?.into_iter().map(|product| product.id).collect();
    for model in &models {
        let mut product = model.product.clone();
        product.id = same_product(&product.id).to_owned();
        let Some(brand_link) = catalogue::brand_link(&mut tx, &product.brand_id).await? else {
            let reason = format!("the brand {} is not in the catalogue", product.brand_id);
            report.refused.push(Refused { line: model.line, reason });
            continue;
        };
        if product.link.is_empty() {
            // Every source of the model is marked dead: the maker's site instead.
            product.link = brand_link;
        }
        // Checked with its fit, as the admin's form checks it.
        product.fit = Some(model.fit.clone());
        if let Err(err) = product.tidy_and_check(true) {
            report.refused.push(Refused { line: model.line, reason: format!("{}: {err}", product.id) });
            continue;
        }
        let exists = catalogue::product_exists(&mut tx, &product.id).await?;
        // A seeded model an admin deleted stays deleted, as does one imported before.
        if (!exists && seeded.contains(&product.id))
            || !db::claim_once(&mut tx, &format!("import.pointe-shoes.{}", product.id), now).await?
        {
            report.kept += 1;
            continue;
        }
        for (attribute, value) in &model.fit.unread {
            report.unread.push((model.line, product.id.clone(), attribute.clone(), value.clone()));
        }
        if exists {
            let has_fit = fit::has_fit(&mut tx, &product.id).await?;
            if let (false, Some(fit)) = (has_fit, &product.fit) {
                fit::write_fit(&mut tx, &product.id, fit, now).await?;
            }
            report.completed += 1;
            continue;
        }
        // With its fit.
        catalogue::insert_product(&mut tx, &product, now).await?;
        report.added += 1;
    }
    report.families_placed = place_families(&mut tx, &models, now).await?;
    tx.commit().await?;
    Ok(Some(report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_becomes_a_model_with_a_unique_slug_id() {
        let DataSet { models, refused, .. } = read_models().unwrap();
        assert_eq!(models.len() + refused.len(), 365);
        assert!(refused.is_empty(), "{refused:?}");
        let mut ids: Vec<&str> = models.iter().map(|model| model.product.id.as_str()).collect();
        assert!(ids.iter().all(|id| crate::fields::is_slug(id) && id.len() <= ID_MAX), "{ids:?}");
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 365);
    }

    #[test]
    fn lines_of_one_line_are_grouped_as_its_variants() {
        assert_eq!(
            named_variant("Europa Classic - Box 3+ Supple"),
            Some(("Europa Classic", vec![Axis::new("box", "3+"), Axis::new("shank", "Supple")]))
        );
        assert_eq!(named_variant("Studio - Opera"), Some(("Studio", vec![Axis::new("variant", "Opera")])));
        assert_eq!(named_variant("Classic Deep Vamp"), None);
        assert_eq!(named_variant(" - Box 2 Hard"), None);

        let DataSet { models, .. } = read_models().unwrap();
        let mut families: BTreeMap<&str, Vec<&Model>> = BTreeMap::new();
        for model in &models {
            if let Some(placement) = &model.family {
                families.entry(&placement.name).or_default().push(model);
            }
        }
        let sizes: Vec<(&str, usize)> = families.iter().map(|(name, models)| (*name, models.len())).collect();
        assert_eq!(sizes.len(), 13, "{sizes:?}");
        assert_eq!(sizes.iter().map(|(_, size)| size).sum::<usize>(), 211);
        assert!(sizes.contains(&("Gaynor Minden Protégée", 25)), "{sizes:?}");
        assert!(sizes.contains(&("Freed of London Classic Professional 90 Hard", 6)), "{sizes:?}");
        // A line's variants differ: no two of one family are set apart alike.
        for members in families.values() {
            let mut axes: Vec<_> = members.iter().map(|model| &model.family.as_ref().unwrap().axes).collect();
            axes.sort_by_key(|axes| format!("{axes:?}"));
            axes.dedup();
            assert_eq!(axes.len(), members.len(), "{:?}", members[0].family);
        }
    }

    #[test]
    fn ids_keep_accented_letters_and_plus() {
        assert_eq!(product_id("gaynor", "Protégée - Box 3+ Hard"), "gaynor-protegee-box-3-plus-hard");
        assert_eq!(product_id("capezio", "Développé 3"), "capezio-developpe-3");
    }

    #[test]
    fn sources_marked_dead_are_left_out() {
        let cell = "https://a.example/muse\u{a0}(archived, dead),\u{a0}https://b.example/muse";
        assert_eq!(live_sources(cell), ["https://b.example/muse"]);
    }

    #[test]
    fn the_known_defects_are_cleaned() {
        let DataSet { models, .. } = read_models().unwrap();
        let model = |id: &str| &models.iter().find(|model| model.product.id == id).unwrap().fit;
        let alpha = model("bloch-alpha");
        assert_eq!(alpha.sizes.first(), Some(&2.0));
        assert_eq!(alpha.sizes.get(1), Some(&2.5));
        assert_eq!(alpha.sizes.last(), Some(&8.0));
        assert_eq!(alpha.widths, ["X", "XX", "XXX"]);
        assert_eq!(alpha.foot_shape, ["square", "greek"]);
        assert_eq!(
            (alpha.price_min, alpha.price_max, alpha.price_remark.as_str()),
            (Some(85.0), Some(110.0), "closeout/rare")
        );
        assert_eq!(alpha.availability, ["discontinued"]);
        let russian = &models.iter().find(|model| model.product.id.starts_with("russianpointe-muse")).unwrap().product;
        assert!(!russian.link.contains("archived"), "a source marked dead is not the link: {}", russian.link);
        let europa = model("gaynor-europa-classic-box-2-extraflex");
        assert_eq!(europa.widths, ["N", "M", "W"]);
        assert_eq!(europa.sizes.last(), Some(&13.5));
        assert!(models.iter().filter(|model| model.product.brand_id == "freed").count() > 30);
    }

    #[test]
    fn a_price_fill_series_keeps_its_lowest_price_and_is_left_for_an_admin() {
        let DataSet { models, .. } = read_models().unwrap();
        let model = |id: &str| models.iter().find(|model| model.product.id == id).unwrap();
        let protegee = model("gaynor-protegee-box-2-hard");
        assert_eq!((protegee.fit.price_min, protegee.fit.price_max), (Some(115.0), None));
        assert_eq!(protegee.fit.unread.get("price").map(String::as_str), Some("$115.00-172"));
        assert_eq!(protegee.product.price, "$115");
        // "$115.00-170" … "$115.00-194": Gaynor Minden's 25 Protégée lines.
        assert_eq!(models.iter().filter(|model| model.fit.unread.contains_key("price")).count(), 25);
        let cloe = &model("merlet-cloe").fit;
        assert_eq!((cloe.price_min, cloe.price_max), (Some(112.0), Some(129.0)));
    }

    #[test]
    fn every_line_is_checked_and_each_rule_names_its_lines() {
        let DataSet { models, checks, .. } = read_models().unwrap();
        let lines = |defect: Defect| checks.get(&defect).map_or(&[][..], Vec::as_slice);
        // Counted apart from the import, over the CSV's cells: every line's sizes are split into characters;
        // 281 lines have their widths split too (a letter repeated, "X, X, X", or a numbered width, "W, 1");
        // 35 name a foot shape twice, from line 105; 39 prices have a remark and 191 no dollar sign.
        assert_eq!(lines(Defect::SizesSplit).len() + lines(Defect::SizesUnread).len(), 365);
        assert_eq!(lines(Defect::WidthsSplit).len(), 281);
        assert_eq!(
            (lines(Defect::FootShapeRepeated).len(), lines(Defect::FootShapeRepeated).first()),
            (35, Some(&105))
        );
        assert_eq!((lines(Defect::PriceRemark).len(), lines(Defect::PriceWithoutCurrency).len()), (39, 191));
        // The fill series: the 25 lines whose price range is left for an admin.
        let left: Vec<usize> =
            models.iter().filter(|model| model.fit.unread.contains_key("price")).map(|model| model.line).collect();
        assert_eq!(lines(Defect::PriceFillSeries), left);
        // A rule's lines are the data set's, ascending, each once.
        for found in checks.values() {
            assert!(
                found.windows(2).all(|pair| pair[0] < pair[1]) && found.iter().all(|line| (2..=366).contains(line))
            );
        }
        let report = Report { checks, ..Report::default() }.to_string();
        assert!(report.contains("a foot shape named twice, read once: 35 lines (105–"), "{report}");
    }

    #[test]
    fn lines_are_written_as_runs() {
        assert_eq!(line_runs(&[2, 3, 4, 7, 9, 10]), "2–4, 7, 9–10");
        assert_eq!(line_runs(&[]), "");
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// Cells of the data set's kind: its separators, parentheses, dollars and dashes among any text.
    const CELL: &str = "\\PC{0,40}|[0-9., XNMWa-z$()–/+-]{0,40}|(https?://[a-z./]{1,20}( \\(dead\\))?[, ]{1,2}){0,4}";

    /// A line of these 18 cells, in the data set's order.
    fn line(cells: Vec<String>) -> Line {
        let mut cells = cells.into_iter();
        let mut cell = || cells.next().expect("18 cells");
        Line {
            brand: cell(),
            model_name: cell(),
            box_shape: cell(),
            platform_width: cell(),
            shank_strength: cell(),
            vamp_length: cell(),
            wing_height: cell(),
            heel_height: cell(),
            available_sizes: cell(),
            available_widths: cell(),
            material_composition: cell(),
            intended_foot_shape: cell(),
            price_range: cell(),
            availability: cell(),
            notes: cell(),
            technology_type: cell(),
            freed_makers: cell(),
            data_sources: cell(),
        }
    }

    /// Reads a line as the import does, and checks that what it made is no larger than the line.
    fn assert_read_within_its_size(line: &Line, maker: &Maker) -> Result<(), TestCaseError> {
        fn size(cell: &str) -> usize {
            cell.chars().count()
        }
        let fit = read_fit(line);
        prop_assert!(fit.sizes.len() <= clean::tokens(&line.available_sizes).len());
        prop_assert!(fit.widths.iter().map(|width| size(width)).sum::<usize>() <= size(&line.available_widths));
        prop_assert!(fit.sources.len() <= line.data_sources.split(|c: char| c.is_whitespace() || c == ',').count());
        prop_assert!(fit.unread.values().all(|value| line_holds(line, value)));
        let product = product(line, maker, product_id(&maker.id, &line.model_name), &fit);
        prop_assert!(product.id.len() <= ID_MAX);
        // Two amounts, each a number written out in full (an f64 has at most 17 significant digits, and
        // the smallest is 324 places after the point), or the cell's first 20 characters.
        prop_assert!(size(&product.price) <= 2 * 345, "{}", product.price);
        Ok(())
    }

    fn line_holds(line: &Line, value: &str) -> bool {
        [&line.box_shape, &line.platform_width, &line.shank_strength, &line.vamp_length, &line.wing_height]
            .into_iter()
            .chain([&line.heel_height, &line.available_sizes, &line.available_widths, &line.intended_foot_shape])
            .chain([&line.price_range, &line.availability, &line.technology_type])
            .any(|cell| cell.contains(value))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_product_id_is_a_bounded_slug(
            brand in "\\PC{0,30}|[a-z]{1,10}",
            model in "\\PC{0,80}|[a-zA-Zéü0-9+ -]{0,80}",
        ) {
            let id = product_id(&brand, &model);
            prop_assert!(id.len() <= ID_MAX);
            prop_assert!(id.is_empty() || crate::fields::is_slug(&id), "{}", id);
        }

        #[test]
        fn live_sources_are_addresses_from_the_cell(cell in CELL) {
            let sources = live_sources(&cell);
            prop_assert!(sources.len() <= cell.split(|c: char| c.is_whitespace() || c == ',').count());
            for source in sources {
                prop_assert!(source.starts_with("https://") || source.starts_with("http://"));
                prop_assert!(cell.contains(&source) && !source.contains(|c: char| c.is_whitespace() || c == ','));
            }
        }

        #[test]
        fn a_line_of_any_cells_is_read_within_its_size(
            cells in prop::collection::vec(CELL, 18),
            maker in any::<prop::sample::Index>(),
        ) {
            let makers = makers().unwrap();
            assert_read_within_its_size(&line(cells), maker.get(&makers))?;
        }

        #[test]
        fn any_bytes_after_the_header_give_at_most_one_line_per_line_break(
            body in prop::collection::vec(
                prop_oneof![any::<u8>(), Just(b','), Just(b'"'), Just(b'\n'), Just(b'\r')],
                0..2_000
            )
        ) {
            let mut csv = MODELS_CSV.lines().next().unwrap().as_bytes().to_vec();
            csv.push(b'\n');
            csv.extend_from_slice(&body);
            let lines = ::csv::Reader::from_reader(csv.as_slice()).deserialize::<Line>().count();
            prop_assert!(lines <= body.iter().filter(|b| **b == b'\n' || **b == b'\r').count() + 1);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_line_of_large_cells_is_read_within_its_size(
            cells in prop::collection::vec(CELL, 18),
            maker in any::<prop::sample::Index>(),
        ) {
            let cells =
                cells.into_iter().map(|cell| format!("{cell}, ").repeat(10_000 / (cell.len() + 2) + 1)).collect();
            let makers = makers().unwrap();
            assert_read_within_its_size(&line(cells), maker.get(&makers))?;
        }
    }
}
