/** An event API from tests/fixtures/asyncapi/ as the sandbox runs it in Node: parsed, compiled, validators from Ajv. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEventApi } from '../../../../src/asyncapi/parse.ts';
import { eventSandboxParts, eventValidators, type EventSandboxParts } from '../../../../src/sandbox/build/event-runtime.ts';
import { createEventSandbox, type EventSandbox, type EventSandboxOptions } from '../../../../src/sandbox/core/events/sandbox.ts';

export const FIXTURES = join(import.meta.dirname, '../../../fixtures/asyncapi');

export async function eventParts(name: string): Promise<EventSandboxParts> {
  const file = join(FIXTURES, name);
  return eventSandboxParts(await parseEventApi(readFileSync(file, 'utf8'), file));
}

export async function eventSandbox(name: string, options: Omit<EventSandboxOptions, 'api' | 'validators'> = {}): Promise<EventSandbox> {
  const parts = await eventParts(name);
  return createEventSandbox({ ...options, api: parts.api, validators: eventValidators(parts) });
}

/** A frame's JSON. */
export const json = (frame: { data: string } | undefined): any => JSON.parse(frame!.data);
