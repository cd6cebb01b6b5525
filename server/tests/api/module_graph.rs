//! The server's house rules for imports (docs/layout.md, "Floors"). Every top-level module stands in
//! `FLOORS` and may import only modules listed before it, so no loop can form between them, whether
//! through a `mod.rs` re-export or not; and inside one, no two files import each other in a loop (a parent
//! listing and re-exporting its parts counts as importing them). Each source file is a node; a path a file
//! names (`use`, or inline `crate::…`/`super::…`) is an edge to the deepest module it reaches.

use std::{
    collections::{BTreeMap, BTreeSet},
    path::{Path, PathBuf},
};

use syn::visit::Visit;

type Module = Vec<String>;

/// The server's top-level modules from the ground up; each may import only those before it. Ground: no
/// knowledge of accounts or features. Access: who is asking and what they may do. Settings: the stored
/// settings every feature reads. Features: each stands on the ones before it and reaches them through
/// their public functions. Pages and the app: what composes the features.
const FLOORS: &[(&str, &[&str])] = &[
    (
        "ground",
        &[
            "config",
            "error",
            "time",
            "lang",
            "text",
            "encoding",
            "csv",
            "db",
            "db_filter",
            "lifecycle",
            "precompressed",
            "private_hosts",
            "security_headers",
            "serve",
            "client_info",
            "dates",
            "extract",
            "fields",
            "report_range",
            "html",
            "openapi",
            "paging",
            "translations",
            "secrets",
            "caches",
            "metrics",
            "backup",
            "ratelimit",
            "request_log",
            "kept_answers",
            "public_cache",
        ],
    ),
    ("access", &["access"]),
    ("settings", &["settings"]),
    (
        "features",
        &[
            "health",
            "audit",
            "botcheck",
            "uploads",
            "tips",
            "catalogue",
            "finder",
            "users",
            "sessions",
            "site",
            "email",
            "newsletter",
            "auth",
            "blog",
            "analytics",
            "crash_reports",
            "cache_monitor",
            "fitting",
            "assistant",
            "seo",
            "admin",
        ],
    ),
    ("pages and the app", &["web", "scrape", "cleanup", "cli", "testing"]),
];

#[test]
fn every_import_runs_down_the_floors() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = file_edges(&src);
    let order: Vec<&str> = FLOORS.iter().flat_map(|(_, modules)| modules.iter().copied()).collect();
    let position = |top: &str| order.iter().position(|listed| *listed == top);
    let tops: BTreeSet<&str> = edges.keys().filter_map(|module| module.first()).map(String::as_str).collect();
    let unlisted: Vec<&&str> = tops.iter().filter(|top| position(top).is_none()).collect();
    assert!(unlisted.is_empty(), "top-level modules missing from FLOORS (module_graph.rs): {unlisted:?}");
    let upward: Vec<String> = edges
        .iter()
        .flat_map(|(from, targets)| targets.iter().map(move |to| (from, to)))
        .filter(|(from, to)| from[0] != to[0] && position(&to[0]) > position(&from[0]))
        .map(|(from, to)| format!("{} → {}", from.join("::"), to.join("::")))
        .collect();
    assert!(upward.is_empty(), "imports that run up the floors of FLOORS (module_graph.rs):\n{}", upward.join("\n"));
}

#[test]
fn no_files_import_each_other_in_a_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let cycles = cycles(&file_edges(&src));
    let shown: Vec<String> =
        cycles.iter().map(|cycle| cycle.iter().map(|m| m.join("::")).collect::<Vec<_>>().join(" → ")).collect();
    assert!(shown.is_empty(), "import cycles between server files:\n{}", shown.join("\n"));
}

/// Each module file's imports: the other module files it names (the crate root, which composes
/// everything, is no node).
fn file_edges(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = source_files(src);
    let modules: BTreeSet<Module> = files.keys().cloned().collect();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, file) in files.iter().filter(|(module, _)| !module.is_empty()) {
        let text = std::fs::read_to_string(file).unwrap();
        let parsed = syn::parse_file(&text).unwrap_or_else(|err| panic!("{}: {err}", file.display()));
        let mut paths = PathCollector::default();
        paths.visit_file(&parsed);
        let reached = paths.paths.iter().filter_map(|path| resolve(module, path, &modules));
        edges.entry(module.clone()).or_default().extend(reached.filter(|target| target != module));
    }
    edges
}

