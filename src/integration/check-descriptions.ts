import type { DocsWarning } from '../config/errors.ts';
import { descriptionWarnings } from '../openapi/check.ts';
import { readOpenApi, versionApiSources } from '../openapi/openapi-fs.ts';
import type { SiteModel } from '../model/types.ts';
import { uncheckedPatterns } from '../sandbox/build/schemas.ts';

/**
 * Reads and checks every version's OpenAPI description when the build starts, so a description
 * the generator cannot take stops it with the file, the JSON pointer and the fix (a DocsInputError)
 * before any page is rendered; returns what the reference will leave out, and the patterns the
 * sandbox cannot check in linear time, as warnings.
 */
export function checkDescriptions(model: SiteModel, docsRoot: string): DocsWarning[] {
  return model.versions.flatMap(({ version }) =>
    versionApiSources(docsRoot, version.id).flatMap(({ file }) => {
      const document = readOpenApi(docsRoot, file);
      return [...descriptionWarnings(file, document), ...patternWarnings(file, document)];
    }),
  );
}

/** Patterns RE2 cannot run (lookarounds, backreferences): the sandbox leaves them unchecked rather than risk a backtracking freeze. */
export function patternWarnings(file: string, document: unknown): DocsWarning[] {
  return uncheckedPatterns(document).map(({ pointer, pattern }) => ({
    file,
    message: `${pointer}: the pattern \`${pattern}\` needs lookarounds or backreferences, which the sandbox cannot match in linear time, so the sandbox and the console do not check it. Write it without them to have it checked.`,
  }));
}
