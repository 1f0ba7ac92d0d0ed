/** One condition `/readyz` checks: the build, later the shared store. */
export interface ReadinessCheck {
  name: string;
  /** True when ready; false or a throw or a timeout means not ready. */
  check: () => boolean | Promise<boolean>;
}

export interface Readiness {
  ready: boolean;
  /** Each check's outcome by name: `ok`, `failing` or `timeout`. */
  checks: Record<string, 'ok' | 'failing' | 'timeout'>;
}

/** Runs every check at once; one that takes longer than `timeoutMs` counts as not ready, so a slow store never hangs a probe. */
export async function checkReadiness(checks: readonly ReadinessCheck[], timeoutMs: number): Promise<Readiness> {
  const outcomes = await Promise.all(checks.map(async ({ name, check }) => [name, await outcomeOf(check, timeoutMs)] as const));
  return { ready: outcomes.every(([, outcome]) => outcome === 'ok'), checks: Object.fromEntries(outcomes) };
}

async function outcomeOf(check: ReadinessCheck['check'], timeoutMs: number): Promise<'ok' | 'failing' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const result = Promise.resolve()
      .then(check)
      .then(
        (ok): 'ok' | 'failing' => (ok ? 'ok' : 'failing'),
        (): 'failing' => 'failing',
      );
    return await Promise.race([result, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
