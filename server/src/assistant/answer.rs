//! Answering one question: the cache, retrieval, the subject check, then the providers in order
//! (gateway, edge, basic), each model's answer guarded as it streams, and the request recorded.

use std::time::{Duration, Instant};

use super::{
    basic::{self, Suggestion, SUGGESTIONS},
    fitted,
    guard::{self, Grounding, GuardedAnswer},
    model::{Answer, Generated, Outcome, Question, Route, Source},
    monitoring::record::{self, Record},
    prompt,
    providers::{edge, gateway, ErrorType, Failure, ProviderKind, Request},
    retrieval::{Hit, Retrieval},
    settings::{AiModels, AiProviders},
    stream::Output,
    texts,
};
use crate::{caches::Monitored, lang::Lang, AppState};

/// How many documents an answer draws on.
const SOURCES: usize = 3;
/// A document scoring under this share of the best one is not a source.
const RELATIVE_SCORE: f32 = 0.5;
/// A question none of the subject's words name is on the subject when a document scores this much.
const TOPIC_SCORE: f32 = 8.0;
const ANSWER_TOKENS: u32 = 400;

/// What retrieval gave a question.
pub(crate) struct Found {
    hits: Vec<Hit>,
    /// The basic response's quotes of the passages found.
    quoted: Option<String>,
    pub context: String,
    /// The system prompt for the question's call and language.
    rules: String,
    pub grounding: Grounding,
    pub on_topic: bool,
    pub pain: bool,
    /// The question asks which shoes to choose (guard's `choosing` words).
    pub choosing: bool,
}

impl Found {
    pub(crate) fn sources(&self) -> Vec<Source> {
        self.hits
            .iter()
            .map(|hit| Source {
                kind: hit.document.kind,
                id: hit.document.id.clone(),
                title: hit.document.title.clone(),
                link: hit.document.link.clone(),
            })
            .collect()
    }
}

pub(crate) async fn answer(state: &AppState, question: Question, output: &Output) -> anyhow::Result<Answer> {
    let began = Instant::now();
    let assistant = &state.assistant;
    let (retrieval, rebuilt) = assistant.index.get(&state.db).await?;
    if rebuilt {
        assistant.cache.clear();
    }
    let key = super::cache::key(&question);
    // An answer from the asker's profile is hers alone: neither answered from the cache nor kept in it.
    let personal = question.profile.is_some();
    if let Some((cached, outcome)) = assistant.cache.get(&key).filter(|_| !personal) {
        output.start(cached.provider, &cached.model);
        output.delta(&cached.answer);
        let answer = Answer { id: record::new_id(), cached: true, ..cached };
        let record = Record::for_answer(question.route.code(), question.lang, &answer, outcome, began);
        record::save(state, &record, &[]).await?;
        return Ok(answer);
    }
    let found = find(&retrieval, &question)?;
    let mut failures = Vec::new();
    // A configured provider passed over while its circuit is open: this answer is not the best one.
    let mut passed_over = false;
    let mut generated = None;
    let ready_for_models = found.on_topic && !(question.route == Route::Rag && found.hits.is_empty());
    if ready_for_models {
        let providers = AiProviders::current(state).await?;
        let models = state.settings.get::<AiModels>(&state.db).await?;
        for provider in [ProviderKind::Gateway, ProviderKind::Edge] {
            if !configured(provider, &providers) {
                continue;
            }
            if !assistant.breakers.allow(provider, state.clock.now_ms()) {
                passed_over = true;
                continue;
            }
            match generate(state, provider, &providers, &models, &question, &found, output).await {
                Ok(done) => {
                    assistant.breakers.succeeded(provider);
                    generated = Some((provider, done));
                    break;
                }
                Err(failure) => {
                    tracing::warn!(provider = provider.code(), kind = failure.kind.code(), message = %failure.message, "an AI provider failed");
                    assistant.breakers.failed(provider, state.clock.now_ms());
                    failures.push((provider, failure));
                }
            }
        }
    }
    let (mut answer, outcome, generated) = match generated {
        Some((provider, done)) => {
            let mut text = done.text.clone();
            if found.pain {
                let safety = format!("\n\n{}", texts::of(question.lang).safety);
                output.delta(&safety);
                text.push_str(&safety);
            }
            (compose(&question, &found, provider, done.model.clone(), text, Vec::new()), Outcome::Answered, Some(done))
        }
        None => {
            let (text, outcome) = basic(question.lang, &found);
            output.start(ProviderKind::Basic, basic::MODEL);
            output.delta(&text);
            let suggestions = if outcome == Outcome::Answered { Vec::new() } else { SUGGESTIONS.to_vec() };
            (compose(&question, &found, ProviderKind::Basic, basic::MODEL.to_owned(), text, suggestions), outcome, None)
        }
    };
    if outcome != Outcome::Answered || !question.include_sources {
        answer.sources.clear();
    }
    if let Some(profile) = &question.profile {
        if let Some(feet) =
            fitted::for_your_feet(state, profile, question.lang, found.on_topic && found.choosing).await?
        {
            output.delta(&feet.text);
            answer.answer.push_str(&feet.text);
            if question.include_sources {
                answer.sources.retain(|source| feet.sources.iter().all(|own| own.link != source.link));
                answer.sources.splice(0..0, feet.sources);
            }
        }
    }
    let mut record = Record::for_answer(question.route.code(), question.lang, &answer, outcome, began);
    if let Some(done) = &generated {
        record.generated(done, found.context.chars().count());
    }
    record::save(state, &record, &failures).await?;
    assistant.cache.missed(began.elapsed());
    if failures.is_empty() && !passed_over && !personal {
        assistant.cache.put(key, answer.clone(), outcome);
    }
    Ok(answer)
}

