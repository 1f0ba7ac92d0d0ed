import { randomBytes } from 'node:crypto';

/** A new id for every build: its UTC time (readable in logs) and 6 random bytes (two builds in one second differ). */
export function newBuildId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(6).toString('hex')}`;
}
