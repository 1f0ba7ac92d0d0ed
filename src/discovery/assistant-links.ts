/**
 * "Open in …" links for a page: each assistant's address with a prompt naming the page's
 * absolute Markdown URL, so the assistant fetches the clean source rather than the HTML.
 * Only for public pages: an assistant fetches from its own servers and cannot read a gated URL.
 */

export interface AssistantLink {
  name: string;
  href: string;
}

/** Assistants whose web apps take a prefilled prompt in the query string. */
const ASSISTANTS: ReadonlyArray<{ name: string; prefix: string }> = [
  { name: 'ChatGPT', prefix: 'https://chatgpt.com/?hints=search&q=' },
  { name: 'Claude', prefix: 'https://claude.ai/new?q=' },
  { name: 'Perplexity', prefix: 'https://www.perplexity.ai/search?q=' },
];

/** The prompt every assistant gets: read the page's Markdown, then answer questions about it. */
export function assistantPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} so I can ask questions about it.`;
}

/** One link per assistant; the prompt is encoded as one query value (spaces as %20). */
export function assistantLinks(markdownUrl: string): AssistantLink[] {
  const prompt = encodeURIComponent(assistantPrompt(markdownUrl));
  return ASSISTANTS.map(({ name, prefix }) => ({ name, href: `${prefix}${prompt}` }));
}
