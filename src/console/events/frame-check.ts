/**
 * What a frame of an event console's log is: which message of the channel it is, checked against
 * that message's schema, or why it is none of them. Outgoing frames are checked against the
 * messages the reader sends at the connection's address, incoming ones against those the API
 * sends there (its own messages and the replies). The sandbox's error frames are named as such.
 * Pure: the validators come from the API's sandbox module.
 */
import { matchAddress } from '../../sandbox/core/events/address.ts';
import { mismatch } from '../../sandbox/core/events/errors.ts';
import type { EventRuntimeApi, EventRuntimeMessage, EventRuntimeOperation, OperationMismatch } from '../../sandbox/core/events/types.ts';
import type { Validator } from '../../sandbox/core/types.ts';

export type Direction = 'sent' | 'received';

export type FrameCheck =
  /** A message of the channel, valid against its schema. */
  | { state: 'valid'; operation: string; message: string }
  /** None of the channel's messages; when it was meant for one (by the values its message fixes, as the sandbox reads it), why not. */
  | { state: 'invalid'; mismatch?: OperationMismatch | undefined }
  /** The sandbox's error frame: `{ "error": { "code", "message" } }`. */
  | { state: 'error'; code: string; text: string }
  /** Nothing to check it against (no message of the channel in that direction). */
  | { state: 'unchecked' };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The operations at a connection's path. */
export function operationsAt(api: EventRuntimeApi, path: string): EventRuntimeOperation[] {
  return api.operations.filter((operation) => matchAddress(operation, path) !== undefined);
}

/** The messages a frame in that direction may be, each with its operation. */
function candidates(operations: readonly EventRuntimeOperation[], direction: Direction): Array<{ operation: EventRuntimeOperation; message: EventRuntimeMessage }> {
  return operations.flatMap((operation) => {
    if (direction === 'sent') return operation.action === 'send' ? operation.messages.map((message) => ({ operation, message })) : [];
    if (operation.action === 'receive') return operation.messages.map((message) => ({ operation, message }));
    return (operation.reply ?? []).map((message) => ({ operation, message }));
  });
}

function addressedTo(message: EventRuntimeMessage, value: unknown): boolean {
  const tags = Object.entries(message.tags ?? {});
  return tags.length > 0 && isObject(value) && tags.every(([name, wanted]) => JSON.stringify(value[name]) === JSON.stringify(wanted));
}

export function checkFrame(operations: readonly EventRuntimeOperation[], validators: Readonly<Record<string, Validator>>, direction: Direction, text: string): FrameCheck {
  const parsed = parse(text);
  const tried: Array<{ entry: OperationMismatch; meant: boolean }> = [];
  for (const { operation, message } of candidates(operations, direction)) {
    if (message.json && parsed === undefined) continue;
    const value = message.json ? parsed!.value : text;
    const validate = message.schema === undefined ? undefined : validators[message.schema];
    if (validate === undefined || validate(value)) return { state: 'valid', operation: operation.id, message: message.id };
    tried.push({ entry: mismatch(operation.id, message.id, validate.errors), meant: addressedTo(message, value) });
  }
  const error = direction === 'received' && parsed && isObject(parsed.value) && isObject(parsed.value['error']) ? parsed.value['error'] : undefined;
  if (error && typeof error['code'] === 'string') return { state: 'error', code: error['code'], text: typeof error['message'] === 'string' ? error['message'] : '' };
  if (tried.length === 0 && candidates(operations, direction).length === 0) return { state: 'unchecked' };
  return { state: 'invalid', mismatch: tried.find((entry) => entry.meant)?.entry };
}

/** A channel's URL on a server: its address below the server's URL, each `{parameter}` filled (encoded) from `values`. */
export function channelUrl(server: string, address: string | undefined, values: Readonly<Record<string, string>>): string {
  const path = (address ?? '').replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  return `${server.replace(/\/+$/, '')}${path === '' || path.startsWith('/') ? path : `/${path}`}`;
}

/** A server URL with each variable (`wss://{region}.example.com`) as its name: a URL the browser takes, and the sandbox answers for any name there. */
export function withoutVariables(server: string): string {
  return server.replace(/\{([^{}]+)\}/g, (_, name: string) => name.replace(/[^A-Za-z0-9-]/g, '-') || 'x');
}
