/**
 * This version's sandbox rules (see the manual, "Sandbox extensions"): the Caravan extension of the
 * generic sandbox engine, shared by every version. Its handlers follow the version's
 * description: 1.1 lists market orders without paging, 2.0-beta accepts `Idempotency-Key`.
 */
export { sandbox } from '../_sandbox/caravan/extension.ts';