/// Retrieval for `question`. Plain ask gives a model none of what it found; the basic response, the
/// chain's last step, answers from it on every route.
pub(crate) fn find(retrieval: &Retrieval, question: &Question) -> anyhow::Result<Found> {
    let lang = question.lang;
    let mut hits = retrieval.search(lang, &question.text, question.signed_in, SOURCES)?;
    let best = hits.first().map_or(0.0, |hit| hit.score);
    let on_topic = guard::on_topic(lang, &question.text) || best >= TOPIC_SCORE;
    hits.retain(|hit| hit.score >= best * RELATIVE_SCORE);
    let passages = retrieval.passages(lang, &question.text, &hits)?;
    let quoted = basic::from_passages(lang, &passages);
    let for_model = if question.route == Route::Ask { &[][..] } else { &hits[..] };
    let context = if question.route == Route::Ask { String::new() } else { prompt::context(&passages) };
    let links: Vec<&str> = for_model.iter().map(|hit| hit.document.link.as_str()).collect();
    let rules = prompt::rules(question.route, lang);
    let grounding = Grounding::new(retrieval.product_names(lang), &context, links, &rules);
    let pain = guard::about_pain(lang, &question.text);
    let choosing = guard::about_choosing(lang, &question.text);
    Ok(Found { hits, quoted, context, rules, grounding, on_topic, pain, choosing })
}

/// The model `provider` is asked with for questions in `lang`.
pub(crate) fn model<'a>(
    provider: ProviderKind,
    providers: &'a AiProviders,
    models: &'a AiModels,
    lang: Lang,
) -> &'a str {
    match provider {
        ProviderKind::Gateway => models.for_lang(lang),
        ProviderKind::Edge => &providers.edge.model,
        ProviderKind::Basic => basic::MODEL,
    }
}

/// Whether `provider` has what it needs to be asked.
pub(crate) fn configured(provider: ProviderKind, providers: &AiProviders) -> bool {
    match provider {
        ProviderKind::Gateway => providers.gateway.enabled && !providers.gateway.base_url.is_empty(),
        ProviderKind::Edge => {
            providers.edge.enabled && !providers.edge.account_id.is_empty() && !providers.edge.api_token.is_empty()
        }
        ProviderKind::Basic => true,
    }
}

