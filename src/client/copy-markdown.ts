// "Copy page as Markdown": fetches the page's .md source and puts it on the clipboard.

const button = document.querySelector<HTMLButtonElement>('[data-copy-markdown]');
const liveStatus = document.querySelector<HTMLElement>('[data-copy-markdown-status]');
const label = button?.textContent ?? '';
// The page's language: PageActions.astro puts the texts on the button.
const { copied = 'Copied', copyFailed = 'Copy failed', pageCopied = 'Page copied as Markdown' } = button?.dataset ?? {};

const show = (text: string) => {
  if (!button || !liveStatus) return;
  button.textContent = text;
  liveStatus.textContent = text === copied ? pageCopied : text;
  setTimeout(() => {
    button.textContent = label;
    liveStatus.textContent = '';
  }, 2000);
};

button?.addEventListener('click', async () => {
  const text = fetch(button.dataset.copyMarkdown!).then((response) => {
    if (!response.ok) throw new Error(String(response.status));
    return response.text();
  });
  try {
    // A ClipboardItem takes the text still being fetched, so Safari keeps the click's permission.
    if (typeof ClipboardItem === 'function') {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((body) => new Blob([body], { type: 'text/plain' })) })]);
    } else {
      await navigator.clipboard.writeText(await text);
    }
    show(copied);
  } catch {
    show(copyFailed);
  }
});
