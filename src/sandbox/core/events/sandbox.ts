/**
 * The event sandbox: a client connects at an address and sends frames; each frame is the message
 * of the first operation at that address whose schema it validates against (several channels may
 * share an address), and a request/reply operation answers with its reply message (the documented
 * example, else one generated from the schema), the request's correlation id copied into it.
 * Anything else gets one error frame (errors.ts) and the connection goes on. Operations the API
 * sends on its own are started with `emit`. Bounded: frame size and rate per connection
 * (types.ts: `DEFAULT_EVENT_LIMITS`); a session holds a rate bucket and nothing that grows.
 * No DOM, no Node: the browser (MSW) and the local server run it alike.
 */
import type { ValidatorSource } from '../types.ts';
import { addressPath, matchAddress } from './address.ts';
import { readCorrelation, writeCorrelation } from './correlation.ts';
import { errorFrame, mismatch, nameList } from './errors.ts';
import { createRateLimiter } from './rate.ts';
import { DEFAULT_EVENT_LIMITS, type EventRuntimeApi, type EventRuntimeMessage, type EventRuntimeOperation, type EventSandboxLimits, type Frame, type OperationMismatch } from './types.ts';

export interface EventSandboxOptions {
  api: EventRuntimeApi;
  /** Validators of the messages' payloads, by key (src/sandbox/build/event-runtime.ts). */
  validators: ValidatorSource;
  /** The time in milliseconds, as `Date.now` (the rate limit's clock). */
  clock?: (() => number) | undefined;
  limits?: Partial<EventSandboxLimits> | undefined;
}

/** One client's connection. */
export interface EventSession {
  /** The connection's address, as the channels' addresses are written (`/v1/marketdata/btcusd`). */
  readonly address: string;
  /** The operations the API sends at this address: what `emit` can start. */
  readonly emittable: readonly string[];
  /** The frames that answer a client's frame: a reply, nothing (an operation without reply took it), or one error frame. */
  receive(frame: string | ArrayBuffer | ArrayBufferView): Frame[];
  /**
   * A frame of an operation the API sends on its own (`heartbeat`): an example of its message
   * (the first message with one, or the one named; the first example, or the one at `example`);
   * undefined when nothing of that id is sent at this address.
   */
  emit(operationId: string, options?: { message?: string; example?: number }): Frame | undefined;
}

