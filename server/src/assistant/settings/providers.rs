//! Where the assistant's answers come from (spec §4 "server-side fallback order"): the gateway, any
//! OpenAI-compatible chat-completions endpoint (OpenAI, OpenRouter, Ollama, vLLM, llama.cpp's server),
//! then the edge service, Cloudflare Workers AI's REST API. The built-in basic response needs nothing.
//! Until an admin saves these, the environment's `AI_GATEWAY_*` and `AI_EDGE_*` values apply.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    config::AiConfig,
    fields::{self, FieldErrors},
    settings::{keep_for, mask, Editable, Stored},
    AppState,
};

pub(crate) const DEFAULT_EDGE_URL: &str = "https://api.cloudflare.com/client/v4";
pub(crate) const DEFAULT_EDGE_MODEL: &str = "@cf/meta/llama-3.1-8b-instruct";
pub(crate) const DEFAULT_TIMEOUT_SECONDS: u32 = 20;
/// The whole site's questions per hour until an admin sets another ceiling: a bound on the providers' bill
/// that a crowd of addresses, each within its own limit, cannot pass.
pub(crate) const DEFAULT_QUESTIONS_PER_HOUR: u32 = 600;
pub(crate) const QUESTIONS_PER_HOUR: std::ops::RangeInclusive<u32> = 1..=100_000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct GatewaySettings {
    pub enabled: bool,
    /// The API's base address, e.g. `https://api.openai.com/v1`; `/chat/completions` is added.
    pub base_url: String,
    /// Secret; empty for endpoints that need none (a local llama.cpp server).
    pub api_key: String,
    /// How long to wait for the first or the next piece of an answer.
    #[schema(minimum = 1, maximum = 300)]
    pub timeout_seconds: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct EdgeSettings {
    pub enabled: bool,
    pub account_id: String,
    /// Secret: a Cloudflare API token with Workers AI access.
    pub api_token: String,
    pub model: String,
    /// Cloudflare's API; `/accounts/{accountId}/ai/run/{model}` is added.
    pub base_url: String,
    #[schema(minimum = 1, maximum = 300)]
    pub timeout_seconds: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct AiProviders {
    pub gateway: GatewaySettings,
    pub edge: EdgeSettings,
    /// Questions the assistant takes per hour from the whole site; past it, it answers 503 `assistant_busy`
    /// until the hour's window ends.
    #[schema(minimum = 1, maximum = 100000)]
    pub questions_per_hour: u32,
}

impl Default for AiProviders {
    fn default() -> Self {
        Self {
            gateway: GatewaySettings::default(),
            edge: EdgeSettings::default(),
            questions_per_hour: DEFAULT_QUESTIONS_PER_HOUR,
        }
    }
}

impl Default for GatewaySettings {
    fn default() -> Self {
        Self {
            enabled: false,
            base_url: String::new(),
            api_key: String::new(),
            timeout_seconds: DEFAULT_TIMEOUT_SECONDS,
        }
    }
}

impl Default for EdgeSettings {
    fn default() -> Self {
        Self {
            enabled: false,
            account_id: String::new(),
            api_token: String::new(),
            model: DEFAULT_EDGE_MODEL.to_owned(),
            base_url: DEFAULT_EDGE_URL.to_owned(),
            timeout_seconds: DEFAULT_TIMEOUT_SECONDS,
        }
    }
}

impl AiProviders {
    /// The starting values from the environment: a provider is on when its address (gateway) or
    /// account and token (edge) are set.
    pub fn from_config(config: &AiConfig) -> Self {
        let timeout_seconds = config.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS);
        let (account_id, api_token) =
            (config.edge_account_id.clone().unwrap_or_default(), config.edge_token.clone().unwrap_or_default());
        Self {
            gateway: GatewaySettings {
                enabled: config.gateway_url.is_some(),
                base_url: config.gateway_url.clone().unwrap_or_default(),
                api_key: config.gateway_key.clone().unwrap_or_default(),
                timeout_seconds,
            },
            edge: EdgeSettings {
                enabled: !account_id.is_empty() && !api_token.is_empty(),
                account_id,
                api_token,
                model: config.edge_model.clone().unwrap_or_else(|| DEFAULT_EDGE_MODEL.to_owned()),
                base_url: config.edge_url.clone().unwrap_or_else(|| DEFAULT_EDGE_URL.to_owned()),
                timeout_seconds,
            },
            questions_per_hour: DEFAULT_QUESTIONS_PER_HOUR,
        }
    }

    /// The providers in force: the admin's, else the environment's.
    pub async fn current(state: &AppState) -> Result<Self, sqlx::Error> {
        let saved = state.settings.get::<Option<Self>>(&state.db).await?;
        Ok(saved.as_ref().clone().unwrap_or_else(|| Self::from_config(&state.config.ai)))
    }
}

fn check_address(errors: &mut FieldErrors, field: &str, value: &str, required: bool) {
    if required {
        errors.required(field, value, 500);
    } else {
        errors.max_len(field, value, 500);
    }
    if !value.is_empty() && url::Url::parse(value).map_or(true, |url| !["http", "https"].contains(&url.scheme())) {
        errors.fail(field, fields::HTTP_ADDRESS);
    }
}

impl Stored for Option<AiProviders> {
    const KEY: &'static str = "aiProviders";
    const SEALED: bool = true;
}

impl Editable for Option<AiProviders> {
    fn check(&self, errors: &mut FieldErrors) {
        let Some(AiProviders { gateway, edge, questions_per_hour }) = self else { return };
        errors.within("questionsPerHour", *questions_per_hour, QUESTIONS_PER_HOUR);
        check_address(errors, "gateway.baseUrl", &gateway.base_url, gateway.enabled);
        errors.max_len("gateway.apiKey", &gateway.api_key, 500);
        errors.within("gateway.timeoutSeconds", gateway.timeout_seconds, 1..=300);
        if edge.enabled {
            errors.required("edge.accountId", &edge.account_id, 100);
            errors.required("edge.apiToken", &edge.api_token, 500);
        }
        errors.max_len("edge.accountId", &edge.account_id, 100);
        errors.max_len("edge.apiToken", &edge.api_token, 500);
        errors.required("edge.model", &edge.model, 200);
        check_address(errors, "edge.baseUrl", &edge.base_url, true);
        errors.within("edge.timeoutSeconds", edge.timeout_seconds, 1..=300);
    }

    fn for_browser(&self) -> Self {
        self.clone().map(|mut providers| {
            providers.gateway.api_key = mask(&providers.gateway.api_key);
            providers.edge.api_token = mask(&providers.edge.api_token);
            providers
        })
    }

    fn servers(&self) -> Vec<(&'static str, &str)> {
        self.as_ref().map_or_else(Vec::new, |providers| {
            vec![
                ("gateway.baseUrl", providers.gateway.base_url.as_str()),
                ("edge.baseUrl", providers.edge.base_url.as_str()),
            ]
        })
    }

    /// A stored key is kept only for the address (and account) it was given for.
    fn keep_secrets(&mut self, stored: &Self) {
        let (Some(sent), Some(stored)) = (self.as_mut(), stored) else { return };
        keep_for(sent.gateway.base_url == stored.gateway.base_url, &mut sent.gateway.api_key, &stored.gateway.api_key);
        let edge_same =
            (&sent.edge.base_url, &sent.edge.account_id) == (&stored.edge.base_url, &stored.edge.account_id);
        keep_for(edge_same, &mut sent.edge.api_token, &stored.edge.api_token);
    }
}

/// What the admin's form shows: the saved providers (`saved`, secrets masked), else the environment's,
/// masked as well.
pub(super) fn shown(saved: Option<AiProviders>, config: &AiConfig) -> AiProviders {
    saved.unwrap_or_else(|| Some(AiProviders::from_config(config)).for_browser().unwrap_or_default())
}

/// What a save stores: the form's providers with the secrets it sent back masked kept, from the providers
/// in force (on the first save, the environment's).
pub(super) async fn to_save(state: &AppState, sent: AiProviders) -> Result<Option<AiProviders>, sqlx::Error> {
    let mut value = Some(sent);
    value.keep_secrets(&Some(AiProviders::current(state).await?));
    Ok(value)
}
