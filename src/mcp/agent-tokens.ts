/**
 * Agent tokens: bearer credentials a signed-in reader creates on their account page for an MCP
 * client, acting for that reader with at most the roles they had then (each use checks the
 * reader again: src/mcp/token-reader.ts). Only a SHA-256 hash of each token is kept (a token is 256
 * random bits, so a plain hash cannot be reversed), with its name, creation and last use; a
 * revoked token stops working at once, on every instance of the server.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Reader, ReaderSource } from '../model/access.ts';
import { sharedStore, type SharedStore } from '../server/store/index.ts';

/** What is kept of a token. */
interface AgentTokenRecord {
  id: string;
  /** SHA-256 of the token, hex. */
  hash: string;
  /** The reader it acts for, and their roles when it was created (at most what it may use: src/mcp/token-reader.ts). */
  reader: Reader;
  /** How that reader signed in when creating it (absent on tokens from before it was recorded). */
  source?: ReaderSource | undefined;
  name: string;
  createdAt: string;
  lastUsedAt?: string | undefined;
}

export interface AgentTokenStore {
  /** A new token for the reader; the token itself is returned only here. */
  create(reader: Reader, name: string): Promise<{ token: string; record: AgentTokenRecord }>;
  /** The reader's tokens, newest first. */
  list(readerId: string): Promise<AgentTokenRecord[]>;
  /** false when the reader has no such token. */
  revoke(readerId: string, id: string): Promise<boolean>;
  /** Ends every token of the reader (an admin's "sign out everywhere"); how many there were. */
  revokeAll(readerId: string): Promise<number>;
  /** The live token's record (its last use updated), or undefined. */
  verify(token: string): Promise<AgentTokenRecord | undefined>;
}

/** Tokens start with this, so they are recognised (and caught by secret scanners). */
export const AGENT_TOKEN_PREFIX = 'cdat_';
export const MAX_TOKENS_PER_READER = 20;
export const MAX_TOKEN_NAME = 80;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token lives this long unless revoked first (the store drops it then); a new one takes a click. */
export const AGENT_TOKEN_LIFETIME_MS = 90 * 24 * 60 * 60_000;

const tokenKey = (hash: string) => `agent-token:${hash}`;
// Last use lives apart from the record: verify never writes the record, so it cannot bring back a token revoked meanwhile.
const usedKey = (hash: string) => `agent-token-used:${hash}`;
const readerKey = (readerId: string) => `agent-tokens:${readerId}`;
// Last use is written at most this often, so a busy agent costs no write per request.
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * Agent tokens kept in the server's shared store (memory on one instance, Redis for a fleet):
 * `agent-token:{hash}` holds the record, `agent-token-used:{hash}` its last use; `agent-tokens:{reader}`
 * maps each token id to its hash, for the account page. Revocation deletes the record, so every
 * instance refuses it at once.
 */
export function agentTokensIn(store: () => SharedStore, now: () => Date = () => new Date()): AgentTokenStore {
  const records = async (readerId: string): Promise<AgentTokenRecord[]> => {
    const hashes = Object.values(await store().mapEntries(readerKey(readerId)));
    if (hashes.length === 0) return [];
    const values = await store().getMany([...hashes.map(tokenKey), ...hashes.map(usedKey)]);
    return hashes.flatMap((_, index) => {
      const value = values[index];
      if (!value) return [];
      const record = JSON.parse(value) as AgentTokenRecord;
      return [{ ...record, lastUsedAt: values[hashes.length + index] ?? undefined }];
    });
  };
  const remainingMs = (record: AgentTokenRecord) => Date.parse(record.createdAt) + AGENT_TOKEN_LIFETIME_MS - now().getTime();
  return {
    async create(reader, name) {
      const cleanName = name.trim().slice(0, MAX_TOKEN_NAME);
      if (cleanName === '') throw new AgentTokenError('Give the token a name, such as the assistant that will use it.');
      if ((await records(reader.id)).length >= MAX_TOKENS_PER_READER) throw new AgentTokenError(`You have ${MAX_TOKENS_PER_READER} tokens; revoke one before creating another.`);
      const token = `${AGENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const record: AgentTokenRecord = { id: randomBytes(8).toString('hex'), hash: hashToken(token), reader: { id: reader.id, name: reader.name, roles: [...reader.roles] }, ...(reader.source ? { source: reader.source } : {}), name: cleanName, createdAt: now().toISOString() };
      await store().set(tokenKey(record.hash), JSON.stringify(record), AGENT_TOKEN_LIFETIME_MS);
      await store().mapSet(readerKey(reader.id), record.id, record.hash, AGENT_TOKEN_LIFETIME_MS);
      return { token, record };
    },
    async list(readerId) {
      return (await records(readerId)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    async revoke(readerId, id) {
      const hash = (await store().mapEntries(readerKey(readerId)))[id];
      if (!hash) return false;
      await store().delete(tokenKey(hash));
      await store().mapDelete(readerKey(readerId), id);
      return true;
    },
    async revokeAll(readerId) {
      const hashes = Object.values(await store().mapEntries(readerKey(readerId)));
      await Promise.all(hashes.map((hash) => store().delete(tokenKey(hash))));
      await store().delete(readerKey(readerId));
      return hashes.length;
    },
    async verify(token) {
      if (!token.startsWith(AGENT_TOKEN_PREFIX)) return undefined;
      const hash = hashToken(token);
      const [value, used] = await store().getMany([tokenKey(hash), usedKey(hash)]);
      if (!value) return undefined;
      const record = JSON.parse(value) as AgentTokenRecord;
      const at = now();
      if (!used || at.getTime() - Date.parse(used) >= LAST_USE_RESOLUTION_MS) {
        const left = remainingMs(record);
        if (left > 0) await store().set(usedKey(hash), at.toISOString(), left);
        return { ...record, lastUsedAt: at.toISOString() };
      }
      return { ...record, lastUsedAt: used };
    },
  };
}

/** A reader's mistake on the account page (shown to them as it is). */
export class AgentTokenError extends Error {}

/** The server's tokens, in the process's shared store (CARAVAN_DOCS_REDIS_URL), read at first use. */
export const agentTokens: AgentTokenStore = agentTokensIn(sharedStore);
