import type { DocsWarning } from '../config/errors.ts';
import { descriptionWarnings } from '../openapi/check.ts';
import { openApiFile, readOpenApi } from '../openapi/openapi-fs.ts';
import type { SiteModel } from '../model/types.ts';

/**
 * Reads and checks every version's OpenAPI description when the build starts, so a description
 * the generator cannot take stops it with the file, the JSON pointer and the fix (a DocsInputError)
 * before any page is rendered; returns what the reference will leave out, as warnings.
 */
export function checkDescriptions(model: SiteModel, docsRoot: string): DocsWarning[] {
  return model.versions.flatMap(({ version }) => {
    const file = openApiFile(docsRoot, version.id);
    return file === undefined ? [] : descriptionWarnings(file, readOpenApi(docsRoot, file));
  });
}
