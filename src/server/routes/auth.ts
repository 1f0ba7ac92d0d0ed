import type { APIRoute } from 'astro';
import { handleAuthRequest } from '../auth-runtime.ts';

/** `/api/auth/*`: Auth.js (sign-in, callbacks, sign-out, session, CSRF), with failed sign-ins rate limited. */
export const prerender = false;

export const ALL: APIRoute = ({ request, clientAddress }) => handleAuthRequest(request, clientAddress);
