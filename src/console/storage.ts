/** The console's per-tab memory (sessionStorage): credentials, inputs, captured variables. Never the URL. */
import type { ConsoleInputs } from './request.ts';

const PREFIX = 'caravan-docs:console:';

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

/**
 * Credentials are remembered per security scheme and per default credential, so consoles that
 * start from the same sandbox credential share what the reader typed, and a console whose
 * operation needs another one (a partner's, say) keeps its own.
 */
const credentialKey = (scheme: string, fallback: string) => `credential:${scheme}:${fallback}`;

/** The remembered credential, else `fallback`. */
export function savedCredential(scheme: string, fallback: string): string {
  return read<string>(credentialKey(scheme, fallback)) ?? fallback;
}

export function saveCredential(scheme: string, fallback: string, value: string): void {
  write(credentialKey(scheme, fallback), value);
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

/** Whether code samples call the local sandbox (`npm run sandbox`) rather than the API's host. */
export function savedSampleTarget(): 'api' | 'local' {
  return read<string>('sample-target') === 'local' ? 'local' : 'api';
}

export function saveSampleTarget(target: 'api' | 'local'): void {
  write('sample-target', target);
}

/** Where Send goes on sites that allow the real API: the sandbox unless the reader chose otherwise in this tab. */
export function savedSendTarget(): 'sandbox' | 'real' {
  return read<string>('send-target') === 'real' ? 'real' : 'sandbox';
}

export function saveSendTarget(target: 'sandbox' | 'real'): void {
  write('send-target', target);
}
