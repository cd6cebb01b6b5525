import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * A real POP3 server for the mailbox spec: Debian's Dovecot (`dovecot-pop3d`), started with its own
 * configuration in a temporary folder, plain POP3 (no TLS: the screen's security "none") on a free port of
 * 127.0.0.1, one user in a passwd-file and their Maildir holding the messages given. The server suite's
 * harness (server/tests/api/common/dovecot.rs) is the same, with TLS besides.
 */
export interface Dovecot {
  port: number;
  username: string;
  password: string;
  /** Stops Dovecot (SIGTERM: the master ends its login and auth processes too) and removes its folder. */
  stop: () => Promise<void>;
}

export const DOVECOT_USER = 'bounces';
export const DOVECOT_PASSWORD = 'pointe-mailbox-secret';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `uid` and `gid` of a system user, from /etc/passwd. */
async function systemUser(name: string): Promise<{ uid: number; gid: number } | undefined> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const fields = passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find((entry) => entry[0] === name);
  return fields ? { uid: Number(fields[2]), gid: Number(fields[3]) } : undefined;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Gives the Maildir to the user Dovecot serves mail as (it does not serve mail as root). */
async function chownAll(path: string, owner: { uid: number; gid: number }) {
  await chown(path, owner.uid, owner.gid);
  if (!(await stat(path)).isDirectory()) return;
  for (const name of await readdir(path)) await chownAll(join(path, name), owner);
}

/**
 * Starts Dovecot with `messages` (raw RFC 5322 text, oldest first) in the user's mailbox. As root (the CI
 * container) its processes run as Debian's `dovenull` and `dovecot` users and the mail belongs to
 * `dovecot`; otherwise everything runs as the current user.
 */
export async function startDovecot(messages: readonly string[]): Promise<Dovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'pointe-dovecot-'));
  await chmod(dir, 0o755);
  const isRoot = process.getuid?.() === 0;
  const me = userInfo();
  const owner = isRoot ? await systemUser('dovecot') : { uid: me.uid, gid: me.gid };
  if (!owner) throw new Error('Dovecot: no dovecot system user (apt-get install dovecot-pop3d)');
  const [loginUser, internalUser] = isRoot ? ['dovenull', 'dovecot'] : [me.username, me.username];
  const port = await freePort();

  await writeFile(join(dir, 'users'), `${DOVECOT_USER}:{PLAIN}${DOVECOT_PASSWORD}\n`);
  const config = [
    'protocols = pop3',
    'listen = 127.0.0.1',
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    // Plain POP3 only: no certificate needed.
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain',
    `default_login_user = ${loginUser}`,
    `default_internal_user = ${internalUser}`,
    `mail_location = maildir:${dir}/mail/%u`,
    `first_valid_uid = ${owner.uid}`,
    'passdb {',
    '  driver = passwd-file',
    `  args = scheme=PLAIN username_format=%u ${dir}/users`,
    '}',
    'userdb {',
    '  driver = static',
    `  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/mail/%u`,
    '}',
    'service pop3-login {',
    '  inet_listener pop3 {',
    `    port = ${port}`,
    '  }',
    '  inet_listener pop3s {',
    '    port = 0',
    '  }',
    '}',
    '',
  ].join('\n');
  await writeFile(join(dir, 'dovecot.conf'), config);

  const maildir = join(dir, 'mail', DOVECOT_USER);
  for (const folder of ['new', 'cur', 'tmp']) await mkdir(join(maildir, folder), { recursive: true });
  for (const [index, raw] of messages.entries()) {
    const number = index + 1;
    const name = `${1_700_000_000 + number}.M${number}P${process.pid}.pointe-test`;
    // Maildir files hold lines ending in LF; Dovecot sends them with CRLF. Delivered as a mail server would: written in tmp, moved to new.
    await writeFile(join(maildir, 'tmp', name), raw.replaceAll('\r\n', '\n'));
    await rename(join(maildir, 'tmp', name), join(maildir, 'new', name));
  }
  if (isRoot) await chownAll(join(dir, 'mail'), owner);

  const child: ChildProcess = spawn('/usr/sbin/dovecot', ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failedToStart = new Promise<never>((_, reject) => child.once('error', (error) => reject(new Error(`Dovecot: ${error.message} (apt-get install dovecot-pop3d)`))));

  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  const started = (async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await answers(port)) return;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
    throw new Error(`Dovecot did not start: ${errors}${log}`);
  })();
  try {
    await Promise.race([started, failedToStart]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, username: DOVECOT_USER, password: DOVECOT_PASSWORD, stop };
}
