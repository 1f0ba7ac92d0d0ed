/**
 * `caravan-docs hash-password`: prints a scrypt hash for `passwordHash` in config/users.yml.
 *   printf 'secret' | caravan-docs hash-password
 * At a terminal it asks twice, without echoing what is typed.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { hashPassword } from '../auth/password.ts';
import { commandArgs } from './args.ts';
import { CommandError } from './command-error.ts';

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
      if (!answered) reject(new CommandError('no password was entered.', 1));
    });
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdin();
  const first = await askHidden('Password: ');
  if (first.length === 0) return first;
  const second = await askHidden('Repeat the password: ');
  if (first !== second) throw new CommandError('the two passwords differ; nothing was hashed.', 1);
  return first;
}

export async function hashPasswordCommand(args: string[]): Promise<void> {
  commandArgs(args, {});
  const password = await readPassword();
  if (password.length === 0) throw new CommandError('the password is empty; nothing was hashed.', 1);
  process.stdout.write(`${await hashPassword(password)}\n`);
  process.stderr.write('Put it in config/users.yml as passwordHash.\n');
}
