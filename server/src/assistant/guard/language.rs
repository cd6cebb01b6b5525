//! Is an answer in the asker's language? Hebrew and Russian by their alphabets; English, French and
//! Spanish, which share one, by whatlang's detection among the three.

use whatlang::{Detector, Lang as Detected};

use crate::lang::Lang;

/// Fewer letters than this say nothing.
const MIN_LETTERS: usize = 20;

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Matches,
    Differs,
    /// Too little text, or a detection that is not reliable.
    Unsure,
}

pub(crate) fn verdict(lang: Lang, text: &str) -> Verdict {
    let letters: Vec<char> = text.chars().filter(|c| c.is_alphabetic()).collect();
    if letters.len() < MIN_LETTERS {
        return Verdict::Unsure;
    }
    let share =
        |alphabet: fn(&char) -> bool| letters.iter().filter(|c| alphabet(c)).count() as f64 / letters.len() as f64;
    let by_alphabet = |alphabet: fn(&char) -> bool, min: f64| {
        if share(alphabet) >= min {
            Verdict::Matches
        } else {
            Verdict::Differs
        }
    };
    match lang {
        Lang::He => by_alphabet(|c| ('\u{05D0}'..='\u{05EA}').contains(c), 0.5),
        Lang::Ru => by_alphabet(|c| ('\u{0400}'..='\u{04FF}').contains(c), 0.5),
        Lang::En | Lang::Fr | Lang::Es => {
            if share(|c| c.is_ascii_alphabetic() || ('\u{00C0}'..='\u{024F}').contains(c)) < 0.7 {
                return Verdict::Differs;
            }
            let expected = match lang {
                Lang::En => Detected::Eng,
                Lang::Fr => Detected::Fra,
                _ => Detected::Spa,
            };
            // Another language only on a reliable detection; the expected one on any.
            match Detector::with_allowlist(vec![Detected::Eng, Detected::Fra, Detected::Spa]).detect(text) {
                Some(info) if info.lang() == expected => Verdict::Matches,
                Some(info) if info.is_reliable() => Verdict::Differs,
                _ => Verdict::Unsure,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_the_languages_apart() {
        let english = "Pointe shoes usually last between twelve and twenty hours of dancing, depending on the dancer.";
        assert_eq!(verdict(Lang::En, english), Verdict::Matches);
        assert_eq!(verdict(Lang::Fr, english), Verdict::Differs);
        assert_eq!(verdict(Lang::He, english), Verdict::Differs);
        assert_eq!(
            verdict(Lang::He, "נעלי פוינט מחזיקות בדרך כלל בין שתים עשרה לעשרים שעות ריקוד, Bloch או Grishko."),
            Verdict::Matches
        );
        assert_eq!(verdict(Lang::Ru, "Пуанты обычно служат от двенадцати до двадцати часов танца."), Verdict::Matches);
        assert_eq!(
            verdict(
                Lang::Es,
                "Las zapatillas de punta suelen durar entre doce y veinte horas de baile, según la bailarina."
            ),
            Verdict::Matches
        );
        assert_eq!(
            verdict(Lang::Fr, "Les pointes durent en général entre douze et vingt heures de danse, selon la danseuse."),
            Verdict::Matches
        );
        assert_eq!(verdict(Lang::En, "Yes."), Verdict::Unsure);
    }
}
