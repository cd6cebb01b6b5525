//! Serving connections with time limits. axum's own `serve` installs no timer, so hyper's header-read
//! timeout never fires and a client that trickles a request's head holds its connection for ever
//! (slow-loris). This is that loop with a timer: the head must arrive within `header_read`, and on the
//! shutdown signal kept-alive connections are retired (for at most `linger`) and open ones finish what they
//! are serving (for at most `drain`) before the loop returns. HTTP/1.1 only, as before (axum's default): a proxy in front speaks HTTP/2 to browsers.

use std::{
    future::Future,
    net::SocketAddr,
    pin::pin,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::Duration,
};

use axum::{
    body::Body,
    extract::ConnectInfo,
    http::{header::CONNECTION, HeaderValue},
    Router,
};
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use tokio::net::TcpListener;
use tower::ServiceExt;

/// How long each part of a connection may take.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// From the connection's start (or the previous answer, on a kept-alive one) to a request's whole head.
    pub header_read: Duration,
    /// From the shutdown signal, how long kept-alive connections go on taking requests, each answered with
    /// `Connection: close`. A proxy (nginx) then retires each connection after an answer, instead of
    /// sending a request down one the instance is closing at that moment: a POST lost so is not repeated,
    /// and the visitor gets 502.
    pub linger: Duration,
    /// From the end of `linger` to closing the connections still serving.
    pub drain: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self { header_read: Duration::from_secs(10), linger: Duration::from_secs(1), drain: Duration::from_secs(8) }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then lets open requests finish.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits, shutdown: impl Future<Output = ()>) {
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read);
    let graceful = GracefulShutdown::new();
    let closing = Arc::new(AtomicBool::new(false));
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors, mostly: accepting again at once would spin.
                    tracing::warn!(error = %err, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let closing = closing.clone();
        let service = app
            .clone()
            .map_request(move |mut request: hyper::Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo::<SocketAddr>(remote));
                request.map(Body::new)
            })
            .map_response(move |mut response: axum::response::Response| {
                if closing.load(Ordering::Relaxed) {
                    // hyper closes the connection once this answer is written.
                    response.headers_mut().insert(CONNECTION, HeaderValue::from_static("close"));
                }
                response
            });
        let connection =
            graceful.watch(builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)));
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, "connection ended with an error");
            }
        });
    }
    // New connections are refused from here (a proxy tries the other instance: nothing was sent yet).
    drop(listener);
    closing.store(true, Ordering::Relaxed);
    let lingering = async {
        while graceful.count() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let _ = tokio::time::timeout(limits.linger, lingering).await;
    if tokio::time::timeout(limits.drain, graceful.shutdown()).await.is_err() {
        tracing::warn!("connections still open after {:?}: closing them", limits.drain);
    }
}
