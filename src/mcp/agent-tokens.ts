/**
 * Agent tokens: bearer credentials a signed-in reader creates on their account page for an MCP
 * client, carrying that reader's roles. Only a SHA-256 hash of each token is kept (a token is 256
 * random bits, so a plain hash cannot be reversed), with its name, creation and last use; a
 * revoked token stops working at once. The store is one interface with an in-memory
 * implementation; a shared store (several server instances) implements the same interface.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Reader } from '../model/access.ts';

/** What is kept of a token. */
interface AgentTokenRecord {
  id: string;
  /** SHA-256 of the token, hex. */
  hash: string;
  /** The reader it acts for, and their roles when it was created. */
  reader: Reader;
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

export function memoryAgentTokens(now: () => Date = () => new Date()): AgentTokenStore {
  const byHash = new Map<string, AgentTokenRecord>();
  const readerTokens = (readerId: string) => [...byHash.values()].filter((record) => record.reader.id === readerId);
  return {
    async create(reader, name) {
      const cleanName = name.trim().slice(0, MAX_TOKEN_NAME);
      if (cleanName === '') throw new AgentTokenError('Give the token a name, such as the assistant that will use it.');
      if (readerTokens(reader.id).length >= MAX_TOKENS_PER_READER) throw new AgentTokenError(`You have ${MAX_TOKENS_PER_READER} tokens; revoke one before creating another.`);
      const token = `${AGENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const record: AgentTokenRecord = { id: randomBytes(8).toString('hex'), hash: hashToken(token), reader: { id: reader.id, name: reader.name, roles: [...reader.roles] }, name: cleanName, createdAt: now().toISOString() };
      byHash.set(record.hash, record);
      return { token, record: { ...record } };
    },
    async list(readerId) {
      return readerTokens(readerId)
        .map((record) => ({ ...record }))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    async revoke(readerId, id) {
      const record = readerTokens(readerId).find((candidate) => candidate.id === id);
      if (!record) return false;
      byHash.delete(record.hash);
      return true;
    },
    async verify(token) {
      if (!token.startsWith(AGENT_TOKEN_PREFIX)) return undefined;
      const record = byHash.get(hashToken(token));
      if (!record) return undefined;
      record.lastUsedAt = now().toISOString();
      return { ...record };
    },
  };
}

/** A reader's mistake on the account page (shown to them as it is). */
export class AgentTokenError extends Error {}

/** The server's token store (one per process; swap in a shared implementation for several instances). */
export const agentTokens: AgentTokenStore = memoryAgentTokens();
