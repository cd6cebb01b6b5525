//! A POP3 client (RFC 1939, with STLS from RFC 2595) over tokio and rustls: only what the mailbox screen
//! needs — sign in, count, list unique ids and sizes, read headers (`TOP n 0`), read and delete one
//! message. No maintained async crate fitted (TLS on rustls, a deadline on every read, failures told
//! apart for the admin), and the protocol is small. Every wait is bounded by `WAIT`.

use std::{path::Path, sync::Arc, time::Duration};

use serde::Serialize;
use tokio::{
    io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader},
    net::TcpStream,
};
use tokio_rustls::{
    rustls::{self, pki_types::ServerName},
    TlsConnector,
};
use utoipa::ToSchema;

use crate::email::settings::Security;

/// The longest the client waits for the server at any step (the screen's test answers within it).
pub(crate) const WAIT: Duration = Duration::from_secs(10);
/// A message larger than this is not read whole (it is still listed and can be deleted).
pub(crate) const MAX_MESSAGE_BYTES: usize = 20 * 1024 * 1024;

/// Why the mailbox could not be read, in words an admin can act on (the screen words each kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MailboxFailure)]
pub(crate) enum Failure {
    /// The server's name does not resolve.
    NameNotFound,
    /// Nothing listens there, or the network refused.
    Refused,
    /// No answer in time.
    Timeout,
    /// TLS could not be set up: an untrusted or mismatched certificate, or not TLS at all.
    Tls,
    /// The server refused the user name or password.
    Credentials,
    /// The server does not offer STLS although STARTTLS was chosen.
    NoStarttls,
    /// The server answered something a POP3 server should not.
    Protocol,
}

#[derive(Debug, thiserror::Error)]
#[error("{detail}")]
pub(crate) struct Pop3Error {
    pub failure: Failure,
    pub detail: String,
}

impl Pop3Error {
    fn new(failure: Failure, detail: impl Into<String>) -> Self {
        Self { failure, detail: detail.into() }
    }

    fn io(err: std::io::Error) -> Self {
        // rustls reports a bad certificate or handshake as an I/O error wrapping its own.
        if err.get_ref().is_some_and(|inner| inner.is::<rustls::Error>()) {
            return Self::new(Failure::Tls, err.to_string());
        }
        Self::new(Failure::Protocol, format!("the connection broke: {err}"))
    }
}

pub(crate) type Pop3Result<T> = Result<T, Pop3Error>;

/// Where and as whom to sign in.
pub(crate) struct Account<'a> {
    /// Whether the server may be on this machine or a private network (`private_hosts`).
    pub allow_private: bool,
    pub host: &'a str,
    pub port: u16,
    pub security: Security,
    pub username: &'a str,
    pub password: &'a str,
}

trait Io: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Io for T {}

/// A signed-in session. Deletions take effect at `quit` (RFC 1939's UPDATE state); a session dropped
/// without it deletes nothing.
pub(crate) struct Session {
    stream: BufReader<Box<dyn Io>>,
}

impl Session {
    /// Connects, sets up TLS as chosen and signs in. `trusted` adds certificate authorities (PEM) to
    /// the public ones, for a mail server with a private CA.
    pub(crate) async fn open(account: &Account<'_>, trusted: Option<&Path>) -> Pop3Result<Self> {
        let tcp = connect(account.host, account.port, account.allow_private).await?;
        let mut session = match account.security {
            Security::Tls => Self::over(Box::new(tls(tcp, account.host, trusted).await?)),
            Security::None | Security::Starttls => Self::over(Box::new(tcp)),
        };
        session.reply().await?;
        if account.security == Security::Starttls {
            session.command("STLS").await.map_err(|err| match err.failure {
                Failure::Protocol => Pop3Error::new(Failure::NoStarttls, err.detail),
                _ => err,
            })?;
            if !session.stream.buffer().is_empty() {
                return Err(Pop3Error::new(Failure::Protocol, "the server sent data before TLS began"));
            }
            let plain = session.stream.into_inner();
            session = Self::over(Box::new(tls(plain, account.host, trusted).await?));
        }
        session.command(&format!("USER {}", single_line(account.username)?)).await.map_err(credentials)?;
        session.command(&format!("PASS {}", single_line(account.password)?)).await.map_err(credentials)?;
        Ok(session)
    }

    fn over(io: Box<dyn Io>) -> Self {
        Self { stream: BufReader::new(io) }
    }

    /// The number of messages and their total size in bytes.
    pub(crate) async fn stat(&mut self) -> Pop3Result<(u32, u64)> {
        let reply = self.command("STAT").await?;
        let mut parts = reply.split_whitespace();
        let count = parts.next().and_then(|n| n.parse().ok());
        let size = parts.next().and_then(|n| n.parse().ok());
        count.zip(size).ok_or_else(|| Pop3Error::new(Failure::Protocol, format!("STAT answered \"{reply}\"")))
    }

