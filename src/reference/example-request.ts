/**
 * The request a reference page's code samples show: the operation filled with its examples,
 * sent to its base URL with a credential where its security scheme puts it (the scheme's first
 * sandbox credential, else a placeholder such as `<token>`). Pure.
 */
import { exampleFromSchema, type ResolvedOperation } from '../openapi/index.ts';
import { buildRequest, type BuiltRequest } from '../console/request.ts';
import { operationCredential, type ConsoleCredential } from '../console/spec.ts';

/** What a sample says when the site declares no sandbox credential. */
function placeholder(credential: ConsoleCredential): string {
  switch (credential.kind) {
    case 'bearer':
      return '<token>';
    case 'basic':
      return '<base64 of user:password>';
    case 'apiKey':
      return '<api key>';
  }
}

export function exampleRequest(operation: ResolvedOperation): BuiltRequest {
  const params: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie' || (parameter.in !== 'path' && !parameter.required)) continue;
    const value = parameter.example ?? exampleFromSchema(parameter.schema);
    if (value !== undefined && value !== null) params[parameter.name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  const body = operation.requestBody;
  const credential = operationCredential(operation);
  const sandbox = credential?.sandbox[0]?.value;
  const shape = {
    method: operation.method,
    path: operation.path,
    baseUrl: operation.serverUrl,
    parameters: operation.parameters.filter((parameter) => parameter.in !== 'cookie') as Array<{ name: string; in: 'path' | 'query' | 'header' }>,
    ...(body ? { body: { contentType: body.contentType } } : {}),
    ...(credential ? { credential } : {}),
  };
  // The resolved operation's example is already built from the schema when the description has none.
  const bodyText = body ? JSON.stringify(body.example ?? {}, null, 2) : '';
  return buildRequest(shape, { params, bodyText }, credential ? (sandbox ?? placeholder(credential)) : '', { placeholder: sandbox === undefined });
}