/// Every module file under `src` (but the binary's `main.rs`) by its module path.
pub(crate) fn source_files(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut files = BTreeMap::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut module: Module = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
            if path.extension().is_none_or(|ext| ext != "rs") || module == ["main"] {
                continue;
            }
            if module.last().is_some_and(|last| last == "mod" || last == "lib") {
                module.pop();
            }
            files.insert(module, path);
        }
    }
    files
}

/// The paths a file names, each as its segments; test-only items are skipped.
#[derive(Default)]
struct PathCollector {
    paths: Vec<Vec<String>>,
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(item) => item.attrs.as_slice(),
            syn::Item::Fn(item) => &item.attrs,
            syn::Item::Use(item) => &item.attrs,
            syn::Item::Impl(item) => &item.attrs,
            _ => &[],
        };
        if !attrs.iter().any(test_only) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        use_paths(&item.tree, Vec::new(), &mut self.paths);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.paths.push(path.segments.iter().map(|segment| segment.ident.to_string()).collect());
        syn::visit::visit_path(self, path);
    }
}

/// `#[test]` or `#[cfg(test)]`.
fn test_only(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("test")
        || (attr.path().is_ident("cfg")
            && matches!(&attr.meta, syn::Meta::List(list) if list.tokens.to_string() == "test"))
}

fn use_paths(tree: &syn::UseTree, prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
    let with = |name: String| {
        let mut path = prefix.clone();
        path.push(name);
        path
    };
    match tree {
        syn::UseTree::Path(path) => use_paths(&path.tree, with(path.ident.to_string()), found),
        syn::UseTree::Name(name) => found.push(with(name.ident.to_string())),
        syn::UseTree::Rename(rename) => found.push(with(rename.ident.to_string())),
        syn::UseTree::Glob(_) => found.push(prefix),
        syn::UseTree::Group(group) => group.items.iter().for_each(|item| use_paths(item, prefix.clone(), found)),
    }
}

/// The deepest module `path`, named in `from`, reaches: `crate::`, `super::`, `self::` or a child's name.
fn resolve(from: &Module, path: &[String], modules: &BTreeSet<Module>) -> Option<Module> {
    let (mut base, rest) = match path.first()?.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (from.clone(), &path[1..]),
        "super" => {
            let supers = path.iter().take_while(|segment| *segment == "super").count();
            (from[..from.len().checked_sub(supers)?].to_vec(), &path[supers..])
        }
        child if modules.contains(&[from.as_slice(), &[child.to_owned()]].concat()) => (from.clone(), path),
        _ => return None,
    };
    let mut deepest = None;
    for segment in rest {
        base.push(segment.clone());
        if modules.contains(&base) {
            deepest = Some(base.clone());
        }
    }
    deepest.filter(|module| !module.is_empty())
}

/// Every strongly connected group of more than one module, each listed in order.
fn cycles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Tarjan<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, (usize, usize)>,
        stack: Vec<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, module: &'a Module) {
            let order = self.index.len();
            self.index.insert(module, (order, order));
            self.stack.push(module);
            for next in self.edges.get(module).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.index[next].1.min(self.index[module].1);
                    self.index.get_mut(module).unwrap().1 = low;
                } else if self.stack.contains(&next) {
                    let low = self.index[next].0.min(self.index[module].1);
                    self.index.get_mut(module).unwrap().1 = low;
                }
            }
            if self.index[module].0 == self.index[module].1 {
                let at = self.stack.iter().rposition(|m| *m == module).unwrap();
                let group: Vec<Module> = self.stack.drain(at..).cloned().collect();
                if group.len() > 1 {
                    self.found.push(group);
                }
            }
        }
    }
    let mut tarjan = Tarjan { edges, index: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for module in edges.keys() {
        if !tarjan.index.contains_key(module) {
            tarjan.visit(module);
        }
    }
    tarjan.found
}
