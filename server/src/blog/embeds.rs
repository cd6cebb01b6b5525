//! Social media addresses a post may embed: a paragraph that is only such an address becomes an
//! embed. The web app builds the frame address from `provider` and `id` alone, never from the
//! author's text.

use serde::Serialize;
use url::Url;
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = EmbedProvider)]
pub(crate) enum Provider {
    Youtube,
    Instagram,
    Facebook,
    Twitter,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct Embed {
    pub provider: Provider,
    /// YouTube: the video id; Instagram: `p/<code>` or `reel/<code>`; Facebook: the post's canonical
    /// address; Twitter/X: the post's number.
    pub id: String,
    /// The address as written, for the plain link shown when the provider is disabled.
    pub url: String,
}

fn token(value: &str, max: usize) -> bool {
    !value.is_empty()
        && value.len() <= max
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The embed an address stands for, if it is one of a supported provider.
pub(crate) fn recognise(text: &str) -> Option<Embed> {
    let url = Url::parse(text.trim()).ok()?;
    if url.scheme() != "https" && url.scheme() != "http" {
        return None;
    }
    let host = url.host_str()?.trim_start_matches("www.").trim_start_matches("m.").trim_start_matches("mobile.");
    let segments: Vec<&str> = url.path_segments().map(|s| s.filter(|p| !p.is_empty()).collect()).unwrap_or_default();
    let (provider, id) = match (host, segments.as_slice()) {
        ("youtube.com", ["watch"]) => (Provider::Youtube, url.query_pairs().find(|(k, _)| k == "v")?.1.into_owned()),
        ("youtube.com", ["shorts" | "embed" | "live", id]) | ("youtu.be", [id]) => {
            (Provider::Youtube, (*id).to_owned())
        }
        ("instagram.com", [kind @ ("p" | "reel"), code, ..]) if token(code, 40) => {
            (Provider::Instagram, format!("{kind}/{code}"))
        }
        ("facebook.com", [_, "posts" | "videos", id, ..]) if token(id, 80) => {
            (Provider::Facebook, format!("https://www.facebook.com{}", url.path()))
        }
        ("twitter.com" | "x.com", [user, "status", id, ..])
            if token(user, 30) && id.bytes().all(|b| b.is_ascii_digit()) && id.len() <= 25 =>
        {
            (Provider::Twitter, (*id).to_owned())
        }
        _ => return None,
    };
    if provider == Provider::Youtube && !(id.len() == 11 && token(&id, 11)) {
        return None;
    }
    Some(Embed { provider, id, url: text.trim().to_owned() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> Option<(Provider, String)> {
        recognise(text).map(|e| (e.provider, e.id))
    }

    #[test]
    fn recognises_each_provider() {
        let yt = Some((Provider::Youtube, "dQw4w9WgXcQ".to_owned()));
        assert_eq!(id("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10"), yt);
        assert_eq!(id("https://youtu.be/dQw4w9WgXcQ"), yt);
        assert_eq!(id("https://m.youtube.com/shorts/dQw4w9WgXcQ"), yt);
        assert_eq!(id("https://www.instagram.com/p/C0deX_1/"), Some((Provider::Instagram, "p/C0deX_1".to_owned())));
        assert_eq!(
            id("https://www.facebook.com/nycballet/posts/pfbid02abc?ref=x"),
            Some((Provider::Facebook, "https://www.facebook.com/nycballet/posts/pfbid02abc".to_owned()))
        );
        assert_eq!(
            id("https://x.com/balletuk/status/1790000000000000000"),
            Some((Provider::Twitter, "1790000000000000000".to_owned()))
        );
    }

    #[test]
    fn refuses_look_alikes() {
        for text in [
            "https://www.youtube.com/watch?v=short",
            "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
            "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.instagram.com/someone/",
            "https://x.com/a/status/12ab",
            "https://www.youtube.com/embed/dQw4w9WgXc\"onload=x",
            "not a url",
        ] {
            assert_eq!(recognise(text), None, "{text}");
        }
    }
}
