//! Reading a browser's stack trace, and what makes two reports the same crash: the message with its
//! numbers and ids made alike, and the files of the top frames without the build's content hash (so a
//! group survives a new build of an unchanged file's name). Minified function names are left out: they
//! change from build to build.

use sha2::{Digest, Sha256};

use crate::encoding::hex;

/// Frames that decide the group.
const TOP_FRAMES: usize = 3;

/// One line of a stack as the browser wrote it (1-based line and column).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Frame {
    pub function: String,
    pub url: String,
    pub line: u32,
    pub column: u32,
}

/// The frames of a V8 stack (`    at fn (url:line:col)`) or a Firefox / Safari one (`fn@url:line:col`);
/// other lines (the message) are skipped.
pub(crate) fn frames(stack: &str) -> Vec<Frame> {
    stack.lines().filter_map(|line| frame(line.trim())).collect()
}

fn frame(line: &str) -> Option<Frame> {
    let (function, location) = if let Some(rest) = line.strip_prefix("at ") {
        match rest.strip_suffix(')').and_then(|inner| inner.split_once(" (")) {
            Some((function, location)) => (function, location),
            None => ("", rest),
        }
    } else {
        line.split_once('@')?
    };
    let mut parts = location.rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let url = parts.next()?;
    Some(Frame { function: function.trim().to_owned(), url: url.to_owned(), line, column })
}

/// The group's key: 16 bytes of a hash, as hex.
pub(crate) fn fingerprint(message: &str, frames: &[Frame]) -> String {
    let mut hash = Sha256::new();
    hash.update(normalised(message).as_bytes());
    for frame in frames.iter().take(TOP_FRAMES) {
        hash.update([0]);
        hash.update(file_stem(&frame.url).as_bytes());
    }
    hex(&hash.finalize()[..16])
}

/// The message with every word that holds a digit (a count, an id, a hash) as `<n>`.
pub(crate) fn normalised(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.chars().any(|c| c.is_ascii_digit()) {
            out.push_str("<n>");
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in message.trim().chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// A script's file name without its query, folder and content hash: `/assets/start-Bq3x_9aZ.js` → `start.js`.
fn file_stem(url: &str) -> String {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let name = path.rsplit('/').next().unwrap_or_default();
    match (name.rsplit_once('.'), name.rsplit_once('-')) {
        (Some((_, extension)), Some((stem, _))) => format!("{stem}.{extension}"),
        _ => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_v8_and_firefox_frames() {
        let stack = "TypeError: x is undefined\n    at renderPrice (http://pointe.test/assets/start-Bq3x.js:1:2345)\n    at http://pointe.test/assets/chunk-a1.js:2:10\nrenderPrice@http://pointe.test/assets/start-Bq3x.js:1:99";
        let read = frames(stack);
        assert_eq!(read.len(), 3);
        assert_eq!(
            read[0],
            Frame {
                function: "renderPrice".into(),
                url: "http://pointe.test/assets/start-Bq3x.js".into(),
                line: 1,
                column: 2345
            }
        );
        assert_eq!(read[1].function, "");
        assert_eq!((read[2].function.as_str(), read[2].column), ("renderPrice", 99));
    }

    #[test]
    fn same_crash_in_another_build_or_with_other_numbers_has_the_same_fingerprint() {
        let one = frames("at a (http://h/assets/start-AAAA1111.js:1:5)");
        let other = frames("at b (http://h/assets/start-BBBB2222.js:1:9)");
        assert_eq!(fingerprint("Product 42 not found", &one), fingerprint("Product 7 not found", &other));
        assert_ne!(fingerprint("Product 42 not found", &one), fingerprint("Brand 42 not found", &one));
        assert_eq!(normalised("id 5f3a-19 at 3ms"), "id <n> at <n>");
    }
}