    /// Each message's number and unique id (UIDL), which stays the same across sessions.
    pub(crate) async fn unique_ids(&mut self) -> Pop3Result<Vec<(u32, String)>> {
        let listing = self.listing("UIDL").await?;
        Ok(pairs(&listing).map(|(number, id)| (number, id.to_owned())).collect())
    }

    /// Each message's number and size in bytes.
    pub(crate) async fn sizes(&mut self) -> Pop3Result<Vec<(u32, u64)>> {
        let listing = self.listing("LIST").await?;
        Ok(pairs(&listing).filter_map(|(number, size)| Some((number, size.parse().ok()?))).collect())
    }

    /// A message's header (`TOP n 0`): the server sends no body.
    pub(crate) async fn header(&mut self, number: u32) -> Pop3Result<Vec<u8>> {
        self.multiline(&format!("TOP {number} 0")).await
    }

    pub(crate) async fn message(&mut self, number: u32) -> Pop3Result<Vec<u8>> {
        self.multiline(&format!("RETR {number}")).await
    }

    pub(crate) async fn delete(&mut self, number: u32) -> Pop3Result<()> {
        self.command(&format!("DELE {number}")).await.map(drop)
    }

    /// Ends the session; the server then carries out the deletions.
    pub(crate) async fn quit(mut self) -> Pop3Result<()> {
        self.command("QUIT").await.map(drop)
    }

    /// Sends one command and reads its one-line answer: the text after `+OK`.
    async fn command(&mut self, line: &str) -> Pop3Result<String> {
        self.stream.write_all(format!("{line}\r\n").as_bytes()).await.map_err(Pop3Error::io)?;
        self.stream.flush().await.map_err(Pop3Error::io)?;
        self.reply().await
    }

    async fn reply(&mut self) -> Pop3Result<String> {
        let line = self.line(1024).await?;
        let line = String::from_utf8_lossy(&line).trim_end().to_owned();
        if let Some(rest) = line.strip_prefix("+OK") {
            Ok(rest.trim().to_owned())
        } else if let Some(rest) = line.strip_prefix("-ERR") {
            Err(Pop3Error::new(Failure::Protocol, rest.trim()))
        } else {
            Err(Pop3Error::new(Failure::Protocol, format!("not a POP3 answer: \"{}\"", cut(&line))))
        }
    }

    /// A command whose answer is many lines ending with "." alone, dot-stuffing undone.
    async fn multiline(&mut self, line: &str) -> Pop3Result<Vec<u8>> {
        self.command(line).await?;
        let mut body = Vec::new();
        loop {
            let line = self.line(MAX_MESSAGE_BYTES).await?;
            if line == b".\r\n" || line == b".\n" {
                return Ok(body);
            }
            if body.len() + line.len() > MAX_MESSAGE_BYTES {
                return Err(Pop3Error::new(Failure::Protocol, "the message is too large to read"));
            }
            body.extend_from_slice(line.strip_prefix(b".").unwrap_or(&line));
        }
    }

    async fn listing(&mut self, command: &str) -> Pop3Result<String> {
        Ok(String::from_utf8_lossy(&self.multiline(command).await?).into_owned())
    }

    /// One line with its ending, at most `limit` bytes, within `WAIT`.
    async fn line(&mut self, limit: usize) -> Pop3Result<Vec<u8>> {
        let mut line = Vec::new();
        let mut limited = AsyncReadExt::take(&mut self.stream, limit as u64);
        let read = tokio::time::timeout(WAIT, limited.read_until(b'\n', &mut line));
        match read.await {
            Err(_) => Err(Pop3Error::new(Failure::Timeout, "the server did not answer in time")),
            Ok(Err(err)) => Err(Pop3Error::io(err)),
            Ok(Ok(0)) => Err(Pop3Error::new(Failure::Protocol, "the server closed the connection")),
            Ok(Ok(_)) if !line.ends_with(b"\n") => Err(Pop3Error::new(Failure::Protocol, "an answer line is too long")),
            Ok(Ok(_)) => Ok(line),
        }
    }
}

/// `work` within `WAIT` as a whole, for an answer the admin waits for.
pub(crate) async fn in_time<T>(work: impl std::future::Future<Output = Pop3Result<T>>) -> Pop3Result<T> {
    tokio::time::timeout(WAIT, work)
        .await
        .unwrap_or_else(|_| Err(Pop3Error::new(Failure::Timeout, "the server did not answer in time")))
}

