//! A small SMTP server for what aiosmtpd cannot do: refuse some recipients (`gone…` for good with 550,
//! `busy…` for now with 451), take its time over each message, and count what it accepted.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

pub(crate) struct FakeSmtp {
    pub port: u16,
    delivered: Arc<Mutex<Vec<String>>>,
}

impl FakeSmtp {
    /// Listens on a free port of 127.0.0.1; each message's end of data is answered after `delay`.
    pub(crate) async fn start(delay: Duration) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let delivered = Arc::new(Mutex::new(Vec::new()));
        let record = delivered.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(session(socket, delay, record.clone()));
            }
        });
        Self { port, delivered }
    }

    /// The recipients of every message accepted so far, in order (one may come twice).
    pub(crate) fn delivered(&self) -> Vec<String> {
        self.delivered.lock().unwrap().clone()
    }
}

async fn session(socket: tokio::net::TcpStream, delay: Duration, delivered: Arc<Mutex<Vec<String>>>) {
    let (reader, mut writer) = socket.into_split();
    let mut lines = BufReader::new(reader).lines();
    if writer.write_all(b"220 fake ESMTP\r\n").await.is_err() {
        return;
    }
    let mut recipients = Vec::new();
    let mut in_data = false;
    while let Ok(Some(line)) = lines.next_line().await {
        let answer: &[u8] = if in_data {
            if line != "." {
                continue;
            }
            in_data = false;
            tokio::time::sleep(delay).await;
            delivered.lock().unwrap().append(&mut recipients);
            b"250 2.0.0 queued\r\n"
        } else {
            let upper = line.to_uppercase();
            if upper.starts_with("EHLO") {
                b"250 fake\r\n"
            } else if upper.starts_with("RCPT") && upper.contains("GONE") {
                b"550 5.1.1 No such user here\r\n"
            } else if upper.starts_with("RCPT") && upper.contains("BUSY") {
                b"451 4.3.0 Try again later\r\n"
            } else if upper.starts_with("RCPT") {
                let address = line.split(['<', '>']).nth(1).unwrap_or_default().to_owned();
                recipients.push(address);
                b"250 2.1.5 ok\r\n"
            } else if upper.starts_with("RSET") || upper.starts_with("MAIL") {
                recipients.clear();
                b"250 2.0.0 ok\r\n"
            } else if upper.starts_with("DATA") {
                in_data = true;
                b"354 go ahead\r\n"
            } else if upper.starts_with("QUIT") {
                let _ = writer.write_all(b"221 bye\r\n").await;
                return;
            } else {
                b"250 ok\r\n"
            }
        };
        if writer.write_all(answer).await.is_err() {
            return;
        }
    }
}
