/**
 * The rules of the llms.txt reference parser (AnswerDotAI's `llms_txt` package, the format's
 * own implementation at llmstxt.org), restated in TypeScript so the discovery tests hold every
 * generated index to them:
 *   - the file splits into H2 sections at each line starting `##` (an `###` line starts one too);
 *   - before the first of them: `# Title`, then an optional `> summary` line, then free prose;
 *   - inside a section, EVERY non-empty line must hold a link item `- [title](url): notes`, where
 *     the title has no `]` and the URL no `)` (the parser fails on any other line).
 * It throws where the reference parser would fail, naming the line.
 */
export interface ParsedLlmsTxt {
  title: string;
  summary: string | undefined;
  info: string;
  sections: Map<string, Array<{ title: string; url: string; notes: string | undefined }>>;
}

const SECTION_HEADING = /^##\s*(.*?)$/m;
const LINK_ITEM = /-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<notes>.*))?/;
const HEADER = /^#\s*(?<title>.+?)$\n+(?:^>\s*(?<summary>.+?)$)?\n+(?<info>.*)/ms;

export function parseLikeReference(text: string): ParsedLlmsTxt {
  const [start = '', ...rest] = text.split(new RegExp(SECTION_HEADING.source, 'gm'));
  const sections: ParsedLlmsTxt['sections'] = new Map();
  for (let index = 0; index < rest.length; index += 2) {
    const name = rest[index]!;
    const items = (rest[index + 1] ?? '').trim().split(/\n+/).filter((line) => line.trim() !== '').map((line) => {
      const match = LINK_ITEM.exec(line);
      if (!match?.groups) throw new Error(`llms.txt section "${name}": the reference parser cannot read the line ${JSON.stringify(line)} (every line of an H2 section must be a "- [title](url): notes" item).`);
      return { title: match.groups['title']!, url: match.groups['url']!, notes: match.groups['notes'] };
    });
    sections.set(name, items);
  }
  const header = HEADER.exec(start.trim());
  if (!header?.groups) throw new Error('llms.txt: the reference parser needs "# Title", an optional "> summary" and the text before the first H2.');
  return { title: header.groups['title']!, summary: header.groups['summary'], info: header.groups['info']!, sections };
}
