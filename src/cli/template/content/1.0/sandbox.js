// The sandbox's own rules for version 1.0 (optional). The sandbox already follows openapi.yaml:
// routes, tokens, validation, and notes that are created, listed, changed and deleted. This file
// only makes its errors look like the Notes API's: RFC 9457 problem documents that list, in
// `errors`, every field a request got wrong. (Without it, the sandbox fills in the documented
// error example, which cannot name the fields of the request at hand.)
//
// If your API's errors have another shape, write that shape below, or delete this file. The
// extension API (seed data, tokens, per-operation rules) is described in the caravan-docs README,
// "Sandbox extensions". The file runs in the browser and in Node: no imports, no Node or DOM APIs.

/** @param {{ problem: (write: (problem: { status: number, detail: string, errors?: { pointer: string, detail: string }[] }, context: { title: string }) => { body: object, contentType?: string }) => void }} api */
export function sandbox(api) {
  api.problem((problem, { title }) => ({
    contentType: 'application/problem+json',
    body: {
      type: 'about:blank',
      title,
      status: problem.status,
      detail: problem.detail,
      ...(problem.errors && problem.errors.length > 0 ? { errors: problem.errors } : {}),
    },
  }));
}