async fn connect(host: &str, port: u16, allow_private: bool) -> Pop3Result<TcpStream> {
    let resolve = tokio::time::timeout(WAIT, tokio::net::lookup_host((host, port)));
    let addresses: Vec<_> = match resolve.await {
        Err(_) => return Err(Pop3Error::new(Failure::Timeout, format!("looking up {host} took too long"))),
        Ok(Err(err)) => return Err(Pop3Error::new(Failure::NameNotFound, format!("{host}: {err}"))),
        Ok(Ok(addresses)) => addresses.collect(),
    };
    // Connected to the very addresses checked, so a name cannot change its answer in between.
    if !allow_private
        && addresses.iter().any(|address: &std::net::SocketAddr| crate::private_hosts::is_private(address.ip()))
    {
        return Err(Pop3Error::new(Failure::Refused, format!("{host}: {}", crate::private_hosts::REFUSED.english)));
    }
    let mut last = Pop3Error::new(Failure::NameNotFound, format!("{host} has no address"));
    for address in addresses {
        match tokio::time::timeout(WAIT, TcpStream::connect(address)).await {
            Ok(Ok(stream)) => return Ok(stream),
            Ok(Err(err)) => last = Pop3Error::new(Failure::Refused, format!("{address}: {err}")),
            Err(_) => last = Pop3Error::new(Failure::Timeout, format!("{address} did not answer in time")),
        }
    }
    Err(last)
}

async fn tls(stream: impl Io + 'static, host: &str, trusted: Option<&Path>) -> Pop3Result<impl Io> {
    let name = ServerName::try_from(host.to_owned())
        .map_err(|_| Pop3Error::new(Failure::Tls, format!("{host} is not a name a certificate can carry")))?;
    let connector = TlsConnector::from(client_config(trusted)?);
    match tokio::time::timeout(WAIT, connector.connect(name, stream)).await {
        Err(_) => Err(Pop3Error::new(Failure::Timeout, "the TLS handshake took too long")),
        Ok(Err(err)) => Err(Pop3Error::new(Failure::Tls, err.to_string())),
        Ok(Ok(stream)) => Ok(stream),
    }
}

