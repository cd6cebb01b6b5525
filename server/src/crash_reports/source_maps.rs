//! A minified stack mapped back to the source: the build writes `assets/<chunk>.js.map` beside each
//! script (`sourcemap: 'hidden'`, so no script names its map) and the server never serves them
//! (web/static_files.rs); they are read here, on demand, when an admin opens a crash.

use std::{collections::HashMap, path::Path};

use serde::Serialize;
use sourcemap::SourceMap;
use utoipa::ToSchema;

use super::stack::Frame;

/// A frame of the stack, with where it is in the source when the build's map knows.
#[derive(Serialize, ToSchema)]
pub(crate) struct MappedFrame {
    pub function: String,
    pub url: String,
    pub line: u32,
    pub column: u32,
    pub original: Option<SourceLocation>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct SourceLocation {
    /// The file in the project, such as `src/features/catalogue/ProductPage.tsx`.
    pub file: String,
    /// 1-based.
    pub line: u32,
    pub column: u32,
    /// The name the source gave the function or value, when the map has it.
    pub name: Option<String>,
    /// The source line itself.
    pub code: Option<String>,
}

/// Each frame, mapped when its script is one of this build's (`/assets/<name>.js` with a map).
pub(crate) fn map(dist: &Path, frames: Vec<Frame>) -> Vec<MappedFrame> {
    let mut maps: HashMap<String, Option<SourceMap>> = HashMap::new();
    frames
        .into_iter()
        .map(|frame| {
            let original = script_name(&frame.url).and_then(|name| {
                let map = maps.entry(name.to_owned()).or_insert_with(|| read_map(dist, name)).as_ref()?;
                original(map, &frame)
            });
            MappedFrame { function: frame.function, url: frame.url, line: frame.line, column: frame.column, original }
        })
        .collect()
}

/// The script's file name when the URL is one of the build's assets; anything else (another folder, a
/// `..`) is not looked up, so a report cannot make the server read other files.
fn script_name(url: &str) -> Option<&str> {
    let path = url.split(['?', '#']).next()?;
    let name = path.rsplit_once("/assets/")?.1;
    let safe = name.ends_with(".js") && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    (safe && !name.starts_with('.')).then_some(name)
}

fn read_map(dist: &Path, script: &str) -> Option<SourceMap> {
    let bytes = std::fs::read(dist.join("assets").join(format!("{script}.map"))).ok()?;
    SourceMap::from_slice(&bytes).ok()
}

fn original(map: &SourceMap, frame: &Frame) -> Option<SourceLocation> {
    let token = map.lookup_token(frame.line.checked_sub(1)?, frame.column.checked_sub(1)?)?;
    let line = token.get_src_line();
    let code = map
        .get_source_contents(token.get_src_id())
        .and_then(|contents| contents.lines().nth(line as usize))
        .map(|code| code.trim().chars().take(300).collect());
    Some(SourceLocation {
        file: project_path(token.get_source()?),
        line: line + 1,
        column: token.get_src_col() + 1,
        name: token.get_name().map(str::to_owned),
        code,
    })
}

/// The map's source names are relative to the map (`../../src/App.tsx`); the project's own path reads better.
fn project_path(source: &str) -> String {
    let mut path = source;
    while let Some(rest) = path.strip_prefix("../").or_else(|| path.strip_prefix("./")) {
        path = rest;
    }
    path.to_owned()
}

#[cfg(test)]
mod tests {
    use super::script_name;

    #[test]
    fn only_the_builds_scripts_are_looked_up() {
        assert_eq!(script_name("http://pointe.test/assets/start-Bq3x.js?v=1"), Some("start-Bq3x.js"));
        assert_eq!(script_name("http://pointe.test/assets/../../etc/passwd.js"), None);
        assert_eq!(script_name("http://pointe.test/other/start.js"), None);
        assert_eq!(script_name("http://pointe.test/assets/x.css"), None);
    }
}
