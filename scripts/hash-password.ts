/**
 * `npm run hash-password`: prints a scrypt hash for `passwordHash` in config/users.yml.
 *   printf 'secret' | npm run -s hash-password
 * At a terminal it asks twice, without echoing what is typed.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/auth/password.ts';

const USAGE = `Usage: npm run -s hash-password [-- --help]

Prints a password hash for config/users.yml. The password is read from stdin
(printf 'secret' | npm run -s hash-password) or asked for twice at a terminal.
One trailing newline on stdin is ignored.`;

/** A mistake by the person running the command: printed without a stack trace. */
class UserError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Asks for one line at the terminal; typed characters are echoed to a stream that drops them. */
function askHidden(prompt: string): Promise<string> {
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let answered = false;
    rl.on('SIGINT', () => {
      process.stderr.write('\n');
      process.exit(130);
    });
    rl.once('line', (line) => {
      answered = true;
      process.stderr.write('\n');
      rl.close();
      resolve(line);
    });
    rl.once('close', () => {
      if (!answered) reject(new UserError('\nhash-password: no password was entered.'));
    });
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdin();
  const first = await askHidden('Password: ');
  if (first.length === 0) return first;
  const second = await askHidden('Repeat the password: ');
  if (first !== second) throw new UserError('hash-password: the two passwords differ; nothing was hashed.');
  return first;
}

async function main(): Promise<void> {
  let help: boolean | undefined;
  try {
    ({ help } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } }).values);
  } catch (error) {
    throw new UserError(`hash-password: ${(error as Error).message}\n\n${USAGE}`, 2);
  }
  if (help === true) {
    console.log(USAGE);
    return;
  }
  const password = await readPassword();
  if (password.length === 0) throw new UserError('hash-password: the password is empty; nothing was hashed.');
  process.stdout.write(`${await hashPassword(password)}\n`);
  process.stderr.write('Put it in config/users.yml as passwordHash.\n');
}

try {
  await main();
} catch (error) {
  console.error(error instanceof UserError ? error.message : `hash-password: ${(error as Error).message}`);
  process.exitCode = error instanceof UserError ? error.exitCode : 1;
}
