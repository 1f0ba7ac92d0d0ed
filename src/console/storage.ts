/** The console's per-tab memory (sessionStorage): tokens, inputs, captured variables. Never the URL. */
import type { ConsoleInputs } from './request.ts';

const PREFIX = 'caravan-console:';

function read<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(PREFIX + key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage disabled or full: the console still works for this page.
  }
}

export const SANDBOX_TOKENS = ['sandbox-trader', 'sandbox-viewer', 'sandbox-partner'] as const;

/** The remembered token of an interface (main or partner), else its sandbox default. */
export function savedToken(apiInterface: 'main' | 'partner'): string {
  return read<string>(`token:${apiInterface}`) ?? (apiInterface === 'partner' ? 'sandbox-partner' : 'sandbox-trader');
}

export function saveToken(apiInterface: 'main' | 'partner', token: string): void {
  write(`token:${apiInterface}`, token);
}

export function savedInputs(key: string): ConsoleInputs | undefined {
  const inputs = read<ConsoleInputs>(`inputs:${key}`);
  return inputs && typeof inputs.bodyText === 'string' && typeof inputs.params === 'object' ? inputs : undefined;
}

export function saveInputs(key: string, inputs: ConsoleInputs): void {
  write(`inputs:${key}`, inputs);
}

export function savedVariables(): Record<string, string> {
  return read<Record<string, string>>('variables') ?? {};
}

export function saveVariables(variables: Record<string, string>): void {
  write('variables', variables);
}
