import type { APIRoute } from 'astro';
import { handleAuthRequest } from '../auth-runtime.ts';

/** `/api/auth/*`: Auth.js (sign-in, callbacks, sign-out, session, CSRF), with failed sign-ins rate limited. */
export const prerender = false;

// The middleware has read the session (and checked it was not revoked) into locals.reader.
export const ALL: APIRoute = ({ request, clientAddress, locals }) => handleAuthRequest(request, clientAddress, locals.reader);
