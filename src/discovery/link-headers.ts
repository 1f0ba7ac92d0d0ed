/**
 * The `Link` header values that lead from a page to its Markdown source and to llms.txt, and
 * back: one spelling for the server's answers and for the static hosts' rules files.
 */

/** The llms.txt index: `describedby` is IANA-registered ("a resource that describes this one"); `llms-txt` is not. */
export function llmsLinkHeader(base: string): string {
  return `<${base}llms.txt>; rel="describedby"`;
}

/** `Link` of an HTML page: its Markdown source, and llms.txt when the site has one. */
export function pageLinkHeader(sourcePath: string, base: string, llmsTxt: boolean): string {
  return [`<${sourcePath}>; rel="alternate"; type="text/markdown"`, ...(llmsTxt ? [llmsLinkHeader(base)] : [])].join(', ');
}

/** `Link` of a Markdown source: the HTML page is canonical, and llms.txt when the site has one. */
export function sourceLinkHeader(pagePath: string, base: string, llmsTxt: boolean): string {
  return [`<${pagePath}>; rel="canonical"; type="text/html"`, ...(llmsTxt ? [llmsLinkHeader(base)] : [])].join(', ');
}
