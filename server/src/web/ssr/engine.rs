//! The render bundle in QuickJS, on a thread of its own (a QuickJS runtime stays on one thread): it
//! takes one page at a time. The bundle's `fetch` is answered by the server's own routes, called in
//! process; its timers run only when nothing else is left to do, so a render never waits on a clock.

use std::{
    cell::{Cell, RefCell},
    path::Path,
    rc::Rc,
    sync::mpsc::Receiver,
    time::{Duration, Instant},
};

use anyhow::{anyhow, Context as _};
use axum::{
    body::{to_bytes, Body},
    http::{header, Request},
    Router,
};
use rquickjs::{CatchResultExt, Context, Ctx, Error, Function, Object, Promise, Runtime};
use tokio::{runtime::Handle, sync::oneshot};
use tower::ServiceExt;

use super::Drawn;

/// What the engine may hold; a render that needs more fails and the page goes out undrawn.
const MEMORY_LIMIT: usize = 256 * 1024 * 1024;
/// A render taking longer is stopped (an endless loop in a component must not hold the thread).
const TIME_LIMIT: Duration = Duration::from_secs(5);
/// An API answer larger than this is not read into the page.
const MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;

/// A page to draw, with where to send it.
pub(crate) struct Job {
    pub url: String,
    pub lang: &'static str,
    /// The routes that answer the page's API reads, and the runtime to run them on.
    pub api: Router,
    pub handle: Handle,
    pub reply: oneshot::Sender<Option<Drawn>>,
}

/// The job's routes, while it is drawn: what `pointeHost.fetch` calls.
type CurrentApi = Rc<RefCell<Option<(Router, Handle)>>>;

/// Loads the bundle and draws the jobs as they come, until the sending side is dropped.
pub(crate) fn run(bundle: &Path, jobs: Receiver<Job>, ready: oneshot::Sender<anyhow::Result<()>>) {
    let deadline: Rc<Cell<Option<Instant>>> = Rc::default();
    let api = CurrentApi::default();
    let engine = match Engine::load(bundle, api.clone(), deadline.clone()) {
        Ok(engine) => {
            let _ = ready.send(Ok(()));
            engine
        }
        Err(err) => {
            let _ = ready.send(Err(err));
            return;
        }
    };
    for job in jobs {
        *api.borrow_mut() = Some((job.api, job.handle));
        deadline.set(Some(Instant::now() + TIME_LIMIT));
        let drawn = engine.draw(&job.url, job.lang).unwrap_or_else(|err| {
            // The address holds what a client wrote: cut short in the log.
            let url = crate::text::cut(&job.url, 200);
            tracing::warn!(url, error = %err, "the page could not be drawn; it goes out undrawn");
            None
        });
        deadline.set(None);
        *api.borrow_mut() = None;
        engine.runtime.run_gc();
        let _ = job.reply.send(drawn);
    }
}

struct Engine {
    runtime: Runtime,
    context: Context,
}

impl Engine {
    fn load(bundle: &Path, api: CurrentApi, deadline: Rc<Cell<Option<Instant>>>) -> anyhow::Result<Self> {
        let source = std::fs::read_to_string(bundle).with_context(|| format!("reading {}", bundle.display()))?;
        let runtime = Runtime::new()?;
        runtime.set_memory_limit(MEMORY_LIMIT);
        runtime.set_interrupt_handler(Some(Box::new(move || deadline.get().is_some_and(|at| Instant::now() > at))));
        let context = Context::full(&runtime)?;
        context.with(|ctx| -> anyhow::Result<()> {
            let host = Object::new(ctx.clone())?;
            host.set("fetch", Function::new(ctx.clone(), move |ctx, path| api_get(&ctx, &api, path))?)?;
            host.set("log", Function::new(ctx.clone(), log)?)?;
            ctx.globals().set("pointeHost", host)?;
            ctx.eval::<(), _>(source).catch(&ctx).map_err(|err| anyhow!("the render bundle failed to load: {err}"))
        })?;
        Ok(Self { runtime, context })
    }

    /// The page drawn, or `None` when the bundle says it cannot be drawn whole.
    fn draw(&self, url: &str, lang: &str) -> anyhow::Result<Option<Drawn>> {
        self.context.with(|ctx| {
            let ssr: Object = ctx.globals().get("PointeSsr")?;
            let run_next_timer: Function = ssr.get("runNextTimer")?;
            let drop_timers: Function = ssr.get("dropTimers")?;
            let render: Function = ssr.get("renderPage")?;
            let result = (|| {
                let promise: Promise = render.call((url, lang))?;
                loop {
                    match promise.finish::<Option<Object>>() {
                        Err(Error::WouldBlock) if run_next_timer.call::<_, bool>(())? => continue,
                        Err(Error::WouldBlock) => {
                            return Err(Error::new_from_js_message("promise", "page", "never settled"))
                        }
                        other => return other,
                    }
                }
            })()
            .catch(&ctx)
            .map_err(|err| anyhow!("{err}"));
            drop_timers.call::<_, ()>(())?;
            let Some(drawn) = result? else { return Ok(None) };
            Ok(Some(Drawn { html: drawn.get("html")?, data: drawn.get("data")? }))
        })
    }
}

/// `pointeHost.fetch`: a GET of the server's own API, as an anonymous visitor, answered in process.
fn api_get<'js>(ctx: &Ctx<'js>, api: &CurrentApi, path: String) -> rquickjs::Result<Object<'js>> {
    let Some((api, handle)) = api.borrow().clone() else {
        return Err(rquickjs::Exception::throw_message(ctx, "no page is being drawn"));
    };
    let (status, body) = handle
        .block_on(async {
            let request = Request::get(path).header(header::ACCEPT, "application/json").body(Body::empty())?;
            let response = api.clone().oneshot(request).await?;
            let status = response.status().as_u16();
            let body = to_bytes(response.into_body(), MAX_ANSWER_BYTES).await?;
            anyhow::Ok((status, String::from_utf8_lossy(&body).into_owned()))
        })
        .unwrap_or_else(|err| {
            tracing::warn!(error = %err, "an API read for a drawn page failed");
            (500, String::new())
        });
    let answer = Object::new(ctx.clone())?;
    answer.set("status", status)?;
    answer.set("body", body)?;
    Ok(answer)
}

/// `pointeHost.log`: the bundle's console, in the server's log.
fn log(level: String, message: String) {
    match level.as_str() {
        "error" => tracing::warn!(target: "ssr", "{message}"),
        "warn" => tracing::info!(target: "ssr", "{message}"),
        _ => tracing::debug!(target: "ssr", "{message}"),
    }
}
