import { describe, expect, it } from 'vitest';
import { authSchema } from '../../../src/config/schemas/auth.ts';
import { apiAccess, type Reader } from '../../../src/model/access.ts';
import { decideGatedApiRequest, gatedApiLookup } from '../../../src/server/gated-api.ts';

// An API gated by roles on a site with sign-in: `apis: [{ id: admin, roles: [staff] }]`.
const signIn = authSchema.parse({ enabled: true });
const loginOnly = authSchema.parse({ enabled: true, requireLogin: true });
const admin = { versionId: 'v1', apiId: 'admin', roles: ['staff'], slugs: ['reference/admin', 'reference/admin/list-users', 'reference/admin/schemas/user'] };
const lookup = gatedApiLookup(['v1', 'v2'], [admin], signIn);
const staff: Reader = { id: 's', name: 'S', roles: ['staff'] };
const reader: Reader = { id: 'r', name: 'R', roles: ['partner'] };
const decide = (path: string, who: Reader | undefined, base = '/') => {
  const decision = decideGatedApiRequest(path, base, lookup, who);
  return 'page' in decision ? `${decision.kind}:${decision.page.slug}` : decision.kind;
};

describe('who may read an API gated by roles', () => {
  it('needs a signed-in reader with one of its roles; a public API follows the version reference rule', () => {
    expect(apiAccess(signIn, ['staff', 'ops'])).toEqual({ public: false, requires: [['staff', 'ops']] });
    expect(apiAccess(signIn, [])).toEqual({ public: true, requires: [] });
    // On a login-only site a public API needs a signed-in reader, a gated one the role as well.
    expect(apiAccess(loginOnly, [])).toEqual({ public: false, requires: [] });
    expect(apiAccess(loginOnly, ['staff'])).toEqual({ public: false, requires: [['staff']] });
  });
});

describe('the route of a gated API decides before anything renders', () => {
  it('opens its overview, operations, schemas and their Markdown sources to a reader with the role', () => {
    expect(decide('/v1/reference/admin/', staff)).toBe('page:reference/admin');
    expect(decide('/v1/reference/admin.md', staff)).toBe('markdown:reference/admin');
    expect(decide('/v1/reference/admin/list-users/', staff)).toBe('page:reference/admin/list-users');
    expect(decide('/v1/reference/admin/list-users.md', staff)).toBe('markdown:reference/admin/list-users');
    expect(decide('/v1/reference/admin/schemas/user/', staff)).toBe('page:reference/admin/schemas/user');
    expect(decide('/v1/reference/admin/schemas/user.md', staff)).toBe('markdown:reference/admin/schemas/user');
    expect(decide('/docs/v1/reference/admin/list-users/', staff, '/docs/')).toBe('page:reference/admin/list-users');
  });

  it('sends signed-out readers to sign in, for its pages and for paths it does not have alike (no probing)', () => {
    expect(decide('/v1/reference/admin/', undefined)).toBe('sign-in');
    expect(decide('/v1/reference/admin/list-users.md', undefined)).toBe('sign-in');
    expect(decide('/v1/reference/admin/no-such-operation/', undefined)).toBe('sign-in');
    expect(decide('/v2/reference/admin/', undefined)).toBe('sign-in');
  });

  it('forbids its pages to a signed-in reader without the role (403, as for a gated page); unknown paths are 404', () => {
    expect(decide('/v1/reference/admin/list-users/', reader)).toBe('forbidden');
    expect(decide('/v1/reference/admin.md', reader)).toBe('forbidden');
    expect(decide('/v1/reference/admin/no-such-operation/', reader)).toBe('not-found');
    expect(decide('/v1/reference/admin/no-such-operation/', staff)).toBe('not-found');
    // A version without that API, and a path outside every version.
    expect(decide('/v2/reference/admin/', staff)).toBe('not-found');
    expect(decide('/v9/reference/admin/', staff)).toBe('not-found');
  });

  it('redirects other spellings to the canonical URL only after the check, and never resolves odd encodings', () => {
    expect(decide('/v1/reference/admin/list-users', staff)).toBe('redirect:reference/admin/list-users');
    expect(decide('/v1/reference/admin/list-users/index.html', staff)).toBe('redirect:reference/admin/list-users');
    expect(decide('/v1/reference/admin/list-users', reader)).toBe('forbidden');
    expect(decide('/v1/reference/Admin/list-users/', staff)).toBe('not-found');
    expect(decide('/v1/reference%2Fadmin/list-users/', staff)).toBe('not-found');
    expect(decide('/v1/reference/admin//list-users/', undefined)).toBe('sign-in');
  });
});
