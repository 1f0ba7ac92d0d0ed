/**
 * What the generator requires of an OpenAPI description, checked once when the build starts:
 * a mistake stops it naming the file, the JSON pointer and the fix; what it merely skips is a
 * warning. Pure.
 */
import { DocsInputError, type DocsWarning } from '../config/errors.ts';
import { resolvePointer } from './dereference.ts';
import { listOperations } from './operations.ts';
import { pointerOf } from './pointer.ts';
import type { Json, OpenApiInput } from './types.ts';

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(file: string, pointer: string, problem: string, hint: string): never {
  throw new DocsInputError({ file, field: pointer === '' ? undefined : pointer, problem, hint });
}

/** A description whose text does not parse. */
export function descriptionSyntaxError(file: string, message: string): never {
  const firstLine = message.split('\n')[0]!.trim();
  throw new DocsInputError({ file, problem: `is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${firstLine}`, hint: 'fix the syntax at the place named (an editor with YAML/JSON checking shows it).' });
}

/** The parsed description, if the generator can take it; else a DocsInputError naming the pointer. */
export function checkDescription(file: string, value: unknown): OpenApiInput {
  if (!isRecord(value)) fail(file, '', 'is not an OpenAPI description (it holds no object).', 'start the file with `openapi: 3.1.0` and `info:`.');
  if (typeof value['swagger'] === 'string') {
    fail(file, '/swagger', `is Swagger ${value['swagger']}, which the generator does not read.`, 'convert it to OpenAPI 3 (for example with `npx swagger2openapi`), then replace the file.');
  }
  const version = value['openapi'];
  if (typeof version !== 'string' || !/^3\.[0-2]\.\d+/.test(version)) {
    fail(file, '/openapi', version === undefined ? 'is missing.' : `is ${JSON.stringify(version)}, not an OpenAPI 3.x version.`, 'set `openapi: 3.1.0` (or the 3.0.x version the description follows).');
  }
  for (const key of ['paths', 'webhooks', 'components'] as const) {
    if (value[key] !== undefined && !isRecord(value[key])) fail(file, `/${key}`, `must be a map, but is ${Array.isArray(value[key]) ? 'a list' : typeof value[key]}.`, `write \`${key}:\` as a map of names to objects.`);
  }
  if (value['paths'] === undefined && value['webhooks'] === undefined && value['components'] === undefined) {
    fail(file, '', 'has neither `paths`, `webhooks` nor `components`.', 'describe at least one operation under `paths` (or, in 3.1, under `webhooks`).');
  }
  checkReferences(file, value);
  return value as OpenApiInput;
}

/** Every `$ref` must be local and resolve; cycles are fine (they are only followed on demand). */
function checkReferences(file: string, document: Json): void {
  const stack: Array<{ node: unknown; path: Array<string | number> }> = [{ node: document, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (Array.isArray(node)) {
      node.forEach((item, index) => stack.push({ node: item, path: [...path, index] }));
      continue;
    }
    if (!isRecord(node)) continue;
    const ref = node['$ref'];
    // Inside examples, `$ref` is data, not a reference.
    const inExample = path.some((segment) => segment === 'example' || segment === 'examples' || segment === 'x-examples');
    if (typeof ref === 'string' && !inExample) {
      const where = pointerOf([...path, '$ref']);
      if (!ref.startsWith('#')) {
        fail(file, where, `refers to \`${ref}\`, outside this file.`, 'bundle the description into one file first (for example `npx @redocly/cli bundle openapi.yaml -o openapi.yaml`).');
      }
      try {
        resolvePointer(document, ref, where);
      } catch {
        fail(file, where, `refers to \`${ref}\`, which does not exist.`, 'correct the name, or add it under `components`.');
      }
    }
    for (const [key, child] of Object.entries(node)) if (typeof child === 'object' && child !== null) stack.push({ node: child, path: [...path, key] });
  }
}

/** What the reference leaves out of a description it can take, for the build's warnings. */
export function descriptionWarnings(file: string, document: OpenApiInput): DocsWarning[] {
  const warnings: DocsWarning[] = [];
  const schemes = isRecord(document.components) && isRecord(document.components['securitySchemes']) ? document.components['securitySchemes'] : {};
  const unknownScheme = (pointer: string, security: unknown) => {
    if (!Array.isArray(security)) return;
    security.forEach((requirement, index) => {
      for (const key of Object.keys(isRecord(requirement) ? requirement : {})) {
        if (!Object.hasOwn(schemes, key)) warnings.push({ file, message: `${pointer}/${index}: the security scheme \`${key}\` is not under components/securitySchemes, so that requirement is left out of the reference.` });
      }
    });
  };
  unknownScheme('/security', document.security);
  for (const ref of listOperations(document)) {
    unknownScheme(`${ref.pointer}/security`, ref.operation['security']);
    const parameters = Array.isArray(ref.operation['parameters']) ? ref.operation['parameters'] : [];
    parameters.forEach((parameter, index) => {
      if (isRecord(parameter) && parameter['$ref'] === undefined && (typeof parameter['name'] !== 'string' || !['path', 'query', 'header', 'cookie'].includes(String(parameter['in'])))) {
        warnings.push({ file, message: `${ref.pointer}/parameters/${index}: a parameter needs \`name\` and \`in\` (path, query, header or cookie); it is left out.` });
      }
    });
  }
  return warnings;
}