/// The public certificate authorities, plus the configured file's.
fn client_config(trusted: Option<&Path>) -> Pop3Result<Arc<rustls::ClientConfig>> {
    use rustls::pki_types::{pem::PemObject, CertificateDer};
    let mut roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    if let Some(path) = trusted {
        let unreadable = |err: &dyn std::fmt::Display| {
            Pop3Error::new(Failure::Tls, format!("the trusted certificates in {} do not read: {err}", path.display()))
        };
        for certificate in CertificateDer::pem_file_iter(path).map_err(|err| unreadable(&err))? {
            roots.add(certificate.map_err(|err| unreadable(&err))?).map_err(|err| unreadable(&err))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|err| Pop3Error::new(Failure::Tls, err.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// A refusal at sign-in is about the credentials; anything else stays what it was.
fn credentials(err: Pop3Error) -> Pop3Error {
    match err.failure {
        Failure::Protocol => Pop3Error::new(Failure::Credentials, err.detail),
        _ => err,
    }
}

/// A user name or password cannot carry a line break into the next command.
fn single_line(value: &str) -> Pop3Result<&str> {
    if value.contains(['\r', '\n']) {
        return Err(Pop3Error::new(Failure::Credentials, "the user name or password holds a line break"));
    }
    Ok(value)
}

/// `"1 abc\r\n2 def"` as `(1, "abc"), (2, "def")`.
fn pairs(listing: &str) -> impl Iterator<Item = (u32, &str)> {
    listing.lines().filter_map(|line| {
        let (number, rest) = line.trim().split_once(' ')?;
        Some((number.parse().ok()?, rest.trim()))
    })
}

fn cut(line: &str) -> String {
    line.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::pairs;

    #[test]
    fn reads_a_listing() {
        let listing = "1 000001a\r\n2 000001b\r\nnonsense\r\n";
        assert_eq!(pairs(listing).collect::<Vec<_>>(), vec![(1, "000001a"), (2, "000001b")]);
    }
}

#[cfg(test)]
mod proptests {
    use std::io::Cursor;

    use proptest::prelude::*;

    use super::*;

    /// A session whose server has already sent `answer` (what the client writes goes nowhere).
    fn session(answer: Vec<u8>) -> Session {
        Session::over(Box::new(tokio::io::join(Cursor::new(answer), tokio::io::sink())))
    }

    fn run<T>(work: impl std::future::Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("a runtime").block_on(work)
    }

    /// A line of any bytes but its ending.
    fn line(length: std::ops::Range<usize>) -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec(any::<u8>().prop_filter("no line ending", |b| *b != b'\n' && *b != b'\r'), length)
    }

    /// Lines as a server sends them: dot-stuffed, ending with "." alone.
    fn multiline_answer(lines: &[Vec<u8>]) -> Vec<u8> {
        let mut answer = b"+OK here it comes\r\n".to_vec();
        for line in lines {
            if line.starts_with(b".") {
                answer.push(b'.');
            }
            answer.extend_from_slice(line);
            answer.extend_from_slice(b"\r\n");
        }
        answer.extend_from_slice(b".\r\n");
        answer
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_reply_of_any_bytes_is_read_or_refused_within_its_line_limit(
            answer in prop::collection::vec(any::<u8>(), 0..2_000)
        ) {
            match run(session(answer.clone()).reply()) {
                Ok(text) => {
                    prop_assert!(answer.starts_with(b"+OK"));
                    // One line of at most 1024 bytes, each invalid byte read as U+FFFD (3 bytes).
                    prop_assert!(text.len() <= 3 * 1024);
                    prop_assert!(!text.contains('\n'));
                }
                Err(err) => prop_assert!(err.detail.len() <= 3 * 1024 + 40, "{}", err.detail.len()),
            }
        }

        #[test]
        fn an_ok_reply_gives_the_text_after_ok(text in "[ -~]{0,200}") {
            let reply = run(session(format!("+OK {text}\r\n").into_bytes()).reply()).unwrap();
            prop_assert_eq!(reply, text.trim());
        }

        #[test]
        fn a_multiline_answer_reads_back_the_lines_it_carried(lines in prop::collection::vec(line(0..120), 0..40)) {
            let body = run(session(multiline_answer(&lines)).multiline("RETR 1")).unwrap();
            let sent: Vec<u8> = lines.iter().flat_map(|line| line.iter().copied().chain(*b"\r\n")).collect();
            prop_assert_eq!(body, sent);
        }

        #[test]
        fn a_multiline_answer_of_any_bytes_is_never_longer_than_what_came(
            rest in prop::collection::vec(prop_oneof![any::<u8>(), Just(b'.'), Just(b'\r'), Just(b'\n')], 0..2_000)
        ) {
            let mut answer = b"+OK\r\n".to_vec();
            answer.extend_from_slice(&rest);
            if let Ok(body) = run(session(answer).multiline("TOP 1 0")) {
                prop_assert!(body.len() <= rest.len());
            }
        }

        #[test]
        fn a_listing_gives_at_most_one_pair_per_line(listing in any::<String>()) {
            for (_, value) in pairs(&listing) {
                prop_assert_eq!(value, value.trim());
                prop_assert!(listing.contains(value));
            }
            prop_assert!(pairs(&listing).count() <= listing.lines().count());
        }

        #[test]
        fn a_generated_listing_is_read_back(entries in prop::collection::vec((any::<u32>(), "[!-~]{1,70}"), 0..50)) {
            let listing: String = entries.iter().map(|(number, id)| format!("{number} {id}\r\n")).collect();
            let read: Vec<(u32, String)> = pairs(&listing).map(|(number, id)| (number, id.to_owned())).collect();
            prop_assert_eq!(read, entries);
        }

        #[test]
        fn stat_reads_its_two_numbers_or_fails(reply in "[0-9 a-z]{0,40}") {
            let mut words = reply.split_whitespace();
            let count = words.next().and_then(|word| word.parse::<u32>().ok());
            let expected = count.zip(words.next().and_then(|word| word.parse::<u64>().ok()));
            let read = run(session(format!("+OK {reply}\r\n").into_bytes()).stat()).ok();
            prop_assert_eq!(read, expected);
        }

        #[test]
        fn only_a_value_with_a_line_break_is_refused_as_a_credential(value in any::<String>()) {
            prop_assert_eq!(single_line(&value).is_err(), value.contains('\r') || value.contains('\n'));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_large_multiline_answer_is_read_whole(line in line(50..120), repeat in 2_000..4_000usize) {
            let lines = vec![line; repeat];
            let body = run(session(multiline_answer(&lines)).multiline("RETR 1")).unwrap();
            prop_assert_eq!(body.len(), lines.iter().map(|line| line.len() + 2).sum::<usize>());
        }

        #[test]
        fn a_large_listing_is_read_in_one_pass(id in "[!-~]{1,70}", repeat in 5_000..10_000usize) {
            let listing: String = (1..=repeat).map(|number| format!("{number} {id}\r\n")).collect();
            prop_assert_eq!(pairs(&listing).count(), repeat);
        }

        #[test]
        fn a_reply_line_longer_than_its_limit_is_refused(text in "[ -~]{1,10}", repeat in 10_000..50_000usize) {
            let answer = format!("+OK {}\r\n", text.repeat(repeat)).into_bytes();
            let err = run(session(answer).reply()).unwrap_err();
            prop_assert_eq!(err.failure, Failure::Protocol);
        }
    }
}
