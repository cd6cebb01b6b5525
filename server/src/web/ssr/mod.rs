//! Pages drawn on the server: the web app's own React tree, rendered by its render bundle
//! (`web/src/ssr/render.tsx`, built to `web/dist-ssr/render.js`) in QuickJS (`engine`). The drawn
//! markup and the data it was drawn from go into the page, so the page reads whole without script and
//! the app takes it over without a call. The engine starts with the first page asked for; when the
//! bundle is missing or broken, or the engine is busy, the page goes out undrawn and the app draws it.

mod engine;

use std::{
    path::PathBuf,
    sync::{
        mpsc::{self, SyncSender, TrySendError},
        OnceLock,
    },
};

use axum::{Extension, Router};
use tokio::{
    runtime::Handle,
    sync::{oneshot, OnceCell},
};

use crate::{lang::Lang, AppState};

/// Pages waiting for the engine beyond the one it draws; more and a page goes out undrawn at once.
const QUEUE: usize = 16;

/// A page as the bundle drew it.
pub struct Drawn {
    /// The markup inside `#root`.
    pub html: String,
    /// The page data's JSON (`web/src/ssr/renderedPage.ts`).
    pub data: String,
}

pub struct Renderer {
    bundle: PathBuf,
    /// The API's routes, which answer the bundle's reads; set once they are built. Without their state,
    /// which each page's job gets (the state holds this renderer).
    api: OnceLock<Router<AppState>>,
    /// The engine's queue, once started; `None` inside when it could not start.
    engine: OnceCell<Option<SyncSender<engine::Job>>>,
}

impl Renderer {
    pub fn new(bundle: PathBuf) -> Self {
        if !bundle.exists() {
            tracing::warn!(bundle = %bundle.display(), "no render bundle; pages go out undrawn (run `make build`)");
        }
        Self { bundle, api: OnceLock::new(), engine: OnceCell::new() }
    }

    /// Gives the renderer the routes that answer its API reads (`app` does, once it has built them).
    pub fn connect(&self, api: Router<AppState>) {
        let _ = self.api.set(api);
    }

    /// The page at `url` (path and query) drawn in `lang`, or `None` when it goes out undrawn.
    pub async fn draw(&self, state: &AppState, url: &str, lang: Lang) -> Option<Drawn> {
        let api = self.api.get()?.clone().layer(Extension(state.clone())).with_state(state.clone());
        let queue = self.engine.get_or_init(|| self.start()).await.as_ref()?;
        let (reply, drawn) = oneshot::channel();
        let job = engine::Job { url: url.to_owned(), lang: lang.code(), api, handle: Handle::current(), reply };
        match queue.try_send(job) {
            Ok(()) => drawn.await.ok().flatten(),
            // Busy, or stopped by a panic (which the log shows).
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => None,
        }
    }

    /// Starts the engine: its queue once the bundle has loaded.
    async fn start(&self) -> Option<SyncSender<engine::Job>> {
        if !self.bundle.exists() {
            return None;
        }
        let (jobs, queue) = mpsc::sync_channel(QUEUE);
        let (ready, loaded) = oneshot::channel();
        let bundle = self.bundle.clone();
        let spawned =
            std::thread::Builder::new().name("page-render".into()).spawn(move || engine::run(&bundle, queue, ready));
        if let Err(err) = spawned {
            tracing::error!(error = %err, "cannot start the render engine");
            return None;
        }
        match loaded.await {
            Ok(Ok(())) => Some(jobs),
            Ok(Err(err)) => {
                tracing::error!(error = %err, "the render bundle did not load; pages go out undrawn");
                None
            }
            Err(_) => None,
        }
    }
}
