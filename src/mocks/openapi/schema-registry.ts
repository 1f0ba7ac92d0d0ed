/**
 * One Ajv (JSON Schema draft 2020-12) instance holding the OpenAPI document, so any schema in
 * it can be compiled by its JSON Pointer and internal `$ref`s resolve as written.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument } from './document.ts';

export const DOCUMENT_ID = 'urn:caravan:openapi';

/** The document's top-level members, declared so Ajv's strict mode accepts it as a container of schemas. */
export const DOCUMENT_VOCABULARY = ['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags', 'webhooks', 'externalDocs', 'jsonSchemaDialect'] as const;

export interface SchemaRegistry {
  /** A validator for the schema at this JSON Pointer into the document (compiled once). */
  validatorAt(pointer: string): Pick<ValidateFunction, 'errors'> & ((data: unknown) => boolean);
}

export interface SchemaRegistryOptions {
  /**
   * Adds format validators (e.g. `ajv-formats`). Without it `format` is not checked: the
   * request schemas use no formats, and leaving ajv-formats out keeps the browser bundle small.
   */
  addFormats?: (ajv: Ajv2020) => void;
}

export function createSchemaRegistry(document: OpenApiDocument, options: SchemaRegistryOptions = {}): SchemaRegistry {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, strict: true, validateFormats: options.addFormats !== undefined });
  options.addFormats?.(ajv);
  // The document's top-level members are not JSON Schema keywords; declare them so strict mode
  // accepts the document as a container of schemas.
  ajv.addVocabulary([...DOCUMENT_VOCABULARY]);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID } as object);
  const compiled = new Map<string, ValidateFunction>();
  return {
    validatorAt(pointer) {
      let validate = compiled.get(pointer);
      if (validate === undefined) {
        const found = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
        if (found === undefined) throw new Error(`OpenAPI: no schema at #${pointer}.`);
        validate = found;
        compiled.set(pointer, validate);
      }
      return validate;
    },
  };
}
