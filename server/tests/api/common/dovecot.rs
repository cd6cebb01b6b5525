//! A real POP3 server for the mailbox tests: Debian's Dovecot (`dovecot-pop3d`), started with its own
//! configuration in a temporary folder, plain POP3 (with STLS) and POP3 over TLS on free ports of
//! 127.0.0.1, a certificate for 127.0.0.1 signed by a CA made for the test (`ca_file`, which the
//! server under test trusts through `MAIL_CA_FILE`), and one Maildir per user.

use std::{
    os::unix::fs::PermissionsExt,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::Duration,
};

use crate::email_delivery::free_port;

pub(crate) const PASSWORD: &str = "pointe-mailbox-secret";

pub(crate) struct Dovecot {
    dir: tempfile::TempDir,
    pub plain_port: u16,
    pub tls_port: u16,
    child: Child,
    /// The owner of the Maildirs (Dovecot does not serve mail as root).
    owner: Option<(u32, u32)>,
    delivered: std::cell::Cell<u32>,
}

fn run(command: &mut Command) {
    let output = command.output().unwrap_or_else(|err| panic!("{command:?}: {err}"));
    assert!(output.status.success(), "{command:?}: {}", String::from_utf8_lossy(&output.stderr));
}

/// `(uid, gid)` of a system user, from /etc/passwd.
fn system_user(name: &str) -> Option<(u32, u32)> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.first() == Some(&name)).then(|| Some((fields[2].parse().ok()?, fields[3].parse().ok()?)))?
    })
}

fn certificates(dir: &Path) {
    let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    run(Command::new("openssl").current_dir(dir).args(["req", "-x509"]).args(ec).args([
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "2",
        "-subj",
        "/CN=Pointe test CA",
    ]));
    run(Command::new("openssl").current_dir(dir).args(["req"]).args(ec).args([
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
        "-subj",
        "/CN=127.0.0.1",
    ]));
    std::fs::write(
        dir.join("server.ext"),
        "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n\
         subjectAltName=IP:127.0.0.1,DNS:pop3.pointe.test\n",
    )
    .unwrap();
    run(Command::new("openssl").current_dir(dir).args([
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "server.pem",
        "-days",
        "2",
        "-extfile",
        "server.ext",
    ]));
}

impl Dovecot {
    /// Dovecot with the users `users` (password `PASSWORD`), answering on both ports.
    pub(crate) fn start(users: &[&str]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::set_permissions(root, std::fs::Permissions::from_mode(0o755)).unwrap();
        certificates(root);
        let is_root = std::process::Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
        let (login_user, internal_user, owner) = if is_root {
            ("dovenull".to_owned(), "dovecot".to_owned(), system_user("dovecot"))
        } else {
            let me = String::from_utf8(Command::new("id").arg("-un").output().unwrap().stdout).unwrap();
            (me.trim().to_owned(), me.trim().to_owned(), None)
        };
        let (uid, gid) = owner.unwrap_or_else(|| {
            let id = |flag| String::from_utf8(Command::new("id").arg(flag).output().unwrap().stdout).unwrap();
            (id("-u").trim().parse().unwrap(), id("-g").trim().parse().unwrap())
        });
        let users_file: String = users.iter().map(|user| format!("{user}:{{PLAIN}}{PASSWORD}\n")).collect();
        std::fs::write(root.join("users"), users_file).unwrap();
        let (plain_port, tls_port) = (free_port(), free_port());
        let dir_path = root.display();
        let config = format!(
            "protocols = pop3\nlisten = 127.0.0.1\nbase_dir = {dir_path}/run\nstate_dir = {dir_path}/state\n\
             log_path = {dir_path}/dovecot.log\nssl = yes\nssl_cert = <{dir_path}/server.pem\nssl_key = <{dir_path}/server.key\n\
             disable_plaintext_auth = no\nauth_mechanisms = plain\n\
             default_login_user = {login_user}\ndefault_internal_user = {internal_user}\n\
             mail_location = maildir:{dir_path}/mail/%u\nfirst_valid_uid = {uid}\n\
             passdb {{\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u {dir_path}/users\n}}\n\
             userdb {{\n  driver = static\n  args = uid={uid} gid={gid} home={dir_path}/mail/%u\n}}\n\
             service pop3-login {{\n  inet_listener pop3 {{\n    port = {plain_port}\n  }}\n\
             inet_listener pop3s {{\n    port = {tls_port}\n    ssl = yes\n  }}\n}}\n"
        );
        std::fs::write(root.join("dovecot.conf"), config).unwrap();
        for user in users {
            for folder in ["new", "cur", "tmp"] {
                std::fs::create_dir_all(root.join("mail").join(user).join(folder)).unwrap();
            }
        }
        let child = Command::new("/usr/sbin/dovecot")
            .args(["-F", "-c"])
            .arg(root.join("dovecot.conf"))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("Dovecot: make test installs dovecot-pop3d");
        let dovecot = Self { dir, plain_port, tls_port, child, owner, delivered: 0.into() };
        dovecot.chown_mail();
        dovecot.wait_until_answering();
        dovecot
    }

    fn wait_until_answering(&self) {
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", self.tls_port)).is_ok()
                && std::net::TcpStream::connect(("127.0.0.1", self.plain_port)).is_ok()
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let log = std::fs::read_to_string(self.dir.path().join("dovecot.log")).unwrap_or_default();
        panic!("Dovecot did not start: {log}");
    }

    fn chown_mail(&self) {
        let Some((uid, gid)) = self.owner else { return };
        let mut folders = vec![self.dir.path().join("mail")];
        while let Some(path) = folders.pop() {
            std::os::unix::fs::chown(&path, Some(uid), Some(gid)).unwrap();
            if path.is_dir() {
                folders.extend(std::fs::read_dir(&path).unwrap().map(|entry| entry.unwrap().path()));
            }
        }
    }

    /// The CA the server's certificate is signed by (for `MAIL_CA_FILE`).
    pub(crate) fn ca_file(&self) -> PathBuf {
        self.dir.path().join("ca.pem")
    }

    /// Puts a message into `user`'s mailbox, as a mail server delivering it would.
    pub(crate) fn deliver(&self, user: &str, raw: &str) {
        let number = self.delivered.get() + 1;
        self.delivered.set(number);
        let name = format!("{}.M{number}P{}.pointe-test", 1_700_000_000 + number, std::process::id());
        let maildir = self.dir.path().join("mail").join(user);
        // Maildir files hold lines ending in LF; Dovecot sends them with CRLF.
        std::fs::write(maildir.join("tmp").join(&name), raw.replace("\r\n", "\n")).unwrap();
        std::fs::rename(maildir.join("tmp").join(&name), maildir.join("new").join(&name)).unwrap();
        self.chown_mail();
    }
}

impl Drop for Dovecot {
    fn drop(&mut self) {
        // SIGTERM: the master stops its login and auth processes too.
        let _ = Command::new("kill").arg(self.child.id().to_string()).status();
        let _ = self.child.wait();
    }
}
