//! A received message's HTML made safe to show: no scripts, forms, frames or event handlers (ammonia),
//! and no remote images, which would tell the sender the message was opened (embedded `cid:` and
//! `data:` images stay).

use std::{
    borrow::Cow,
    sync::{
        atomic::{AtomicU32, Ordering},
        Arc,
    },
};

/// The clean HTML and how many remote images were removed.
pub(crate) fn html(dirty: &str) -> (String, u32) {
    let blocked = Arc::new(AtomicU32::new(0));
    let counter = blocked.clone();
    let clean = ammonia::Builder::default()
        .add_url_schemes(["cid", "data"])
        .add_generic_attributes(["style", "align", "dir", "width", "height", "bgcolor"])
        .link_rel(Some("noopener noreferrer"))
        .attribute_filter(move |element, attribute, value| {
            if element == "img"
                && attribute == "src"
                && !(value.starts_with("cid:") || value.starts_with("data:image/"))
            {
                counter.fetch_add(1, Ordering::Relaxed);
                return None;
            }
            Some(Cow::Borrowed(value))
        })
        .clean(dirty)
        .to_string();
    (clean, blocked.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::html;

    #[test]
    fn removes_scripts_and_remote_images_and_keeps_the_rest() {
        let (clean, blocked) = html(
            "<p onclick=\"x()\">Hi <b>there</b></p><script>alert(1)</script>\
             <img src=\"https://tracker.example/p.gif\"><img src=\"cid:logo\" alt=\"logo\">",
        );
        assert_eq!(blocked, 1);
        assert!(!clean.contains("script") && !clean.contains("onclick") && !clean.contains("tracker"), "{clean}");
        assert!(clean.contains("<b>there</b>") && clean.contains("cid:logo"), "{clean}");
    }
}