export interface EventSandbox {
  readonly api: EventRuntimeApi;
  readonly limits: EventSandboxLimits;
  /** A session for a connection at `path` (the URL path after the server's; a query is ignored), or undefined when no channel has that address. */
  connect(path: string): EventSession | undefined;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** UTF-8 bytes of a string, counted only when its length leaves a doubt. */
function utf8Bytes(text: string, limit: number): number {
  if (text.length > limit) return text.length;
  if (text.length * 3 <= limit) return text.length;
  return new TextEncoder().encode(text).length;
}

const encode = (message: EventRuntimeMessage, payload: unknown) => (!message.json && typeof payload === 'string' ? payload : JSON.stringify(payload ?? null));

/** A frame carries every value the message fixes (`"event": "subscribe"`): it is meant for that message. */
function addressedTo(message: EventRuntimeMessage, value: unknown): boolean {
  const tags = Object.entries(message.tags ?? {});
  return tags.length > 0 && isObject(value) && tags.every(([name, wanted]) => Object.hasOwn(value, name) && JSON.stringify(value[name]) === JSON.stringify(wanted));
}

export function createEventSandbox(options: EventSandboxOptions): EventSandbox {
  const { api, validators } = options;
  const clock = options.clock ?? (() => Date.now());
  const limits: EventSandboxLimits = { ...DEFAULT_EVENT_LIMITS, ...options.limits };

  const check = (message: EventRuntimeMessage, value: unknown) => {
    const validate = message.schema === undefined ? undefined : validators.get(message.schema);
    // A message without a schema, or with one Ajv cannot compile, takes anything (as the HTTP sandbox does).
    if (validate === undefined || validate(value)) return { ok: true as const };
    const errors = (validate.errors ?? []).map((error) => (error.keyword === 'const' ? { ...error, message: `must be ${JSON.stringify(error.params['allowedValue'])}` } : error));
    return { ok: false as const, errors };
  };

  function reply(operation: EventRuntimeOperation, request: EventRuntimeMessage, value: unknown): Frame[] {
    const message = operation.reply?.find((candidate) => candidate.examples.length > 0);
    if (message === undefined) return [];
    let parts = { payload: structuredClone(message.examples[0]) as unknown };
    const from = request.correlationId ?? message.correlationId;
    const to = message.correlationId ?? request.correlationId;
    if (from !== undefined && to !== undefined) {
      const id = readCorrelation({ payload: value }, from);
      const written = writeCorrelation(parts, to, id);
      // Without an id in the request, the example's own id goes, when the reply stays valid without it.
      if (id !== undefined || check(message, written.payload).ok) parts = { payload: written.payload };
    }
    return [{ kind: 'reply', data: encode(message, parts.payload), operation: operation.id, message: message.id }];
  }

  function answer(address: string, operations: readonly EventRuntimeOperation[], text: string): Frame[] {
    const senders = operations.filter((operation) => operation.action === 'send');
    if (senders.length === 0) {
      const sent = operations.map((operation) => operation.id);
      return [errorFrame({ code: 'no_matching_operation', message: `Clients send nothing at \`${address}\`: the API only sends here (${nameList(sent)}).`, operations: [] })];
    }
    let value: unknown;
    let parseError: string | undefined;
    try {
      value = JSON.parse(text);
    } catch (error) {
      parseError = (error as Error).message;
    }
    const tried: OperationMismatch[] = [];
    /** What the frame was meant for, by the values its messages fix. */
    const meant: OperationMismatch[] = [];
    for (const operation of senders) {
      for (const message of operation.messages) {
        // A JSON message needs JSON; another content type's message is the text itself.
        if (message.json && parseError !== undefined) continue;
        const candidate = message.json ? value : text;
        const result = check(message, candidate);
        if (result.ok) return reply(operation, message, candidate);
        const entry = mismatch(operation.id, message.id, result.errors);
        tried.push(entry);
        if (addressedTo(message, candidate)) meant.push(entry);
      }
    }
    if (parseError !== undefined && tried.length === 0) {
      return [errorFrame({ code: 'not_json', message: `The frame is not JSON (${parseError}); every message at \`${address}\` is.` })];
    }
    const [target] = meant;
    if (target !== undefined && meant.length === 1) {
      const first = target.problems[0];
      const why = first === undefined ? '' : `: ${first.pointer || 'the message'} ${first.detail}`;
      return [errorFrame({ code: 'invalid_message', message: `The frame is meant for \`${target.operation}\` (message \`${target.message}\`) but does not follow its schema${why}.`, operations: [target] })];
    }
    const names = [...new Set(tried.map((entry) => entry.operation))];
    return [errorFrame({ code: 'no_matching_operation', message: `No operation at \`${address}\` takes this frame: it is not a message of ${nameList(names, 'or')} (\`operations\` says why for each).`, operations: tried })];
  }

  return {
    api,
    limits,
    connect(path) {
      const address = addressPath(path);
      const operations = api.operations.filter((operation) => matchAddress(operation, address) !== undefined);
      if (operations.length === 0) return undefined;
      const rate = createRateLimiter(limits.framesPerSecond, limits.burstFrames, clock);
      const receivers = operations.filter((operation) => operation.action === 'receive');
      return {
        address,
        emittable: receivers.map((operation) => operation.id),
        receive(frame) {
          const wait = rate.take();
          if (wait > 0) {
            return [errorFrame({ code: 'rate_limited', message: `This connection sent more than ${limits.burstFrames} frames at once (${limits.framesPerSecond} a second on average), so this one was not read; send it again in ${wait} ms.`, retryAfterMs: wait })];
          }
          const bytes = typeof frame === 'string' ? utf8Bytes(frame, limits.frameBytes) : frame.byteLength;
          if (bytes > limits.frameBytes) {
            return [errorFrame({ code: 'too_large', message: `The frame is ${bytes} bytes; this sandbox takes frames of at most ${limits.frameBytes} bytes.` })];
          }
          let text: string;
          try {
            text = typeof frame === 'string' ? frame : decoder.decode(frame);
          } catch {
            return [errorFrame({ code: 'not_json', message: 'The frame is binary and not UTF-8 text; every message here is text.' })];
          }
          return answer(address, operations, text);
        },
        emit(operationId, choice = {}) {
          const operation = receivers.find((candidate) => candidate.id === operationId);
          const message = choice.message === undefined ? operation?.messages.find((candidate) => candidate.examples.length > 0) : operation?.messages.find((candidate) => candidate.id === choice.message);
          const index = choice.example ?? 0;
          if (operation === undefined || message === undefined || !Number.isInteger(index) || index < 0 || index >= message.examples.length) return undefined;
          return { kind: 'message', data: encode(message, message.examples[index]), operation: operation.id, message: message.id };
        },
      };
    },
  };
}
