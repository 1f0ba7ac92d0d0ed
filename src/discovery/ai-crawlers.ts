/**
 * The well-known AI crawlers that get their own group in robots.txt. Named groups do not inherit
 * the `User-agent: *` rules, so every group repeats them. This is the only list: edit it here.
 */
export interface AiCrawler {
  /** The user-agent token the crawler matches in robots.txt. */
  token: string;
  operator: string;
  purpose: string;
}

export const AI_CRAWLERS: readonly AiCrawler[] = [
  { token: 'GPTBot', operator: 'OpenAI', purpose: 'model training' },
  { token: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search index' },
  { token: 'ChatGPT-User', operator: 'OpenAI', purpose: 'fetches on a user request' },
  { token: 'ClaudeBot', operator: 'Anthropic', purpose: 'model training' },
  { token: 'Claude-User', operator: 'Anthropic', purpose: 'fetches on a user request' },
  { token: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'search index' },
  { token: 'PerplexityBot', operator: 'Perplexity', purpose: 'search index' },
  { token: 'Google-Extended', operator: 'Google', purpose: 'Gemini training and grounding' },
  { token: 'Applebot-Extended', operator: 'Apple', purpose: 'model training' },
  { token: 'CCBot', operator: 'Common Crawl', purpose: 'open web corpus' },
  { token: 'meta-externalagent', operator: 'Meta', purpose: 'model training' },
  { token: 'Amazonbot', operator: 'Amazon', purpose: 'search and AI answers' },
];
