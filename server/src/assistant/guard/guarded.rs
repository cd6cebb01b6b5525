//! A model's answer on its way to the asker: held until its language is known (another language fails
//! the provider), then released sentence by sentence, each sentence that names what the context did
//! not hold left out, and so is a sentence said before (small models loop).

use super::{
    grounding::Grounding,
    language::{verdict, Verdict},
};
use crate::{
    assistant::{
        providers::{ErrorType, Failure, ProviderKind, Receiver},
        sentences,
        stream::Output,
    },
    lang::Lang,
};

/// The longest answer taken: a provider that goes on past it ignored the token limit it was given.
const MAX_ANSWER_BYTES: usize = 64 * 1024;
/// Letters the language is first judged on (a Hebrew answer may well open with a Latin brand name).
const LANGUAGE_SAMPLE: usize = 60;
/// Letters after which an unsure language check lets the answer through.
const LANGUAGE_PATIENCE: usize = 300;

pub(crate) struct GuardedAnswer<'a> {
    lang: Lang,
    grounding: &'a Grounding,
    output: &'a Output,
    provider: ProviderKind,
    model: &'a str,
    pending: String,
    released: String,
    /// The sentences released so far, trimmed and lower-cased.
    said: std::collections::HashSet<String>,
    language_known: bool,
    dropped: usize,
    started: bool,
    /// Milliseconds from `began` (the provider's call) to its first piece: the model's time to first token.
    first_token_ms: Option<i64>,
    began: std::time::Instant,
}

impl<'a> GuardedAnswer<'a> {
    pub(crate) fn new(
        lang: Lang,
        grounding: &'a Grounding,
        output: &'a Output,
        provider: ProviderKind,
        model: &'a str,
    ) -> Self {
        Self {
            lang,
            grounding,
            output,
            provider,
            model,
            pending: String::new(),
            released: String::new(),
            said: std::collections::HashSet::new(),
            language_known: false,
            dropped: 0,
            started: false,
            first_token_ms: None,
            began: std::time::Instant::now(),
        }
    }

    /// The checked answer once the model is done, with its time to first token; `truncated` drops a
    /// sentence it did not finish.
    pub(crate) fn finish(mut self, truncated: bool) -> Result<(String, Option<i64>), Failure> {
        if !self.language_known && verdict(self.lang, &self.pending) == Verdict::Differs {
            return Err(language_failure());
        }
        self.release();
        let rest = std::mem::take(&mut self.pending);
        if !truncated && !rest.trim().is_empty() {
            self.offer(&rest);
        }
        let answer = self.released.trim();
        if answer.is_empty() {
            let kind = if self.dropped > 0 { ErrorType::Grounding } else { ErrorType::Empty };
            return Err(Failure::new(
                kind,
                format!("nothing usable in the answer ({} sentences left out)", self.dropped),
            ));
        }
        Ok((answer.to_owned(), self.first_token_ms))
    }

    fn release(&mut self) {
        while let Some(end) = sentences::first_end(&self.pending) {
            let sentence: String = self.pending.drain(..end).collect();
            self.offer(&sentence);
        }
    }

    fn offer(&mut self, sentence: &str) {
        if !self.said.insert(sentence.trim().to_lowercase()) {
            return;
        }
        if !self.grounding.allows(sentence) {
            self.dropped += 1;
            return;
        }
        if !self.started {
            self.started = true;
            self.output.start(self.provider, self.model);
        }
        self.released.push_str(sentence);
        self.output.delta(sentence);
    }
}

impl Receiver for GuardedAnswer<'_> {
    fn piece(&mut self, text: &str) -> Result<(), Failure> {
        self.first_token_ms.get_or_insert_with(|| self.began.elapsed().as_millis() as i64);
        self.pending.push_str(text);
        if self.pending.len() + self.released.len() > MAX_ANSWER_BYTES {
            return Err(Failure::new(ErrorType::Invalid, "the answer went on past 64 KiB"));
        }
        if !self.language_known {
            let letters = self.pending.chars().filter(|c| c.is_alphabetic()).count();
            if letters < LANGUAGE_SAMPLE {
                return Ok(());
            }
            match verdict(self.lang, &self.pending) {
                Verdict::Matches => self.language_known = true,
                Verdict::Differs => return Err(language_failure()),
                Verdict::Unsure if letters >= LANGUAGE_PATIENCE => self.language_known = true,
                Verdict::Unsure => return Ok(()),
            }
        }
        self.release();
        Ok(())
    }
}

fn language_failure() -> Failure {
    Failure::new(ErrorType::Language, "answered in another language than the question's")
}
