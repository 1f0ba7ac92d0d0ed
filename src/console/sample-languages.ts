/** The languages code samples are written in, in the order readers see them; pure data. */
export type SampleLanguage = 'curl' | 'fetch' | 'node' | 'python' | 'go' | 'java' | 'csharp' | 'php' | 'ruby' | 'swift';

/** `label` names the tab (and syncs it across pages); `fence` is the Markdown and highlighter language. */
export const SAMPLE_LANGUAGES: ReadonlyArray<{ id: SampleLanguage; label: string; fence: string }> = [
  { id: 'curl', label: 'curl', fence: 'bash' },
  { id: 'fetch', label: 'JavaScript', fence: 'js' },
  { id: 'node', label: 'Node.js', fence: 'js' },
  { id: 'python', label: 'Python', fence: 'python' },
  { id: 'go', label: 'Go', fence: 'go' },
  { id: 'java', label: 'Java', fence: 'java' },
  { id: 'csharp', label: 'C#', fence: 'csharp' },
  { id: 'php', label: 'PHP', fence: 'php' },
  { id: 'ruby', label: 'Ruby', fence: 'ruby' },
  { id: 'swift', label: 'Swift', fence: 'swift' },
];

/** The `data-sync` key of code-sample tabs: the reader's language is remembered across pages. */
export const SAMPLE_TABS_SYNC = 'code-samples';
