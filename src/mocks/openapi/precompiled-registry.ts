/**
 * A `SchemaRegistry` over validators generated at build time (Ajv standalone code, see
 * `write-validators.ts`): the browser validates every request against the OpenAPI document
 * without Ajv's compiler.
 */
import type { SchemaRegistry } from './schema-registry.ts';

type Validator = ReturnType<SchemaRegistry['validatorAt']>;

export function createPrecompiledRegistry(validators: Readonly<Record<string, Validator>>): SchemaRegistry {
  return {
    validatorAt(pointer) {
      const validate = validators[pointer];
      if (validate === undefined) {
        throw new Error(`Caravan sandbox: no generated validator for #${pointer}; run \`node src/mocks/openapi/write-validators.ts\` after changing the OpenAPI document.`);
      }
      return validate;
    },
  };
}
