//! Every type the OpenAPI document describes has a name of its own: the document keeps one schema per
//! name, so two `Provider` enums in different features would silently describe each other's values.

use std::{collections::BTreeMap, path::Path};

use syn::{Attribute, Item};

use crate::module_graph::source_files;

#[test]
fn documented_types_have_distinct_names() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (module, file) in source_files(&src) {
        let parsed = syn::parse_file(&std::fs::read_to_string(&file).unwrap()).unwrap();
        for item in &parsed.items {
            let (ident, attrs) = match item {
                Item::Struct(item) => (&item.ident, &item.attrs),
                Item::Enum(item) => (&item.ident, &item.attrs),
                _ => continue,
            };
            if derives_to_schema(attrs) {
                let name = renamed(attrs).unwrap_or_else(|| ident.to_string());
                seen.entry(name).or_default().push(module.join("::"));
            }
        }
    }
    let clashes: Vec<String> = seen
        .iter()
        .filter(|(_, modules)| modules.len() > 1)
        .map(|(name, modules)| format!("{name}: {}", modules.join(", ")))
        .collect();
    assert!(clashes.is_empty(), "schema names used twice (give one `#[schema(as = …)]`):\n{}", clashes.join("\n"));
}

fn derives_to_schema(attrs: &[Attribute]) -> bool {
    attrs.iter().filter(|attr| attr.path().is_ident("derive")).any(|attr| {
        let mut found = false;
        let _ = attr.parse_nested_meta(|meta| {
            found |= meta.path.is_ident("ToSchema");
            Ok(())
        });
        found
    })
}

/// The name given by `#[schema(as = Name)]`.
fn renamed(attrs: &[Attribute]) -> Option<String> {
    let mut name = None;
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("schema")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("as") {
                name = Some(meta.value()?.parse::<syn::Path>()?.segments.last().unwrap().ident.to_string());
            } else if !meta.input.is_empty() && meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<syn::Expr>()?;
            }
            Ok(())
        });
    }
    name
}
