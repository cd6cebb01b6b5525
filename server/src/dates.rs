//! Dates written as a reader of each language expects them ("25 בנובמבר 2026", "25 November 2026",
//! "25 ноября 2026", "25 novembre 2026", "25 de noviembre de 2026"), in UTC, for the documents the
//! server writes (the analytics report), where a raw timestamp would be read as code.

use chrono::{DateTime, Datelike, Timelike, Utc};

use crate::lang::Lang;

const MONTHS: [[&str; 12]; 5] = [
    ["ינואר", "פברואר", "מרץ", "אפריל", "מאי", "יוני", "יולי", "אוגוסט", "ספטמבר", "אוקטובר", "נובמבר", "דצמבר"],
    [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    [
        "января",
        "февраля",
        "марта",
        "апреля",
        "мая",
        "июня",
        "июля",
        "августа",
        "сентября",
        "октября",
        "ноября",
        "декабря",
    ],
    [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
];

/// The day of `ms` in `lang`, with the time (UTC, 24 hours) when it is not midnight.
pub(crate) fn long(lang: Lang, ms: i64) -> String {
    let Some(at) = DateTime::<Utc>::from_timestamp_millis(ms) else { return String::new() };
    let index = Lang::ALL.iter().position(|known| *known == lang).unwrap_or(0);
    let month = MONTHS[index][at.month0() as usize];
    let (day, year) = (at.day(), at.year());
    let date = match lang {
        Lang::He => format!("{day} ב{month} {year}"),
        Lang::Es => format!("{day} de {month} de {year}"),
        Lang::Fr if day == 1 => format!("1er {month} {year}"),
        _ => format!("{day} {month} {year}"),
    };
    if at.hour() == 0 && at.minute() == 0 {
        date
    } else {
        format!("{date}, {:02}:{:02} UTC", at.hour(), at.minute())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_writes_its_own_date() {
        let day = 1_795_564_800_000; // 2026-11-25T00:00:00Z
        assert_eq!(long(Lang::He, day), "25 בנובמבר 2026");
        assert_eq!(long(Lang::En, day), "25 November 2026");
        assert_eq!(long(Lang::Ru, day), "25 ноября 2026");
        assert_eq!(long(Lang::Es, day), "25 de noviembre de 2026");
        assert_eq!(long(Lang::Fr, day - 24 * 86_400_000), "1er novembre 2026");
        assert_eq!(long(Lang::En, day + 90 * 60_000), "25 November 2026, 01:30 UTC");
    }
}
