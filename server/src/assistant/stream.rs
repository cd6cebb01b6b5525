//! How an answer reaches a client that streams (`Accept: text/event-stream`): server-sent events
//! `start` (a provider starts; drop any text so far), `delta` (the next piece), then `done` (the whole
//! checked answer) or `error` (an error answer's body: `{error, code}`).

use std::convert::Infallible;

use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use serde_json::json;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio_stream::{wrappers::UnboundedReceiverStream, Stream, StreamExt};

use super::{model::Answer, providers::ProviderKind};
use crate::error::ErrorAnswer;

pub(crate) enum Event {
    Start { provider: ProviderKind, model: String },
    Delta(String),
    Done(Box<Answer>),
    Failed(Box<ErrorAnswer>),
}

/// Where an answer's events go: a streaming client, or nowhere (a plain JSON answer).
#[derive(Clone, Default)]
pub(crate) struct Output(Option<UnboundedSender<Event>>);

impl Output {
    pub(crate) fn streaming() -> (Self, UnboundedReceiver<Event>) {
        let (sender, receiver) = unbounded_channel();
        (Self(Some(sender)), receiver)
    }

    pub(crate) fn is_streaming(&self) -> bool {
        self.0.is_some()
    }

    pub(crate) fn start(&self, provider: ProviderKind, model: &str) {
        self.send(Event::Start { provider, model: model.to_owned() });
    }

    pub(crate) fn delta(&self, text: &str) {
        self.send(Event::Delta(text.to_owned()));
    }

    pub(crate) fn send(&self, event: Event) {
        if let Some(sender) = &self.0 {
            // A client that went away no longer reads; the answer is still finished and recorded.
            let _ = sender.send(event);
        }
    }
}

/// The events as the client reads them.
pub(crate) fn response(events: UnboundedReceiver<Event>) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let stream = UnboundedReceiverStream::new(events).map(|event| {
        Ok(match event {
            Event::Start { provider, model } => {
                SseEvent::default().event("start").json_data(json!({ "provider": provider, "model": model }))
            }
            Event::Delta(text) => SseEvent::default().event("delta").json_data(json!({ "text": text })),
            Event::Done(answer) => SseEvent::default().event("done").json_data(answer),
            Event::Failed(answer) => SseEvent::default().event("error").json_data(answer),
        }
        .expect("events serialise"))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}
