//! How posts show YouTube, Instagram, Facebook and Twitter/X content (spec §3 "Social embed
//! settings"), and the frame sources the pages' CSP allows for it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    fields::FieldErrors,
    settings::{Editable, Stored},
};

pub(crate) const INSTAGRAM_WIDTH: std::ops::RangeInclusive<u32> = 320..=1000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct SocialEmbeds {
    pub youtube: YoutubeEmbeds,
    pub instagram: InstagramEmbeds,
    pub facebook: FacebookEmbeds,
    pub twitter: TwitterEmbeds,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct YoutubeEmbeds {
    pub enabled: bool,
    /// Starts muted: browsers refuse to autoplay with sound.
    pub autoplay: bool,
    pub show_controls: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct InstagramEmbeds {
    pub enabled: bool,
    pub show_captions: bool,
    /// Pixels.
    #[schema(minimum = 320, maximum = 1000)]
    pub max_width: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct FacebookEmbeds {
    pub enabled: bool,
    pub show_text: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct TwitterEmbeds {
    pub enabled: bool,
    pub theme: Theme,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Theme {
    Light,
    Dark,
}

impl Default for SocialEmbeds {
    fn default() -> Self {
        Self {
            youtube: YoutubeEmbeds { enabled: true, autoplay: false, show_controls: true },
            instagram: InstagramEmbeds { enabled: true, show_captions: true, max_width: 540 },
            facebook: FacebookEmbeds { enabled: true, show_text: true },
            twitter: TwitterEmbeds { enabled: true, theme: Theme::Light },
        }
    }
}

impl SocialEmbeds {
    /// The origins whose frames the enabled providers draw in: the pages' CSP `frame-src` adds
    /// exactly these (and no script source: every embed is a sandboxed frame).
    pub(crate) fn frame_origins(&self) -> Vec<&'static str> {
        [
            (self.youtube.enabled, "https://www.youtube-nocookie.com"),
            (self.instagram.enabled, "https://www.instagram.com"),
            (self.facebook.enabled, "https://www.facebook.com"),
            (self.twitter.enabled, "https://platform.twitter.com"),
        ]
        .into_iter()
        .filter_map(|(enabled, origin)| enabled.then_some(origin))
        .collect()
    }
}

impl Stored for SocialEmbeds {
    const KEY: &'static str = "socialEmbeds";
}

impl Editable for SocialEmbeds {
    fn check(&self, errors: &mut FieldErrors) {
        errors.within("instagram.maxWidth", self.instagram.max_width, INSTAGRAM_WIDTH);
    }
}
