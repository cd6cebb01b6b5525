//! A fit as an admin writes it: tidied (trimmed, blanks dropped, sizes in order) and checked, each
//! problem reported on its field (`fit.boxShape`, `fit.sizes`, …).

use super::{vocabulary, Fit};
use crate::{
    error::{ErrorCode, Text},
    fields::{out_of_range, too_long, FieldErrors},
};

/// The range of sizes and of prices (US dollars) a model can have.
const SIZES: (f64, f64) = (0.0, 60.0);
const PRICES: (f64, f64) = (0.0, 10_000.0);
const LIST_MAX: usize = 60;
const ITEM_MAX: usize = 100;
const REMARK_MAX: usize = 100;
const NOTES_MAX: usize = 2000;
const SOURCES_MAX: usize = 10;
const UNREAD_MAX: usize = 500;

const NOT_IN_VOCABULARY: Text = Text::new(ErrorCode::NotInVocabulary, "Choose each value from the list once");
const PRICES_REVERSED: Text = Text::new(ErrorCode::PricesReversed, "The highest price is below the lowest");

fn tidy_list(errors: &mut FieldErrors, field: &str, list: &mut Vec<String>) {
    list.iter_mut().for_each(|item| *item = item.trim().to_owned());
    list.retain(|item| !item.is_empty());
    errors.max_items(field, list.len(), LIST_MAX);
    for item in list.iter() {
        errors.max_len(field, item, ITEM_MAX);
    }
}

impl Fit {
    pub(crate) fn tidy_and_check(&mut self, errors: &mut FieldErrors) {
        for (attribute, values) in self.attributes() {
            let mut seen = Vec::new();
            for value in values {
                if seen.contains(&value) || !vocabulary::knows(attribute, value) {
                    errors.fail(&format!("fit.{attribute}"), NOT_IN_VOCABULARY);
                }
                seen.push(value);
            }
        }
        self.sizes.sort_by(f64::total_cmp);
        self.sizes.dedup();
        if self.sizes.iter().any(|size| !(size > &SIZES.0 && size <= &SIZES.1)) {
            errors.fail("fit.sizes", out_of_range(SIZES.0, SIZES.1));
        }
        errors.max_items("fit.sizes", self.sizes.len(), LIST_MAX);
        tidy_list(errors, "fit.widths", &mut self.widths);
        tidy_list(errors, "fit.materials", &mut self.materials);
        tidy_list(errors, "fit.makers", &mut self.makers);
        for (field, price) in [("fit.priceMin", self.price_min), ("fit.priceMax", self.price_max)] {
            if price.is_some_and(|price| !(PRICES.0..=PRICES.1).contains(&price)) {
                errors.fail(field, out_of_range(PRICES.0, PRICES.1));
            }
        }
        if let (Some(min), Some(max)) = (self.price_min, self.price_max) {
            if max < min {
                errors.fail("fit.priceMax", PRICES_REVERSED);
            }
        }
        self.price_remark = self.price_remark.trim().to_owned();
        errors.max_len("fit.priceRemark", &self.price_remark, REMARK_MAX);
        self.foot_shape_original = self.foot_shape_original.trim().to_owned();
        errors.max_len("fit.footShapeOriginal", &self.foot_shape_original, ITEM_MAX);
        self.notes.values_mut().for_each(|note| *note = note.trim().to_owned());
        self.notes.retain(|_, note| !note.is_empty());
        for (lang, note) in &self.notes {
            errors.max_len(&format!("fit.notes.{}", lang.code()), note, NOTES_MAX);
        }
        tidy_list(errors, "fit.sources", &mut self.sources);
        errors.max_items("fit.sources", self.sources.len(), SOURCES_MAX);
        for source in &self.sources {
            errors.web_address("fit.sources", source, true);
        }
        errors.max_items("fit.unread", self.unread.len(), LIST_MAX);
        if self.unread.iter().any(|(attribute, value)| attribute.len() > ITEM_MAX || value.chars().count() > UNREAD_MAX)
        {
            errors.fail("fit.unread", too_long(UNREAD_MAX));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(mut fit: Fit) -> Option<Fit> {
        let mut errors = FieldErrors::default();
        fit.tidy_and_check(&mut errors);
        errors.finish().ok().map(|()| fit)
    }

    #[test]
    fn an_admins_fit_is_tidied_and_checked() {
        let fit = Fit {
            box_shape: vec!["square".into()],
            sizes: vec![4.0, 3.5, 4.0],
            widths: vec![" D ".into(), String::new()],
            notes: [(crate::lang::Lang::Fr, "  ".into())].into(),
            ..Fit::default()
        };
        let fit = checked(fit).unwrap();
        assert_eq!((fit.sizes, fit.widths), (vec![3.5, 4.0], vec!["D".to_owned()]));
        assert!(fit.notes.is_empty());

        for wrong in [
            Fit { box_shape: vec!["round".into()], ..Fit::default() },
            Fit { shank_strength: vec!["hard".into(), "hard".into()], ..Fit::default() },
            Fit { sizes: vec![0.0], ..Fit::default() },
            Fit { price_min: Some(90.0), price_max: Some(80.0), ..Fit::default() },
            Fit { sources: vec!["ftp://example.com".into()], ..Fit::default() },
        ] {
            assert!(checked(wrong.clone()).is_none(), "{wrong:?}");
        }
    }
}
