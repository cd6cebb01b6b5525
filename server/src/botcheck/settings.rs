//! The bot-check at login and sign-up (spec §5): self-hosted proof of work (ALTCHA) with its
//! difficulty, or Cloudflare Turnstile with its keys. Until an admin saves one, the environment's
//! `BOT_CHECK` applies; a saved one applies from the next challenge on, without a restart.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::settings::{keep, mask, Editable, Stored};
use crate::{config::BotCheck, fields::FieldErrors, AppState};

/// The proof of work's largest number: the browser tries half of it on average.
pub(crate) const DIFFICULTY: std::ops::RangeInclusive<u32> = 1_000..=10_000_000;
const TURNSTILE_VERIFY_URL: &str = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = BotCheckProvider)]
pub enum Provider {
    /// Proof of work, served by this site.
    Altcha,
    Turnstile,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BotCheckSettings {
    pub provider: Provider,
    #[schema(minimum = 1000, maximum = 10000000)]
    pub difficulty: u32,
    pub turnstile_site_key: String,
    /// Secret: "********" when set.
    pub turnstile_secret: String,
}

impl Stored for Option<BotCheckSettings> {
    const KEY: &'static str = "botCheck";
    const SEALED: bool = true;
}

impl Editable for Option<BotCheckSettings> {
    fn check(&self, errors: &mut FieldErrors) {
        let Some(settings) = self else { return };
        errors.within("difficulty", settings.difficulty, DIFFICULTY);
        if settings.provider == Provider::Turnstile {
            errors.required("turnstileSiteKey", &settings.turnstile_site_key, 200);
            errors.required("turnstileSecret", &settings.turnstile_secret, 200);
        }
    }

    fn for_browser(&self) -> Self {
        self.clone().map(|settings| BotCheckSettings { turnstile_secret: mask(&settings.turnstile_secret), ..settings })
    }

    fn keep_secrets(&mut self, stored: &Self) {
        if let (Some(sent), Some(stored)) = (self.as_mut(), stored) {
            keep(&mut sent.turnstile_secret, &stored.turnstile_secret);
        }
    }
}

impl BotCheckSettings {
    /// The environment's bot-check as settings (an environment without one shows the defaults).
    fn from_config(config: &BotCheck) -> Self {
        match config {
            BotCheck::Turnstile { site_key, secret, .. } => Self {
                provider: Provider::Turnstile,
                difficulty: 100_000,
                turnstile_site_key: site_key.clone(),
                turnstile_secret: secret.clone(),
            },
            BotCheck::Altcha { max_number } => Self {
                provider: Provider::Altcha,
                difficulty: u32::try_from(*max_number).unwrap_or(*DIFFICULTY.end()),
                turnstile_site_key: String::new(),
                turnstile_secret: String::new(),
            },
            BotCheck::Off => Self {
                provider: Provider::Altcha,
                difficulty: 100_000,
                turnstile_site_key: String::new(),
                turnstile_secret: String::new(),
            },
        }
    }
}

/// The bot-check in force: the saved one, else the environment's.
pub(crate) async fn effective(state: &AppState) -> Result<BotCheck, sqlx::Error> {
    let saved = state.settings.get::<Option<BotCheckSettings>>(&state.db).await?;
    Ok(match saved.as_ref() {
        None => state.config.bot_check.clone(),
        Some(settings) => match settings.provider {
            Provider::Altcha => BotCheck::Altcha { max_number: u64::from(settings.difficulty) },
            Provider::Turnstile => BotCheck::Turnstile {
                site_key: settings.turnstile_site_key.clone(),
                secret: settings.turnstile_secret.clone(),
                verify_url: match &state.config.bot_check {
                    BotCheck::Turnstile { verify_url, .. } => verify_url.clone(),
                    _ => TURNSTILE_VERIFY_URL.to_owned(),
                },
            },
        },
    })
}

/// What the admin's form shows: the saved bot-check (`saved`, its secret masked), else the environment's,
/// masked as well.
pub(super) fn shown(saved: Option<BotCheckSettings>, config: &BotCheck) -> BotCheckSettings {
    saved.unwrap_or_else(|| {
        let environment = BotCheckSettings::from_config(config);
        BotCheckSettings { turnstile_secret: mask(&environment.turnstile_secret), ..environment }
    })
}

/// What a save stores: before the first save the masked secret the form shows is the environment's, so
/// it is kept from there.
pub(super) async fn to_save(state: &AppState, mut value: BotCheckSettings) -> Result<BotCheckSettings, sqlx::Error> {
    if state.settings.get::<Option<BotCheckSettings>>(&state.db).await?.is_none() {
        keep(&mut value.turnstile_secret, &BotCheckSettings::from_config(&state.config.bot_check).turnstile_secret);
    }
    Ok(value)
}
