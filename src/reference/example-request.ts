/** The request a reference page's code samples show: the operation filled with its examples. Pure. */
import { exampleFromSchema, type ResolvedOperation } from '../openapi/index.ts';
import { buildRequest, type BuiltRequest } from '../console/request.ts';

/** The sandbox token the samples use; it is public, documented test data. */
export const SAMPLE_TOKEN = 'sandbox-trader';

export function exampleRequest(operation: ResolvedOperation, baseUrl: string, token = SAMPLE_TOKEN): BuiltRequest {
  const params: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && !parameter.required) continue;
    const value = parameter.example ?? exampleFromSchema(parameter.schema);
    if (value !== undefined && value !== null) params[parameter.name] = String(value);
  }
  const body = operation.requestBody;
  const spec = {
    method: operation.method,
    path: operation.path,
    baseUrl,
    parameters: operation.parameters.filter((parameter) => parameter.in === 'path' || parameter.in === 'query'),
    ...(body ? { body: { contentType: body.contentType } } : {}),
  };
  const bodyText = body ? JSON.stringify(body.example ?? exampleFromSchema(body.schema), null, 2) : '';
  return buildRequest(spec as Parameters<typeof buildRequest>[0], { params, bodyText }, token);
}
