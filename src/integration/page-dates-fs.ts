/** The date each page file last changed, for datedModel: its last commit (one `git log` for the tree), else the file's modification time. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gitLastModified } from '../discovery/git-dates.ts';

export function fileDates(docsRoot: string): (file: string) => string | undefined {
  const committed = gitLastModified(docsRoot);
  return (file) => {
    const date = committed.get(file);
    if (date !== undefined) return date;
    try {
      return statSync(join(docsRoot, file)).mtime.toISOString().replace(/\.\d{3}Z$/, 'Z');
    } catch {
      return undefined;
    }
  };
}
