//! A real DNS server for the DKIM tests: Debian's dnsmasq on a free port of 127.0.0.1, answering only
//! the TXT records it is given (no upstream, no hosts file).

use std::process::{Child, Command, Stdio};

use crate::email_delivery::free_port;

pub(crate) struct Dnsmasq {
    pub port: u16,
    child: Child,
}

impl Dnsmasq {
    /// `records`: a name and its text, split into the 255-byte strings a TXT record holds.
    pub(crate) fn start(records: &[(&str, &str)]) -> Self {
        let port = free_port();
        let mut command = Command::new("/usr/sbin/dnsmasq");
        command.args(["--keep-in-foreground", "--listen-address=127.0.0.1", "--bind-interfaces", "--no-resolv"]);
        command.args(["--no-hosts", "--conf-file=/dev/null", "--pid-file=", &format!("--port={port}")]);
        for (name, text) in records {
            let strings: Vec<String> =
                text.as_bytes().chunks(255).map(|chunk| String::from_utf8(chunk.to_vec()).unwrap()).collect();
            command.arg(format!("--txt-record={name},{}", strings.join(",")));
        }
        let child = command
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("dnsmasq: make test installs dnsmasq-base");
        let dnsmasq = Self { port, child };
        // dnsmasq answers on UDP once it listens on TCP too.
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return dnsmasq;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("dnsmasq did not start on port {port}");
    }
}

impl Drop for Dnsmasq {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
