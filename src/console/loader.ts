/**
 * The only console code a page loads up front (a few hundred bytes): it imports the console
 * and the sandbox once the page is interactive and idle, or at once when the reader reaches
 * for a console or opens a permalink.
 */
import { loadWhenWanted } from './load-when-wanted.ts';

loadWhenWanted('[data-try-it]', () => void import('./console.ts').then((module) => module.mountAll()), location.hash.startsWith('#try='));