/// One provider's answer to `question`, guarded as it streams to `output`.
pub(crate) async fn generate(
    state: &AppState,
    provider: ProviderKind,
    providers: &AiProviders,
    models: &AiModels,
    question: &Question,
    found: &Found,
    output: &Output,
) -> Result<Generated, Failure> {
    if !configured(provider, providers) {
        // The type says it all: no words of a provider to add.
        return Err(Failure::new(ErrorType::NotConfigured, ""));
    }
    let model = model(provider, providers, models, question.lang).to_owned();
    let messages = prompt::messages(found.rules.clone(), &found.context, &question.text);
    let timeout = Duration::from_secs(u64::from(timeout_seconds(provider, providers)));
    let http = client_for(state, provider, providers)?;
    let request = Request {
        messages: &messages,
        model: &model,
        max_tokens: ANSWER_TOKENS,
        stream: output.is_streaming(),
        idle_timeout: timeout,
    };
    let mut guarded = GuardedAnswer::new(question.lang, &found.grounding, output, provider, &model);
    let finished = match provider {
        ProviderKind::Gateway => gateway::generate(http, &providers.gateway, &request, &mut guarded).await?,
        _ => edge::generate(http, &providers.edge, &request, &mut guarded).await?,
    };
    let (text, first_token_ms) = guarded.finish(finished.truncated)?;
    Ok(Generated { text, model, finished, first_token_ms })
}

/// The client for the provider's address: the environment's is the operator's and trusted; one an admin
/// set must be public (`private_hosts`), unless `ALLOW_PRIVATE_HOSTS` allows private ones.
fn client_for<'a>(
    state: &'a AppState,
    provider: ProviderKind,
    providers: &AiProviders,
) -> Result<&'a reqwest::Client, Failure> {
    let (address, environments) = if provider == ProviderKind::Gateway {
        (&providers.gateway.base_url, state.config.ai.gateway_url.as_deref())
    } else {
        (&providers.edge.base_url, state.config.ai.edge_url.as_deref())
    };
    if state.config.allow_private_hosts || environments == Some(address.as_str()) {
        return Ok(&state.assistant.http);
    }
    let host = url::Url::parse(address).ok().and_then(|url| url.host_str().map(str::to_owned)).unwrap_or_default();
    if crate::private_hosts::names_private(&host) {
        return Err(Failure::new(ErrorType::PrivateAddress, ""));
    }
    Ok(&state.assistant.public_http)
}

fn timeout_seconds(provider: ProviderKind, providers: &AiProviders) -> u32 {
    if provider == ProviderKind::Gateway {
        providers.gateway.timeout_seconds
    } else {
        providers.edge.timeout_seconds
    }
}

/// The basic response and what became of the question.
pub(crate) fn basic(lang: Lang, found: &Found) -> (String, Outcome) {
    if !found.on_topic {
        return (basic::off_topic(lang), Outcome::OffTopic);
    }
    match &found.quoted {
        None => (basic::no_match(lang), Outcome::NoMatch),
        Some(quoted) if found.pain => (format!("{}\n\n{quoted}", texts::of(lang).safety), Outcome::Answered),
        Some(quoted) => (quoted.clone(), Outcome::Answered),
    }
}

fn compose(
    question: &Question,
    found: &Found,
    provider: ProviderKind,
    model: String,
    text: String,
    suggestions: Vec<Suggestion>,
) -> Answer {
    Answer {
        id: record::new_id(),
        answer: text,
        hybrid_mode: question.route == Route::Hybrid,
        rag_enabled: question.route != Route::Ask,
        rag_type: question.route.rag_type(),
        // A model asked without the site's passages cites none; the basic response cites what it quotes.
        sources: if question.route == Route::Ask && provider != ProviderKind::Basic {
            Vec::new()
        } else {
            found.sources()
        },
        provider,
        model,
        suggestions,
        cached: false,
    }
}
