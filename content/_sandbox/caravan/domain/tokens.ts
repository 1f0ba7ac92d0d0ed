/**
 * Sandbox access tokens and what each may do. Tokens are fixed and public: the sandbox is a
 * teaching tool, not a security boundary.
 */

export type Permission = 'v1:read' | 'v1:write' | 'v2:publish';

export interface Principal {
  token: string;
  role: 'trader' | 'viewer' | 'partner';
  /** Person acting; becomes `sealed_by` when this principal dispatches a caravan. */
  name: string;
  /** Organisation; becomes `published_by` when this principal publishes a route. */
  organisation: string;
  permissions: readonly Permission[];
}

const SANDBOX_PRINCIPALS: readonly Principal[] = [
  {
    token: 'sandbox-trader',
    role: 'trader',
    name: 'Samira Haddad',
    organisation: 'Sandbox Trading House',
    permissions: ['v1:read', 'v1:write'],
  },
  {
    token: 'sandbox-viewer',
    role: 'viewer',
    name: 'Yusuf Amrani',
    organisation: 'Sandbox Trading House',
    permissions: ['v1:read'],
  },
  {
    token: 'sandbox-partner',
    role: 'partner',
    name: 'Leila Benali',
    organisation: 'Oasis Partners Guild',
    permissions: ['v1:read', 'v2:publish'],
  },
];

export function principalForToken(token: string): Principal | undefined {
  return SANDBOX_PRINCIPALS.find((principal) => principal.token === token);
}

export function isAllowed(principal: Principal, permission: Permission): boolean {
  return principal.permissions.includes(permission);
}
