//! Serving connections with time limits. axum's own `serve` installs no timer, so hyper's header-read
//! timeout never fires and a client that trickles a request's head holds its connection for ever
//! (slow-loris). This is that loop with a timer: the head must arrive within `header_read`, and on the
//! shutdown signal open connections finish what they are serving (for at most `drain`) before the loop
//! returns. HTTP/1.1 only, as before (axum's default): a proxy in front speaks HTTP/2 to browsers.

use std::{future::Future, net::SocketAddr, pin::pin, time::Duration};

use axum::{body::Body, extract::ConnectInfo, Router};
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
    /// From the shutdown signal to closing the connections still serving.
    pub drain: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self { header_read: Duration::from_secs(10), drain: Duration::from_secs(8) }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then lets open requests finish.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits, shutdown: impl Future<Output = ()>) {
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read);
    let graceful = GracefulShutdown::new();
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
        let service = app.clone().map_request(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(remote));
            request.map(Body::new)
        });
        let connection =
            graceful.watch(builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)));
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, "connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(limits.drain, graceful.shutdown()).await.is_err() {
        tracing::warn!("connections still open after {:?}: closing them", limits.drain);
    }
}
