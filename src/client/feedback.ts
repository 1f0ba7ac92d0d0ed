// The feedback control (src/components/Feedback.astro): yes or no, then an optional comment. Each
// answer goes to the analytics providers as a `Feedback` event and, when the site names one, to
// its own collector as a JSON POST. Nothing is stored in the browser.
import { track } from './track.ts';

interface Answer {
  page: string;
  version: string;
  locale: string;
  helpful: 'yes' | 'no';
  comment?: string;
}

function post(endpoint: string, answer: Answer): void {
  void fetch(endpoint, { method: 'POST', mode: 'cors', credentials: 'omit', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(answer) }).catch(() => {
    // A collector that is down loses this answer; the reader is not bothered with it.
  });
}

for (const section of document.querySelectorAll<HTMLElement>('[data-feedback]')) {
  const answerForm = section.querySelector<HTMLFormElement>('.feedback-answer')!;
  const commentForm = section.querySelector<HTMLFormElement>('.feedback-comment')!;
  const status = section.querySelector<HTMLElement>('.feedback-status')!;
  const { endpoint, version = '', locale = '', thanks = '', sent = '' } = section.dataset;
  const base: Omit<Answer, 'helpful'> = { page: location.pathname, version, locale };
  let helpful: Answer['helpful'] | undefined;
  const send = (answer: Answer) => {
    track('feedback', { ...answer });
    if (endpoint) post(endpoint, answer);
  };
  answerForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = (event.submitter as HTMLButtonElement | null)?.value;
    if (value !== 'yes' && value !== 'no') return;
    helpful = value;
    send({ ...base, helpful });
    answerForm.hidden = true;
    commentForm.hidden = false;
    status.textContent = thanks;
    commentForm.querySelector('textarea')?.focus();
  });
  commentForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const comment = commentForm.querySelector('textarea')?.value.trim().slice(0, 500) ?? '';
    if (helpful === undefined || comment === '') return;
    send({ ...base, helpful, comment });
    commentForm.hidden = true;
    status.textContent = sent;
    // The form the focus was in is gone: the focus moves to the thanks, which screen readers also hear (role=status).
    status.tabIndex = -1;
    status.focus();
  });
  section.hidden = false;
}
