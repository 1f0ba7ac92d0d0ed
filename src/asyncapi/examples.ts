/** A message's example payload: the description's first, else one made from its schema. Pure. */
import { sample } from 'openapi-sampler';
import type { EventMessage } from './types.ts';

export function messageExample(message: EventMessage): unknown {
  const example = message.examples.find((entry) => entry.payload !== undefined);
  if (example) return example.payload;
  if (!message.payload) return undefined;
  try {
    return sample(message.payload as object, { quiet: true, maxSampleDepth: 6 } as never);
  } catch {
    return undefined;
  }
}
